/**
 * What is particular to waste sources (spec 02 §3, §7): the derived normative figures
 * (normative_value × the unit's annual norm, exact numbers), the normative-unit dictionary,
 * the many-to-many link with waste areas seen and written from both cards, the two sub-lists
 * (/organizations/, /waste-areas/), the cadastral number check and the public variant without
 * private fields. CRUD, filters, ordering, xlsx, 401/403 of the registry: registries.test.ts.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

const PATH = '/api/waste-sources/';
let t: TestApp;
let unit: Record<string, number>;
let company: number;
let person: number;

beforeAll(async () => {
  t = await startTestApp();
  unit = Object.fromEntries((await t.pool.query('SELECT code, id FROM normative_unit')).rows.map((r) => [r.code, r.id]));
  company = (await t.pool.query(`INSERT INTO legal_entity (name, short_name, inn) VALUES ('ООО «Управляющая компания Центральная»', 'УК Центральная', '3801234567') RETURNING id`)).rows[0].id;
  person = (await t.pool.query(`INSERT INTO legal_entity (kind, name, inn) VALUES ('NATURAL_PERSON', 'Петрова Мария Ивановна', '380112345678') RETURNING id`)).rows[0].id;
});
afterAll(async () => t?.close());

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Многоквартирный жилой дом', location: 'Ангарск, 177 квл, 2', coordinates: '52.527154, 103.905628', category: 'MULTI_APARTMENT', ...over,
});
const post = async (over: Record<string, unknown> = {}) => {
  const res = await request(t.app.server).post(PATH).set(t.auth('admin')).send(body(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, unknown> & { id: number };
};
const site = async (type: string, location: string) => {
  const res = await request(t.app.server).post(`/api/waste-area/${type}/`).set(t.auth('admin')).send({ location, coordinates: '52.54, 103.88' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
};
const get = async (path: string) => (await request(t.app.server).get(path).set(t.auth('admin'))).body;

describe('normative units dictionary', () => {
  it('GET /api/dicts/normative-unit/ lists the seeded units with code, id and the annual norms', async () => {
    const res = await request(t.app.server).get('/api/dicts/normative-unit/').query({ page_size: 500 }).set(t.auth('admin'));
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(11);
    expect(res.body.results[0]).toMatchObject({ id: unit.MKD_RESIDENT, code: 'MKD_RESIDENT', unit: '1 проживающий', kg_per_unit_year: '413.700', m3_per_unit_year: '2.1000' });
    expect(res.body.results.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['MKD_AREA', 'OFFICE_EMPLOYEE', 'SCHOOL_STUDENT', 'SPORT_PLACE']));
    const search = await request(t.app.server).get('/api/dicts/normative-unit/').query({ search: 'учащийся' }).set(t.auth('admin'));
    expect(search.body.results.map((r: { code: string }) => r.code)).toEqual(['SCHOOL_STUDENT']);
  });
});

describe('derived normative figures', () => {
  it('normative_year_kg / _m3 = normative_value × the unit’s annual norm, 3 decimals', async () => {
    const src = await post({ normative_unit: unit.MKD_RESIDENT, normative_value: 150 });
    expect(src.normative_unit).toEqual({ id: unit.MKD_RESIDENT, name: 'Многоквартирные дома — 1 проживающий' });
    expect(src).toMatchObject({ normative_value: '150.000', normative_year_kg: '62055.000', normative_year_m3: '315.000' });
    const byArea = await request(t.app.server).patch(`${PATH}${src.id}/`).set(t.auth('admin')).send({ normative_unit: unit.MKD_AREA, normative_value: '3520,5' });
    expect(byArea.body).toMatchObject({ normative_value: '3520.500', normative_year_kg: '84069.540', normative_year_m3: '422.460' });
    const list = await request(t.app.server).get(PATH).query({ search: 'Ангарск, 177' }).set(t.auth('admin'));
    expect(list.body.results.find((r: { id: number }) => r.id === src.id)).toMatchObject({ normative_year_kg: '84069.540', normative_year_m3: '422.460' });
  });

  it('follow a change of the unit’s norm, and are null without a unit or a value', async () => {
    const created = await request(t.app.server).post('/api/dicts/normative-unit/').set(t.auth('admin'))
      .send({ code: 'HOSPITAL_BED', name: 'Больницы — 1 койко-место', unit: '1 койко-место', kg_per_unit_year: '200', m3_per_unit_year: '1.1' });
    expect(created.status).toBe(201);
    const src = await post({ category: 'ADMINISTRATIVE', normative_unit: created.body.id, normative_value: '12.5' });
    expect(src).toMatchObject({ normative_year_kg: '2500.000', normative_year_m3: '13.750' });
    await request(t.app.server).patch(`/api/dicts/normative-unit/${created.body.id}/`).set(t.auth('admin')).send({ kg_per_unit_year: 210 });
    expect((await get(`${PATH}${src.id}/`)).normative_year_kg).toBe('2625.000');
    const noValue = await request(t.app.server).patch(`${PATH}${src.id}/`).set(t.auth('admin')).send({ normative_value: null });
    expect(noValue.body).toMatchObject({ normative_year_kg: null, normative_year_m3: null });
    const noUnit = await post({ normative_value: 10 });
    expect(noUnit).toMatchObject({ normative_unit: null, normative_year_kg: null, normative_year_m3: null });
    // A unit in use is not deleted under its sources (409 naming them); once no source uses it, it goes.
    await request(t.app.server).patch(`${PATH}${src.id}/`).set(t.auth('admin')).send({ normative_value: 4 });
    const refused = await request(t.app.server).delete(`/api/dicts/normative-unit/${created.body.id}/`).set(t.auth('admin'));
    expect([refused.status, refused.body.detail]).toEqual([409, expect.stringMatching(/ссылаются .* — 1\./)]);
    expect(await get(`${PATH}${src.id}/`)).toMatchObject({ normative_unit: { id: created.body.id }, normative_year_kg: '840.000' });
    await request(t.app.server).patch(`${PATH}${src.id}/`).set(t.auth('admin')).send({ normative_unit: null });
    expect((await request(t.app.server).delete(`/api/dicts/normative-unit/${created.body.id}/`).set(t.auth('admin'))).status).toBe(204);
    expect(await get(`${PATH}${src.id}/`)).toMatchObject({ normative_unit: null, normative_value: '4.000', normative_year_kg: null });
  });

  it('are read-only and filterable by unit', async () => {
    const src = await post({ normative_unit: unit.SCHOOL_STUDENT, normative_value: 800, normative_year_kg: '1' });
    expect(src.normative_year_kg).toBe('83952.000');
    const res = await request(t.app.server).get(PATH).query({ normative_unit: unit.SCHOOL_STUDENT }).set(t.auth('admin'));
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual([src.id]);
  });
});

describe('links between waste sources and waste areas', () => {
  it('are visible from both cards and updated from either side', async () => {
    const container = await site('container', 'Ангарск, КП у дома 2');
    const special = await site('special', 'Ангарск, площадка КГО');
    const chamber = await site('chamber', 'Ангарск, мусорокамера дома 2');
    const src = await post({ name: 'Дом со ссылками', waste_areas: [container, { id: special }] });
    expect(src.waste_areas).toEqual([
      { id: container, name: 'Ангарск, КП у дома 2' },
      { id: special, name: 'Ангарск, площадка КГО' },
    ]);
    expect((await get(`/api/waste-area/container/${container}/`)).waste_sources).toEqual([{ id: src.id, name: 'Дом со ссылками' }]);
    expect((await get(`/api/waste-area/special/${special}/`)).waste_sources).toEqual([{ id: src.id, name: 'Дом со ссылками' }]);

    // From the site's side: the special site drops the source.
    const unlinked = await request(t.app.server).patch(`/api/waste-area/special/${special}/`).set(t.auth('admin')).send({ waste_sources: [] });
    expect(unlinked.body.waste_sources).toEqual([]);
    expect((await get(`${PATH}${src.id}/`)).waste_areas.map((a: { id: number }) => a.id)).toEqual([container]);

    // From the site's side: the chamber adds it.
    await request(t.app.server).patch(`/api/waste-area/chamber/${chamber}/`).set(t.auth('admin')).send({ waste_sources: [src.id] });
    expect((await get(`${PATH}${src.id}/`)).waste_areas.map((a: { id: number }) => a.id).sort()).toEqual([container, chamber].sort());

    // From the source's side: only the chamber stays.
    const moved = await request(t.app.server).put(`${PATH}${src.id}/`).set(t.auth('admin')).send({ ...body({ name: 'Дом со ссылками' }), waste_areas: [chamber] });
    expect(moved.status).toBe(200);
    expect(moved.body.waste_areas).toEqual([{ id: chamber, name: 'Ангарск, мусорокамера дома 2' }]);
    expect((await get(`/api/waste-area/container/${container}/`)).waste_sources).toEqual([]);
    expect((await get(`/api/waste-area/chamber/${chamber}/`)).waste_sources).toEqual([{ id: src.id, name: 'Дом со ссылками' }]);

    // A PUT that leaves the field out keeps the links; deleting the source removes them.
    const kept = await request(t.app.server).put(`${PATH}${src.id}/`).set(t.auth('admin')).send(body({ name: 'Дом со ссылками' }));
    expect(kept.body.waste_areas.map((a: { id: number }) => a.id)).toEqual([chamber]);
    expect((await request(t.app.server).delete(`${PATH}${src.id}/`).set(t.auth('admin'))).status).toBe(204);
    expect((await get(`/api/waste-area/chamber/${chamber}/`)).waste_sources).toEqual([]);
  });

  it('answer 400 on the field for an unknown id, writing nothing', async () => {
    const res = await request(t.app.server).post(PATH).set(t.auth('admin')).send(body({ name: 'Дом с чужой ссылкой', waste_areas: [99999999] }));
    expect(res.status).toBe(400);
    expect(res.body.waste_areas[0]).toMatch(/99999999/);
    expect((await t.pool.query(`SELECT count(*)::int AS n FROM waste_source WHERE name = 'Дом с чужой ссылкой'`)).rows[0].n).toBe(0);
    const container = await site('container', 'Ангарск, КП без источника');
    const bad = await request(t.app.server).patch(`/api/waste-area/container/${container}/`).set(t.auth('admin')).send({ waste_sources: [88888888] });
    expect(bad.status).toBe(400);
    expect(bad.body.waste_sources[0]).toMatch(/88888888/);
  });

  it('leave the site lists light: waste_sources only in the card', async () => {
    const container = await site('container', 'Ангарск, КП для списка');
    await post({ name: 'Дом для списка', waste_areas: [container] });
    const list = await request(t.app.server).get('/api/waste-area/container/').query({ search: 'КП для списка' }).set(t.auth('admin'));
    expect(list.body.results[0]).not.toHaveProperty('waste_sources');
  });
});

describe('sub-lists of a source', () => {
  it('GET /{id}/waste-areas/ pages the linked areas of every kind, with type and coordinates', async () => {
    const ids = [await site('bulk', 'Б — место без контейнеров'), await site('container', 'А — контейнерная')];
    const src = await post({ name: 'Дом с двумя местами', waste_areas: ids });
    const res = await request(t.app.server).get(`${PATH}${src.id}/waste-areas/`).query({ page: 1, page_size: 500 }).set(t.auth('admin'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 2, next: null, previous: null });
    expect(res.body.results[0]).toEqual({
      id: ids[1], kind: 'CONTAINER', type: 'container', location: 'А — контейнерная', identifier: null, status: 'ACTIVE',
      coordinates: { lat: 52.54, lng: 103.88 }, count_containers: 0, volume: '0.000',
    });
    expect(res.body.results[1]).toMatchObject({ id: ids[0], kind: 'BULK', type: 'bulk' });
    const first = await request(t.app.server).get(`${PATH}${src.id}/waste-areas/`).query({ page_size: 1 }).set(t.auth('admin'));
    expect(first.body.next).toMatch(/page=2/);
    expect((await request(t.app.server).get(`${PATH}${src.id}/waste-areas/`).query({ page_size: 501 }).set(t.auth('admin'))).status).toBe(400);
    expect((await request(t.app.server).get(`${PATH}${src.id}/waste-areas/`).query({ page: 3, page_size: 1 }).set(t.auth('admin'))).status).toBe(404);
  });

  it('GET /{id}/organizations/ pages the organisations, natural persons included', async () => {
    const src = await post({ name: 'Дом с организациями', service_org: company, organizations: [person, company] });
    expect(src.service_org).toEqual({ id: company, name: 'ООО «Управляющая компания Центральная»' });
    const res = await request(t.app.server).get(`${PATH}${src.id}/organizations/`).query({ page_size: 500 }).set(t.auth('admin'));
    expect(res.body).toEqual({
      count: 2, next: null, previous: null,
      results: [
        { id: company, name: 'ООО «Управляющая компания Центральная»', short_name: 'УК Центральная', inn: '3801234567', kind: 'JURIDICAL_PERSON' },
        { id: person, name: 'Петрова Мария Ивановна', short_name: null, inn: '380112345678', kind: 'NATURAL_PERSON' },
      ],
    });
  });

  it('404 for an unknown source, 401 without a token, 403 without waste-sources:view', async () => {
    for (const sub of ['organizations', 'waste-areas']) {
      expect((await request(t.app.server).get(`${PATH}99999999/${sub}/`).set(t.auth('admin'))).status, sub).toBe(404);
      expect((await request(t.app.server).get(`${PATH}1/${sub}/`)).status, sub).toBe(401);
      expect((await request(t.app.server).get(`${PATH}1/${sub}/`).set(t.auth('viewer'))).status, sub).toBe(403);
    }
  });
});

describe('validation', () => {
  it('checks the cadastral number format, the category and counts, in Russian', async () => {
    const res = await request(t.app.server).post(PATH).set(t.auth('admin')).send(body({ cadastral_number: '38-26-1', category: 'ДОМ', number_of_residents: -1 }));
    expect(res.status).toBe(400);
    expect(res.body.cadastral_number).toEqual(['Кадастровый номер вводится в формате АА:ВВ:CCCCCCC:КК, например 38:26:040101:1234.']);
    expect(res.body.category[0]).toMatch(/нет среди допустимых вариантов/);
    expect(res.body.number_of_residents[0]).toMatch(/больше либо равно 0/);
    const none = await request(t.app.server).post(PATH).set(t.auth('admin')).send({});
    expect(none.body).toMatchObject({ name: ['Обязательное поле.'], location: ['Обязательное поле.'], coordinates: ['Обязательное поле.'], category: ['Обязательное поле.'] });
    expect((await post({ cadastral_number: '38:26:0401001:15' })).cadastral_number).toBe('38:26:0401001:15');
  });
});

describe('public variant', () => {
  it('lists and reads sources without the organisations (may name natural persons)', async () => {
    const src = await post({ name: 'Открытый дом', location: 'Ангарск, открытый, 1', organizations: [person] });
    const list = await request(t.app.server).get('/api/public/v1/waste-sources/').query({ search: 'открытый' });
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([src.id]);
    expect(list.body.results[0]).not.toHaveProperty('organizations');
    const card = await request(t.app.server).get(`/api/public/v1/waste-sources/${src.id}/`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ name: 'Открытый дом', category: 'MULTI_APARTMENT' });
    expect(card.body).not.toHaveProperty('organizations');
    expect((await request(t.app.server).get('/api/public/v1/waste-sources/99999999/')).status).toBe(404);
    expect((await request(t.app.server).get(`${PATH}${src.id}/organizations/`)).status).toBe(401);
  });
});
