/**
 * The container-site list: each filter, ordering, paging edges, count and count_containers,
 * POST search, and 400 (never 500) for unknown parameters and values.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';

const PATH = '/api/waste-area/container/';
let t: TestApp;
let zoneA: number;
let zoneB: number;
let operator: number;

/** 12 sites in Angarsk: 3 closed, 4 with a cover, zone A/B alternating, 1 or 2 containers. */
beforeAll(async () => {
  t = await startTestApp();
  zoneA = (await t.pool.query(`INSERT INTO contract_zone (name) VALUES ('Зона А') RETURNING id`)).rows[0].id;
  zoneB = (await t.pool.query(`INSERT INTO contract_zone (name) VALUES ('Зона Б') RETURNING id`)).rows[0].id;
  operator = (await t.pool.query(`INSERT INTO legal_entity (name) VALUES ('Регоператор') RETURNING id`)).rows[0].id;
  for (let i = 0; i < 12; i++) {
    const res = await request(t.app.server).post(PATH).set(t.auth('admin')).send(siteBody({
      location: `Ангарск, ${String.fromCharCode(1040 + i)} квартал, ${i}`,
      identifier: `ID-${String(i).padStart(2, '0')}`,
      registry_number: i === 5 ? 'РЕЕСТР-777' : null,
      landmark: i === 7 ? 'возле гаражей' : null,
      coordinates: { lat: 52.5 + i * 0.01, lng: 103.8 + i * 0.01 },
      status: i < 3 ? 'CLOSED' : 'ACTIVE',
      close_at: i < 3 ? '2025-12-31' : null,
      has_cover: i % 3 === 0,
      contract_zone: i % 2 ? zoneB : zoneA,
      reg_operator: i === 4 ? operator : null,
      remoteness: i === 1 ? 'FAR' : 'NEAR',
      periodicity: i === 2 ? 'DAILY' : 'ON_MONTHDAYS',
      periodicity_on_monthdays: i === 2 ? [] : [1, 15],
      access: i === 3 ? 'LIMITED' : 'FREE',
      location_needs_checking: i === 6,
      coordinates_needs_checking: i === 8,
      type: i === 9 ? 'CLOSED' : 'OPENED',
      containers: Array.from({ length: i % 2 ? 2 : 1 }, () => ({ type: 'EURO', volume: 1.1 })),
    }));
    expect(res.status).toBe(201);
  }
});
afterAll(async () => t?.close());

const list = (query: Record<string, string | number>) => request(t.app.server).get(PATH).set(t.auth('viewer')).query(query);

