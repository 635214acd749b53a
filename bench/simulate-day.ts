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
 * 4. Reads the product's visits of every truck through the API (`GET /api/navctl/vehicles/{id}/trips/`,
 *    timed) and measures precision and recall of «served» (a due site with a visit) against the ground
 *    truth (a site with a certain service), leaving out the ambiguous sites (counted).
 * Prints the numbers and writes out/simulate-day.json and the truth (out/simulate-day-truth.json).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { createPool, dataDir, importAngarsk, migrate } from '@tko/db';
import { createDatabase, databaseUrl, dropDatabase } from '@tko/db/testing';
import { planScheduleDay } from '@tko/planning/store';
import { redisPublisher } from '@tko/realtime';
import { simulateDay } from '../apps/tracker/src/simulate-day/simulate-day';
import { startTracker } from '../apps/tracker/src/tracker';
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

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const tracker = await startTracker({ pool, publisher: redisPublisher(redis), port: 0, host: '127.0.0.1' });
const run = await simulateDay(pool, {
  scheduleIds: schedules, workDate, speedup: SPEEDUP, skipShare: Number(arg('skip', '0.05')), late: Number(arg('late', '5')),
  seed: Number(arg('seed', '1')), stepS: 10, dropShare: 0.02, host: '127.0.0.1', port: tracker.port, password: PASSWORD,
  provision: true, timeZone: TZ, log: (l) => console.log(l),
  // The identifiers and passwords were just set: the receiver's directory reads them now, not after its 30 s refresh.
  onReady: () => tracker.devices.refresh(),
});
await tracker.batcher.drain();
const lag = run.drive.trucks.map((x) => x.max_lag_ms);

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
const clear = run.truth.sites.filter((s) => !s.ambiguous);
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
  trips_call_ms: { calls: callMs.length, p50: pct(callMs, 0.5), p95: pct(callMs, 0.95), max: Math.max(...callMs), total: callMs.reduce((s, x) => s + x, 0) },
};
console.log(JSON.stringify(result, null, 1));
mkdirSync(OUT, { recursive: true });
writeFileSync(path.join(OUT, 'simulate-day.json'), JSON.stringify(result, null, 1));
writeFileSync(path.join(OUT, 'simulate-day-truth.json'), JSON.stringify(run.truth, null, 1));
await api.close();
await tracker.close();
redis.disconnect();
await pool.end();
