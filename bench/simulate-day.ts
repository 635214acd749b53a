/**
 * A whole Angarsk day through the day simulator (docs/TRACKING.md «Day simulator»; results in
 * RESULTS.md «Day simulator»):
 *
 *   node --import tsx simulate-day.ts [--speedup=120] [--seed=1] [--skip=0.05] [--late=5] [--date=YYYY-MM-DD] [--keep]
 *
 * 1. (Re)creates the database `tko_bench_simday` on DATABASE_URL's server, migrated, and imports the
 *    Angarsk route plan (importAngarsk: sites, trucks, the three garage schedules, the landfill).
 * 2. Picks the most recent date 2–29 days back whose day of the month has 700–850 due sites (or --date)
 *    and plans every schedule of it in mode keep_assignment (the file's truck ↔ site assignment: every
 *    truck of the plan that has a due site).
 * 3. Gives each truck of the day a Wialon identifier and tracker password, starts the real receiver
 *    in-process (real TCP, Redis publisher), and drives the day at the speed-up (simulate-day.ts).
 *    The worker's job loop runs in-process (apps/worker jobs/register.ts, only plan-fact-recompute, its own
 *    BullMQ prefix): the receiver's ingest queues the recomputes as positions arrive, the worker publishes
 *    on /topic/plan-fact.{id} through Redis; a Redis subscriber on the realtime channel (what each API's
 *    STOMP broker reads) records when each site's change arrives.
 * 4. Latency: for each site the truth says was served, from the answer to the packet carrying its stay's
 *    last fix to the first /topic/plan-fact message listing the site after the stay began (0 when it
 *    arrived while the truck still stood there; counted apart).
 * 5. Reads plan/fact of the day (`GET /api/fleet/schedules/{id}/plan-fact/{date}/`, each schedule 5 times,
 *    timed) and measures precision and recall of «served» (status served, served_unplanned or late)
 *    against the ground truth (a site with a certain service), leaving out the ambiguous sites (counted);
 *    and the same against the product's visits of every truck (`GET /api/navctl/vehicles/{id}/trips/`).
 * Prints the numbers and writes out/simulate-day.json and the truth (out/simulate-day-truth.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { DESTINATIONS, isoToWorkDate, PLAN_FACT_JOB, REALTIME_CHANNEL } from '@tko/contract';
import type { PlanFactDay, PlanFactMessage, RealtimeEnvelope } from '@tko/contract';
import { createDomain, createPool, dataDir, importAngarsk, migrate } from '@tko/db';
import { createDatabase, databaseUrl, dropDatabase } from '@tko/db/testing';
import { planScheduleDay } from '@tko/planning/store';
import { redisPublisher } from '@tko/realtime';
import { simulateDay } from '../apps/tracker/src/simulate-day/simulate-day';
import { startTracker } from '../apps/tracker/src/tracker';
import { workerJobClient } from '../apps/worker/src/jobs/client';
import { startJobs } from '../apps/worker/src/jobs/register';
import { workerJobTable } from '../apps/worker/src/jobs/table';
import { startBenchApp } from './src/bench-app';
import { adminUrl } from './src/env';
import { describeMachine } from './src/machine';

const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def;
const SPEEDUP = Number(arg('speedup', '120'));
const DB = 'tko_bench_simday';
const PASSWORD = 'bench-Sim-1';
const TZ = 'Asia/Irkutsk';
const OUT = path.join(import.meta.dirname, 'out');
const secs = (t: number) => ((Date.now() - t) / 1000).toFixed(1);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)] ?? NaN;

const url = databaseUrl(adminUrl(), DB);
let t = Date.now();
if (!process.argv.includes('--keep')) {
  await dropDatabase(adminUrl(), DB);
  await createDatabase(adminUrl(), DB);
  await migrate(url);
}
const pool = createPool(url, { max: 8 });
const machine = await describeMachine(pool);
console.log(`machine: ${machine.cpu} × ${machine.nproc}, ${machine.memory}, node ${machine.node}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
const imported = await importAngarsk(pool, path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv'));
const schedules = Object.values(imported.region.schedules.ids).sort((a, b) => a - b);
console.log(`import: ${imported.sites.total} sites, ${imported.vehicles.total} trucks, schedules ${schedules.join(', ')} (${secs(t)} s)`);

// The date: a day of the month with 700–850 due sites, inside the receiver's 30-day window.
const today = new Date(Date.now() + 8 * 3600_000);
let workDate = arg('date', '');
if (!workDate) {
  for (let back = 2; back < 30 && !workDate; back++) {
    const d = new Date(today.getTime() - back * 86_400_000);
    const due = (await pool.query<{ n: number }>(
      `SELECT count(DISTINCT p.waste_area_id)::int AS n FROM schedule_point p JOIN waste_area w ON w.id = p.waste_area_id
        WHERE p.schedule_id = ANY($1::int[]) AND (w.periodicity = 'DAILY' OR (w.periodicity = 'ON_MONTHDAYS' AND $2 = ANY(w.periodicity_on_monthdays)))`,
      [schedules, d.getUTCDate()])).rows[0]!.n;
    if (due >= 700 && due <= 850) workDate = d.toISOString().slice(0, 10);
  }
}
if (!workDate) throw new Error('no date 2–29 days back with 700–850 due sites; give --date=YYYY-MM-DD');
t = Date.now();
for (const id of schedules) {
  const r = await planScheduleDay(pool, id, workDate, () => undefined, { mode: 'keep_assignment' });
  console.log(`plan ${workDate} schedule ${id}: ${r.routes} routes, ${r.sites} sites, ${r.unserved} not planned ${JSON.stringify(r.unplanned)}`);
}
console.log(`planned in ${secs(t)} s`);

const REDIS = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new Redis(REDIS);
const connection = new Redis(REDIS, { maxRetriesPerRequest: null });
const prefix = `tko-bench-simday-${Date.now()}`;
const jobs = workerJobClient(connection, prefix);
const domain = createDomain({ pool, publisher: redisPublisher(redis), jobs });
const worker = await startJobs({
  connection, client: jobs, only: [PLAN_FACT_JOB], workerOptions: { prefix }, log: (m) => console.log(m),
  table: workerJobTable({
    domain, exportDir: OUT, exportTtlSeconds: 3600, importDir: OUT, geocoder: null, log: (m) => console.log(m),
    every: { notificationCleanup: 3_600_000, exportCleanup: 3_600_000, dashboardRefresh: 3_600_000, problemDetect: 3_600_000 },
  }),
});
// What each API's STOMP broker reads: the realtime channel; the plan/fact messages of the day's schedules.
const changes = new Map<number, number[]>();
let messages = 0;
const sub = new Redis(REDIS);
await sub.subscribe(REALTIME_CHANNEL);
const topics = new Set(schedules.map((id) => DESTINATIONS.planFact(id)));
sub.on('message', (_c: string, raw: string) => {
  const e = JSON.parse(raw) as RealtimeEnvelope;
  if (!topics.has(e.destination)) return;
  messages++;
  const now = Date.now();
  for (const id of (e.body as PlanFactMessage).changed) (changes.get(id) ?? changes.set(id, []).get(id)!).push(now);
});
const tracker = await startTracker({ pool, publisher: redisPublisher(redis), jobs, port: 0, host: '127.0.0.1' });
/** Per vehicle, in send order: the latest fix time of each answered packet and when it was answered. */
const answered = new Map<number, { fixMs: number; at: number }[]>();
const run = await simulateDay(pool, {
  scheduleIds: schedules, workDate, speedup: SPEEDUP, skipShare: Number(arg('skip', '0.05')), late: Number(arg('late', '5')),
  seed: Number(arg('seed', '1')), stepS: 10, dropShare: 0.02, host: '127.0.0.1', port: tracker.port, password: PASSWORD,
  provision: true, timeZone: TZ, log: (l) => console.log(l),
  // The identifiers and passwords were just set: the receiver's directory reads them now, not after its 30 s refresh.
  onReady: () => tracker.devices.refresh(),
  onSent: (vehicleId, p, at) => void (answered.get(vehicleId) ?? answered.set(vehicleId, []).get(vehicleId)!).push({ fixMs: p.fixes[p.fixes.length - 1]!.time.getTime(), at }),
});
await tracker.batcher.drain();
const lag = run.drive.trucks.map((x) => x.max_lag_ms);

