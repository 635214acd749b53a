/**
 * What is particular to the special, collection, chamber and bulk registries (spec 02 §3, §5,
 * §7): width/length wire names of special and bulk, the collection point's name and single tab,
 * chamber containers with count_containers in the list, the special volume falling back to "0",
 * one kind never answering for another, the `/containers/` sub-list of every type (spec 03 §7),
 * public cards without private fields, and the owner and waste-area suggestions.
 * CRUD, filters, ordering, xlsx and 401/403 of every registry: registries.test.ts.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectionResource, specialResource } from '@tko/contract';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
const api = (path: string) => `/api/waste-area/${path}`;
const point = (i: number) => ({ lat: 52.53 + i * 0.001, lng: 103.88 + i * 0.001 });

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function create(type: string, body: Record<string, unknown>) {
  const res = await request(t.app.server).post(api(`${type}/`)).set(t.auth('admin')).send({ coordinates: point(1), ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, unknown> & { id: number };
}

const column = async (id: number, col: string) => (await t.pool.query(`SELECT ${col}::text AS v FROM waste_area WHERE id = $1`, [id])).rows[0].v;

describe('special sites', () => {
  it('take width/length on the wire and keep them in waste_area_width/length', async () => {
    const site = await create('special', { location: 'Ангарск, 94 квл, 5', width: '4,5', length: 6, area: 27 });
    expect(site).toMatchObject({ width: '4.50', length: '6.00', area: '27.00' });
    expect(site).not.toHaveProperty('waste_area_width');
    expect(site).not.toHaveProperty('waste_area_length');
    expect(await column(site.id, 'waste_area_width')).toBe('4.50');
    expect(await column(site.id, 'waste_area_length')).toBe('6.00');
    expect(await column(site.id, 'kind')).toBe('SPECIALA');
    const patched = await request(t.app.server).patch(api(`special/${site.id}/`)).set(t.auth('admin')).send({ width: 5 });
    expect(patched.body).toMatchObject({ width: '5.00', length: '6.00' });
  });

  it('store a missing, null or empty volume as "0" (spec 02 §5)', async () => {
    expect((await create('special', { location: 'Ангарск, без объёма' })).volume).toBe('0.000');
    expect((await create('special', { location: 'Ангарск, объём null', volume: null })).volume).toBe('0.000');
    const typed = await create('special', { location: 'Ангарск, объём 8', volume: '8' });
    expect(typed.volume).toBe('8.000');
    const cleared = await request(t.app.server).patch(api(`special/${typed.id}/`)).set(t.auth('admin')).send({ volume: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.volume).toBe('0.000');
    const bad = await request(t.app.server).post(api('special/')).set(t.auth('admin')).send({ location: 'x', coordinates: point(2), volume: 'много' });
    expect(bad.status).toBe(400);
    expect(bad.body.volume).toEqual(['Введите правильное число.']);
  });

  it('have no containers, verification flags or container-site type', () => {
    for (const k of ['containers', 'count_containers', 'no_address_in_fias', 'type', 'section_for_kgo', 'waste_area_width']) expect(specialResource.fields).not.toHaveProperty(k);
  });
});

describe('container sites keep their wire names', () => {
  it('answer waste_area_width/length, not width/length', async () => {
    const site = await create('container', { location: 'Ангарск, контейнерная', waste_area_width: 3, waste_area_length: '2.5', width: 99 });
    expect(site).toMatchObject({ waste_area_width: '3.00', waste_area_length: '2.50' });
    expect(site).not.toHaveProperty('width');
  });
});

describe('collection points', () => {
  it('have a name (kept in name_waste_area), only the general tab, no characteristics', async () => {
    expect(collectionResource.tabs.map((tab) => tab.key)).toEqual(['general']);
    expect(Object.values(collectionResource.fields).every((fd) => fd.tab === 'general')).toBe(true);
    const site = await create('collection', { name: 'Пункт приёма «ЭкоПункт»', location: 'Ангарск, 82 квл, 12' });
    expect(site.name).toBe('Пункт приёма «ЭкоПункт»');
    expect(await column(site.id, 'name_waste_area')).toBe('Пункт приёма «ЭкоПункт»');
    for (const k of ['access', 'periodicity', 'arrival_time', 'containers', 'width', 'area']) expect(site).not.toHaveProperty(k);
    const found = await request(t.app.server).get(api('collection/')).query({ search: 'ЭкоПункт' }).set(t.auth('admin'));
    expect(found.body.results.map((r: { id: number }) => r.id)).toEqual([site.id]);
  });
});

describe('chambers', () => {
  it('keep containers, count_containers and volume, and the list answers count_containers', async () => {
    const a = await create('chamber', { location: 'Ангарск, 7 мкр, 10', containers: [{ type: 'STANDARD', volume: '0.75' }, { type: 'STANDARD', volume: 0.75 }] });
    expect(a).toMatchObject({ count_containers: 2, volume: '1.500' });
    const b = await create('chamber', { location: 'Ангарск, 7 мкр, 11', containers: [{ type: 'EURO', volume: 1.1, loading: 'REAR' }] });
    const list = await request(t.app.server).get(api('chamber/')).set(t.auth('admin'));
    expect(Object.keys(list.body)).toEqual(['count', 'count_is_estimate', 'next', 'previous', 'count_containers', 'results']);
    expect(list.body).toMatchObject({ count: 2, count_containers: 3 });
    expect(list.body.results.map((r: { count_containers: number }) => r.count_containers)).toEqual([2, 1]);
    const removed = await request(t.app.server).patch(api(`chamber/${a.id}/`)).set(t.auth('admin'))
      .send({ containers: [{ id: (a.containers as { id: number }[])[0]!.id, fetch_action: 'delete' }], volume: '99' });
    expect(removed.body).toMatchObject({ count_containers: 1, volume: '0.750' });
    expect((await request(t.app.server).get(api('chamber/')).set(t.auth('admin'))).body.count_containers).toBe(2);
    expect(b.count_containers).toBe(1);
  });

  it('the special and bulk lists answer no count_containers', async () => {
    for (const type of ['special', 'bulk', 'collection']) {
      const res = await request(t.app.server).get(api(`${type}/`)).set(t.auth('admin'));
      expect(Object.keys(res.body), type).toEqual(['count', 'count_is_estimate', 'next', 'previous', 'results']);
    }
  });
});

describe('bulk points', () => {
  it('have width/length, section_for_kgo (default NOT_PROVIDED) and the verification flags', async () => {
    const site = await create('bulk', { location: 'с. Савватеевка, Лесная, 1', width: 3, length: 3.5, address_matches_registry: true });
    expect(site).toMatchObject({ width: '3.00', length: '3.50', section_for_kgo: 'NOT_PROVIDED', address_matches_registry: true, fence_matches_registry: false, volume: '0.000' });
    const kgo = await request(t.app.server).patch(api(`bulk/${site.id}/`)).set(t.auth('admin')).send({ section_for_kgo: 'PROVIDED' });
    expect(kgo.body.section_for_kgo).toBe('PROVIDED');
    const filtered = await request(t.app.server).get(api('bulk/')).query({ section_for_kgo: 'PROVIDED' }).set(t.auth('admin'));
    expect(filtered.body.results.map((r: { id: number }) => r.id)).toContain(site.id);
  });
});

describe('kinds are separate registries over one table', () => {
  it('a site of one kind is 404 under another kind, and not in its list', async () => {
    const special = await create('special', { location: 'Ангарск, чужой вид' });
    for (const type of ['container', 'collection', 'chamber', 'bulk']) {
      expect((await request(t.app.server).get(api(`${type}/${special.id}/`)).set(t.auth('admin'))).status, type).toBe(404);
      expect((await request(t.app.server).patch(api(`${type}/${special.id}/`)).set(t.auth('admin')).send({ landmark: 'x' })).status, type).toBe(404);
      expect((await request(t.app.server).delete(api(`${type}/${special.id}/`)).set(t.auth('admin'))).status, type).toBe(404);
      const list = await request(t.app.server).get(api(`${type}/`)).query({ page_size: 500 }).set(t.auth('admin'));
      expect(list.body.results.map((r: { id: number }) => r.id), type).not.toContain(special.id);
    }
    expect(await column(special.id, 'kind')).toBe('SPECIALA');
  });

  it('the public map list shows every kind with its view url', async () => {
    const bulk = await create('bulk', { location: 'На карте' });
    const res = await request(t.app.server).get('/api/public/map/list/');
    expect(res.body.BULK_WASTE_AREA).toContainEqual({ id: bulk.id, url: `/terr-schema/containers/bulk/view/${bulk.id}/`, coordinates: point(1) });
  });
});

describe('GET /api/waste-area/{type}/{id}/containers/', () => {
  it('pages the containers of one chamber', async () => {
    const site = await create('chamber', { location: 'Ангарск, три контейнера', containers: [{ type: 'EURO', volume: 1.1 }, { type: 'BUNKER', volume: 8, loading: 'MULTILIFT' }, { type: 'PLASTIC', volume: 0.24 }] });
    const first = await request(t.app.server).get(api(`chamber/${site.id}/containers/`)).query({ page_size: 2 }).set(t.auth('admin'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 3, previous: null });
    expect(first.body.next).toMatch(new RegExp(`/api/waste-area/chamber/${site.id}/containers/\\?page_size=2&page=2$`));
    expect(first.body.results).toEqual([
      { id: expect.any(Number), type: 'EURO', volume: '1.100', loading: null },
      { id: expect.any(Number), type: 'BUNKER', volume: '8.000', loading: 'MULTILIFT' },
    ]);
    const second = await request(t.app.server).get(api(`chamber/${site.id}/containers/`)).query({ page_size: 2, page: 2 }).set(t.auth('admin'));
    expect(second.body.results.map((c: { type: string }) => c.type)).toEqual(['PLASTIC']);
    expect((await request(t.app.server).get(api(`chamber/${site.id}/containers/`)).query({ page_size: 2, page: 3 }).set(t.auth('admin'))).status).toBe(404);
    expect((await request(t.app.server).get(api(`chamber/${site.id}/containers/`)).query({ page_size: 501 }).set(t.auth('admin'))).status).toBe(400);
  });

  it('answers for all five types, an empty page for kinds without containers', async () => {
    const container = await create('container', { location: 'Ангарск, КП', containers: [{ type: 'EURO', volume: 1.1 }] });
    expect((await request(t.app.server).get(api(`container/${container.id}/containers/`)).set(t.auth('viewer'))).body.count).toBe(1);
    for (const type of ['special', 'collection', 'bulk']) {
      const site = await create(type, { location: `Ангарск, ${type}` });
      const res = await request(t.app.server).get(api(`${type}/${site.id}/containers/`)).set(t.auth('admin'));
      expect(res.body, type).toEqual({ count: 0, next: null, previous: null, results: [] });
    }
  });

  it('404 for an unknown site or a site of another type; 401 and 403', async () => {
    const container = await create('container', { location: 'Ангарск, КП 2' });
    expect((await request(t.app.server).get(api(`chamber/${container.id}/containers/`)).set(t.auth('admin'))).status).toBe(404);
    expect((await request(t.app.server).get(api('chamber/99999999/containers/')).set(t.auth('admin'))).status).toBe(404);
    expect((await request(t.app.server).get(api('chamber/abc/containers/')).set(t.auth('admin'))).status).toBe(404);
    expect((await request(t.app.server).get(api(`container/${container.id}/containers/`))).status).toBe(401);
    expect((await request(t.app.server).get(api(`special/${container.id}/containers/`)).set(t.auth('viewer'))).status).toBe(403);
  });
});

describe('public variants', () => {
  it('list and card of each kind leave out the private fields', async () => {
    for (const type of ['special', 'collection', 'chamber', 'bulk']) {
      const site = await create(type, { location: `Публичная ${type}`, responsible_person: { full_name: 'Сидоров С. С.', phone: '+7 900 000-00-00' } });
      expect(site.responsible_person).toMatchObject({ full_name: 'Сидоров С. С.' });
      expect(site.last_update_person).toBe('Админова Анна');
      const card = await request(t.app.server).get(`/api/public/v1/waste-area/${type}/${site.id}/`);
      expect(card.status, type).toBe(200);
      expect(card.body.location).toBe(`Публичная ${type}`);
      expect(card.body, type).not.toHaveProperty('responsible_person');
      expect(card.body, type).not.toHaveProperty('last_update_person');
      const list = await request(t.app.server).get(`/api/public/v1/waste-area/${type}/`).query({ search: `Публичная ${type}` });
      expect(list.body.results.map((r: { id: number }) => r.id), type).toEqual([site.id]);
      expect(list.body.results[0], type).not.toHaveProperty('responsible_person');
      const other = type === 'special' ? 'bulk' : 'special';
      expect((await request(t.app.server).get(`/api/public/v1/waste-area/${other}/${site.id}/`)).status).toBe(404);
      expect((await request(t.app.server).post(`/api/public/v1/waste-area/${type}/`).send({})).status).toBe(404);
    }
  });
});

describe('GET /api/waste-area/owner-suggestion/', () => {
  let owner: number;
  let closed: number;
  let entrepreneur: number;
  beforeAll(async () => {
    const ins = async (sql: string) => (await t.pool.query(sql)).rows[0].id as number;
    await ins(`INSERT INTO legal_entity (name, inn) VALUES ('АО «Ангарская нефтехимическая компания»', '3801009466') RETURNING id`);
    owner = await ins(`INSERT INTO legal_entity (name, short_name, inn, is_waste_area_owner) VALUES ('Администрация Ангарского городского округа', 'Администрация АГО', '3801131296', true) RETURNING id`);
    closed = await ins(`INSERT INTO legal_entity (name, inn, status) VALUES ('ООО «Ангарский закрытый»', '3801000001', 'CLOSED') RETURNING id`);
    entrepreneur = await ins(`INSERT INTO legal_entity (kind, name, inn) VALUES ('INDIVIDUAL_ENTREPRENEUR', 'ИП Иванов Иван Иванович', '380100000000') RETURNING id`);
  });
  const suggest = (query: Record<string, string | number>, who: 'admin' | 'viewer' | 'nobody' = 'viewer') =>
    request(t.app.server).get(api('owner-suggestion/')).query(query).set(t.auth(who));

  it('finds active owners by name, short name or ИНН, waste-area owners first', async () => {
    const res = await suggest({ search: 'ангарск' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['count', 'next', 'previous', 'results']);
    expect(res.body.results[0]).toEqual({ id: owner, name: 'Администрация Ангарского городского округа', inn: '3801131296' });
    expect(res.body.results.map((r: { id: number }) => r.id)).not.toContain(closed);
    expect((await suggest({ search: '3801131' })).body.results.map((r: { id: number }) => r.id)).toEqual([owner]);
    expect((await suggest({ search: 'АГО' })).body.results.map((r: { id: number }) => r.id)).toEqual([owner]);
    expect((await suggest({ search: 'Иванов' })).body.results.map((r: { id: number }) => r.id)).toEqual([entrepreneur]);
  });

  it('names chosen owners by id, closed ones included, and pages', async () => {
    const byId = await suggest({ id: `${closed},${owner}` });
    expect(byId.body.count).toBe(2);
    expect(byId.body.results.map((r: { id: number }) => r.id).sort()).toEqual([owner, closed].sort());
    const page = await suggest({ page_size: 1 });
    expect(page.body.results).toHaveLength(1);
    expect(page.body.next).toMatch(/page=2/);
  });

  it('answers 400 for bad parameters, 401 without a token, 403 without any waste-area view', async () => {
    expect((await suggest({ id: 'abc' })).status).toBe(400);
    expect((await suggest({ unknown: 1 })).status).toBe(400);
    expect((await request(t.app.server).get(api('owner-suggestion/'))).status).toBe(401);
    expect((await suggest({}, 'nobody')).status).toBe(403);
  });
});

describe('GET /api/waste-area/suggestion/', () => {
  it('offers waste areas of the kinds the user may view, as {id, name, kind, type, identifier}', async () => {
    const special = await create('special', { location: 'Ангарск, подбор 1', identifier: 'ПОДБОР-1' });
    const container = await create('container', { location: 'Ангарск, подбор 2' });
    const all = await request(t.app.server).get(api('suggestion/')).query({ search: 'подбор' }).set(t.auth('admin'));
    expect(all.body.results).toEqual([
      { id: special.id, name: 'Ангарск, подбор 1', kind: 'SPECIALA', type: 'special', identifier: 'ПОДБОР-1' },
      { id: container.id, name: 'Ангарск, подбор 2', kind: 'CONTAINER', type: 'container', identifier: null },
    ]);
    const viewer = await request(t.app.server).get(api('suggestion/')).query({ search: 'подбор' }).set(t.auth('viewer'));
    expect(viewer.body.results.map((r: { id: number }) => r.id)).toEqual([container.id]);
    expect((await request(t.app.server).get(api('suggestion/')).query({ id: String(special.id) }).set(t.auth('admin'))).body.count).toBe(1);
    expect((await request(t.app.server).get(api('suggestion/')).set(t.auth('nobody'))).status).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the particular calls with their parameters', async () => {
    const doc = await request(t.app.server).get('/api/openapi.json');
    expect(doc.status).toBe(200);
    for (const type of ['container', 'special', 'collection', 'chamber', 'bulk']) {
      expect(doc.body.paths, type).toHaveProperty([`/api/waste-area/${type}/{id}/containers/`, 'get']);
      expect(doc.body.paths, type).toHaveProperty([`/api/public/v1/waste-area/${type}/{id}/`, 'get']);
    }
    const owners = doc.body.paths['/api/waste-area/owner-suggestion/'].get;
    expect(owners.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['id', 'page', 'page_size', 'search']);
    expect(doc.body.paths).toHaveProperty(['/api/waste-sources/{id}/waste-areas/', 'get']);
    expect(doc.body.paths).toHaveProperty(['/api/waste-sources/{id}/organizations/', 'get']);
    expect(doc.body.paths).toHaveProperty(['/api/dicts/normative-unit/', 'get']);
  });
});
