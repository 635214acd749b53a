/**
 * A region ready to work on first start (issue 23 §1), through the API on the real Angarsk route
 * plan (shared/data/angarsk, read where it lies, imported by the command's importAngarsk):
 * - one garage schedule is planned for a date by the real planning job (worker processor
 *   in-process, real Redis) with no hand work: every due site of the schedule is on a route or
 *   comes back with its reason, the trucks start at their (estimated) garage and unload at the landfill;
 * - the estimated points are shown as such (garage list filter) and saving a point clears the flag;
 * - sites are added in bulk by polygon, by a list filter, by contract zone and by contract, with
 *   the counts checked against the file or by hand; closed sites and sites without a point are
 *   refused with their reasons; bad bodies answer 400 per field; a user acting for organisations
 *   gets 404, a user without schedules:change 403; kinds the user may not view are not taken.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'bullmq';
import iconv from 'iconv-lite';
import { Redis } from 'ioredis';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayRoutes } from '@tko/contract';
import { QUEUE_PLANNING } from '@tko/contract';
import { ANGARSK_LANDFILL, dataDir, importAngarsk } from '@tko/db';
import { planDayProcessor } from '../../worker/src/planning-worker';
import { TokenService } from '../src/modules/auth/tokens';
import { openQueues, type Queues } from '../src/modules/jobs/queue';
import { createUser, startTestApp, type TestApp } from './helpers';

const FILE = path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tko-test-region-${randomBytes(4).toString('hex')}`;
const SCHEDULES = '/api/fleet/schedules/';

let t: TestApp;
let connection: Redis;
let worker: Worker;
let queues: Queues;
let ts: TokenService;

const one = async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.pool.query<R>(sql, params)).rows[0]!;
const api = () => request(t.app.server);
const admin = () => t.auth('admin');

async function waitUntil<T>(check: () => Promise<T>, what: string, timeoutMs = 240000): Promise<NonNullable<T>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A new empty schedule (bulk tests start from nothing). */
async function emptySchedule(name: string): Promise<number> {
  const res = await api().post(SCHEDULES).set(admin()).send({ name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const bulk = (id: number, body: unknown, auth: Record<string, string> = admin()) => api().post(`${SCHEDULES}${id}/sites/bulk/`).set(auth).send(body as object);

beforeAll(async () => {
  queues = openQueues(REDIS_URL, prefix)!;
  t = await startTestApp({ queues, overrides: { redisUrl: REDIS_URL, queuePrefix: prefix } });
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  worker = new Worker(QUEUE_PLANNING, planDayProcessor(t.pool, { publish: async () => undefined }), { connection, prefix, concurrency: 1 });
  ts = new TokenService(t.config.jwtSecret, 3600, 7200);
  await importAngarsk(t.pool, FILE);
}, 180000);

afterAll(async () => {
  await worker?.close();
  await connection?.quit();
  await t?.close();
  await queues?.close();
});

describe('planning on the first start', () => {
  it('plans a garage schedule for a date with no hand work: every due site routed or given its reason', async () => {
    const s = await one<{ id: number; facility: number }>(
      `SELECT id, waste_management_facility_id AS facility FROM schedule WHERE external_id = 'Гараж ул.Шпальная ветка д. 1/4'`,
    );
    // Due on 02.11.2026: the schedule's sites whose month days hold 2 (the planner's due rule for ON_MONTHDAYS).
    const due = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM schedule_point p JOIN waste_area w ON w.id = p.waste_area_id
        WHERE p.schedule_id = $1 AND w.periodicity = 'ON_MONTHDAYS' AND 2 = ANY(w.periodicity_on_monthdays)`,
      [s.id],
    );
    expect(due.n).toBe(140);
    const started = await api().post(`${SCHEDULES}${s.id}/plan/02.11.2026/`).set(admin()).send({});
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const status = await waitUntil(async () => {
      const r = await api().get(started.body.status_url).set(admin());
      return ['completed', 'completed_with_warnings', 'failed'].includes(r.body.state) ? r.body : null;
    }, 'the plan job');
    expect(status.state, JSON.stringify(status)).not.toBe('failed');
    const day = (await api().get(`${SCHEDULES}${s.id}/routes/02.11.2026/`).set(admin())).body as DayRoutes;
    const routed = new Set(day.routes.flatMap((r) => r.stops.filter((x) => x.stop_type === 'WASTE_AREA').map((x) => x.waste_area!.id)));
    const unplanned = new Set(day.unplanned.map((u) => u.waste_area!.id));
    expect(routed.size + unplanned.size).toBe(due.n);
    expect(routed.size).toBeGreaterThan(0);
    const garage = await one<{ id: number }>(`SELECT id FROM garage WHERE name = 'Гараж ул.Шпальная ветка д. 1/4'`);
    for (const r of day.routes) {
      expect(r.garage?.id).toBe(garage.id);
      const unloads = r.stops.filter((x) => x.stop_type === 'WASTE_MANAGEMENT_FACILITY');
      expect(unloads.length).toBeGreaterThan(0);
      for (const u of unloads) expect(u.waste_management_facility).toEqual({ id: s.facility, name: ANGARSK_LANDFILL });
    }
  }, 300000);
});

describe('estimated points', () => {
  it('lists the estimated garages and the landfill as such; saving a point in the card clears the flag, nothing else changes', async () => {
    // The map's layers carry the flag (`estimated`): the three garages and the landfill.
    const layer = await api().get('/api/map/garages/geojson/').set(admin());
    expect(layer.status).toBe(200);
    expect(layer.headers['content-type']).toMatch(/application\/geo\+json/);
    expect(layer.body.features.map((f: { properties: { estimated: boolean; status: string } }) => [f.properties.status, f.properties.estimated])).toEqual([['GARAGE', true], ['GARAGE', true], ['GARAGE', true]]);
    const facilities = await api().get('/api/map/waste-management-facilities/geojson/').set(admin());
    expect(facilities.body.features.map((f: { properties: { name: string; estimated: boolean } }) => [f.properties.name, f.properties.estimated])).toEqual([[ANGARSK_LANDFILL, true]]);
    const flagged = await api().get('/api/fleet/garages/?coordinates_needs_checking=true&ordering=name').set(admin());
    expect(flagged.status).toBe(200);
    expect(flagged.body.count).toBe(3);
    const g = flagged.body.results[0];
    expect(g.coordinates_needs_checking).toBe(true);
    const card = (await api().get(`/api/fleet/garages/${g.id}/`).set(admin())).body;
    // The card's save sends the whole form back, the flag included.
    const put = await api().put(`/api/fleet/garages/${g.id}/`).set(admin()).send({ ...card, id: undefined, coordinates: '52.540512, 103.921870' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ coordinates: { lat: 52.540512, lng: 103.92187 }, coordinates_needs_checking: false, name: card.name });
    expect((await api().get('/api/fleet/garages/?coordinates_needs_checking=true').set(admin())).body.count).toBe(2);
    // Another edit of a flagged garage that keeps its point keeps the flag.
    const other = flagged.body.results[1];
    const renamed = await api().patch(`/api/fleet/garages/${other.id}/`).set(admin()).send({ location: 'Ангарск' });
    expect(renamed.body.coordinates_needs_checking).toBe(true);

    const landfill = await api().get(`/api/waste-management-facility/?search=${encodeURIComponent(ANGARSK_LANDFILL)}`).set(admin());
    expect(landfill.body.results).toHaveLength(1);
    const f = landfill.body.results[0];
    expect(f).toMatchObject({ name: ANGARSK_LANDFILL, coordinates_needs_checking: true });
    const moved = await api().patch(`/api/waste-management-facility/${f.id}/`).set(admin()).send({ coordinates: '52.586911, 103.882153' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ coordinates_needs_checking: false, location_needs_checking: true });
  });
});

describe('bulk add of sites', () => {
  it('adds the sites inside a drawn polygon (counted from the file), once', async () => {
    // Lat and Lon are the file's first two columns (never quoted): the points read without the importer.
    const points = iconv.decode(readFileSync(FILE), 'win1251').split(/\r?\n/).slice(1).filter(Boolean).map((line) => line.split(';').slice(0, 2).map(Number) as [number, number]);
    const inside = new Set(points
      .filter(([lat, lon]) => lon > 103.86 && lon < 103.88 && lat > 52.54 && lat < 52.55)
      .map(([lat, lon]) => `${lat.toFixed(6)},${lon.toFixed(6)}`));
    expect(inside.size).toBeGreaterThan(10);
    const id = await emptySchedule('Массовое добавление: область');
    const polygon = { type: 'Polygon', coordinates: [[[103.86, 52.54], [103.88, 52.54], [103.88, 52.55], [103.86, 52.55], [103.86, 52.54]]] };
    const res = await bulk(id, { polygon });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ found: inside.size, added: inside.size, already: 0, refused: 0, refusals: [], points_count: inside.size });
    const again = await bulk(id, { polygon });
    expect(again.body).toMatchObject({ found: inside.size, added: 0, already: inside.size, points_count: inside.size });
    // The card shows them, and the schedule's history has the change.
    const card = (await api().get(`${SCHEDULES}${id}/`).set(admin())).body;
    expect(card.points).toHaveLength(inside.size);
    expect(card.points_count).toBe(inside.size);
    const log = await one<{ n: number }>(`SELECT count(*)::int AS n FROM change_log WHERE resource = 'schedules' AND object_id = $1 AND action = 'update'`, [id]);
    expect(log.n).toBe(1);
  });

  it('adds «all found» of a waste-area list filter: the same sites the list answers', async () => {
    const id = await emptySchedule('Массовое добавление: фильтр');
    const params = { search: '47 квл', periodicity: 'ON_MONTHDAYS' };
    const list = await api().get(`/api/waste-area/container/?search=${encodeURIComponent(params.search)}&periodicity=ON_MONTHDAYS&page_size=500`).set(admin());
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThan(5);
    const res = await bulk(id, { filter: { registry: 'container', params: { ...params, page: '3', ordering: '-id' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ found: list.body.count, added: list.body.count, already: 0, refused: 0 });
    const ids = (await t.pool.query<{ id: number }>('SELECT waste_area_id AS id FROM schedule_point WHERE schedule_id = $1 ORDER BY 1', [id])).rows.map((r) => r.id);
    expect(ids).toEqual(list.body.results.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b));
    // A parameter the list refuses is refused here, on its name.
    const bad = await bulk(id, { filter: { registry: 'container', params: { status: 'NOPE', colour: 'red' } } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['filter.params.colour', 'filter.params.status']);
  });

  it('adds the sites of a contract zone and of a contract; refuses closed ones and ones without a point, with reasons', async () => {
    const zone = await one<{ id: number }>(`INSERT INTO contract_zone (name) VALUES ('Зона для графика') RETURNING id`);
    const mk = async (location: string, point: boolean, status = 'ACTIVE', kind = 'CONTAINER') => (await one<{ id: number }>(
      `INSERT INTO waste_area (kind, location, coordinates, status, contract_zone_id) VALUES ($1, $2, ${point ? 'ST_SetSRID(ST_MakePoint(103.9, 52.5), 4326)' : 'NULL'}, $3, $4) RETURNING id`,
      [kind, location, status, zone.id],
    )).id;
    const ok1 = await mk('Зона, площадка 1', true);
    const ok2 = await mk('Зона, площадка 2', true);
    const noPoint = await mk('Зона, без координат', false);
    const closed = await mk('Зона, закрытая', true, 'CLOSED');
    const chamber = await mk('Зона, мусорокамера', true, 'ACTIVE', 'CHAMBER');
    const id = await emptySchedule('Массовое добавление: зона');
    const res = await bulk(id, { contract_zone: zone.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // By hand: 5 sites in the zone; 3 added (two container sites and the chamber), 2 refused.
    expect(res.body).toMatchObject({ found: 5, added: 3, already: 0, refused: 2, points_count: 3 });
    expect(res.body.refusals).toEqual([
      { waste_area: { id: noPoint, name: 'Зона, без координат', type: 'container' }, reason: 'NO_COORDINATES', reason_label: 'Нет координат: площадку нельзя поставить в маршрут.' },
      { waste_area: { id: closed, name: 'Зона, закрытая', type: 'container' }, reason: 'CLOSED', reason_label: 'Площадка закрыта.' },
    ]);
    const ids = (await t.pool.query<{ id: number }>('SELECT waste_area_id AS id FROM schedule_point WHERE schedule_id = $1 ORDER BY 1', [id])).rows.map((r) => r.id);
    expect(ids).toEqual([ok1, ok2, chamber]);

    // A user who may change schedules and view container sites only: the chamber is not theirs to take.
    const clerk = await createUser(t.pool, 'bulk-clerk@test.local', ['schedules:view', 'schedules:change', 'container:view']);
    const id2 = await emptySchedule('Массовое добавление: права');
    const mine = await bulk(id2, { contract_zone: zone.id }, { Authorization: `Bearer ${ts.access(clerk)}` });
    expect(mine.body).toMatchObject({ found: 4, added: 2, refused: 2 });

    // A contract's sites.
    const contract = await one<{ id: number }>(`INSERT INTO contract (number) VALUES ('Д-1/2026') RETURNING id`);
    await t.pool.query(`INSERT INTO contract_waste_area (contract_id, waste_area_id) VALUES ($1, $2), ($1, $3)`, [contract.id, ok1, closed]);
    const id3 = await emptySchedule('Массовое добавление: договор');
    const byContract = await bulk(id3, { contract: contract.id });
    expect(byContract.body).toMatchObject({ found: 2, added: 1, refused: 1, points_count: 1 });
  });

  it('answers 400 per field on bad bodies, 404 for an unknown schedule or a user acting for organisations, 403 without the right', async () => {
    const id = await emptySchedule('Массовое добавление: ошибки');
    const none = await bulk(id, {});
    expect(none.status).toBe(400);
    expect(none.body.non_field_errors[0]).toMatch(/^Укажите ровно одно/);
    const two = await bulk(id, { contract_zone: 1, contract: 1 });
    expect(two.status).toBe(400);
    const open = await bulk(id, { polygon: { type: 'Polygon', coordinates: [[[103.86, 52.54], [103.88, 52.54], [103.88, 52.55], [103.87, 52.56]]] } });
    expect(open.status).toBe(400);
    expect(open.body['polygon.coordinates.0']).toEqual(['Контур должен быть замкнут: последняя точка равна первой.']);
    const far = await bulk(id, { polygon: { type: 'Polygon', coordinates: [[[200, 52.54], [103.88, 52.54], [103.88, 52.55], [200, 52.54]]] } });
    expect(far.status).toBe(400);
    expect(Object.keys(far.body)[0]).toMatch(/^polygon\.coordinates\.0\.0\.0$/);
    const zone = await bulk(id, { contract_zone: 999999 });
    expect(zone.body).toEqual({ contract_zone: ['Зона деятельности не найдена.'] });
    const contract = await bulk(id, { contract: 999999 });
    expect(contract.body).toEqual({ contract: ['Договор не найден.'] });
    expect((await bulk(999999, { contract_zone: 1 })).status).toBe(404);

    const org = await one<{ id: number }>(`INSERT INTO legal_entity (name, inn) VALUES ('ООО «Заказчик»', '3801009466') RETURNING id`);
    const bound = await createUser(t.pool, 'bulk-bound@test.local', ['schedules:view', 'schedules:change', 'container:view']);
    await t.pool.query('INSERT INTO user_organization (user_id, legal_entity_id) VALUES ($1, $2)', [bound, org.id]);
    expect((await bulk(id, { contract_zone: 1 }, { Authorization: `Bearer ${ts.access(bound)}` })).status).toBe(404);
    const reader = await createUser(t.pool, 'bulk-reader@test.local', ['schedules:view', 'container:view']);
    expect((await bulk(id, { contract_zone: 1 }, { Authorization: `Bearer ${ts.access(reader)}` })).status).toBe(403);
    expect((await api().post(`${SCHEDULES}${id}/sites/bulk/`).send({ contract_zone: 1 })).status).toBe(401);
  });
});
