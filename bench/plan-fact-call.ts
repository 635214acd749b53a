/**
 * The plan/fact call of a whole Angarsk-size day (issue 23 §5 goal ≤ 500 ms; results in RESULTS.md
 * «Plan/fact call»):
 *
 *   node --import tsx plan-fact-call.ts [--runs=5] [--calls=10]
 *
 * A synthetic day the size of the Angarsk one (846 due sites, 63 trucks, 3 schedules of 21 trucks;
 * a saved plan: one route of 13–14 consecutive sites per truck) in a fresh database
 * `tko_bench_planfact`: each truck drives its sites at 30 km/h from local 06:00 (a fix every 10 s),
 * stands 60 s at each (5 % driven past), then drives to and fro until 22:40 — ≈ 6 000 fixes per truck,
 * ≈ 380 000 in all, as the simulator's day. Times, wall clock and the process's CPU, in one run:
 * 1. the computation (computePlanFact: what the call does when no fresh stored answer exists, and what the
 *    worker's job does), `--runs` times per schedule;
 * 2. the call `GET /api/fleet/schedules/{id}/plan-fact/{date}/` through the real API over HTTP, `--calls`
 *    times per schedule: a past date (the stored answer, computed after the day ended) and today's date
 *    (the answer the job stored less than a minute ago).
 * Prints p50/p95/max and writes out/plan-fact-call.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isoToWorkDate } from '@tko/contract';
import { createPool, migrate, outlierOptionsOf, trackingSettings, tripOptionsOf, visitOptionsOf } from '@tko/db';
import { createDatabase, databaseUrl, dropDatabase } from '@tko/db/testing';
import { computePlanFact } from '@tko/planning/plan-fact';
import { startBenchApp } from './src/bench-app';
import { adminUrl } from './src/env';
import { describeMachine } from './src/machine';

const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def;
const RUNS = Number(arg('runs', '5'));
const CALLS = Number(arg('calls', '10'));
const DB = 'tko_bench_planfact';
const TZ = 'Asia/Irkutsk';
const OUT = path.join(import.meta.dirname, 'out');
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(p * xs.length) - 1)] ?? NaN;
const stats = (xs: number[]) => ({ n: xs.length, p50: Math.round(pct(xs, 0.5)), p95: Math.round(pct(xs, 0.95)), max: Math.round(Math.max(...xs)) });

const url = databaseUrl(adminUrl(), DB);
await dropDatabase(adminUrl(), DB);
await createDatabase(adminUrl(), DB);
await migrate(url);
const pool = createPool(url, { max: 8 });
const machine = await describeMachine(pool);
const loadBefore = os.loadavg();

const local = new Date(Date.now() + 8 * 3600_000);
const iso = (back: number) => new Date(local.getTime() - back * 86_400_000).toISOString().slice(0, 10);
const dates = { past: iso(2), today: iso(0) };

/** Writes one day of the 63 trucks (plan + positions) for `workDate`; returns the schedules. */
async function writeDay(workDate: string, first: boolean, schedules: number[], vehicles: number[], sites: { id: number; lat: number; lng: number }[]): Promise<number> {
  const dayStart = Date.parse(`${workDate}T00:00:00+08:00`);
  const start = dayStart + 6 * 3600_000;
  const end = dayStart + 22 * 3600_000 + 40 * 60_000;
  for (const d of new Set([new Date(start).toISOString().slice(0, 10), new Date(end).toISOString().slice(0, 10)])) {
    await pool.query('SELECT ensure_vehicle_position_partition($1::date)', [d]);
  }
  let fixes = 0;
  for (const [k, v] of vehicles.entries()) {
    const mine = sites.slice(Math.floor((k * sites.length) / vehicles.length), Math.floor(((k + 1) * sites.length) / vehicles.length));
    const route = (await pool.query<{ id: number }>(
      `INSERT INTO schedule_route (schedule_id, work_date, number, vehicle_id, distance_m, duration_s, unloads) VALUES ($1, $2, $3, $4, 40000, 28800, 1) RETURNING id`,
      [schedules[Math.floor(k / 21)], workDate, (k % 21) + 1, v])).rows[0]!.id;
    await pool.query(
      `INSERT INTO schedule_route_stop (route_id, order_in_route, stop_type, waste_area_id, arrival_time, departure_time)
       SELECT $1, n, 'WASTE_AREA', a, '06:00', '06:00' FROM unnest($2::int[]) WITH ORDINALITY AS x(a, n)`, [route, mine.map((s) => s.id)]);
    if (!first) continue;
    const t: number[] = [];
    const lat: number[] = [];
    const lng: number[] = [];
    let now = start;
    let at = { lat: mine[0]!.lat - 0.01, lng: mine[0]!.lng };
    const push = (p: { lat: number; lng: number }) => { t.push(now); lat.push(p.lat); lng.push(p.lng); now += 10_000; };
    const driveTo = (p: { lat: number; lng: number }) => {
      const m = Math.hypot((p.lat - at.lat) * 111_320, (p.lng - at.lng) * 67_800);
      const steps = Math.max(1, Math.round(m / 83.3)); // 30 km/h: 83.3 m per 10 s
      for (let i = 1; i <= steps; i++) push({ lat: at.lat + ((p.lat - at.lat) * i) / steps, lng: at.lng + ((p.lng - at.lng) * i) / steps });
      at = p;
    };
    for (const [i, s] of mine.entries()) {
      driveTo(s);
      if ((k * 31 + i) % 20 !== 0) for (let j = 0; j < 6; j++) push(s); // 5 % driven past
    }
    const far = { lat: at.lat + 0.04, lng: at.lng + 0.04 };
    const back = at;
    while (now < end) { driveTo(far); driveTo(back); }
    fixes += t.length;
    await pool.query(
      `INSERT INTO vehicle_position (vehicle_id, time, lat, lng, speed) SELECT $1, to_timestamp(x.t / 1000.0), x.lat, x.lng, NULL
         FROM unnest($2::float8[], $3::float8[], $4::float8[]) AS x(t, lat, lng) ON CONFLICT DO NOTHING`, [v, t, lat, lng]);
  }
  return fixes;
}

