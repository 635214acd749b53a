/**
 * Operator calls (spec 02 §7 "Legal entities", spec 03 §1): licence and contract zones of an
 * operator / regional operator, 404 without the flag, PUT keeps what it leaves out, 400 per
 * field, permissions on juridical-person, and the public card.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { TokenService } from '../src/modules/auth/tokens';

let t: TestApp;
const ids = { operator: 0, regional: 0, plain: 0, person: 0, entrepreneur: 0 };
const zones = { north: 0, south: 0 };
let viewerToken = '';

beforeAll(async () => {
  t = await startTestApp();
  const q = async (sql: string, params: unknown[] = []) => (await t.pool.query(sql, params)).rows[0].id as number;
  zones.north = await q(`INSERT INTO contract_zone (name) VALUES ('Северная зона') RETURNING id`);
  zones.south = await q(`INSERT INTO contract_zone (name) VALUES ('Южная зона') RETURNING id`);
  ids.operator = await q(`INSERT INTO legal_entity (name, inn, is_operator, license_number, license_issued_by, license_issued_at)
    VALUES ('ООО «Вывоз»', '7707083893', true, '(22)-0001-Т', 'Управление Росприроднадзора по Алтайскому краю', '2019-06-10') RETURNING id`);
  await t.pool.query(`INSERT INTO legal_entity_contract_zone (legal_entity_id, contract_zone_id) VALUES ($1, $2)`, [ids.operator, zones.north]);
  ids.regional = await q(`INSERT INTO legal_entity (name, is_reg_operator) VALUES ('ООО «Региональный оператор»', true) RETURNING id`);
  ids.plain = await q(`INSERT INTO legal_entity (name, is_waste_producer) VALUES ('ООО «Завод»', true) RETURNING id`);
  ids.person = await q(`INSERT INTO legal_entity (kind, name, is_operator) VALUES ('NATURAL_PERSON', 'Иванов И. И.', true) RETURNING id`);
  ids.entrepreneur = await q(`INSERT INTO legal_entity (kind, name, is_operator) VALUES ('INDIVIDUAL_ENTREPRENEUR', 'ИП Петров', true) RETURNING id`);
  const uid = await createUser(t.pool, 'jp-viewer@test.local', ['juridical-person:view']);
  viewerToken = new TokenService(t.config.jwtSecret, 300, 86400).access(uid);
});
afterAll(async () => t?.close());

const admin = () => t.auth('admin');

describe('GET', () => {
  it('answers the licence and contract zones of an operator', async () => {
    const res = await request(t.app.server).get(`/api/operators/${ids.operator}/`).set(admin());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: ids.operator, name: 'ООО «Вывоз»', short_name: null, inn: '7707083893',
      license_number: '(22)-0001-Т', license_issued_by: 'Управление Росприроднадзора по Алтайскому краю', license_issued_at: '2019-06-10',
      contract_zones: [{ id: zones.north, name: 'Северная зона' }], roles: ['OPERATOR'],
    });
  });

  it('is 404 for an entity without the flag, a natural person, a missing id or a bad id', async () => {
    for (const path of [`/api/operators/${ids.plain}/`, `/api/operators/${ids.regional}/`, `/api/operators/${ids.person}/`,
      `/api/operators/999999/`, '/api/operators/abc/', `/api/operators/regional/${ids.operator}/`, `/api/operators/regional/${ids.plain}/`]) {
      expect((await request(t.app.server).get(path).set(admin())).status, path).toBe(404);
    }
  });

  it('answers a regional operator on /api/operators/regional/{id}/ and an entrepreneur operator on /api/operators/{id}/', async () => {
    const reg = await request(t.app.server).get(`/api/operators/regional/${ids.regional}/`).set(admin());
    expect(reg.status).toBe(200);
    expect(reg.body.roles).toEqual(['REG_OPERATOR']);
    const ie = await request(t.app.server).get(`/api/operators/${ids.entrepreneur}/`).set(admin());
    expect(ie.status).toBe(200);
    expect(ie.body.name).toBe('ИП Петров');
  });
});

describe('PUT', () => {
  it('changes the licence and replaces the contract zones; a field left out keeps its value', async () => {
    const res = await request(t.app.server).put(`/api/operators/${ids.operator}/`).set(admin())
      .send({ license_number: '(22)-0002-СТ', license_issued_at: '2024-03-01', contract_zones: [{ id: zones.south }, zones.north] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      license_number: '(22)-0002-СТ', license_issued_at: '2024-03-01', license_issued_by: 'Управление Росприроднадзора по Алтайскому краю',
      contract_zones: [{ id: zones.north, name: 'Северная зона' }, { id: zones.south, name: 'Южная зона' }],
    });
    const card = await request(t.app.server).get(`/api/legal-entities/juridical-person/${ids.operator}/`).set(admin());
    expect(card.body.license_number).toBe('(22)-0002-СТ');
    expect(card.body.contract_zones).toHaveLength(2);
    const cleared = await request(t.app.server).put(`/api/operators/${ids.operator}/`).set(admin()).send({ contract_zones: [] });
    expect(cleared.body.contract_zones).toEqual([]);
    expect(cleared.body.license_number).toBe('(22)-0002-СТ');
  });

  it('updates a regional operator on /api/regional/{id}/ and is 404 there for a plain operator', async () => {
    const res = await request(t.app.server).put(`/api/regional/${ids.regional}/`).set(admin()).send({ license_number: 'РО-22', contract_zones: [zones.south] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ license_number: 'РО-22', contract_zones: [{ id: zones.south, name: 'Южная зона' }] });
    expect((await request(t.app.server).put(`/api/regional/${ids.operator}/`).set(admin()).send({ license_number: 'x' })).status).toBe(404);
    expect((await request(t.app.server).put(`/api/operators/${ids.plain}/`).set(admin()).send({ license_number: 'x' })).status).toBe(404);
    expect((await t.pool.query('SELECT license_number FROM legal_entity WHERE id = $1', [ids.plain])).rows[0].license_number).toBeNull();
  });

  it('answers 400 per field for an unknown zone, a bad date or a wrong type', async () => {
    const res = await request(t.app.server).put(`/api/operators/${ids.operator}/`).set(admin()).send({ license_issued_at: '10.06.2019', contract_zones: ['x'] });
    expect(res.status).toBe(400);
    expect(res.body.license_issued_at[0]).toMatch(/ГГГГ-ММ-ДД/);
    expect(res.body['contract_zones.0'][0]).toMatch(/первичный ключ/);
    const missing = await request(t.app.server).put(`/api/operators/${ids.operator}/`).set(admin()).send({ contract_zones: [999999] });
    expect(missing.status).toBe(400);
    expect(missing.body.contract_zones[0]).toMatch(/не существует/);
  });
});

describe('permissions and the public card', () => {
  it('needs a token (401), juridical-person:view to read and :change to update (403)', async () => {
    expect((await request(t.app.server).get(`/api/operators/${ids.operator}/`)).status).toBe(401);
    expect((await request(t.app.server).get(`/api/operators/${ids.operator}/`).set(t.auth('viewer'))).status).toBe(403);
    const viewer = { Authorization: `Bearer ${viewerToken}` };
    expect((await request(t.app.server).get(`/api/operators/${ids.operator}/`).set(viewer)).status).toBe(200);
    expect((await request(t.app.server).put(`/api/operators/${ids.operator}/`).set(viewer).send({ license_number: 'x' })).status).toBe(403);
    expect((await request(t.app.server).put(`/api/regional/${ids.regional}/`).send({})).status).toBe(401);
  });

  it('shows an operator or a regional operator to anonymous visitors, 404 otherwise', async () => {
    const op = await request(t.app.server).get(`/api/public/v1/operators/${ids.operator}/`);
    expect(op.status).toBe(200);
    expect(op.body.id).toBe(ids.operator);
    expect((await request(t.app.server).get(`/api/public/v1/operators/${ids.regional}/`)).status).toBe(200);
    expect((await request(t.app.server).get(`/api/public/v1/operators/${ids.plain}/`)).status).toBe(404);
  });
});
