/**
 * Routes of a schedule per work date (issue 10 §1, §4): the routes call (400 on a bad date, 404,
 * 401/403), planning a day as a queued job run by the worker's real processor in-process (its own
 * BullMQ prefix), the plan's constraints on the saved stops (garage start/end, capacity with
 * unloading trips, the schedule's window, due dates and requests), and moving a stop to another
 * route with the totals recomputed. The plan job is a job of `/topic/jobs.{id}`: its owner is found
 * by the STOMP job-owner lookup, and the worker publishes its progress and its end to that topic.
 */
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Job, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayRoutes, RealtimeEnvelope } from '@tko/contract';
import { DESTINATIONS, QUEUE_PLANNING } from '@tko/contract';
import { planDayProcessor } from '../../worker/src/planning-worker';
import { openQueues } from '../src/modules/jobs/queue';
import type { Queues } from '../src/modules/jobs/queue';
import { jobOwnerLookup } from '../src/modules/stomp/job-owner';
import { startTestApp, type TestApp } from './helpers';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tko-test-planning-${randomBytes(4).toString('hex')}`;
let t: TestApp;
let connection: Redis;
let worker: Worker;
let appQueues: Queues;
let scheduleId: number;
/** What the worker published (the live topic's messages). */
const published: RealtimeEnvelope[] = [];
const CAPACITY = 4 * 2; // body 4 m³ × compression 2 (lower bound of [2, 3])
const SITE_M3 = 2 * 1.1 * 0.8; // 2 containers × 1.1 m³ × fill factor 0.8

async function waitUntil<T>(check: () => Promise<T>, what: string, timeoutMs = 60000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const one = async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.pool.query<R>(sql, params)).rows[0]!;

beforeAll(async () => {
  // The app's own Queues, as serve.ts gives them: the plan call produces on their planning queue.
  appQueues = openQueues(REDIS_URL, prefix)!;
  t = await startTestApp({ queues: appQueues, overrides: { redisUrl: REDIS_URL, queuePrefix: prefix } });
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  worker = new Worker(QUEUE_PLANNING, planDayProcessor(t.pool, { publish: async (e) => { published.push(e); } }), { connection, prefix, concurrency: 1 });
  const g1 = await one<{ id: number }>(`INSERT INTO garage (name, coordinates) VALUES ('Гараж Север', ST_SetSRID(ST_MakePoint(103.880, 52.545), 4326)) RETURNING id`);
  const g2 = await one<{ id: number }>(`INSERT INTO garage (name, coordinates) VALUES ('Гараж Юг', ST_SetSRID(ST_MakePoint(103.864, 52.515), 4326)) RETURNING id`);
  const vehicles: number[] = [];
  for (const [plate, g] of [['А 001 АА 38', g1.id], ['В 002 ВВ 38', g2.id], ['Е 003 ЕЕ 38', g1.id]] as const) {
    vehicles.push((await one<{ id: number }>(`INSERT INTO vehicle (license_plate, garage_id, body_m3, compression_ratio) VALUES ($1, $2, 4, '[2,3]') RETURNING id`, [plate, g])).id);
  }
  const f = await one<{ id: number }>(`INSERT INTO waste_management_facility (name, location, coordinates) VALUES ('Полигон ТБО', 'Ангарск', ST_SetSRID(ST_MakePoint(103.80, 52.58), 4326)) RETURNING id`);
  // 06:00–11:00: too short for one truck, so the day needs several routes
  scheduleId = (await one<{ id: number }>(`INSERT INTO schedule (name, waste_management_facility_id, leave_time) VALUES ('График Ангарск', $1, '11:00') RETURNING id`, [f.id])).id;
  for (const v of vehicles) await t.pool.query('INSERT INTO schedule_vehicle (schedule_id, vehicle_id) VALUES ($1, $2)', [scheduleId, v]);
  for (let i = 0; i < 13; i++) {
    // 10 sites due on the 24th of the month, 2 daily, 1 on the 25th only (not due on 24.11.2026)
    const [periodicity, monthdays] = i < 10 ? ['ON_MONTHDAYS', [10, 24]] : i < 12 ? ['DAILY', []] : ['ON_MONTHDAYS', [25]];
    const w = await one<{ id: number }>(
      `INSERT INTO waste_area (kind, location, coordinates, periodicity, periodicity_on_monthdays)
       VALUES ('CONTAINER', $1, ST_SetSRID(ST_MakePoint($2, $3), 4326), $4, $5::int[]) RETURNING id`,
      [`Ангарск, площадка ${i + 1}`, 103.86 + (i % 4) * 0.008, 52.52 + Math.floor(i / 4) * 0.008, periodicity, monthdays],
    );
    await t.pool.query(`INSERT INTO schedule_point (schedule_id, waste_area_id, container_type, container_amount, container_volume) VALUES ($1, $2, 'EURO', 2, 1.1)`, [scheduleId, w.id]);
  }
  await t.pool.query(
    `INSERT INTO collection_request (location, coordinates, container_amount, container_volume, schedule_id, schedule_date, status)
     VALUES ('Ангарск, заявка', ST_SetSRID(ST_MakePoint(103.875, 52.53), 4326), 2, 1.1, $1, '2026-11-24', 'APPOINTED')`,
    [scheduleId],
  );
}, 120000);

afterAll(async () => {
  await worker?.close();
  await appQueues?.close();
  connection?.disconnect();
  await t?.close();
});

const routesOf = async (date = '24.11.2026', id = scheduleId) => {
  const res = await request(t.app.server).get(`/api/fleet/schedules/${id}/routes/${date}/`).set(t.auth('admin'));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as DayRoutes;
};

describe('GET /api/fleet/schedules/{id}/routes/{DD.MM.YYYY}/', () => {
  it('answers an empty day, 400 on a bad work date with the field named, 404, 401 and 403', async () => {
    const empty = await routesOf('25.11.2026');
    expect(empty).toMatchObject({ schedule_id: scheduleId, work_date: '25.11.2026', routes: [], travel: null, totals: { distance_m: 0, sites: 0 } });
    for (const bad of ['31.02.2026', '2026-11-24', '1.11.2026', 'завтра']) {
      const res = await request(t.app.server).get(`/api/fleet/schedules/${scheduleId}/routes/${encodeURIComponent(bad)}/`).set(t.auth('admin'));
      expect(res.status, bad).toBe(400);
      expect(res.body.date?.[0], bad).toMatch(/ДД\.ММ\.ГГГГ/);
    }
    expect((await request(t.app.server).get('/api/fleet/schedules/999999/routes/24.11.2026/').set(t.auth('admin'))).status).toBe(404);
    expect((await request(t.app.server).get(`/api/fleet/schedules/${scheduleId}/routes/24.11.2026/`)).status).toBe(401);
    expect((await request(t.app.server).get(`/api/fleet/schedules/${scheduleId}/routes/24.11.2026/`).set(t.auth('viewer'))).status).toBe(403);
    expect((await request(t.app.server).post(`/api/fleet/schedules/${scheduleId}/plan/24.11.2026/`).set(t.auth('viewer'))).status).toBe(403);
  });

  it('refuses to plan a schedule without vehicles with 400 on vehicles, before queueing', async () => {
    const bare = await one<{ id: number }>(`INSERT INTO schedule (name) VALUES ('Пустой график') RETURNING id`);
    const res = await request(t.app.server).post(`/api/fleet/schedules/${bare.id}/plan/24.11.2026/`).set(t.auth('admin'));
    expect(res.status).toBe(400);
    expect(res.body.vehicles[0]).toMatch(/нет транспортных средств/);
  });
});

describe('planning a day and editing it', () => {
  let day: DayRoutes;

  it('plans the day as a queued job and saves routes that keep every constraint', async () => {
    const res = await request(t.app.server).post(`/api/fleet/schedules/${scheduleId}/plan/24.11.2026/`).set(t.auth('admin'));
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.status_url).toBe(`/api/fleet/schedules/${scheduleId}/plan/24.11.2026/${res.body.job_id}/`);
    const status = await waitUntil(async () => {
      const s = await request(t.app.server).get(res.body.status_url).set(t.auth('admin'));
      expect(s.status).toBe(200);
      return ['completed', 'failed'].includes(s.body.state) ? s.body : null;
    }, 'the plan job');
    expect(status).toMatchObject({ state: 'completed', progress: 100, error: null });
    expect(status.warnings).toBeUndefined();
    // /topic/jobs.{id}: the owner is found among the queues, and the progress ended with `completed` for that owner
    const queues = openQueues(REDIS_URL, prefix)!;
    try {
      await waitUntil(async () => queues.ready(), 'the queues');
      expect(await jobOwnerLookup(queues)(res.body.job_id)).toEqual([t.users.admin]);
      expect(await jobOwnerLookup(queues)('plan-0-nothing')).toEqual([]);
    } finally {
      await queues.close();
    }
    const live = published.filter((e) => e.destination === DESTINATIONS.job(res.body.job_id));
    expect(live.every((e) => e.user_id === t.users.admin)).toBe(true);
    expect(live.length).toBeGreaterThan(1);
    expect(live.at(-1)!.body).toEqual({ id: res.body.job_id, state: 'completed', progress: 100 });

    day = await routesOf();
    expect(day.travel).toEqual({ source: 'great_circle', detour_factor: '1.30', speed_kmh: '25.0' });
    expect(day.unplanned).toEqual([]);
    expect(day.plans).toHaveLength(1);
    expect(day.plans[0]).toMatchObject({ mode: 'optimise', distance_m: day.totals.distance_m, sites: 13, unplanned: 0, shifts: day.routes.length });
    // 12 due sites + the request; the site of the 25th is not planned
    expect(day.totals.sites).toBe(13);
    expect(day.routes.filter((r) => r.stops.some((s) => s.collection_request !== null))).toHaveLength(1);
    expect(day.routes.length).toBeGreaterThanOrEqual(2);
    expect(day.routes.map((r) => r.isVisible)).toEqual(day.routes.map((_, k) => k === 0));
    const garages = new Map([['А 001 АА 38', 'Гараж Север'], ['В 002 ВВ 38', 'Гараж Юг'], ['Е 003 ЕЕ 38', 'Гараж Север']]);
    for (const r of day.routes) {
      expect(r.feasible).toBe(true);
      const first = r.stops[0]!;
      const last = r.stops.at(-1)!;
      expect(first).toMatchObject({ stop_type: 'GARAGE', arrival_time: '06:00:00', garage: { name: garages.get(r.vehicle!.name) } });
      expect(last).toMatchObject({ stop_type: 'GARAGE', garage: { name: garages.get(r.vehicle!.name) } });
      expect(last.arrival_time <= '11:00:00').toBe(true);
      expect(r.shift).toMatchObject({ start: '06:00:00', end: last.arrival_time, duration_s: r.duration_s });
      expect(r.violations).toEqual([]);
      expect(r.compatible).toBe(true);
      expect(r.loading).toBe('REAR'); // nobody recorded it: the assumed rear loader
      // EURO containers: 2 × 1.1 m³ × 0.8 × 100 kg/m³ = 176 kg a site
      for (const s of r.stops.filter((x) => x.stop_type === 'WASTE_AREA')) expect(s).toMatchObject({ mass_kg: '176.0', share: '1.000000', compatible: true });
      expect(r.stops.map((s) => s.order_in_route)).toEqual(r.stops.map((_, k) => k + 1));
      expect(Number(r.capacity_m3)).toBe(CAPACITY);
      for (const s of r.stops) expect(Number(s.load_m3)).toBeLessThanOrEqual(CAPACITY + 1e-9);
      // 4 sites fit in 8 m³ (1.76 m³ each): at least ceil(n / 4) trips to the landfill, the last before going home
      expect(r.unloads).toBeGreaterThanOrEqual(Math.ceil(r.stops_count / 4));
      expect(r.stops.at(-2)!.stop_type).toBe('WASTE_MANAGEMENT_FACILITY');
      expect(r.stops.filter((s) => s.stop_type === 'WASTE_MANAGEMENT_FACILITY').every((s) => s.waste_management_facility?.name === 'Полигон ТБО')).toBe(true);
      expect(Number(r.volume_m3)).toBeCloseTo(r.stops_count * SITE_M3, 3);
    }
    expect(day.totals.distance_m).toBe(day.routes.reduce((a, r) => a + r.distance_m, 0));
  });

  it('moves a stop to another route and recomputes both routes and the totals', async () => {
    const [from, to] = day.routes;
    const stop = from!.stops.find((s) => s.stop_type === 'WASTE_AREA')!;
    const res = await request(t.app.server).post(`/api/fleet/schedules/${scheduleId}/routes/24.11.2026/move/`).set(t.auth('admin'))
      .send({ stop_id: stop.id, route_id: to!.id, position: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body as DayRoutes;
    const from2 = after.routes.find((r) => r.id === from!.id)!;
    const to2 = after.routes.find((r) => r.id === to!.id)!;
    expect(from2.stops_count).toBe(from!.stops_count - 1);
    expect(to2.stops_count).toBe(to!.stops_count + 1);
    expect(to2.stops.find((s) => s.stop_type === 'WASTE_AREA')!.waste_area).toEqual(stop.waste_area);
    expect(from2.stops.some((s) => s.waste_area?.id === stop.waste_area?.id)).toBe(false);
    expect(from2.distance_m).not.toBe(from!.distance_m);
    expect(to2.distance_m).not.toBe(to!.distance_m);
    expect(after.totals.sites).toBe(13);
    expect(after.totals.distance_m).toBe(after.routes.reduce((a, r) => a + r.distance_m, 0));
    expect(to2.stops[0]).toMatchObject({ stop_type: 'GARAGE' });
    expect(await routesOf()).toEqual(after);

    const garageStop = to2.stops[0]!;
    const bad = await request(t.app.server).post(`/api/fleet/schedules/${scheduleId}/routes/24.11.2026/move/`).set(t.auth('admin'))
      .send({ stop_id: garageStop.id, route_id: from!.id });
    expect(bad.status).toBe(400);
    expect(bad.body.stop_id).toHaveLength(1);
    const otherDay = await request(t.app.server).post(`/api/fleet/schedules/${scheduleId}/routes/25.11.2026/move/`).set(t.auth('admin'))
      .send({ stop_id: stop.id, route_id: from!.id });
    expect(otherDay.status).toBe(400);
    expect(otherDay.body.stop_id).toHaveLength(1);
    const badRoute = await request(t.app.server).post(`/api/fleet/schedules/${scheduleId}/routes/24.11.2026/move/`).set(t.auth('admin'))
      .send({ stop_id: to2.stops.find((s) => s.stop_type === 'WASTE_AREA')!.id, route_id: 2147483647 });
    expect(badRoute.status).toBe(400);
    expect(badRoute.body.route_id).toHaveLength(1);
  });
});

describe('sites a plan leaves out', () => {
  it('come back with their reasons, are stored and shown, and the job ends «выполнено с замечаниями»; two plans compare', async () => {
    const g = await one<{ id: number }>(`INSERT INTO garage (name, coordinates) VALUES ('Гараж Запад', ST_SetSRID(ST_MakePoint(103.84, 52.52), 4326)) RETURNING id`);
    const v = await one<{ id: number }>(`INSERT INTO vehicle (license_plate, garage_id, body_m3, compression_ratio, loading, payload_kg) VALUES ('К 004 КК 38', $1, 10, '[2,3]', 'REAR', 5000) RETURNING id`, [g.id]);
    const f = await one<{ id: number }>(`INSERT INTO waste_management_facility (name, location, coordinates) VALUES ('Полигон Запад', 'Ангарск', ST_SetSRID(ST_MakePoint(103.80, 52.58), 4326)) RETURNING id`);
    const sched = await one<{ id: number }>(`INSERT INTO schedule (name, waste_management_facility_id) VALUES ('График с бункером', $1) RETURNING id`, [f.id]);
    await t.pool.query('INSERT INTO schedule_vehicle (schedule_id, vehicle_id) VALUES ($1, $2)', [sched.id, v.id]);
    const area = async (name: string, coords: boolean, type: string, amount: number, volume: number) => {
      const w = await one<{ id: number }>(
        `INSERT INTO waste_area (kind, location, coordinates, periodicity) VALUES ('CONTAINER', $1, CASE WHEN $2 THEN ST_SetSRID(ST_MakePoint(103.85, 52.53), 4326) END, 'DAILY') RETURNING id`,
        [name, coords],
      );
      await t.pool.query(`INSERT INTO schedule_point (schedule_id, waste_area_id, container_type, container_amount, container_volume) VALUES ($1, $2, $3, $4, $5)`, [sched.id, w.id, type, amount, volume]);
      return w.id;
    };
    const plain = await area('Ангарск, контейнеры', true, 'EURO', 2, 1.1);
    const bunker = await area('Ангарск, бункеры КГО', true, 'BUNKER', 3, 8);
    const nowhere = await area('Ангарск, без координат', false, 'EURO', 1, 1.1);

    const bad = await request(t.app.server).post(`/api/fleet/schedules/${sched.id}/plan/24.11.2026/`).set(t.auth('admin')).send({ mode: 'всё сразу' });
    expect(bad.status).toBe(400);
    expect(bad.body.mode).toHaveLength(1);
    // the search's time limit: whole seconds 0…600 (10 minutes); the seed a positive integer
    const refused: [object, string, RegExp][] = [
      [{ search_seconds: 601 }, 'search_seconds', /Не больше 600 с/],
      [{ search_seconds: -1 }, 'search_seconds', /Не меньше 0/],
      [{ search_seconds: 1.5 }, 'search_seconds', /целое число секунд/],
      [{ search_seconds: 'долго' }, 'search_seconds', /число секунд/],
      [{ seed: 0 }, 'seed', /Не меньше 1/],
    ];
    for (const [body, field, message] of refused) {
      const r = await request(t.app.server).post(`/api/fleet/schedules/${sched.id}/plan/24.11.2026/`).set(t.auth('admin')).send(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body[field][0]).toMatch(message);
    }

    const plan = async (body: object) => {
      const res = await request(t.app.server).post(`/api/fleet/schedules/${sched.id}/plan/24.11.2026/`).set(t.auth('admin')).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      const status = await waitUntil(async () => {
        const s = await request(t.app.server).get(res.body.status_url).set(t.auth('admin'));
        return ['completed', 'completed_with_warnings', 'failed'].includes(s.body.state) ? s.body : null;
      }, 'the plan job');
      return { jobId: res.body.job_id as string, status };
    };
    const first = await plan({});
    expect(first.status).toMatchObject({ state: 'completed_with_warnings', progress: 100, error: null });
    expect(first.status.warnings).toEqual(['Не запланировано площадок: 2 (нет машины с подходящим кузовом — 1, нет координат — 1).']);
    const live = published.filter((e) => e.destination === DESTINATIONS.job(first.jobId));
    expect(live.at(-1)!.body).toEqual({ id: first.jobId, state: 'completed_with_warnings', progress: 100, warnings: first.status.warnings });

    const day = await routesOf('24.11.2026', sched.id);
    expect(day.routes.map((r) => r.stops.filter((s) => s.stop_type === 'WASTE_AREA').map((s) => s.waste_area!.id))).toEqual([[plain]]);
    expect(day.unplanned.map((u) => [u.waste_area!.id, u.reason, u.reason_label])).toEqual([
      [bunker, 'NO_COMPATIBLE_VEHICLE', 'нет машины с подходящим кузовом'],
      [nowhere, 'NO_COORDINATES', 'нет координат'],
    ]);
    expect(day.unplanned[0]!.detail).toMatch(/MULTILIFT/);
    expect(day.totals).toMatchObject({ sites: 1, unplanned: 2, shifts: 1 });

    // the same date kept to its current assignment: a second plan, compared with the first
    const second = await plan({ mode: 'keep_assignment' });
    expect(second.status.state).toBe('completed_with_warnings');
    const after = await routesOf('24.11.2026', sched.id);
    expect(after.plans.map((p) => [p.mode, p.sites, p.unplanned])).toEqual([['keep_assignment', 1, 2], ['optimise', 1, 2]]);
    expect(after.plans[0]!.distance_m).toBe(after.totals.distance_m);
    expect(after.plans[0]!.longest_shift_s).toBe(after.routes[0]!.duration_s);

    // a time limit and a seed of the request reach the worker's job
    const searched = await plan({ search_seconds: 2, seed: 7 });
    expect(searched.status.state).toBe('completed_with_warnings');
    const job = await Job.fromId(appQueues.planning, searched.jobId);
    expect(job!.data).toMatchObject({ search_seconds: 2, seed: 7 });
  });
});
