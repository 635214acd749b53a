/**
 * Plan against fact (docs/TRACKING.md «Plan and fact»; contract routes/plan-fact.ts): a hand-built
 * day in Angarsk (@tko/db/testing hand-track: metres → degrees by hand at 52.54° N) sent through the
 * real REST ingest into real PostgreSQL, a saved plan of two days ago written as the planner stores
 * it, and GET /api/fleet/schedules/{id}/plan-fact/{date}/ read back. The region's day is Asia/Irkutsk
 * (UTC+8, no daylight saving): local 08:00 of the work date is 00:00 UTC of the same date.
 *
 * Truck V1 (route 1: S2, S1, S3, S4, S5, the facility) leaves x = 0 at 08:00 on the road y = 0 at
 * 40 km/h (a fix every 10 s, no speed sent): past S2 (8 m off, window 08:00–09:00) without stopping;
 * 2 min at S1; 12 min at S3 (a stay between two trips); 2 min at S4 (window 06:00–07:00, so late);
 * 3 min at the facility; back to S1 for 1 min (a second visit, listed, not counted). Truck V2 (on no
 * schedule at all: its track is read because it drove that day) stops 2 min at S5. Expected by hand: S1 served, S2 missed, S3 served,
 * S4 late, S5 served_unplanned; route 1 drove 7 000 m in 300 + 750 s (two trips), one unloading.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlanFactDaySchema } from '@tko/contract';
import { at, Track } from '@tko/db/testing';
import { siteBody, startTestApp, type TestApp } from './helpers';

let t: TestApp;
let schedule: number;
let v1: number;
let v2: number;
let route1: number;
const S: Record<string, number> = {};
const DAY = 86_400_000;
const utcMidnight = Math.floor(Date.now() / DAY) * DAY - 2 * DAY; // two days ago, 00:00 UTC = 08:00 in Irkutsk
const iso = new Date(utcMidnight).toISOString().slice(0, 10);
const workDate = iso.split('-').reverse().join('.');
const tomorrowIso = new Date(Date.now() + DAY + 8 * 3600_000).toISOString().slice(0, 10); // the region's tomorrow
const tomorrow = tomorrowIso.split('-').reverse().join('.');
const marks: Record<string, number> = {};

const get = (url: string, who: 'admin' | 'viewer' | 'nobody' | null = 'admin') =>
  t.app.inject({ method: 'GET', url, headers: who ? t.auth(who) : {} });

beforeAll(async () => {
  t = await startTestApp();
  const q = <T extends Record<string, unknown>>(sql: string, args: unknown[] = []) => t.pool.query<T>(sql, args);
  v1 = (await q<{ id: number }>(`INSERT INTO vehicle (license_plate) VALUES ('А 101 АА 38') RETURNING id`)).rows[0]!.id;
  v2 = (await q<{ id: number }>(`INSERT INTO vehicle (license_plate) VALUES ('В 202 ВВ 38') RETURNING id`)).rows[0]!.id;
  const place: Record<string, [number, number]> = { S1: [1000, 5], S2: [500, 8], S3: [2000, 20], S4: [3000, 5], S5: [5000, 5] };
  for (const [name, [x, y]] of Object.entries(place)) {
    const res = await t.app.inject({ method: 'POST', url: '/api/waste-area/container/', headers: t.auth('admin'),
      payload: siteBody({ name_waste_area: `КП ${name}`, identifier: `КП-${name}`, coordinates: at(x, y) }) });
    expect(res.statusCode, res.body).toBe(201);
    S[name] = res.json().id;
  }
  await q(`UPDATE waste_area SET arrival_time = '08:00', leave_time = '09:00' WHERE id = $1`, [S.S2]);
  await q(`UPDATE waste_area SET arrival_time = '06:00', leave_time = '07:00' WHERE id = $1`, [S.S4]);
  await q(`UPDATE waste_area SET periodicity = 'DAILY' WHERE id = $1`, [S.S1]);
  const f = at(4000, 0);
  const facility = (await q<{ id: number }>(
    `INSERT INTO waste_management_facility (name, location, coordinates) VALUES ('Полигон', 'Ангарск', ST_SetSRID(ST_MakePoint($1, $2), 4326)) RETURNING id`,
    [f.lng, f.lat])).rows[0]!.id;
  schedule = (await q<{ id: number }>(`INSERT INTO schedule (name, waste_management_facility_id) VALUES ('График 1', $1) RETURNING id`, [facility])).rows[0]!.id;
  await q(`INSERT INTO schedule_vehicle (schedule_id, vehicle_id) VALUES ($1, $2)`, [schedule, v1]);
  await q(`INSERT INTO schedule_point (schedule_id, waste_area_id) VALUES ($1, $2)`, [schedule, S.S1]);
  route1 = (await q<{ id: number }>(
    `INSERT INTO schedule_route (schedule_id, work_date, number, vehicle_id, distance_m, duration_s, unloads) VALUES ($1, $2, 1, $3, 12345, 3600, 1) RETURNING id`,
    [schedule, iso, v1])).rows[0]!.id;
  const stops: [string, number | null, number | null, string][] = [
    ['GARAGE', null, null, '08:00'], ['WASTE_AREA', S.S2!, null, '08:01'], ['WASTE_AREA', S.S1!, null, '08:02'], ['WASTE_AREA', S.S3!, null, '08:05'],
    ['WASTE_AREA', S.S4!, null, '08:20'], ['WASTE_AREA', S.S5!, null, '08:30'], ['WASTE_MANAGEMENT_FACILITY', null, facility, '08:40'], ['GARAGE', null, null, '09:00'],
  ];
  for (const [k, [type, area, fac, time]] of stops.entries()) {
    await q(`INSERT INTO schedule_route_stop (route_id, order_in_route, stop_type, waste_area_id, waste_management_facility_id, arrival_time, departure_time)
             VALUES ($1, $2, $3, $4, $5, $6, $6)`, [route1, k + 1, type, area, fac, time]);
  }

  // V1's day (no speed sent: derived from the positions, as a tracker without speed).
  const one = new Track(utcMidnight, 0, 0, false).drive(500, 0, 40).drive(1000, 0, 40);
  marks.s1 = one.t;
  one.stand(120).drive(2000, 0, 40);
  marks.s3 = one.t;
  one.stand(720).drive(3000, 0, 40);
  marks.s4 = one.t;
  one.stand(120).drive(4000, 0, 40).stand(180).drive(1000, 0, 40);
  marks.s1again = one.t;
  one.stand(60);
  // V2: from 500 m south of S5 to it at 09:00, 2 minutes there, then away.
  const two = new Track(utcMidnight + 3600_000, 5000, -500, false).drive(5000, 0, 40);
  marks.s5 = two.t;
  two.stand(120).drive(5000, -500, 40);
  const positions = [
    ...one.points.map((p) => ({ vehicle_id: v1, time: new Date(p.t).toISOString(), lat: p.lat, lng: p.lng })),
    ...two.points.map((p) => ({ vehicle_id: v2, time: new Date(p.t).toISOString(), lat: p.lat, lng: p.lng })),
  ];
  const ingested = await t.app.inject({ method: 'POST', url: '/api/navctl/positions/', headers: t.auth('admin'), payload: { positions } });
  expect(ingested.json()).toEqual({ received: positions.length, stored: positions.length });
});

afterAll(async () => { await t?.close(); });

interface Site { waste_area: { id: number } | null; status: string; service: { vehicle: { id: number }; arrived_at: string; dwell_s: number; trip: number | null } | null; other_visits: unknown[]; planned_vehicles: { id: number }[] }

describe('GET /api/fleet/schedules/{id}/plan-fact/{date}/', () => {
  it('gives each planned site its status from the GPS stays, and each route its driven km, time and unloadings', async () => {
    const res = await get(`/api/fleet/schedules/${schedule}/plan-fact/${workDate}/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ schedule_id: schedule, date: workDate, source: 'plan' });
    expect(body.totals).toEqual({ due: 5, served: 2, served_unplanned: 1, late: 1, missed: 1, pending: 0 });
    const by = new Map((body.sites as Site[]).map((s) => [s.waste_area!.id, s]));
    expect(by.get(S.S1!)).toMatchObject({ status: 'served', service: { vehicle: { id: v1 }, trip: 1 } });
    expect(Date.parse(by.get(S.S1!)!.service!.arrived_at)).toBe(marks.s1);
    expect(by.get(S.S1!)!.service!.dwell_s).toBe(120);
    expect(by.get(S.S1!)!.other_visits).toHaveLength(1); // the second visit is listed, not counted
    expect(by.get(S.S2!)).toMatchObject({ status: 'missed', service: null }); // driven past at 40 km/h
    expect(by.get(S.S3!)).toMatchObject({ status: 'served', service: { dwell_s: 720 } }); // the stay between two trips
    expect(Date.parse(by.get(S.S3!)!.service!.arrived_at)).toBe(marks.s3);
    expect(by.get(S.S4!)).toMatchObject({ status: 'late' });
    expect(Date.parse(by.get(S.S4!)!.service!.arrived_at)).toBe(marks.s4);
    // Served by a truck of no schedule: unplanned, not missed, with its plate.
    expect(by.get(S.S5!)).toMatchObject({ status: 'served_unplanned', service: { vehicle: { id: v2, name: 'В 202 ВВ 38' } }, planned_vehicles: [{ id: v1 }] });

    expect(body.routes).toHaveLength(1);
    const [r] = body.routes;
    expect(r).toMatchObject({ route_id: route1, vehicle: { id: v1 }, planned: { distance_m: 12345, duration_s: 3600, sites: 5, unloads: 1 } });
    // 0 → 2000 m, then 2000 → 4000 → 1000 m: 7 000 m; trip 1 = 45 + 45 + 120 + 90 s, trip 2 = 90 + 120 + 90 + 180 + 270 s.
    // ± 0.1 %: each stored fix is rounded (≈ 0.1 m) and the trips' lengths are summed over ~ 90 legs.
    expect(Math.abs(r.fact.distance_m - 7000)).toBeLessThanOrEqual(7);
    expect(r.fact.duration_s).toBe(300 + 750);
    expect(r.fact).toMatchObject({ sites_served: 4, unloads: 1 });
    expect(r.statuses).toEqual({ served: 2, served_unplanned: 1, late: 1, missed: 1, pending: 0 });

    // Stored: the same answer is served again for the past date without a new computation — its
    // stored JSON text sent as it is, the same answer as computed and valid by the contract.
    const againRes = await get(`/api/fleet/schedules/${schedule}/plan-fact/${workDate}/`);
    expect(againRes.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = againRes.json();
    expect(again.computed_at).toBe(body.computed_at);
    expect(again).toEqual(body);
    expect(PlanFactDaySchema.parse(again)).toEqual(body);
    const stored = await t.pool.query('SELECT site_key, status FROM plan_fact_site WHERE schedule_id = $1 ORDER BY site_key', [schedule]);
    expect(stored.rows).toHaveLength(5);
  });

  it('without a saved plan takes the sites due by periodicity; a window not over yet is pending', async () => {
    const res = await get(`/api/fleet/schedules/${schedule}/plan-fact/${tomorrow}/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ source: 'due', routes: [], totals: { due: 1, pending: 1, served: 0, missed: 0 } });
    expect(body.sites[0]).toMatchObject({ waste_area: { id: S.S1 }, status: 'pending', window: { open: '06:00:00', close: '22:00:00' } });
    // A day not over: the stored answer is served while younger than a minute (the job keeps it), then computed again.
    expect((await get(`/api/fleet/schedules/${schedule}/plan-fact/${tomorrow}/`)).json().computed_at).toBe(body.computed_at);
    await t.pool.query(`UPDATE plan_fact_day SET computed_at = computed_at - interval '61 seconds' WHERE schedule_id = $1 AND work_date = $2::date`, [schedule, tomorrowIso]);
    expect(Date.parse((await get(`/api/fleet/schedules/${schedule}/plan-fact/${tomorrow}/`)).json().computed_at)).toBeGreaterThan(Date.parse(body.computed_at) - 61_000);
  });

  it('exports the same statuses to xlsx', async () => {
    const res = await get(`/api/fleet/schedules/${schedule}/plan-fact/${workDate}/xlsx/`);
    expect(res.statusCode, res.body).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toContain('Статус');
    const statusCol = (rows[0] as string[]).indexOf('Статус');
    const siteCol = (rows[0] as string[]).indexOf('Площадка / машина');
    const statusOf = new Map(rows.slice(1).map((r) => [r[siteCol], r[statusCol]]));
    expect(statusOf.get('КП S2')).toBe('Пропущена');
    expect(statusOf.get('КП S4')).toBe('Обслужена вне окна');
    expect(statusOf.get('КП S5')).toBe('Обслужена внеплановой машиной');
    const routeRow = rows.find((r) => r[siteCol] === 'А 101 АА 38')!;
    const kmCol = (rows[0] as string[]).indexOf('Пробег по плану, км');
    expect(routeRow[kmCol]).toBe(12.345);
  });

  it('shows an appeal about a site the site\'s last services with their track', async () => {
    const appeal = await t.app.inject({ method: 'POST', url: '/api/appeals/', headers: t.auth('admin'),
      payload: { author_name: 'Иванова Мария', text: 'Мусор не вывезли', waste_area: S.S4 } });
    expect(appeal.statusCode, appeal.body).toBe(201);
    const res = await get(`/api/appeals/${appeal.json().id}/site-services/`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.waste_area).toMatchObject({ id: S.S4, name: 'КП S4' });
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ schedule_id: schedule, date: workDate, status: 'late', vehicle: { id: v1, name: 'А 101 АА 38' }, dwell_s: 120 });
    expect(Date.parse(body.results[0].arrived_at)).toBe(marks.s4);
    expect(body.results[0].track).toMatchObject({ vehicle_id: v1 });
    expect((await get(`/api/appeals/${appeal.json().id}/site-services/`, 'viewer')).statusCode).toBe(403);
  });

  it('answers 401 without a session, 403 without schedules:view, 400 on a bad date, 404 for an unknown schedule', async () => {
    expect((await get(`/api/fleet/schedules/${schedule}/plan-fact/${workDate}/`, null)).statusCode).toBe(401);
    expect((await get(`/api/fleet/schedules/${schedule}/plan-fact/${workDate}/`, 'viewer')).statusCode).toBe(403);
    const bad = await get(`/api/fleet/schedules/${schedule}/plan-fact/31.02.2026/`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('date');
    expect((await get(`/api/fleet/schedules/999999/plan-fact/${workDate}/`)).statusCode).toBe(404);
  });
});
