/**
 * Container sites: create / read / update / delete, containers with fetch_action, defaults
 * of spec 01 §3, validation (400 per field, in Russian), 401/403 per action, public variant.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';

const PATH = '/api/waste-area/container/';
let t: TestApp;
let zoneId: number;
let operatorId: number;

beforeAll(async () => {
  t = await startTestApp();
  zoneId = (await t.pool.query(`INSERT INTO contract_zone (name) VALUES ('Ангарский городской округ') RETURNING id`)).rows[0].id;
  operatorId = (await t.pool.query(`INSERT INTO legal_entity (name, is_reg_operator) VALUES ('ООО «РТ-НЭО Иркутск»', true) RETURNING id`)).rows[0].id;
});
afterAll(async () => t?.close());

const post = (body: unknown, who: 'admin' | 'viewer' | 'nobody' = 'admin') => request(t.app.server).post(PATH).set(t.auth(who)).send(body as object);

describe('create', () => {
  it('applies the defaults of spec 01 §3, leaves the surveyed facts it was not given empty, and rounds coordinates to 6 decimals', async () => {
    const res = await post(siteBody());
    expect(res.status).toBe(201);
    // Unknown is not compliant: access, base, fence, coverage and roof are not defaulted by the server
    // (the browser's new card pre-fills them for the person to confirm: FieldDef.suggest).
    expect(res.body).toMatchObject({
      status: 'ACTIVE', type: 'OPENED', access: null, platform_basement: null, fence: null, coverage_type: null, has_cover: null,
      section_for_kgo: 'NOT_PROVIDED', arrival_time: '06:00:00', leave_time: '22:00:00',
      coordinates: { lat: 52.546842, lng: 103.870102 }, count_containers: 0, volume: '0.000', containers: [],
      last_update_person: 'Админова Анна',
    });
    expect(typeof res.body.id).toBe('number');
    expect(res.body.last_update_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("accepts coordinates typed as one 'lat, lng' string (spec 01 §5)", async () => {
    const res = await post(siteBody({ coordinates: '52.5, 103.9' }));
    expect(res.status).toBe(201);
    expect(res.body.coordinates).toEqual({ lat: 52.5, lng: 103.9 });
  });

  it('stores every field kind and answers it in the wire shape', async () => {
    const res = await post(siteBody({
      contract_zone: [zoneId], reg_operator: [{ id: operatorId }], owners: [operatorId], management_organization: operatorId,
      structured_address: { city: 'Ангарск', street: 'Набережная', house: '41' },
      responsible_person: [{ full_name: 'Сидоров С. С.', phone: '+7 900 000-00-00' }],
      waste_area_width: '3,5', waste_area_length: 4, area: 14, close_at: null, register_inclusion_decision_date: '2024-02-29',
      periodicity: 'ON_WEEKDAYS', periodicity_on_weekdays: [5, 1, 3, 1], periodicity_on_dates: ['2026-01-09'],
      containers: [{ type: 'EURO', volume: 1.1, loading: 'REAR' }, { type: 'STANDARD', volume: '0.75' }],
      has_cover: true, coordinates_by_muns: '52.546800, 103.870100',
    }));
    expect(res.status).toBe(201);
    const b = res.body;
    expect(b.contract_zone).toEqual({ id: zoneId, name: 'Ангарский городской округ' });
    expect(b.reg_operator).toEqual({ id: operatorId, name: 'ООО «РТ-НЭО Иркутск»' });
    expect(b.management_organization.id).toBe(operatorId);
    expect(b.owners).toEqual([{ id: operatorId, name: 'ООО «РТ-НЭО Иркутск»' }]);
    expect(b.structured_address).toMatchObject({ city: 'Ангарск', house: '41' });
    expect(b.responsible_person).toMatchObject({ full_name: 'Сидоров С. С.' });
    expect(b.waste_area_width).toBe('3.50');
    expect(b.register_inclusion_decision_date).toBe('2024-02-29');
    expect(b.periodicity_on_weekdays).toEqual([1, 3, 5]);
    expect(b.periodicity_on_dates).toEqual(['2026-01-09']);
    expect(b.containers).toHaveLength(2);
    expect(b.containers[0]).toMatchObject({ type: 'EURO', volume: '1.100', loading: 'REAR' });
    expect(b.count_containers).toBe(2);
    expect(b.volume).toBe('1.850');
    expect(b.coordinates_by_muns).toEqual({ lat: 52.5468, lng: 103.8701 });
  });

  it('answers 400 with Russian messages per field, and writes nothing', async () => {
    const before = (await t.pool.query('SELECT count(*)::int AS n FROM waste_area')).rows[0].n;
    const res = await post({ coordinates: '52,5 103', status: 'БОГУС', has_cover: 'да', containers: [{ volume: 'много' }], arrival_time: '25:00' });
    expect(res.status).toBe(400);
    expect(res.body.location).toEqual(['Обязательное поле.']);
    expect(res.body.coordinates[0]).toMatch(/^Введите широту и долготу через запятую/);
    expect(res.body.status[0]).toMatch(/нет среди допустимых вариантов/);
    expect(res.body.has_cover).toEqual(['Должно быть логическим значением.']);
    expect(res.body['containers.0.type']).toEqual(['Обязательное поле.']);
    expect(res.body['containers.0.volume']).toEqual(['Введите правильное число.']);
    expect(res.body.arrival_time[0]).toMatch(/ЧЧ:ММ/);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM waste_area')).rows[0].n).toBe(before);
  });

  it('answers 400 on the field for an unknown referenced id, and rolls back', async () => {
    const before = (await t.pool.query('SELECT count(*)::int AS n FROM waste_area')).rows[0].n;
    const res = await post(siteBody({ contract_zone: 999999, owners: [operatorId, 888888] }));
    expect(res.status).toBe(400);
    expect(res.body.contract_zone[0]).toMatch(/999999/);
    expect(res.body.owners[0]).toMatch(/888888/);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM waste_area')).rows[0].n).toBe(before);
  });

  it('checks the cross-field schedule rules', async () => {
    const res = await post(siteBody({ periodicity: 'ON_MONTHDAYS', arrival_time: '22:00', leave_time: '06:00', status: 'CLOSED' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      periodicity_on_monthdays: ['Укажите числа месяца вывоза.'],
      leave_time: ['Время окончания должно быть позже времени начала.'],
      close_at: ['Обязательное поле.'],
    });
  });
});

describe('read, update, delete', () => {
  it('reads one site, 404 for an unknown or malformed id', async () => {
    const id = (await post(siteBody())).body.id;
    expect((await request(t.app.server).get(`${PATH}${id}/`).set(t.auth('viewer'))).body.id).toBe(id);
    expect((await request(t.app.server).get(`${PATH}99999999/`).set(t.auth('admin'))).status).toBe(404);
    const bad = await request(t.app.server).get(`${PATH}abc/`).set(t.auth('admin'));
    expect(bad.status).toBe(404);
    expect(bad.body.detail).toBe('Страница не найдена.');
  });

  it('PUT changes fields, keeps the rest, and edits containers with fetch_action delete', async () => {
    const created = (await post(siteBody({ containers: [{ type: 'EURO', volume: 1.1 }, { type: 'BUNKER', volume: 8 }], landmark: 'у школы' }))).body;
    const [first, second] = created.containers;
    const res = await request(t.app.server).put(`${PATH}${created.id}/`).set(t.auth('admin')).send({
      ...created,
      location: 'Ангарск, 12 мкр, 5',
      containers: [{ id: first.id, fetch_action: 'delete' }, { id: second.id, volume: '7.5' }, { type: 'PLASTIC', volume: 1.1, loading: 'SIDE' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.location).toBe('Ангарск, 12 мкр, 5');
    expect(res.body.landmark).toBe('у школы');
    expect(res.body.containers.map((c: { type: string; volume: string }) => [c.type, c.volume])).toEqual([['BUNKER', '7.500'], ['PLASTIC', '1.100']]);
    expect(res.body.count_containers).toBe(2);
    expect(res.body.volume).toBe('8.600');
  });

  it('PATCH changes one field; PUT without a required field is 400', async () => {
    const created = (await post(siteBody())).body;
    const res = await request(t.app.server).patch(`${PATH}${created.id}/`).set(t.auth('admin')).send({ has_cover: true });
    expect(res.status).toBe(200);
    expect(res.body.has_cover).toBe(true);
    expect(res.body.location).toBe(created.location);
    const put = await request(t.app.server).put(`${PATH}${created.id}/`).set(t.auth('admin')).send({ has_cover: false });
    expect(put.status).toBe(400);
    expect(put.body.location).toEqual(['Обязательное поле.']);
  });

  it('refuses a container id of another site', async () => {
    const a = (await post(siteBody({ containers: [{ type: 'EURO', volume: 1 }] }))).body;
    const b = (await post(siteBody())).body;
    const res = await request(t.app.server).patch(`${PATH}${b.id}/`).set(t.auth('admin')).send({ containers: [{ id: a.containers[0].id, fetch_action: 'delete' }] });
    expect(res.status).toBe(400);
    expect(res.body['containers.0.id']).toEqual(['Элемент списка с таким идентификатором не найден.']);
    expect((await request(t.app.server).get(`${PATH}${a.id}/`).set(t.auth('admin'))).body.count_containers).toBe(1);
  });

  it('deletes a site with its containers; a second delete is 404', async () => {
    const created = (await post(siteBody({ containers: [{ type: 'EURO', volume: 1 }] }))).body;
    expect((await request(t.app.server).delete(`${PATH}${created.id}/`).set(t.auth('admin'))).status).toBe(204);
    expect((await request(t.app.server).get(`${PATH}${created.id}/`).set(t.auth('admin'))).status).toBe(404);
    expect((await t.pool.query('SELECT count(*)::int AS n FROM waste_area_container WHERE waste_area_id = $1', [created.id])).rows[0].n).toBe(0);
    expect((await request(t.app.server).delete(`${PATH}${created.id}/`).set(t.auth('admin'))).status).toBe(404);
  });
});

describe('permissions', () => {
  it('answers 401 without a token on every call', async () => {
    const server = t.app.server;
    const calls = [
      request(server).get(PATH), request(server).post(PATH).send(siteBody()), request(server).get(`${PATH}1/`),
      request(server).put(`${PATH}1/`).send(siteBody()), request(server).patch(`${PATH}1/`).send({}), request(server).delete(`${PATH}1/`),
      request(server).post(`${PATH}xlsx/`).send({}), request(server).post(`${PATH}search/`).send({}),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });

  it('answers 403 for actions the role lacks', async () => {
    const id = (await post(siteBody())).body.id;
    const server = t.app.server;
    expect((await request(server).get(PATH).set(t.auth('viewer'))).status).toBe(200);
    expect((await request(server).get(PATH).set(t.auth('nobody'))).status).toBe(403);
    expect((await post(siteBody(), 'viewer')).status).toBe(403);
    expect((await request(server).put(`${PATH}${id}/`).set(t.auth('viewer')).send(siteBody())).status).toBe(403);
    expect((await request(server).delete(`${PATH}${id}/`).set(t.auth('viewer'))).status).toBe(403);
    const xlsx = await request(server).post(`${PATH}xlsx/`).set(t.auth('viewer')).send({});
    expect(xlsx.status).toBe(403);
    expect(xlsx.body.detail).toBe('У вас недостаточно прав для выполнения данного действия.');
  });
});

describe('public variant', () => {
  it('lists and reads without a token and leaves out personal data', async () => {
    const created = (await post(siteBody({ responsible_person: { full_name: 'Сидоров С. С.' }, identifier: 'PUB-1' }))).body;
    const list = await request(t.app.server).get('/api/public/v1/waste-area/container/').query({ search: 'PUB-1' });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.results[0]).not.toHaveProperty('responsible_person');
    expect(list.body.results[0]).not.toHaveProperty('last_update_person');
    expect(list.body.results[0].identifier).toBe('PUB-1');
    const card = await request(t.app.server).get(`/api/public/v1/waste-area/container/${created.id}/`);
    expect(card.status).toBe(200);
    expect(card.body).not.toHaveProperty('responsible_person');
    expect(card.body.location).toBe(created.location);
    expect((await request(t.app.server).post('/api/public/v1/waste-area/container/').send(siteBody())).status).toBe(404);
  });
});
