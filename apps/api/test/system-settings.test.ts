/**
 * Issue 7 §7–§8 on the API: GET/PUT /api/system-settings/ (spec 03 "System settings": any
 * signed-in user reads, `system-settings:change` writes, 400 by field), the map layers of dumps
 * and facilities (GeoJSON by permission) and the public extent, and the federal dictionaries
 * (ФККО, ОКТМО) refusing writes to anyone but an administrator — also to an operator role that
 * holds the dictionaries' own add/change/delete.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES, appealTerms, resources } from '@tko/contract';
import { writeGuardedPaths } from '../src/plugins/federal-dictionaries';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { TokenService } from '../src/modules/auth/tokens';

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await startTestApp();
  // An ordinary operator: every action on every registry, the federal dictionaries included, but not roles.
  const perms = Object.keys(PERMISSION_RESOURCES).filter((r) => r !== 'users-roles' && r !== 'users').flatMap((r) => PERMISSION_ACTIONS.map((a) => `${r}:${a}`));
  const id = await createUser(t.pool, 'operator@test.local', perms);
  operator = new TokenService(t.config.jwtSecret, t.config.accessTokenLifetime, t.config.refreshTokenLifetime).access(id);
});
afterAll(async () => t?.close());

const asOperator = { Authorization: () => `Bearer ${operator}` };
const S = '/api/system-settings/';

describe('system settings', () => {
  it('reads empty settings for any signed-in user, 401 without a token', async () => {
    const res = await request(t.app.server).get(S).set(t.auth('nobody'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ region: null, center_coordinates: null, map_zoom: null, map_zoom_mini: null, route_periodicity_from: null, radius_filter: null,
      forecast_base_year: null, forecast_growth: [], environmental_charge_rate: null, warm_season_from: '05-01', warm_season_to: '09-30',
      appeal_terms: appealTerms([]), map_style_url: null });
    expect((await request(t.app.server).get(S)).status).toBe(401);
  });

  it('is changed by PUT with system-settings:change; omitted fields keep their value', async () => {
    const body = { region: 'Иркутская область', center_coordinates: { lat: 52.2978, lng: 104.2964 }, map_zoom: 9, map_zoom_mini: 14, route_periodicity_from: '2026-01-01', radius_filter: 500,
      warm_season_from: '04-25', warm_season_to: '10-05' };
    const put = await request(t.app.server).put(S).set(t.auth('admin')).send(body);
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...body, forecast_base_year: null, forecast_growth: [], environmental_charge_rate: null, appeal_terms: appealTerms([]), map_style_url: null });
    // Appeal terms: the named categories change, the others keep theirs (defaults: contract appeal-terms.ts).
    await request(t.app.server).put(S).set(t.auth('admin')).send({ appeal_terms: [{ category: 'DUMP', days: 10, working_days: true }] });
    const terms = (await request(t.app.server).put(S).set(t.auth('admin')).send({ appeal_terms: [{ category: 'BILLING', days: 5, working_days: false }] })).body.appeal_terms;
    expect(terms.find((x: { category: string }) => x.category === 'DUMP')).toEqual({ category: 'DUMP', days: 10, working_days: true });
    expect(terms.find((x: { category: string }) => x.category === 'BILLING')).toEqual({ category: 'BILLING', days: 5, working_days: false });
    expect(terms.find((x: { category: string }) => x.category === 'NOT_COLLECTED')).toEqual({ category: 'NOT_COLLECTED', days: 3, working_days: true });
    const twice = await request(t.app.server).put(S).set(t.auth('admin')).send({ appeal_terms: [{ category: 'DUMP', days: 0, working_days: true }, { category: 'DUMP', days: 1, working_days: true }] });
    expect(twice.status).toBe(400);
    const again = await request(t.app.server).put(S).set(t.auth('admin')).send({ map_zoom: 10, center_coordinates: '52.3, 104.3' });
    expect(again.body).toMatchObject({ region: 'Иркутская область', map_zoom: 10, center_coordinates: { lat: 52.3, lng: 104.3 } });
    expect((await request(t.app.server).get(S).set(t.auth('viewer'))).body.map_zoom).toBe(10);
  });

  it('refuses a PUT without the permission (403) and bad values by field (400)', async () => {
    expect((await request(t.app.server).put(S).set(t.auth('viewer')).send({ map_zoom: 3 })).status).toBe(403);
    const bad = await request(t.app.server).put(S).set(t.auth('admin')).send({ map_zoom: 30, route_periodicity_from: '01.01.2026', warm_season_from: '13-01', warm_season_to: null, extra: 1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(expect.arrayContaining(['map_zoom', 'route_periodicity_from', 'warm_season_from', 'warm_season_to']));
    expect(bad.body.warm_season_from).toEqual(['Укажите день в виде ММ-ДД, например 05-01.']);
    expect((await request(t.app.server).get(S).set(t.auth('admin'))).body.map_zoom).toBe(10);
  });

  it('an external map style URL: validated, named by /api/config/ while no region base map is loaded, its origin allowed by the CSP at once', async () => {
    const config = async () => {
      const res = await request(t.app.server).get('/api/config/');
      return { url: res.body.map_style_url as string | null, connect: /connect-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.trim().split(/\s+/) };
    };
    expect(await config()).toEqual({ url: null, connect: ["'self'"] });
    for (const wrong of ['tiles.example.org/style.json', 'ftp://tiles.example.org/style.json', 'javascript:alert(1)', '']) {
      const bad = await request(t.app.server).put(S).set(t.auth('admin')).send({ map_style_url: wrong, region: 'не записано' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ map_style_url: ['Укажите полный адрес стиля карты, например https://tiles.example.org/styles/basic/style.json.'] });
    }
    expect((await request(t.app.server).get(S).set(t.auth('admin'))).body).toMatchObject({ region: 'Иркутская область', map_style_url: null });
    const url = 'https://tiles.example.org/styles/basic/style.json';
    const put = await request(t.app.server).put(S).set(t.auth('admin')).send({ map_style_url: ` ${url} ` });
    expect(put.status).toBe(200);
    expect(put.body.map_style_url).toBe(url);
    expect(await config()).toEqual({ url, connect: ["'self'", 'https://tiles.example.org'] });
    expect((await request(t.app.server).put(S).set(t.auth('admin')).send({ map_style_url: null })).body.map_style_url).toBeNull();
    expect(await config()).toEqual({ url: null, connect: ["'self'"] });
  });
});

describe('map layers', () => {
  it('answers dumps and facilities as GeoJSON by permission, and the public extent', async () => {
    await t.pool.query(`INSERT INTO waste_dump (location, status, coordinates) VALUES ('Ангарск, свалка у реки', 'DETECTED', ST_SetSRID(ST_MakePoint(103.9, 52.5), 4326))`);
    await t.pool.query(`INSERT INTO waste_management_facility (name, location, status, coordinates) VALUES ('Полигон', 'Ангарск', 'ACTIVE', ST_SetSRID(ST_MakePoint(104.1, 52.6), 4326))`);
    const dumps = await request(t.app.server).get('/api/map/waste-dumps/geojson/').set(t.auth('admin'));
    expect(dumps.status).toBe(200);
    expect(dumps.body.features).toHaveLength(1);
    expect(dumps.body.features[0]).toMatchObject({ geometry: { type: 'Point', coordinates: [103.9, 52.5] }, properties: { status: 'DETECTED' } });
    const facilities = await request(t.app.server).get('/api/map/waste-management-facilities/geojson/').set(t.auth('admin'));
    expect(facilities.body.features[0].properties).toMatchObject({ name: 'Полигон', status: 'ACTIVE' });
    expect((await request(t.app.server).get('/api/map/waste-dumps/geojson/').set(t.auth('viewer'))).status).toBe(403);
    const extent = await request(t.app.server).get('/api/public/v1/map/extent/');
    expect(extent.status).toBe(200);
    expect(extent.body.bbox).toEqual([104.1, 52.6, 104.1, 52.6]);
  });
});

describe('federal dictionaries are read-only but for an administrator', () => {
  it('the guarded paths are derived from the descriptions (ResourceDef.writePermission): ФККО and ОКТМО units', () => {
    expect(writeGuardedPaths()).toEqual([
      { path: '/api/dicts/administrative-unit/', permission: { resource: 'users-roles', action: 'change' } },
      { path: '/api/dicts/fkko/', permission: { resource: 'users-roles', action: 'change' } },
    ].sort((a, b) => resources.findIndex((r) => r.path === a.path) - resources.findIndex((r) => r.path === b.path)));
  });

  it('refuses an operator holding fkko and administrative-unit add/change/delete (403), lets the administrator write', async () => {
    const op = { Authorization: asOperator.Authorization() };
    const fkko = { code: '4 00 000 00 00 0', name: 'Отходы потребления' };
    const refused = await request(t.app.server).post('/api/dicts/fkko/').set(op).send(fkko);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ detail: expect.any(String) });
    const created = await request(t.app.server).post('/api/dicts/fkko/').set(t.auth('admin')).send(fkko);
    expect(created.status).toBe(201);
    expect((await request(t.app.server).get(`/api/dicts/fkko/${created.body.id}/`).set(op)).status).toBe(200);
    expect((await request(t.app.server).patch(`/api/dicts/fkko/${created.body.id}/`).set(op).send({ name: 'Другое' })).status).toBe(403);
    expect((await request(t.app.server).delete(`/api/dicts/fkko/${created.body.id}/`).set(op)).status).toBe(403);

    const unit = (await t.pool.query(`INSERT INTO administrative_unit (code, name) VALUES ('25701000', 'город Иркутск') RETURNING id`)).rows[0].id;
    expect((await request(t.app.server).get(`/api/dicts/administrative-unit/${unit}/`).set(op)).status).toBe(200);
    expect((await request(t.app.server).patch(`/api/dicts/administrative-unit/${unit}/`).set(op).send({ head: 'Иванов' })).status).toBe(403);
    expect((await request(t.app.server).delete(`/api/dicts/administrative-unit/${unit}/`).set(op)).status).toBe(403);
    expect((await request(t.app.server).patch(`/api/dicts/administrative-unit/${unit}/`).set(t.auth('admin')).send({ head: 'Иванов' })).status).toBe(200);
    // Other dictionaries stay writable for the operator.
    expect((await request(t.app.server).post('/api/dicts/contract-zones/').set(op).send({ name: 'Зона 1' })).status).toBe(201);
  });
});
