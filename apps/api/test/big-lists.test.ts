/**
 * Big tables (issue 7 §6), on a real PostgreSQL with the exact-count threshold set low (50):
 * exact count below it and the planner's estimate above it, with count_is_estimate; the
 * cached containers total dropped by a write; the deferred-join page answering the same rows
 * as the plain ordered statement for every ordering; keyset (cursor) paging walking every row
 * exactly once in order, NULLs and ties included (and the system log by cursor); the export
 * reading back equal to the list,
 * and the export's join form equal to its per-row form.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '@tko/contract';
import { containerResource } from '@tko/contract';
import { RegistryRepository } from '@tko/db';
import { siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';

const PATH = '/api/waste-area/container/';
const SOURCES = '/api/waste-sources/';
const CONTAINER = containerResource as unknown as ResourceDef;
let t: TestApp;
let before: string | undefined;

/** 16 sites by the API (some without identifier, shared locations, 1–3 containers), copied ×5 by SQL = 80 + 120 sources. */
beforeAll(async () => {
  before = process.env.LIST_EXACT_COUNT_THRESHOLD;
  process.env.LIST_EXACT_COUNT_THRESHOLD = '50';
  t = await startTestApp();
  for (let i = 0; i < 16; i++) {
    const res = await request(t.app.server).post(PATH).set(t.auth('admin')).send(siteBody({
      location: `Ангарск, квартал ${i % 5}`,
      identifier: i % 4 === 0 ? null : `КП-${String(i % 7).padStart(2, '0')}`,
      status: i % 3 ? 'ACTIVE' : 'CLOSED',
      close_at: i % 3 ? null : '2025-12-31',
      containers: Array.from({ length: (i % 3) + 1 }, () => ({ type: 'EURO', volume: 1.1 })),
    }));
    expect(res.status).toBe(201);
  }
  const { rows } = await t.pool.query<{ c: string }>(
    `SELECT string_agg(quote_ident(attname), ', ') AS c FROM pg_attribute WHERE attrelid = 'waste_area'::regclass AND attnum > 0 AND NOT attisdropped AND attname <> 'id'`);
  for (let k = 0; k < 4; k++) await t.pool.query(`INSERT INTO waste_area (${rows[0]!.c}) SELECT ${rows[0]!.c} FROM waste_area WHERE id IN (SELECT id FROM waste_area WHERE kind = 'CONTAINER' ORDER BY id LIMIT 16)`);
  // Some sites without an address: NULLs in the ordering key.
  await t.pool.query(`UPDATE waste_area SET location = NULL WHERE id % 11 = 0`);
  await t.pool.query(`INSERT INTO waste_source (name, location, category) SELECT 'Дом №' || g, 'Ангарск, дом ' || (g % 9), 'HOUSE' FROM generate_series(1, 120) g`);
  await t.pool.query('ANALYZE waste_area; ANALYZE waste_source');
});
afterAll(async () => {
  await t?.close();
  if (before === undefined) delete process.env.LIST_EXACT_COUNT_THRESHOLD;
  else process.env.LIST_EXACT_COUNT_THRESHOLD = before;
});

const get = (path: string, query: Record<string, string | number>) => request(t.app.server).get(path).set(t.auth('admin')).query(query);

/** Every container id in `ordering`, as PostgreSQL orders the plain statement (id breaks ties in the first key's direction). */
async function expectedIds(ordering: string): Promise<number[]> {
  const desc = ordering.startsWith('-');
  const col = ordering.replace(/^-/, '');
  const dir = desc ? 'DESC' : 'ASC';
  const { rows } = await t.pool.query<{ id: number }>(`SELECT id FROM waste_area WHERE kind = 'CONTAINER' ORDER BY ${col === 'id' ? `id ${dir}` : `"${col}" ${dir}, id ${dir}`}`);
  return rows.map((r) => r.id);
}

describe('count', () => {
  it('is exact below the threshold and the planner estimate above it, saying which', async () => {
    const all = await get(SOURCES, { page_size: 10 });
    expect(all.status).toBe(200);
    expect(all.body.count_is_estimate).toBe(true);
    expect(all.body.count).toBeGreaterThan(60);
    expect(all.body.count).toBeLessThan(240);
    expect(all.body.next).toMatch(/page=2/);
    const few = await get(SOURCES, { search: 'дом 3', page_size: 10 });
    expect(few.body.count_is_estimate).toBe(false);
    expect(few.body.count).toBe(14);
  });

  it('a short page makes an estimated count exact; a page with rows is never 404', async () => {
    const last = await get(SOURCES, { page_size: 50, page: 3 });
    expect(last.status).toBe(200);
    expect(last.body.results).toHaveLength(20);
    expect(last.body).toMatchObject({ count: 120, count_is_estimate: false, next: null });
    expect((await get(SOURCES, { page_size: 50, page: 4 })).status).toBe(404);
  });

  it('keeps the containers total exact and drops the cached one on a write', async () => {
    const first = await get(PATH, { page_size: 5 });
    expect(first.body).toMatchObject({ count: 80, count_is_estimate: false, count_containers: 155 });
    expect((await get(PATH, { page_size: 5 })).body.count_containers).toBe(155);
    const created = await request(t.app.server).post(PATH).set(t.auth('admin')).send(siteBody({ containers: [{ type: 'EURO', volume: 1.1 }, { type: 'EURO', volume: 1.1 }] }));
    expect(created.status).toBe(201);
    expect((await get(PATH, { page_size: 5 })).body).toMatchObject({ count: 81, count_containers: 157 });
    await request(t.app.server).delete(`${PATH}${created.body.id}/`).set(t.auth('admin')).expect(204);
    expect((await get(PATH, { page_size: 5 })).body).toMatchObject({ count: 80, count_containers: 155 });
  });
});

