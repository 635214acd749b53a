/**
 * The day simulator against the product (docs/TRACKING.md «Day simulator»): a small day — 30
 * container sites 400–670 m apart, 3 trucks, one schedule planned by the real planner — driven
 * unpaced (each answer awaited) through the real Wialon receiver over TCP (in-process, real PostgreSQL and Redis), then the
 * visits the product derives (`GET /api/navctl/vehicles/{id}/trips/`) compared with the
 * simulator's ground truth: every site the truth says a truck served has that truck's visit, no
 * other visit exists, and the skipped sites and the late ones are what the truth says; and plan/fact of
 * the day (`GET /api/fleet/schedules/{id}/plan-fact/{date}/`) gives every site the truth's status and
 * serving truck; then the worker's plan-fact job (its processor, in-process) opens a dispatcher
 * event on the day's route event for exactly the truth's missed sites, the detector a P501 problem for
 * each, and a later stay at one of them (REST ingest) completes its event and closes its problem only.
 * Also: the generator is deterministic for a seed (same packets and truth twice, others for another seed).
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoToWorkDate } from '@tko/contract';
import type { PlanFactDay } from '@tko/contract';
import { createDomain, runProblemDetector } from '@tko/db';
import { redisPublisher } from '@tko/realtime';
import { planScheduleDay } from '@tko/planning/store';
import { setTrackerPassword } from '../../tracker/src/simulator';
import { loadSimDay } from '../../tracker/src/simulate-day/day-plan';
import { dayTrack } from '../../tracker/src/simulate-day/day-track';
import { simulateDay, type SimulateDayResult } from '../../tracker/src/simulate-day/simulate-day';
import { startTracker, type Tracker } from '../../tracker/src/tracker';
import { planFactProcessor } from '../../worker/src/plan-fact';
import { REDIS_URL, startStompApp, type StompTestApp } from './stomp-helpers';

let t: StompTestApp;
let tracker: Tracker;
let redis: Redis;
let scheduleId: number;
const vehicles: number[] = [];
const PASSWORD = 'sim-Tracker-1';
const TZ = 'Asia/Irkutsk';
// Two days ago in the region (the positions' window takes 30 days back, nothing ahead of the clock;
// a miss is a problem P501 once a full day has passed since its window closed).
const workDate = new Date(Date.now() + 8 * 3600_000 - 2 * 86_400_000).toISOString().slice(0, 10);
const one = async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.pool.query<R>(sql, params)).rows[0]!;

beforeAll(async () => {
  t = await startStompApp({ redisUrl: REDIS_URL });
  const g = await one<{ id: number }>(`INSERT INTO garage (name, coordinates) VALUES ('Гараж Центр', ST_SetSRID(ST_MakePoint(103.870, 52.530), 4326)) RETURNING id`);
  for (let i = 1; i <= 3; i++) {
    const v = await one<{ id: number }>(`INSERT INTO vehicle (license_plate, garage_id, body_m3, compression_ratio, external_identifier) VALUES ($1, $2, 16, '[2,3]', $3) RETURNING id`, [`С 00${i} ИМ 38`, g.id, `86200000000000${i}`]);
    vehicles.push(v.id);
    await setTrackerPassword(t.pool, v.id, PASSWORD);
  }
  const f = await one<{ id: number }>(`INSERT INTO waste_management_facility (name, location, coordinates) VALUES ('Полигон', 'Ангарск', ST_SetSRID(ST_MakePoint(103.905, 52.548), 4326)) RETURNING id`);
  // The day and every site's window 06:00–09:00: late sites are served on a trip after 09:00.
  scheduleId = (await one<{ id: number }>(`INSERT INTO schedule (name, waste_management_facility_id, leave_time) VALUES ('График симулятора', $1, '09:00') RETURNING id`, [f.id])).id;
  for (const v of vehicles) await t.pool.query('INSERT INTO schedule_vehicle (schedule_id, vehicle_id) VALUES ($1, $2)', [scheduleId, v]);
  for (let i = 0; i < 30; i++) {
    // a 6 × 5 grid: 0.006° lat ≈ 667 m, 0.006° lng ≈ 405 m at 52.5° N — no site within another's radius
    const w = await one<{ id: number }>(
      `INSERT INTO waste_area (kind, location, coordinates, periodicity, arrival_time, leave_time)
       VALUES ('CONTAINER', $1, ST_SetSRID(ST_MakePoint($2, $3), 4326), 'DAILY', '06:00', '09:00') RETURNING id`,
      [`Ангарск, площадка ${i + 1}`, 103.850 + (i % 6) * 0.006, 52.515 + Math.floor(i / 6) * 0.006],
    );
    await t.pool.query(`INSERT INTO schedule_point (schedule_id, waste_area_id, container_type, container_amount, container_volume) VALUES ($1, $2, 'EURO', 2, 1.1)`, [scheduleId, w.id]);
  }
  const plan = await planScheduleDay(t.pool, scheduleId, workDate);
  expect(plan.unserved, JSON.stringify(plan)).toBe(0);
  redis = new Redis(REDIS_URL);
  tracker = await startTracker({ pool: t.pool, publisher: redisPublisher(redis), port: 0, host: '127.0.0.1' });
}, 180_000);

afterAll(async () => {
  await tracker?.close();
  redis?.disconnect();
  await t?.close();
});

const OPTS = { seed: 7, skipShare: 0.1, late: 2, stepS: 20, dropShare: 0.02, dwellS: 30 };
/**
 * Simulated seconds per real second. The product reads the positions' own times, never when they arrived,
 * so the day is sent as fast as the receiver answers (each truck's packets still in order, each answer
 * awaited) instead of ×600, which spent ≈ 25 s of the file sleeping between packets.
 */
