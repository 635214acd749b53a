/**
 * The parametrised test of the read-only registries (`ResourceDef.readOnly`: the pickers'
 * dictionaries, rows kept by migrations and the ОКТМО import), the read half of
 * registries.test.ts: list → every card equal to its row → each text filter finds a row by a
 * piece of its value → every ordering both ways where PostgreSQL puts the values → paging edges
 * → no write route (create, update, delete, xlsx: 404, the row unchanged; a batch transaction:
 * 400 on `resource`) → 401 without a token and, for `viewPermission: 'user'`, 200 for a user
 * holding no permission at all (else 403). A read-only registry added to the contract is covered
 * here with no new test code; it needs at least two rows in the migrated database (the
 * municipal formations get theirs from the real ОКТМО file).
 */
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '@tko/contract';
import { resources } from '@tko/contract';
import { dataDir, importOktmo, OKTMO_FILE } from '@tko/db';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { pgOrder, searchFilter } from './registry-rows';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await importOktmo(t.pool, path.join(dataDir(), OKTMO_FILE));
});
afterAll(async () => t?.close());

const readOnly = resources.filter((d) => d.readOnly);

it('the read-only registries of the contract are the four dictionaries of the pickers', () => {
  expect(readOnly.map((d) => d.path).sort()).toEqual(['/api/dicts/driving-licence-categories/', '/api/dicts/mf/', '/api/dicts/positions/', '/api/dicts/vehicle-models/']);
});

describe.each(readOnly.map((def) => [def.name, def] as const))('%s', (_name, def: ResourceDef) => {
  const base = def.path;
  const reader = () => t.auth(def.viewPermission === 'user' ? 'nobody' : 'admin');
  const list = (query: Record<string, string | number> = {}) => request(t.app.server).get(base).query(query).set(reader());
  /** Every row, 500 a page, following `next`. */
  async function all(query: Record<string, string | number> = {}): Promise<Record<string, unknown>[]> {
    const out: Record<string, unknown>[] = [];
    for (let page = 1; ; page++) {
      const res = await list({ ...query, page_size: 500, page });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      out.push(...res.body.results);
      if (!res.body.next) return out;
    }
  }

  it('lists at least two rows, each with every field, and the card of each equals its row', async () => {
    const rows = await all();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows.slice(0, 25)) {
      expect(Object.keys(row).sort()).toEqual(Object.keys(def.fields).filter((k) => !def.fields[k]!.detailOnly).sort());
      const card = await request(t.app.server).get(`${base}${row.id}/`).set(reader());
      expect(card.status).toBe(200);
      expect(card.body).toMatchObject(row);
    }
    expect((await request(t.app.server).get(`${base}2147483647/`).set(reader())).status).toBe(404);
  });

  it('finds a row by a piece of each text-searched field', async () => {
    const search = searchFilter(def);
    const rows = await all();
    for (const field of search.fields) {
      // The row with the longest value of the field; a piece from its middle (the whole of a short code).
      const row = rows.filter((r) => typeof r[field] === 'string').sort((a, b) => String(b[field]).length - String(a[field]).length)[0]!;
      expect(row, `a row with ${field}`).toBeTruthy();
      const value = row[field] as string;
      const piece = (value.length >= 4 ? value.slice(1, 4) : value).toUpperCase();
      const found = await all({ [search.name]: piece });
      expect(found.map((r) => r.id), `${search.name}=${piece}`).toContain(row.id);
      const lower = piece.toLowerCase();
      expect(found.every((r) => search.fields.some((f) => String(r[f] ?? '').toLowerCase().includes(lower))), 'only matching rows').toBe(true);
    }
  });

  for (const key of def.ordering) {
    it(`orders by ${key} and -${key} as PostgreSQL orders the values`, async () => {
      const rows = (await all()).map((r) => ({ id: r.id as number, value: r[key] }));
      for (const desc of [false, true]) {
        const got = (await all({ ordering: `${desc ? '-' : ''}${key}` })).map((r) => r.id);
        expect(got).toEqual(await pgOrder(t.pool, def.fields[key]!, rows, desc));
      }
    });
  }

  it('orders by its default ordering when none is named', async () => {
    const rows = await all();
    const keys = def.defaultOrdering.split(',');
    expect(rows.map((r) => r.id)).toEqual((await all({ ordering: [...keys, 'id'].join(',') })).map((r) => r.id));
  });

  it('pages: page_size 1, the last page, past the end, bad values, unknown parameters', async () => {
    const first = await list({ page_size: 1 });
    expect(first.body.results).toHaveLength(1);
    expect(first.body.next).toMatch(/page=2/);
    const count = first.body.count as number;
    const last = await list({ page_size: 1, page: count });
    expect(last.status).toBe(200);
    expect(last.body.next).toBeNull();
    expect((await list({ page_size: 1, page: count + 1 })).status).toBe(404);
    expect((await list({ page: 0 })).status).toBe(400);
    expect((await list({ page_size: 501 })).status).toBe(400);
    expect((await list({ no_such_param: 1 })).status).toBe(400);
    expect((await list({ ordering: 'no_such_field' })).body.ordering?.[0]).toMatch(/[а-яё]/i);
  });

  it('has no write route: create, update, delete and xlsx are 404, a batch transaction 400; the row unchanged', async () => {
    const [row] = (await list({ page_size: 1 })).body.results as Record<string, unknown>[];
    const admin = t.auth('admin');
    const body = { name: 'Изменено' };
    for (const res of [
      await request(t.app.server).post(base).set(admin).send(body),
      await request(t.app.server).put(`${base}${row!.id}/`).set(admin).send(body),
      await request(t.app.server).patch(`${base}${row!.id}/`).set(admin).send(body),
      await request(t.app.server).delete(`${base}${row!.id}/`).set(admin),
      await request(t.app.server).post(`${base}xlsx/`).set(admin).send({}),
    ]) expect(res.status).toBe(404);
    const batch = await request(t.app.server).post('/api/transaction/').set(admin).send({ operations: [{ resource: def.name, action: 'update', id: row!.id, data: body }] });
    expect(batch.status).toBe(400);
    expect(JSON.stringify(batch.body)).toContain('только для чтения');
    expect((await request(t.app.server).get(`${base}${row!.id}/`).set(admin)).body).toEqual((await request(t.app.server).get(`${base}${row!.id}/`).set(reader())).body);
    expect((await request(t.app.server).get(`${base}${row!.id}/`).set(admin)).body).toMatchObject(row!);
  });

  it('answers 401 without a token; any signed-in user reads a `viewPermission: user` registry', async () => {
    expect((await request(t.app.server).get(base)).status).toBe(401);
    expect((await request(t.app.server).post(`${base}search/`).send({})).status).toBe(401);
    const nobody = await request(t.app.server).get(base).set(t.auth('nobody'));
    expect(nobody.status).toBe(def.viewPermission === 'user' ? 200 : 403);
    const searched = await request(t.app.server).post(`${base}search/`).set(t.auth('nobody')).send({ page_size: 3 });
    expect(searched.status).toBe(def.viewPermission === 'user' ? 200 : 403);
  });
});
