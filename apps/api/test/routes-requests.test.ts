/**
 * Routes, schedules and requests (issue 10 §1) beyond the parametrised registry test: the route
 * filter of spec 02 §5 (name as a case-insensitive substring; ON_WEEKDAYS / ON_DATES routes only
 * when they share a selected weekday / date, other periodicities not narrowed), route stops with
 * references (400 per item for a missing one, stops_count), schedule defaults (06:00–22:00) and
 * vehicles, and the request workflow NEW → APPOINTED | NOT_APPOINTED → COMPLETED (409 on a wrong
 * state, a permission per action, the locked status, the history rows with their step).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { TokenService } from '../src/modules/auth/tokens';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); }, 60_000);
afterAll(async () => { await t?.close(); });

const api = () => request(t.app.server);
const admin = () => t.auth('admin');

describe('routes: the filter of spec 02 §5', () => {
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const rows = {
      daily: { name: 'Маршрут Северный', periodicity: 'DAILY' },
      monWed: { name: 'северный-2', periodicity: 'ON_WEEKDAYS', periodicity_on_weekdays: [1, 3] },
      fri: { name: 'Южный', periodicity: 'ON_WEEKDAYS', periodicity_on_weekdays: [5] },
      dec1: { name: 'Северо-запад', periodicity: 'ON_DATES', periodicity_on_dates: ['2026-12-01'] },
    };
    for (const [k, body] of Object.entries(rows)) {
      const res = await api().post('/api/fleet/routes/').set(admin()).send(body);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[k] = res.body.id;
    }
  });
  const names = async (query: Record<string, string>) => {
    const res = await api().get('/api/fleet/routes/').query({ page_size: 100, ...query }).set(admin());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.results as { id: number }[]).map((r) => Object.keys(ids).find((k) => ids[k] === r.id)).filter(Boolean).sort();
  };

  it('a new route is DAILY', async () => {
    const res = await api().post('/api/fleet/routes/').set(admin()).send({ name: 'Без периодичности' });
    expect(res.body.periodicity).toBe('DAILY');
  });
  it('matches the name case-insensitively as a substring', async () => {
    expect(await names({ name: 'СЕВЕР' })).toEqual(['daily', 'dec1', 'monWed']);
    expect(await names({ name: 'ный-' })).toEqual(['monWed']);
  });
  it('an ON_WEEKDAYS route matches only a shared weekday; other periodicities are not narrowed', async () => {
    expect(await names({ periodicity_on_weekdays: '3' })).toEqual(['daily', 'dec1', 'monWed']);
    expect(await names({ periodicity_on_weekdays: '5,6' })).toEqual(['daily', 'dec1', 'fri']);
    expect(await names({ periodicity: 'ON_WEEKDAYS', periodicity_on_weekdays: '5' })).toEqual(['fri']);
  });
  it('an ON_DATES route matches only a shared date', async () => {
    expect(await names({ periodicity_on_dates: '2026-12-01' })).toEqual(['daily', 'dec1', 'fri', 'monWed']);
    expect(await names({ periodicity_on_dates: '2026-12-02,2026-12-03' })).toEqual(['daily', 'fri', 'monWed']);
    const body = await api().post('/api/fleet/routes/search/').set(admin()).send({ periodicity: ['ON_DATES'], periodicity_on_dates: ['2026-12-01'] });
    expect(body.status, JSON.stringify(body.body)).toBe(200);
    expect(body.body.results.map((r: { id: number }) => r.id)).toEqual([ids.dec1]);
  });
  it('refuses a weekday outside 1–7 and a date that is not one, on the parameter', async () => {
    const bad = await api().get('/api/fleet/routes/').query({ periodicity_on_weekdays: '8' }).set(admin());
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['periodicity_on_weekdays']);
    const date = await api().get('/api/fleet/routes/').query({ periodicity_on_dates: '2026-02-30' }).set(admin());
    expect(date.status).toBe(400);
    expect(Object.keys(date.body)).toEqual(['periodicity_on_dates']);
  });
  it('an ON_WEEKDAYS route needs its weekdays', async () => {
    const res = await api().post('/api/fleet/routes/').set(admin()).send({ name: 'x', periodicity: 'ON_WEEKDAYS' });
    expect(res.status).toBe(400);
    expect(res.body.periodicity_on_weekdays).toBeTruthy();
  });
});

describe('routes: stops', () => {
  it('keeps ordered stops with their objects; a missing object is a 400 on the item; stops_count follows', async () => {
    const site = await api().post('/api/waste-area/container/').set(admin()).send(siteBody({ identifier: 'КП-7001' }));
    expect(site.status, JSON.stringify(site.body)).toBe(201);
    const missing = await api().post('/api/fleet/routes/').set(admin()).send({
      name: 'С остановками', stops: [{ order_in_route: 1, stop_type: 'WASTE_AREA', waste_area: 2_000_000_000 }],
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body)).toEqual(['stops.0.waste_area']);
    const noTarget = await api().post('/api/fleet/routes/').set(admin()).send({ name: 'x', stops: [{ stop_type: 'WASTE_AREA' }] });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body['stops.0.waste_area']).toBeTruthy();
    const res = await api().post('/api/fleet/routes/').set(admin()).send({
      name: 'С остановками', path_polyline: '_p~iF~ps|U_ulLnnqC_mqNvxq`@', estimated_distance: 1200, estimated_duration: 150,
      stops: [{ order_in_route: 1, stop_type: 'WASTE_AREA', waste_area: site.body.id }, { order_in_route: 2, stop_type: 'LUNCH_BREAK' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.stops_count).toBe(2);
    expect(res.body.stops[0]).toMatchObject({ order_in_route: 1, stop_type: 'WASTE_AREA', waste_area: { id: site.body.id, name: site.body.location } });
    expect(res.body.stops[1]).toMatchObject({ stop_type: 'LUNCH_BREAK', waste_area: null });
    // The polyline's geometry for other modules (route events, the map).
    const { rows } = await t.pool.query<{ n: number }>('SELECT ST_NPoints(path) AS n FROM route WHERE id = $1', [res.body.id]);
    expect(rows[0]!.n).toBe(3);
  });
});

describe('schedules', () => {
  it('starts at 06:00 and ends at 22:00 by default; a vehicle that does not exist is a 400 on the item', async () => {
    const res = await api().post('/api/fleet/schedules/').set(admin()).send({ name: 'Правый берег' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ arrival_time: '06:00:00', leave_time: '22:00:00', vehicles_count: 0, points_count: 0 });
    const bad = await api().patch(`/api/fleet/schedules/${res.body.id}/`).set(admin()).send({ vehicles: [{ vehicle: 2_000_000_000, loading: ['REAR'] }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['vehicles.0.vehicle']);
    const window = await api().patch(`/api/fleet/schedules/${res.body.id}/`).set(admin()).send({ arrival_time: '23:00' });
    expect(window.status).toBe(400);
  });
});

describe('requests: the workflow', () => {
  let scheduleId: number;
  beforeAll(async () => {
    scheduleId = (await api().post('/api/fleet/schedules/').set(admin()).send({ name: 'График для заявок' })).body.id;
  });
  const create = async () => {
    const res = await api().post('/api/fleet/requests/').set(admin()).send({ location: 'Ангарск, 12 мкр, 4', coordinates: '52.531234, 103.885678', initiator: 'CUSTOMER' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: number; status: string; application_date: string };
  };
  const act = (id: number, action: string, body: object = {}, auth = admin()) => api().post(`/api/fleet/requests/${id}/${action}/`).set(auth).send(body);

  it('starts NEW, dated today; the status changes only through the actions', async () => {
    const r = await create();
    expect(r.status).toBe('NEW');
    const { rows } = await t.pool.query<{ d: string }>(`SELECT to_char(current_date, 'YYYY-MM-DD') AS d`);
    expect(r.application_date).toBe(rows[0]!.d);
    const patch = await api().patch(`/api/fleet/requests/${r.id}/`).set(admin()).send({ status: 'COMPLETED' });
    expect(patch.status).toBe(400);
  });

  it('NEW → APPOINTED (on a schedule and date) → COMPLETED; 409 out of order; each step in the history', async () => {
    const r = await create();
    expect((await act(r.id, 'complete', { collection_date: '2026-11-25' })).status).toBe(409);
    const noSchedule = await act(r.id, 'appoint', { schedule_date: '2026-11-25' });
    expect(noSchedule.status).toBe(400);
    expect(noSchedule.body.schedule).toBeTruthy();
    const appointed = await act(r.id, 'appoint', { schedule: scheduleId, schedule_date: '2026-11-25' });
    expect(appointed.status, JSON.stringify(appointed.body)).toBe(200);
    expect(appointed.body).toMatchObject({ status: 'APPOINTED', schedule: { id: scheduleId, name: 'График для заявок' }, schedule_date: '2026-11-25' });
    expect((await act(r.id, 'reject', { comment: 'нет' })).status).toBe(409);
    const done = await act(r.id, 'complete', { collection_date: '2026-11-25' });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('COMPLETED');
    const { rows } = await t.pool.query<{ step: string | null }>(
      `SELECT step FROM change_log WHERE resource = 'requests' AND object_id = $1 ORDER BY id`, [r.id]);
    expect(rows.map((x) => x.step)).toEqual([null, 'appoint', 'complete']);
    const card = await api().get(`/api/fleet/requests/${r.id}/`).set(admin());
    expect(card.body.logs.length).toBe(3);
  });

  it('NEW → NOT_APPOINTED needs a comment; a refused request may be appointed later', async () => {
    const r = await create();
    expect((await act(r.id, 'reject', {})).status).toBe(400);
    const rejected = await act(r.id, 'reject', { comment: 'Нет свободных машин' });
    expect(rejected.body.status).toBe('NOT_APPOINTED');
    const again = await act(r.id, 'appoint', { schedule: scheduleId, schedule_date: '2026-11-26' });
    expect(again.body.status).toBe('APPOINTED');
  });

  it('each action needs its own permission', async () => {
    const r = await create();
    const clerk = await createUser(t.pool, 'clerk@test.local', ['requests:view', 'requests:change', 'requests-reject:change']);
    const ts = new TokenService(t.config.jwtSecret, t.config.accessTokenLifetime, t.config.refreshTokenLifetime);
    const auth = { Authorization: `Bearer ${ts.access(clerk)}` };
    expect((await act(r.id, 'appoint', { schedule: scheduleId, schedule_date: '2026-11-25' }, auth)).status).toBe(403);
    expect((await act(r.id, 'reject', { comment: 'дубль' }, auth)).status).toBe(200);
  });
});
