/**
 * Change history and system logs (issue 3 §8; spec 03 "System logs"; spec 01 §3
 * params_history): every create, update and delete through the registry routes leaves one
 * change_log row (who, when, registry, object, action, changed fields before/after) written in
 * the transaction of the change — a refused write leaves none, and a history row the database
 * refuses (a CHECK added to this test's own database copy) undoes the change. Read back through
 * GET /api/logs/ (filters, paging, permission), GET {path}{id}/history/ and the card's
 * params_history.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';

const SITES = '/api/waste-area/container/';
const ZONES = '/api/dicts/contract-zones/';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const api = (who: 'admin' | 'viewer' | 'nobody' = 'admin') => ({
  get: (url: string) => request(t.app.server).get(url).set(t.auth(who)),
  post: (url: string, body: object) => request(t.app.server).post(url).set(t.auth(who)).send(body),
  patch: (url: string, body: object) => request(t.app.server).patch(url).set(t.auth(who)).send(body),
  put: (url: string, body: object) => request(t.app.server).put(url).set(t.auth(who)).send(body),
  delete: (url: string) => request(t.app.server).delete(url).set(t.auth(who)),
});
const logsOf = async (resource: string, id: number) =>
  (await t.pool.query(`SELECT action, user_id, user_name, before, after FROM change_log WHERE resource = $1 AND object_id = $2 ORDER BY id`, [resource, id])).rows;
const logCount = async () => (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM change_log')).rows[0]!.n;

describe('what is recorded', () => {
  it('records a create with the non-empty fields, an update with only what changed, a delete with the row as it was', async () => {
    const created = await api().post(SITES, siteBody({ identifier: 'H-1', containers: [{ type: 'EURO', volume: '1.1', loading: 'REAR' }] }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const [create] = await logsOf('container', id);
    expect(create).toMatchObject({ action: 'create', user_id: t.users.admin, user_name: 'Админова Анна', before: null });
    expect(create.after).toMatchObject({
      identifier: 'H-1', location: 'Ангарск, 47 квл, 60 (ул. Набережная, 41)', coordinates: { lat: 52.546842, lng: 103.870102 },
      status: 'ACTIVE', count_containers: 1, volume: '1.100', containers: [{ type: 'EURO', volume: '1.100', loading: 'REAR' }],
    });
    // Stamps, computed fields and empty values are not part of the record.
    for (const k of ['id', 'last_update_at', 'last_update_person', 'created_at', 'params_history', 'photos', 'close_at']) expect(create.after).not.toHaveProperty(k);

    const containerId = created.body.containers[0].id as number;
    await api().patch(`${SITES}${id}/`, { identifier: 'H-1a', containers: [{ id: containerId, volume: '0.75' }] });
    const [, update] = await logsOf('container', id);
    expect(update.action).toBe('update');
    expect(Object.keys(update.after).sort()).toEqual(['containers', 'identifier', 'volume']);
    expect(update.before).toMatchObject({ identifier: 'H-1', volume: '1.100' });
    expect(update.after).toMatchObject({ identifier: 'H-1a', volume: '0.750' });

    // Saving the same values again changes nothing and records nothing.
    const n = await logCount();
    expect((await api().patch(`${SITES}${id}/`, { identifier: 'H-1a' })).status).toBe(200);
    expect(await logCount()).toBe(n);

    expect((await api().delete(`${SITES}${id}/`)).status).toBe(204);
    const del = (await logsOf('container', id)).at(-1);
    expect(del).toMatchObject({ action: 'delete', after: null, before: { identifier: 'H-1a', volume: '0.750' } });
  });

  it('leaves no history when the write is refused', async () => {
    const n = await logCount();
    expect((await api().post(SITES, siteBody({ contract_zone: 999999 }))).status).toBe(400);
    await api().post(ZONES, { name: 'Одна зона' });
    expect((await api().post(ZONES, { name: 'Одна зона' })).status).toBe(400);
    const site = await api().post(SITES, siteBody({ identifier: 'H-2' }));
    expect((await api().patch(`${SITES}${site.body.id}/`, { periodicity: 'ON_WEEKDAYS', periodicity_on_weekdays: [] })).status).toBe(400);
    expect(await logCount()).toBe(n + 2);
  });
});

describe('the history never loses the change, nor the change its history', () => {
  it('undoes a create, an update and a delete whose history row the database refuses', async () => {
    const site = (await api().post(SITES, siteBody({ identifier: 'H-3' }))).body;
    const sites = async () => (await t.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM waste_area')).rows[0]!.n;
    const before = { sites: await sites(), logs: await logCount() };
    await t.pool.query(`ALTER TABLE change_log ADD CONSTRAINT test_refuse_all CHECK (object_id < 0) NOT VALID`);
    try {
      const created = await api().post(SITES, siteBody({ identifier: 'H-3-new' }));
      expect(created.status).toBe(500);
      const updated = await api().patch(`${SITES}${site.id}/`, { identifier: 'H-3-changed' });
      expect(updated.status).toBe(500);
      expect((await api().delete(`${SITES}${site.id}/`)).status).toBe(500);
      const batch = await api().post('/api/transaction/', { operations: [{ resource: 'contract-zones', action: 'create', data: { name: 'Зона без истории' } }] });
      expect(batch.status).toBe(500);
    } finally {
      await t.pool.query('ALTER TABLE change_log DROP CONSTRAINT test_refuse_all');
    }
    expect({ sites: await sites(), logs: await logCount() }).toEqual(before);
    expect((await api().get(`${SITES}${site.id}/`)).body.identifier).toBe('H-3');
    expect((await t.pool.query(`SELECT 1 FROM contract_zone WHERE name = 'Зона без истории'`)).rowCount).toBe(0);
  });
});

describe('history of one object', () => {
  it('answers GET {path}{id}/history/ newest first, paged, also after the object is deleted', async () => {
    const site = (await api().post(SITES, siteBody({ identifier: 'H-4' }))).body;
    await api().patch(`${SITES}${site.id}/`, { identifier: 'H-4a' });
    await api().patch(`${SITES}${site.id}/`, { landmark: 'у школы' });
    const res = await api('viewer').get(`${SITES}${site.id}/history/`);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.results.map((e: { action: string }) => e.action)).toEqual(['update', 'update', 'create']);
    expect(res.body.results[0]).toMatchObject({
      resource: 'container', resource_label: 'Контейнерные площадки', object_id: site.id, fields: ['landmark'],
      before: { landmark: null }, after: { landmark: 'у школы' }, user: { id: t.users.admin, name: 'Админова Анна' }, user_name: 'Админова Анна',
    });
    const page2 = await api().get(`${SITES}${site.id}/history/?page=2&page_size=2`);
    expect(page2.body.results.map((e: { action: string }) => e.action)).toEqual(['create']);
    expect(page2.body.previous).toMatch(/page=1/);
    expect((await api().get(`${SITES}${site.id}/history/?page=3&page_size=2`)).status).toBe(404);
    await api().delete(`${SITES}${site.id}/`);
    expect((await api().get(`${SITES}${site.id}/history/`)).body.count).toBe(4);
  });

  it('works for every registry, needs its view permission, and is 404 for an object that never was', async () => {
    const zone = (await api().post(ZONES, { name: 'Зона с историей' })).body;
    await api().patch(`${ZONES}${zone.id}/`, { description: 'описание' });
    const res = await api().get(`${ZONES}${zone.id}/history/`);
    expect(res.body.results.map((e: { fields: string[] }) => e.fields)).toEqual([['description'], ['name']]);
    expect((await api('viewer').get(`${ZONES}${zone.id}/history/`)).status).toBe(403);
    expect((await request(t.app.server).get(`${ZONES}${zone.id}/history/`)).status).toBe(401);
    expect((await api().get(`${SITES}987654/history/`)).status).toBe(404);
    expect((await api().get(`${SITES}${zone.id}/history/?bogus=1`)).status).toBe(400);
  });

  it('shows the last changes on the container card as params_history (characteristics tab), fresh in the write answer', async () => {
    const site = (await api().post(SITES, siteBody({ identifier: 'H-5' }))).body;
    expect(site.params_history).toHaveLength(1);
    expect(site.params_history[0]).toMatchObject({ action: 'create', user_name: 'Админова Анна', before: null });
    const put = await api().put(`${SITES}${site.id}/`, siteBody({ identifier: 'H-5', has_cover: true, coverage_type: 'CONCRETE' }));
    expect(put.status).toBe(200);
    const last = put.body.params_history[0];
    expect(last).toMatchObject({ action: 'update', fields: ['coverage_type', 'has_cover'], before: { has_cover: null, coverage_type: null }, after: { has_cover: true, coverage_type: 'CONCRETE' } });
    expect(last.title).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}, Админова Анна: изменение — Покрытие, Есть навес \(крыша\)$/);
    const card = await api().get(`${SITES}${site.id}/`);
    expect(card.body.params_history.map((h: { action: string }) => h.action)).toEqual(['update', 'create']);
    const list = await api().get(`${SITES}?search=H-5`);
    expect(list.body.results[0]).not.toHaveProperty('params_history');
    // It names people: the anonymous public card leaves it out.
    const pub = await request(t.app.server).get(`/api/public/v1/waste-area/container/${site.id}/`);
    expect(pub.status).toBe(200);
    expect(pub.body).not.toHaveProperty('params_history');
  });
});

describe('GET /api/logs/', () => {
  it('needs system-logs:view', async () => {
    expect((await request(t.app.server).get('/api/logs/')).status).toBe(401);
    expect((await api('viewer').get('/api/logs/')).status).toBe(403);
    expect((await api().get('/api/logs/')).status).toBe(200);
  });

  it('lists every registry newest first and filters by user, registry, object, action and period', async () => {
    const zone = (await api().post(ZONES, { name: 'Зона для журнала' })).body;
    const site = (await api().post(SITES, siteBody({ identifier: 'H-6' }))).body;
    await api().patch(`${SITES}${site.id}/`, { identifier: 'H-6a' });
    const all = await api().get('/api/logs/?page_size=3');
    expect(all.body.results.map((e: { resource: string; action: string; object_id: number }) => [e.resource, e.action, e.object_id]))
      .toEqual([['container', 'update', site.id], ['container', 'create', site.id], ['contract-zones', 'create', zone.id]]);
    expect(all.body.count).toBe(await logCount());
    expect(all.body.next).toMatch(/page=2/);

    const byObject = await api().get(`/api/logs/?resource=container&object=${site.id}`);
    expect(byObject.body.count).toBe(2);
    const byTwo = await api().get(`/api/logs/?resource=container,contract-zones&action=create&object=${zone.id}`);
    const expected = (await t.pool.query(`SELECT id::int FROM change_log WHERE resource IN ('container', 'contract-zones') AND action = 'create' AND object_id = $1 ORDER BY id DESC`, [zone.id])).rows.map((r) => r.id);
    expect(byTwo.body.results.map((e: { id: number }) => e.id)).toEqual(expected);
    expect(byTwo.body.results.some((e: { resource: string }) => e.resource === 'contract-zones')).toBe(true);
    expect((await api().get(`/api/logs/?resource=contract-zones&action=update&object=${zone.id}`)).body.count).toBe(0);
    expect((await api().get(`/api/logs/?user=${t.users.viewer}`)).body.count).toBe(0);
    expect((await api().get(`/api/logs/?user=${t.users.admin}`)).body.count).toBe(await logCount());

    // Days (UTC) from the log's first entry on: a run across midnight wrote entries on two days.
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const first = (await t.pool.query<{ at: Date }>('SELECT min(created_at) AS at FROM change_log')).rows[0]!.at;
    const beforeFirst = day(first.getTime() - 86400000);
    const today = day(Date.now());
    const tomorrow = day(Date.now() + 86400000);
    expect((await api().get(`/api/logs/?from=${beforeFirst}&to=${tomorrow}`)).body.count).toBe(await logCount());
    expect((await api().get(`/api/logs/?from=${tomorrow}`)).body.count).toBe(0);
    expect((await api().get(`/api/logs/?to=${beforeFirst}`)).body.count).toBe(0);
    expect((await api().get(`/api/logs/?to=${today}`)).body.count).toBe(await logCount());
    const since = encodeURIComponent(new Date(Date.now() + 60000).toISOString());
    expect((await api().get(`/api/logs/?from=${since}`)).body.count).toBe(0);
  });

  it('refuses unknown and malformed parameters (400) and a page past the last (404)', async () => {
    expect((await api().get('/api/logs/?who=1')).body).toEqual({ who: ['Неизвестный параметр.'] });
    expect(Object.keys((await api().get('/api/logs/?from=вчера')).body)).toEqual(['from']);
    expect(Object.keys((await api().get('/api/logs/?user=abc')).body)).toEqual(['user']);
    expect((await api().get('/api/logs/?action=merge')).status).toBe(400);
    expect((await api().get('/api/logs/?page=999')).status).toBe(404);
  });
});

describe('a save that changes nothing', () => {
  it('writes no history for the body the web card sends back unchanged (decimals, blank text, address and person groups)', async () => {
    const created = await api().post(SITES, siteBody({ identifier: 'H-noop', waste_area_width: '1.1', structured_address: { city: 'Ангарск' }, responsible_person: { full_name: 'Иванов И. И.' } }));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const n = await logCount();
    // What the card sends: every address part and person key, blanks as null, the decimal as typed.
    const res = await api().patch(`${SITES}${id}/`, {
      waste_area_width: '1,10', landmark: null, service_mark: null,
      structured_address: { region: null, area: null, city: 'Ангарск', settlement: null, street: null, house: null, block: null, flat: null },
      responsible_person: { full_name: 'Иванов И. И.', position: null, phone: null, email: null },
    });
    expect(res.status).toBe(200);
    expect(await logCount()).toBe(n);
  });
});