describe('list answer', () => {
  it('answers {count, count_containers, next, previous, results} ordered by location', async () => {
    const res = await list({ page_size: 5 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['count', 'count_is_estimate', 'next', 'previous', 'count_containers', 'results']);
    expect(res.body.count).toBe(12);
    expect(res.body.count_containers).toBe(18);
    expect(res.body.results).toHaveLength(5);
    expect(res.body.previous).toBeNull();
    expect(res.body.next).toMatch(/page=2/);
    expect(res.body.results[0].identifier).toBe('ID-00');
    expect(res.body.results[0]).not.toHaveProperty('containers');
  });

  it('pages to the end and answers 404 past it', async () => {
    const last = await list({ page_size: 5, page: 3 });
    expect(last.body.results).toHaveLength(2);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toMatch(/page=2/);
    const past = await list({ page_size: 5, page: 4 });
    expect(past.status).toBe(404);
    expect(past.body.detail).toBe('Неправильная страница.');
  });

  it('refuses bad paging with 400', async () => {
    for (const q of [{ page: 0 }, { page: 'x' }, { page_size: 501 }, { page_size: -1 }]) {
      const res = await list(q as unknown as Record<string, string | number>);
      expect(res.status, JSON.stringify(q)).toBe(400);
    }
  });
});

describe('filters', () => {
  const ids = (res: request.Response) => res.body.results.map((r: { identifier: string }) => r.identifier);
  const cases: [string, Record<string, string | number>, number][] = [
    ['status', { status: 'CLOSED' }, 3],
    ['status list', { status: 'CLOSED,ACTIVE' }, 12],
    ['type', { type: 'CLOSED' }, 1],
    ['remoteness', { remoteness: 'FAR' }, 1],
    ['periodicity', { periodicity: 'DAILY' }, 1],
    ['access', { access: 'LIMITED' }, 1],
    ['has_cover true', { has_cover: 'true' }, 4],
    ['has_cover false', { has_cover: 'false' }, 8],
    ['location_needs_checking', { location_needs_checking: 'true' }, 1],
    ['coordinates_needs_checking', { coordinates_needs_checking: 'true' }, 1],
    ['search by identifier', { search: 'id-05' }, 1],
    ['search by registry number', { search: 'реестр-777' }, 1],
    ['search by landmark', { search: 'гараж' }, 1],
    ['search by location', { search: 'Б квартал' }, 1],
    ['search with LIKE wildcards is literal', { search: '%' }, 0],
    ['bbox', { in_bbox: '103.795,52.495,103.825,52.525' }, 3],
    ['radius 800 m', { near: '52.5, 103.8', radius: 800 }, 1],
    ['radius 2 km', { near: '52.5, 103.8', radius: 2000 }, 2],
  ];
  it.each(cases)('%s', async (_name, q, expected) => {
    const res = await list(q);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(expected);
  });

  it('contract_zone and reg_operator by id, alone and in a list', async () => {
    expect((await list({ contract_zone: zoneA })).body.count).toBe(6);
    expect((await list({ contract_zone: `${zoneA},${zoneB}` })).body.count).toBe(12);
    expect((await list({ reg_operator: operator })).body.count).toBe(1);
  });

  it('combines filters with AND and sums the containers of the filtered rows only', async () => {
    const res = await list({ contract_zone: zoneB, status: 'ACTIVE' });
    expect(ids(res)).toEqual(['ID-03', 'ID-05', 'ID-07', 'ID-09', 'ID-11']);
    expect(res.body.count_containers).toBe(10);
  });

  it('answers 400 for unknown parameters and values, never 500', async () => {
    const bad: [Record<string, string>, string][] = [
      [{ status: 'NOPE' }, 'status'], [{ has_cover: 'maybe' }, 'has_cover'], [{ contract_zone: 'abc' }, 'contract_zone'],
      [{ in_bbox: '1,2,3' }, 'in_bbox'], [{ near: 'abc' }, 'near'], [{ radius: '-5' }, 'radius'],
      [{ ordering: 'password' }, 'ordering'], [{ colour: 'red' }, 'colour'],
    ];
    for (const [q, field] of bad) {
      const res = await list(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect(res.body[field], JSON.stringify(res.body)).toBeInstanceOf(Array);
      expect(typeof res.body[field][0]).toBe('string');
    }
  });
});

describe('ordering', () => {
  const first = async (ordering: string) => (await list({ ordering, page_size: 1 })).body.results[0];
  it.each([
    ['location', 'ID-00'], ['-location', 'ID-11'], ['identifier', 'ID-00'], ['-identifier', 'ID-11'],
    ['-count_containers,identifier', 'ID-01'], ['status,identifier', 'ID-03'], ['-status,identifier', 'ID-00'],
    ['id', 'ID-00'], ['-id', 'ID-11'], ['-registry_number,identifier', 'ID-00'],
  ])('%s', async (ordering, expected) => {
    expect((await first(ordering)).identifier).toBe(expected);
  });
});

describe('POST search', () => {
  it('takes the filters in the body and answers like the list', async () => {
    const res = await request(t.app.server).post(`${PATH}search/`).set(t.auth('viewer')).send({ status: ['ACTIVE'], has_cover: true, ordering: ['-identifier'], page_size: 2 });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.results.map((r: { identifier: string }) => r.identifier)).toEqual(['ID-09', 'ID-06']);
    expect(res.body.count_containers).toBe(5);
  });

  it('answers 400 for a bad body', async () => {
    const res = await request(t.app.server).post(`${PATH}search/`).set(t.auth('viewer')).send({ status: [1] });
    expect(res.status).toBe(400);
    expect(res.body.status).toBeDefined();
  });
});
