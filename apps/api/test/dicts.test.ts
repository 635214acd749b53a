/**
 * The read-only dictionaries: /api/dicts/mf/ (ОКТМО section 1 of the real file, page_size 500
 * with next), /api/dicts/vehicle-models/, /api/dicts/positions/ and
 * /api/dicts/driving-licence-categories/ — non-empty, real content, any signed-in user, 401
 * without a token, 400 for bad paging, search.
 */
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoadingType } from '@tko/contract';
import { dataDir, importOktmo, OKTMO_FILE } from '@tko/db';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await importOktmo(t.pool, path.join(dataDir(), OKTMO_FILE));
});
afterAll(async () => t?.close());

/** A user with no permission at all: dictionaries need only a signed-in user. */
const get = (p: string, query: Record<string, string | number> = {}) => request(t.app.server).get(p).query(query).set(t.auth('nobody'));

describe('access', () => {
  it('every dictionary answers any signed-in user and 401 without a token', async () => {
    for (const p of ['/api/dicts/mf/', '/api/dicts/vehicle-models/', '/api/dicts/positions/', '/api/dicts/driving-licence-categories/']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.body.count, p).toBeGreaterThan(0);
      // The registry list's shape: the spec's four keys and whether the count is an estimate (issue 7 §6).
      expect(Object.keys(res.body), p).toEqual(['count', 'count_is_estimate', 'next', 'previous', 'results']);
      expect((await request(t.app.server).get(p)).status, p).toBe(401);
      expect((await get(p, { page_size: 501 })).status, p).toBe(400);
      expect((await get(p, { unknown: 1 })).status, p).toBe(400);
    }
  });
});

describe('/api/dicts/mf/', () => {
  it('lists the 1 143 municipal formations of ОКТМО section 1, 500 a page, following next', async () => {
    const seen: { code: string; level: string }[] = [];
    let url: string | null = '/api/dicts/mf/?page_size=500';
    let pages = 0;
    while (url) {
      const res: request.Response = await request(t.app.server).get(url.replace(/^https?:\/\/[^/]+/, '')).set(t.auth('nobody'));
      expect(res.status).toBe(200);
      seen.push(...res.body.results);
      url = res.body.next;
      pages++;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(1143);
    expect(new Set(seen.map((u) => u.code)).size).toBe(1143);
    expect(seen.every((u) => u.code.length === 8 && u.level !== 'LOCALITY')).toBe(true);
    expect(seen[0]).toEqual({ id: expect.any(Number), code: '01601000', name: 'Алейский муниципальный район', level: 'MUNICIPAL_DISTRICT', area: 'Алейский муниципальный район' });
    expect((await get('/api/dicts/mf/', { page: 4, page_size: 500 })).status).toBe(404);
  });

  it('searches by name or code', async () => {
    const res = await get('/api/dicts/mf/', { search: 'сочи' });
    expect(res.body.results.map((u: { code: string }) => u.code)).toEqual(['03726000']);
    expect((await get('/api/dicts/mf/', { search: '01701000' })).body.results[0].name).toBe('город Барнаул');
  });
});

describe('standard content', () => {
  it('driving-licence categories: the 16 categories and subcategories of ФЗ-196 ст. 25', async () => {
    const res = await get('/api/dicts/driving-licence-categories/', { page_size: 500 });
    expect(res.body.results.map((c: { code: string }) => c.code)).toEqual(['A', 'B', 'C', 'D', 'BE', 'CE', 'DE', 'Tm', 'Tb', 'M', 'A1', 'B1', 'C1', 'D1', 'C1E', 'D1E']);
    const byCode = Object.fromEntries(res.body.results.map((c: { code: string }) => [c.code, c]));
    expect(byCode.C).toMatchObject({ is_subcategory: false, description: expect.stringContaining('превышает 3500 кг') });
    expect(byCode.C1).toMatchObject({ is_subcategory: true, description: expect.stringContaining('не превышает 7500 кг') });
    expect((await get('/api/dicts/driving-licence-categories/', { search: 'трол' })).body.results.map((c: { code: string }) => c.code)).toEqual(['Tb']);
  });

  it('positions of a waste-collection operator, drivers marked', async () => {
    const res = await get('/api/dicts/positions/', { page_size: 500 });
    const byName = Object.fromEntries(res.body.results.map((p: { name: string }) => [p.name, p]));
    for (const name of ['Водитель мусоровоза', 'Водитель-экспедитор', 'Грузчик', 'Диспетчер', 'Механик']) expect(byName, name).toHaveProperty([name]);
    expect(byName['Водитель мусоровоза'].is_driver).toBe(true);
    expect(byName['Грузчик'].is_driver).toBe(false);
    expect(res.body.results.every((p: { description: string }) => p.description.length > 10)).toBe(true);
  });

  it('refuse-truck models: body model on a chassis, loading type and body volume', async () => {
    const res = await get('/api/dicts/vehicle-models/', { page_size: 500 });
    expect(res.body.count).toBeGreaterThanOrEqual(5);
    for (const m of res.body.results) {
      expect(LoadingType.values).toContain(m.loading);
      expect(Number(m.body_m3)).toBeGreaterThan(0);
    }
    const ko440 = res.body.results.find((m: { model: string }) => m.model === 'КО-440-2');
    expect(ko440).toMatchObject({ name: 'КО-440-2 на шасси ГАЗ-3309', make: 'ГАЗ', chassis: 'ГАЗ-3309', loading: 'SIDE', body_m3: '7.50' });
    const kamaz = await get('/api/dicts/vehicle-models/', { search: 'камаз' });
    expect(kamaz.body.count).toBeGreaterThan(0);
    expect(kamaz.body.results.every((m: { make: string }) => m.make === 'КАМАЗ')).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents the dictionaries, the operator calls and the administrative-unit export', async () => {
    const doc = await request(t.app.server).get('/api/openapi.json');
    expect(doc.status).toBe(200);
    const paths = Object.keys(doc.body.paths);
    for (const p of ['/api/dicts/mf/', '/api/dicts/vehicle-models/', '/api/dicts/positions/', '/api/dicts/driving-licence-categories/',
      '/api/dicts/administrative-unit/export/', '/api/public/v1/dicts/administrative-unit/{id}/', '/api/legal-entities/natural-person/{id}/']) {
      expect(paths, p).toContain(p);
    }
    for (const p of ['/api/operators/{id}/', '/api/operators/regional/{id}/', '/api/regional/{id}/', '/api/public/v1/operators/{id}/']) expect(paths, p).toContain(p);
    expect(doc.body.paths['/api/dicts/administrative-unit/export/']).toHaveProperty('get');
    expect(doc.body.paths['/api/dicts/administrative-unit/export/']).toHaveProperty('post');
  });
});