const SPEEDUP = 1_000_000;

describe('the day simulator', () => {
  it('makes the same packets and truth for a seed, others for another seed', async () => {
    const day = await loadSimDay(t.pool, [scheduleId], workDate, { radiusM: 30, timeZone: TZ });
    expect(day.routes.length).toBeGreaterThanOrEqual(1);
    expect(day.sites).toHaveLength(30);
    const a = dayTrack(day, OPTS);
    const b = dayTrack(day, OPTS);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(dayTrack(day, { ...OPTS, seed: 8 }).truth.sites)).not.toBe(JSON.stringify(a.truth.sites));
  });

  let run: SimulateDayResult;
  it('drives the day through the receiver: every packet taken, the visits are the ground truth', async () => {
    const lines: string[] = [];
    run = await simulateDay(t.pool, {
      scheduleIds: [scheduleId], workDate, speedup: SPEEDUP, skipShare: OPTS.skipShare, late: OPTS.late, seed: OPTS.seed, stepS: OPTS.stepS,
      dropShare: OPTS.dropShare, host: '127.0.0.1', port: tracker.port, password: PASSWORD, provision: false, timeZone: TZ, log: (l) => lines.push(l),
    });
    expect(run.drive.refused, lines.join('\n')).toBe(0);
    expect(run.drive.failedLogins).toBe(0);
    const truth = run.truth;
    // The intent came true: 3 sites skipped (10 % of 30), 2 served late, the rest served by their planned truck.
    expect(truth.counts).toMatchObject({ due: 30, missed: 3, late: 2, served: 25, served_unplanned: 0, ambiguous: 0 });
    expect(truth.sites.filter((s) => s.intent === 'skip').every((s) => s.status === 'missed')).toBe(true);
    expect(truth.sites.filter((s) => s.intent === 'late').every((s) => s.status === 'late' && s.services[0]!.arrived_at > `${workDate}T01:00:00.000Z`)).toBe(true);
    expect(truth.vehicles.reduce((s, v) => s + v.dropped, 0)).toBeGreaterThan(0);
    expect(truth.vehicles.every((v) => v.black_box > 0)).toBe(true);

    // The product's visits of the day (UTC days: the local day 06:00–10:00 is 22:00–02:00 UTC).
    const before = new Date(Date.parse(workDate) - 86_400_000).toISOString().slice(0, 10);
    const visits: { site: number; vehicle: number; arrived: number }[] = [];
    for (const v of vehicles) {
      const res = await t.app.inject({ method: 'GET', url: `/api/navctl/vehicles/${v}/trips/?from=${before}&to=${workDate}`, headers: { Authorization: `Bearer ${t.tokens.admin}` } });
      expect(res.statusCode).toBe(200);
      for (const x of res.json().visits as { waste_area: { id: number }; arrived_at: string }[]) visits.push({ site: x.waste_area.id, vehicle: v, arrived: Date.parse(x.arrived_at) });
    }
    const expected = truth.sites.flatMap((s) => s.services.map((x) => ({ site: s.site_id, vehicle: x.vehicle_id, arrived: Date.parse(x.arrived_at) })));
    const key = (x: { site: number; vehicle: number }) => `${x.site}/${x.vehicle}`;
    expect([...new Set(visits.map(key))].sort()).toEqual([...new Set(expected.map(key))].sort());
    // Each truth service has a visit arriving within two fixes of it (a lost first fix moves the arrival by one).
    for (const e of expected) expect(visits.some((v) => key(v) === key(e) && Math.abs(v.arrived - e.arrived) <= 2 * OPTS.stepS * 1000), JSON.stringify(e)).toBe(true);
  }, 240_000);

  it('plan/fact of the day equals the ground truth, site by site', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/fleet/schedules/${scheduleId}/plan-fact/${isoToWorkDate(workDate)}/`, headers: { Authorization: `Bearer ${t.tokens.admin}` } });
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json() as PlanFactDay;
    const got = Object.fromEntries(day.sites.map((s) => [s.waste_area!.id, { status: s.status, vehicle: s.service?.vehicle.id ?? null }]));
    const want = Object.fromEntries(run.truth.sites.map((s) => [s.site_id, { status: s.status, vehicle: s.services[0]?.vehicle_id ?? null }]));
    expect(got).toEqual(want);
    expect(day.totals).toMatchObject({ due: 30, served: 25, late: 2, missed: 3, served_unplanned: 0, pending: 0 });
  });

  it('the misses of the truth become dispatcher events and problems, and a later service closes them', async () => {
    const domain = createDomain({ pool: t.pool });
    const job = { data: { schedule_id: scheduleId, work_date: workDate } } as Parameters<ReturnType<typeof planFactProcessor>>[0];
    expect(await planFactProcessor(domain)(job)).toMatchObject({ due: 30, missed: 3, late: 2, served: 25 });
    const missed = run.truth.sites.filter((s) => s.status === 'missed').map((s) => s.site_id).sort((a, b) => a - b);
    const events = async () => (await t.pool.query<{ id: number; waste_area_id: number; status: string; route_event_id: number | null; creation_mode: string | null }>(
      `SELECT e.id, e.waste_area_id, e.status, e.route_event_id, r.creation_mode FROM dispatcher_event e LEFT JOIN route_event r ON r.id = e.route_event_id
        WHERE e.source = 'AUTO' AND e.type = 'SEND_PROBLEM' ORDER BY e.waste_area_id`)).rows;
    const opened = await events();
    expect(opened.map((e) => e.waste_area_id)).toEqual(missed);
    expect(opened.every((e) => e.status === 'ACTIVE' && e.creation_mode === 'AUTO')).toBe(true); // on the route's AUTO route event
    await runProblemDetector(t.pool, { trigger: 'MANUAL', codes: ['P501'] });
    const problems = async () => (await t.pool.query<{ object_id: number; closed_at: Date | null }>(`SELECT object_id, closed_at FROM problem WHERE code = 'P501' ORDER BY object_id`)).rows;
    expect((await problems()).map((p) => [p.object_id, p.closed_at])).toEqual(missed.map((id) => [id, null]));

    // One missed site served at 12:00 local (04:00 UTC) by the first truck: 2 minutes standing there.
    const site = await one<{ lat: number; lng: number }>('SELECT ST_Y(coordinates) AS lat, ST_X(coordinates) AS lng FROM waste_area WHERE id = $1', [missed[0]]);
    const start = Date.parse(`${workDate}T04:00:00Z`);
    const positions = Array.from({ length: 13 }, (_, k) => ({ vehicle_id: vehicles[0], time: new Date(start + k * 10_000).toISOString(), lat: site.lat, lng: site.lng, speed: 0 }));
    const res = await t.app.inject({ method: 'POST', url: '/api/navctl/positions/', headers: { Authorization: `Bearer ${t.tokens.admin}` }, payload: { positions } });
    expect(res.json()).toEqual({ received: 13, stored: 13 });
    expect(await planFactProcessor(domain)(job)).toMatchObject({ missed: 2, late: 3 });
    expect((await events()).map((e) => [e.waste_area_id, e.status])).toEqual(missed.map((id, i) => [id, i === 0 ? 'COMPLETED' : 'ACTIVE']));
    await runProblemDetector(t.pool, { trigger: 'MANUAL', codes: ['P501'] });
    expect((await problems()).map((p) => [p.object_id, p.closed_at !== null])).toEqual(missed.map((id, i) => [id, i === 0]));
  });
});