const ORDERINGS = CONTAINER.ordering.flatMap((o) => [o, `-${o}`]);

describe('deferred join', () => {
  it.each(ORDERINGS)('pages ordered by %s hold the same rows as the plain ordered statement', async (ordering) => {
    const want = await expectedIds(ordering);
    const got: number[] = [];
    for (let page = 1; got.length < want.length; page++) {
      const res = await get(PATH, { ordering, page, page_size: 7 });
      expect(res.status).toBe(200);
      got.push(...res.body.results.map((r: { id: number }) => r.id));
    }
    expect(got).toEqual(want);
  });

  it('the text search sorts its matches and builds the rows of the page', async () => {
    const res = await get(PATH, { search: 'квартал 3', ordering: '-location', page_size: 100 });
    const { rows } = await t.pool.query<{ id: number }>(`SELECT id FROM waste_area WHERE kind = 'CONTAINER' AND location ILIKE '%квартал 3%' ORDER BY location DESC, id DESC`);
    expect(res.body.results.map((r: { id: number }) => r.id)).toEqual(rows.map((r) => r.id));
    expect(res.body.results[0].location).toMatch(/квартал 3/);
  });
});

describe('keyset paging', () => {
  it.each(['location', '-location', '-identifier', 'status', '-count_containers', 'id'])('walks every row once in %s order', async (ordering) => {
    const want = await expectedIds(ordering);
    const got: number[] = [];
    let res = await get(PATH, { ordering, cursor: '', page_size: 9 });
    for (let i = 0; i < 20; i++) {
      expect(res.status).toBe(200);
      expect(res.body.previous).toBeNull();
      got.push(...res.body.results.map((r: { id: number }) => r.id));
      if (!res.body.next) break;
      const next = new URL(res.body.next as string);
      expect(next.searchParams.get('page')).toBeNull();
      res = await request(t.app.server).get(`${next.pathname}${next.search}`).set(t.auth('admin'));
    }
    expect(got).toEqual(want);
  });

  it('walks the system log newest first by cursor, every entry once', async () => {
    const { rows } = await t.pool.query<{ id: number }>('SELECT id FROM change_log ORDER BY id DESC');
    expect(rows.length).toBeGreaterThan(16);
    const got: number[] = [];
    let res = await get('/api/logs/', { cursor: '', page_size: 7 });
    expect(typeof res.body.count_is_estimate).toBe('boolean');
    for (let i = 0; i < 50; i++) {
      expect(res.status).toBe(200);
      got.push(...res.body.results.map((r: { id: number }) => r.id));
      if (!res.body.next) break;
      const next = new URL(res.body.next as string);
      res = await request(t.app.server).get(`${next.pathname}${next.search}`).set(t.auth('admin'));
    }
    expect(got).toEqual(rows.map((r) => r.id));
  });

  it('refuses a cursor it did not write with 400 on the field', async () => {
    const res = await get(PATH, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ cursor: ['Неверный курсор.'] });
  });
});

describe('export', () => {
  it('reads back equal to the list, in its order', async () => {
    const ids = (await get(PATH, { ordering: '-identifier', page_size: 500 })).body.results.map((r: { id: number }) => r.id);
    const res = await request(t.app.server).post(`${PATH}xlsx/`).set(t.auth('admin')).send({ ordering: ['-identifier'] })
      .buffer(true).parse((r, cb) => {
        const parts: Buffer[] = [];
        r.on('data', (c: Buffer) => parts.push(c));
        r.on('end', () => cb(null, Buffer.concat(parts)));
      });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(ids.length + 1);
    const col = (sheet.getRow(1).values as unknown[]).indexOf('ID');
    const got = Array.from({ length: ids.length }, (_, i) => sheet.getRow(i + 2).getCell(col).value);
    expect(got).toEqual(ids);
  });

  it('the join form of a big export answers the rows of the per-row form', async () => {
    const repo = new RegistryRepository(t.pool, CONTAINER);
    const read = async (joins: boolean) => {
      const out: Record<string, unknown>[] = [];
      for await (const rows of repo.stream({ ordering: ['location'] }, { joins, batchSize: 17 })) out.push(...rows);
      return out;
    };
    const joined = await read(true);
    expect(joined).toHaveLength(80);
    expect(joined).toEqual(await read(false));
  });
});