// Let the last recomputes finish: until no plan/fact message came for 15 s.
for (let quiet = messages, k = 0; k < 40; k++) {
  await new Promise((r) => setTimeout(r, 15_000));
  if (messages === quiet) break;
  quiet = messages;
}
const packetAt = (vehicleId: number, fixMs: number) => answered.get(vehicleId)?.find((x) => x.fixMs >= fixMs)?.at ?? null;
const latency: number[] = [];
let beforeLast = 0;
let noMessage = 0;
for (const s of run.truth.sites) {
  const sv = s.services[0];
  if (s.ambiguous || !sv) continue;
  const first = packetAt(sv.vehicle_id, Date.parse(sv.arrived_at));
  const last = packetAt(sv.vehicle_id, Date.parse(sv.left_at));
  const got = first === null ? undefined : changes.get(s.site_id)?.find((x) => x >= first);
  if (last === null || got === undefined) { noMessage++; continue; }
  if (got < last) beforeLast++;
  latency.push(Math.max(0, got - last));
}

// The product's visits of every truck of the day, through the API.
const api = await startBenchApp(undefined, url);
const before = new Date(Date.parse(workDate) - 86_400_000).toISOString().slice(0, 10);
const callMs: number[] = [];
const visited = new Set<number>();
for (const v of run.truth.vehicles) {
  const a = performance.now();
  const res = await fetch(`${api.origin}/api/navctl/vehicles/${v.vehicle_id}/trips/?from=${before}&to=${workDate}`, { headers: { Authorization: `Bearer ${api.token}` } });
  const body = await res.json() as { visits: { waste_area: { id: number }; arrived_at: string }[] };
  callMs.push(performance.now() - a);
  if (!res.ok) throw new Error(`trips of vehicle ${v.vehicle_id}: ${res.status}`);
  const day0 = Date.parse(`${before}T16:00:00Z`); // the local day 00:00–24:00 Asia/Irkutsk
  for (const x of body.visits) if (Date.parse(x.arrived_at) >= day0 && Date.parse(x.arrived_at) < day0 + 86_400_000) visited.add(x.waste_area.id);
}
// Plan/fact of the day: each schedule 5 times.
const planFactMs: number[] = [];
const status = new Map<number, string>();
for (let k = 0; k < 5; k++) {
  for (const id of schedules) {
    const a = performance.now();
    const res = await fetch(`${api.origin}/api/fleet/schedules/${id}/plan-fact/${isoToWorkDate(workDate)}/`, { headers: { Authorization: `Bearer ${api.token}` } });
    const body = await res.json() as PlanFactDay;
    planFactMs.push(performance.now() - a);
    if (!res.ok) throw new Error(`plan-fact of schedule ${id}: ${res.status}`);
    for (const x of body.sites) if (x.waste_area) status.set(x.waste_area.id, x.status);
  }
}
const clear = run.truth.sites.filter((s) => !s.ambiguous);
const SERVED = new Set(['served', 'served_unplanned', 'late']);
const pfServed = new Set(clear.filter((s) => SERVED.has(status.get(s.site_id) ?? '')).map((s) => s.site_id));
const truthServedIds = clear.filter((s) => s.services.length > 0).map((s) => s.site_id);
const pfBoth = truthServedIds.filter((id) => pfServed.has(id)).length;
const exact = clear.filter((s) => status.get(s.site_id) === s.status).length;
const mismatches = clear.filter((s) => status.get(s.site_id) !== s.status).map((s) => ({ site: s.site_id, truth: s.status, plan_fact: status.get(s.site_id) ?? null }));
const truthServed = new Set(clear.filter((s) => s.services.length > 0).map((s) => s.site_id));
const productServed = new Set(clear.filter((s) => visited.has(s.site_id)).map((s) => s.site_id));
const both = [...productServed].filter((id) => truthServed.has(id)).length;
const precision = both / productServed.size;
const recall = both / truthServed.size;
const c = run.truth.counts;
const result = {
  date: new Date().toISOString(), machine, load: os.loadavg(), work_date: workDate, speedup: SPEEDUP,
  trucks: run.truth.vehicles.length, due: c.due, truth: c, packets: run.drive.packets, refused: run.drive.refused, failed_logins: run.drive.failedLogins,
  fixes: run.truth.vehicles.reduce((s, v) => s + v.fixes, 0), drive_s: run.drive.seconds, lag_ms: { p50: pct(lag, 0.5), p95: pct(lag, 0.95), max: Math.max(...lag) },
  served: { truth: truthServed.size, product: productServed.size, both, precision, recall, ambiguous_left_out: c.ambiguous,
    false_served: [...productServed].filter((id) => !truthServed.has(id)), not_found: [...truthServed].filter((id) => !productServed.has(id)) },
  plan_fact: {
    precision: pfBoth / pfServed.size, recall: pfBoth / truthServedIds.length, served_truth: truthServedIds.length, served_plan_fact: pfServed.size,
    status_equal: exact, of: clear.length, mismatches: mismatches.slice(0, 30),
    call_ms: { calls: planFactMs.length, p50: pct(planFactMs, 0.5), p95: pct(planFactMs, 0.95), max: Math.max(...planFactMs) },
    stomp_latency_ms: { sites: latency.length, p50: pct(latency, 0.5), p95: pct(latency, 0.95), max: Math.max(...latency), before_last_packet: beforeLast, no_message: noMessage, messages },
  },
  trips_call_ms: { calls: callMs.length, p50: pct(callMs, 0.5), p95: pct(callMs, 0.95), max: Math.max(...callMs), total: callMs.reduce((s, x) => s + x, 0) },
};
console.log(JSON.stringify(result, null, 1));
mkdirSync(OUT, { recursive: true });
writeFileSync(path.join(OUT, 'simulate-day.json'), JSON.stringify(result, null, 1));
writeFileSync(path.join(OUT, 'simulate-day-truth.json'), JSON.stringify(run.truth, null, 1));
await api.close();
await tracker.close();
await worker.close();
for (const q of jobs.opened()) await q.obliterate({ force: true }).catch(() => undefined);
await jobs.close();
connection.disconnect();
sub.disconnect();
redis.disconnect();
await pool.end();