const schedules: number[] = [];
for (let g = 1; g <= 3; g++) schedules.push((await pool.query<{ id: number }>(`INSERT INTO schedule (name, leave_time) VALUES ($1, '22:00') RETURNING id`, [`Гараж ${g}`])).rows[0]!.id);
const vehicles: number[] = [];
for (let k = 0; k < 63; k++) {
  const id = (await pool.query<{ id: number }>(`INSERT INTO vehicle (license_plate) VALUES ($1) RETURNING id`, [`Б ${String(k + 100)} ПФ 38`])).rows[0]!.id;
  vehicles.push(id);
  await pool.query('INSERT INTO schedule_vehicle (schedule_id, vehicle_id) VALUES ($1, $2)', [schedules[Math.floor(k / 21)], id]);
}
const sites = (await pool.query<{ id: number; lat: number; lng: number }>(
  `INSERT INTO waste_area (kind, location, coordinates, arrival_time, leave_time)
   SELECT 'CONTAINER', 'Ангарск, площадка ' || i, ST_SetSRID(ST_MakePoint(103.80 + (i % 30) * 0.004, 52.48 + (i / 30) * 0.004), 4326), '06:00', '22:00'
     FROM generate_series(0, 845) AS i
   RETURNING id, ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng`)).rows;
const fixes = await writeDay(dates.past, true, schedules, vehicles, sites);
await writeDay(dates.today, false, schedules, vehicles, sites);
await pool.query('ANALYZE');
console.log(`day: ${sites.length} sites, ${vehicles.length} trucks, ${fixes} fixes; dates ${dates.past} (past), ${dates.today} (today)`);

const settings = trackingSettings();
const options = () => ({ timeZone: TZ, visits: visitOptionsOf(settings), trips: tripOptionsOf(settings), outliers: outlierOptionsOf(settings), now: Date.now() });
const computeMs: number[] = [];
let cpu0 = process.cpuUsage();
for (let r = 0; r < RUNS; r++) {
  for (const id of schedules) {
    const a = performance.now();
    const res = await computePlanFact(pool, id, dates.past, options());
    computeMs.push(performance.now() - a);
    if (r === 0) console.log(`schedule ${id}: ${JSON.stringify(res!.answer.totals)}`);
  }
}
const computeCpu = process.cpuUsage(cpu0);
for (const id of schedules) await computePlanFact(pool, id, dates.today, options()); // what the job stored just now

const api = await startBenchApp(undefined, url);
const call = async (id: number, date: string) => {
  const a = performance.now();
  const res = await fetch(`${api.origin}/api/fleet/schedules/${id}/plan-fact/${isoToWorkDate(date)}/`, { headers: { Authorization: `Bearer ${api.token}` } });
  const body = await res.text();
  if (!res.ok) throw new Error(`plan-fact ${id} ${date}: ${res.status} ${body.slice(0, 200)}`);
  return { ms: performance.now() - a, bytes: body.length };
};
const pastMs: number[] = [];
const todayMs: number[] = [];
let bytes = 0;
cpu0 = process.cpuUsage();
for (let k = 0; k < CALLS; k++) {
  for (const id of schedules) {
    const p = await call(id, dates.past);
    pastMs.push(p.ms);
    bytes = Math.max(bytes, p.bytes);
    todayMs.push((await call(id, dates.today)).ms);
  }
}
const callCpu = process.cpuUsage(cpu0);
const result = {
  date: new Date().toISOString(), machine, load: { before: loadBefore, after: os.loadavg() },
  day: { sites: sites.length, trucks: vehicles.length, schedules: schedules.length, fixes },
  compute_ms: { ...stats(computeMs), cpu_ms_per_run: Math.round((computeCpu.user + computeCpu.system) / 1000 / computeMs.length) },
  call_past_ms: stats(pastMs), call_today_ms: stats(todayMs), answer_bytes: bytes,
  call_cpu_ms_per_call: Math.round((callCpu.user + callCpu.system) / 1000 / (pastMs.length + todayMs.length)),
};
console.log(JSON.stringify(result, null, 1));
mkdirSync(OUT, { recursive: true });
writeFileSync(path.join(OUT, 'plan-fact-call.json'), JSON.stringify(result, null, 1));
await api.close();
await pool.end();
await dropDatabase(adminUrl(), DB);
