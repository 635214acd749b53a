/**
 * Addresses (issue 3 §6; spec 01 §5, §7, §8): suggestions and cleaning through the built-in
 * offline provider (pg_trgm over the registry's own addresses and the administrative units),
 * and through a DaData-compatible service — a local fake on 127.0.0.1 speaking DaData's
 * shapes — with its time-out and the fallback to the registry; coordinates rounded to
 * 6 decimals; the Russian refusals of spec 01 §8.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wasteSourceResource } from '@tko/contract';
import { startFakeDadata, SECRET, TOKEN } from './fixtures/fake-dadata';
import type { FakeDadata } from './fixtures/fake-dadata';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';

const SUGGEST = '/api/address/suggest/';
const CLEAN = '/api/address/clean/';
const NO_QUERY = 'Невозможно получить подсказки адреса без параметров запроса.';
const NO_LOCATION = 'Невозможно очистить адрес без строки адреса.';

let t: TestApp;
let site49: { id: number; coordinates: { lat: number; lng: number } };

beforeAll(async () => {
  t = await startTestApp();
  const post = (path: string, body: object) => request(t.app.server).post(path).set(t.auth('admin')).send(body);
  await post('/api/waste-area/container/', siteBody({ identifier: 'A-1' }));
  site49 = (await post('/api/waste-area/container/', siteBody({ identifier: 'A-2', location: 'Ангарск, 49 квл, 12', coordinates: { lat: 52.5412345678, lng: 103.8854321 } }))).body;
  await post('/api/waste-area/container/', siteBody({ identifier: 'A-3', location: 'Ангарск, 49 квл, 4', coordinates: '52.5401, 103.8841' }));
  await post('/api/waste-area/special/', { location: 'Ангарск, 94 квл, у дома 5', coordinates: '52.5201, 103.8501' });
  const src = await post('/api/waste-sources/', wasteSourceResource.example!);
  expect(src.status).toBe(201);
  await t.pool.query(`INSERT INTO administrative_unit (code, name, area) VALUES ('25703000', 'Ангарский городской округ', 'Ангарский городской округ'), ('25703000111', 'поселок Мегет', 'Ангарский городской округ')`);
});
afterAll(async () => t?.close());

const get = (path: string, query: Record<string, string | number>, who: 'admin' | 'viewer' | 'nobody' = 'admin') =>
  request(t.app.server).get(path).query(query).set(t.auth(who));

describe('offline provider (no DADATA_TOKEN)', () => {
  it('suggests known addresses for typed text, 5 by default, distinct, with coordinates of 6 decimals', async () => {
    const res = await get(SUGGEST, { query: 'Ангарск 49 квартал' });
    expect(res.status).toBe(200);
    const values = res.body.suggestions.map((s: { value: string }) => s.value);
    expect(values.slice(0, 2).sort()).toEqual(['Ангарск, 49 квл, 12', 'Ангарск, 49 квл, 4']);
    expect(values.length).toBeLessThanOrEqual(5);
    expect(new Set(values).size).toBe(values.length);
    const s49 = res.body.suggestions.find((s: { value: string }) => s.value === 'Ангарск, 49 квл, 12');
    expect(s49.data).toEqual({ source: 'waste_area', geo_lat: 52.541235, geo_lon: 103.885432 });
  });

  it('suggests from waste sources and administrative units too, and honours count', async () => {
    const src = await get(SUGGEST, { query: 'Ангарск, 177 квл' });
    expect(src.body.suggestions[0]).toMatchObject({ value: 'Ангарск, 177 квл, 2', data: { source: 'waste_source', geo_lat: 52.527154, geo_lon: 103.905628 } });
    const unit = await get(SUGGEST, { query: 'Мегет', count: 2 });
    expect(unit.body.suggestions).toEqual([{ value: 'поселок Мегет', unrestricted_value: 'поселок Мегет, Ангарский городской округ', data: { source: 'administrative_unit', oktmo: '25703000111', area: 'Ангарский городской округ', geo_lat: null, geo_lon: null } }]);
    const two = await get(SUGGEST, { query: 'Ангарск', count: 2 });
    expect(two.body.suggestions).toHaveLength(2);
  });

  it('answers an empty list for text like nothing known', async () => {
    const res = await get(SUGGEST, { query: 'Владивосток, Светланская' });
    expect(res.status).toBe(200);
    expect(res.body.suggestions).toEqual([]);
  });

  it('takes DaData’s own POST body {query, count}', async () => {
    const res = await request(t.app.server).post(SUGGEST).set(t.auth('admin')).send({ query: 'Ангарск 49 кв', count: 1 });
    expect(res.status).toBe(200);
    expect(res.body.suggestions).toHaveLength(1);
  });

  it('cleans an address typed differently into the registry point, rounded to 6 decimals', async () => {
    const res = await get(CLEAN, { location: 'г. Ангарск, 49 квартал, д. 12' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      source: 'г. Ангарск, 49 квартал, д. 12', result: 'Ангарск, 49 квл, 12', geo_lat: site49.coordinates.lat, geo_lon: site49.coordinates.lng,
      qc_geo: null, provider: 'registry', match: { table: 'waste_area' },
    });
    expect(res.body.geo_lat).toBe(52.541235);
    expect(res.body.similarity).toBeGreaterThanOrEqual(0.5);
  });

  it('answers 404 {detail} when nothing is similar enough', async () => {
    const res = await get(CLEAN, { location: 'Москва, Тверская улица, 1' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Адрес не найден: похожих адресов в реестре нет.', code: 'address_not_found' });
  });

  it('refuses a missing or blank query / location with the Russian messages of spec 01 §8', async () => {
    expect((await get(SUGGEST, {})).body).toEqual({ query: [NO_QUERY] });
    expect((await get(SUGGEST, { query: '   ' })).status).toBe(400);
    expect((await request(t.app.server).post(SUGGEST).set(t.auth('admin')).send({})).body).toEqual({ query: [NO_QUERY] });
    const clean = await get(CLEAN, {});
    expect(clean.status).toBe(400);
    expect(clean.body).toEqual({ location: [NO_LOCATION] });
    expect((await get(CLEAN, { location: '' })).body).toEqual({ location: [NO_LOCATION] });
  });

  it('refuses a bad count and an over-long text (400 on the field), and anonymous calls (401)', async () => {
    for (const count of [0, 21, 'пять']) {
      const res = await get(SUGGEST, { query: 'Ангарск', count });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['count']);
    }
    expect((await get(CLEAN, { location: 'а'.repeat(301) })).body).toEqual({ location: ['Не более 300 символов.'] });
    expect((await request(t.app.server).get(SUGGEST).query({ query: 'Ангарск' })).status).toBe(401);
    expect((await request(t.app.server).get(CLEAN).query({ location: 'Ангарск' })).status).toBe(401);
  });

  it('needs view on a registry with addresses (issue 8 §6): 401 anonymous, 403 without, before any validation', async () => {
    const calls = [
      () => request(t.app.server).get(SUGGEST).query({ query: 'Ангарск' }),
      () => request(t.app.server).post(SUGGEST).send({ query: 'Ангарск' }),
      () => request(t.app.server).get(CLEAN).query({ location: 'Ангарск, 49 квл, 12' }),
      () => request(t.app.server).get(SUGGEST).query({ count: 'пять' }),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      const res = await call().set(t.auth('nobody'));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('permission_denied');
    }
    expect((await request(t.app.server).get(SUGGEST).query({ query: 'Ангарск' }).set(t.auth('admin'))).status).toBe(200);
  });

  it('suggests and cleans only from the registries the caller views', async () => {
    const mine = await get(SUGGEST, { query: 'Ангарск 94 квл', count: 20 }, 'admin');
    expect(mine.body.suggestions.map((x: { value: string }) => x.value)).toContain('Ангарск, 94 квл, у дома 5');
    // The viewer holds container:view only: the special site's address is not theirs to see.
    const viewer = await get(SUGGEST, { query: 'Ангарск 94 квл', count: 20 }, 'viewer');
    expect(viewer.status).toBe(200);
    expect(viewer.body.suggestions.map((x: { value: string }) => x.value)).not.toContain('Ангарск, 94 квл, у дома 5');
    expect((await get(CLEAN, { location: 'Ангарск, 94 квл, у дома 5' }, 'admin')).body.result).toBe('Ангарск, 94 квл, у дома 5');
    const cleaned = await get(CLEAN, { location: 'Ангарск, 94 квл, у дома 5' }, 'viewer');
    expect(cleaned.body.result).not.toBe('Ангарск, 94 квл, у дома 5');
  });

  it('answers carry no id of a registry row', async () => {
    const hasId = (v: unknown): boolean => Array.isArray(v) ? v.some(hasId)
      : v !== null && typeof v === 'object' ? Object.entries(v).some(([k, x]) => k === 'id' || k.endsWith('_id') && typeof x === 'number' || hasId(x)) : false;
    const suggest = await get(SUGGEST, { query: 'Ангарск 49', count: 20 });
    expect(suggest.status).toBe(200);
    expect(suggest.body.suggestions.length).toBeGreaterThan(0);
    expect(hasId(suggest.body)).toBe(false);
    const clean = await get(CLEAN, { location: 'Ангарск, 49 квл, 12' });
    expect(clean.status).toBe(200);
    expect(hasId(clean.body)).toBe(false);
    expect(JSON.stringify(clean.body)).not.toContain(`:${site49.id},`);
  });
});

describe('DaData-compatible provider (fake service on 127.0.0.1)', () => {
  let fake: FakeDadata;
  let d: TestApp;

  beforeAll(async () => {
    fake = await startFakeDadata();
    d = await startTestApp({
      overrides: { dadata: { token: TOKEN, secret: SECRET, suggestUrl: `${fake.url}/suggest`, cleanUrl: `${fake.url}/clean`, timeoutMs: 300 } },
    });
    await request(d.app.server).post('/api/waste-area/container/').set(d.auth('admin')).send(siteBody({ location: 'Ангарск, 49 квл, 12', coordinates: '52.54, 103.88' }));
  });
  afterAll(async () => {
    await d?.close();
    await fake?.close();
  });

  const dget = (path: string, query: Record<string, string | number>) => request(d.app.server).get(path).query(query).set(d.auth('admin'));

  it('proxies suggestions: query and count 5 with the token, DaData’s items, coordinates as numbers of 6 decimals', async () => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    const res = await dget(SUGGEST, { query: 'Ленина 1' });
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ path: '/suggest', body: { query: 'Ленина 1', count: 5 }, headers: { authorization: `Token ${TOKEN}`, 'content-type': 'application/json' } });
    expect(fake.requests[0]!.headers['x-secret']).toBeUndefined();
    expect(res.body.suggestions[0]).toEqual({
      value: 'г Иркутск, Ленина 1', unrestricted_value: '664000, Иркутская обл, г Иркутск, Ленина 1',
      data: { region: 'Иркутская', city: 'Иркутск', fias_id: 'f1', source: 'dadata', geo_lat: 52.286403, geo_lon: 104.280747 },
    });
    expect(res.body.suggestions[1].data).toMatchObject({ geo_lat: null, geo_lon: null });
  });

  it('cleans through DaData with token and secret; 404 when DaData has no coordinates', async () => {
    fake.mode = 'ok';
    fake.requests.length = 0;
    const res = await dget(CLEAN, { location: 'ангарск 47 кв 60' });
    expect(res.status).toBe(200);
    expect(fake.requests[0]).toMatchObject({ path: '/clean', body: ['ангарск 47 кв 60'], headers: { authorization: `Token ${TOKEN}`, 'x-secret': SECRET } });
    expect(res.body).toMatchObject({ source: 'ангарск 47 кв 60', result: 'г Ангарск, кв-л 47-й, д 60', geo_lat: 52.546842, geo_lon: 103.870102, qc_geo: 0, provider: 'dadata', postal_code: '665830' });
    expect((await dget(CLEAN, { location: 'нет такого адреса' })).status).toBe(404);
  });

  it('falls back to the registry when the service fails', async () => {
    fake.mode = 'fail';
    const res = await dget(CLEAN, { location: 'Ангарск, 49 квл, 12' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'registry', geo_lat: 52.54, geo_lon: 103.88 });
    const sug = await dget(SUGGEST, { query: 'Ангарск 49' });
    expect(sug.body.suggestions[0].data.source).toBe('waste_area');
  });

  it('gives up on a slow service after ADDRESS_TIMEOUT_MS and answers from the registry', async () => {
    fake.mode = 'slow';
    fake.delayMs = 3000;
    const started = Date.now();
    const res = await dget(SUGGEST, { query: 'Ангарск 49' });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(res.body.suggestions[0].data.source).toBe('waste_area');
    fake.mode = 'ok';
  });
});
