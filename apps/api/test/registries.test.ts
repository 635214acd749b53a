/**
 * One parametrised test over every registry of the contract (`resources`): create → read →
 * list (each filter, paging edges) → update → xlsx (read back) → search → delete → 401 / 403 /
 * 400, the public variant; every ordering field orders its rows both ways (ascending,
 * descending, nulls and ties as PostgreSQL orders them); a duplicate of a unique field is
 * refused with 400 on that field. Input: each ResourceDef's `example`, varied per row by
 * registry-rows.ts. Every case makes the rows it needs; no case relies on another.
 * A registry added to the contract is covered here with no new test code.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDef, FilterDef, ResourceDef } from '@tko/contract';
import { createSchema, resources } from '@tko/contract';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import type { Slot } from './registry-rows';
import { UNIQUE_FIELDS, UNORDERABLE, driverOf, freshBody, next, pgOrder, searchFilter } from './registry-rows';
import { binary } from './download';

let t: TestApp;

beforeAll(async () => {
  // A long file (every registry × every case): its tokens outlive a slow run on a loaded machine.
  t = await startTestApp({ overrides: { accessTokenLifetime: 3600 } });
});
afterAll(async () => t?.close());


/** Values that compare between what was sent (after the create schema) and what is answered. */
function comparable(fd: FieldDef, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  switch (fd.kind) {
    case 'decimal':
      return Number(v);
    case 'time':
      return String(v).slice(0, 5);
    case 'point': {
      const p = v as { lat: number; lng: number };
      return { lat: Number(p.lat.toFixed(6)), lng: Number(p.lng.toFixed(6)) };
    }
    case 'children':
      return (v as unknown[]).length;
    case 'ref':
    case 'refs':
    case 'computed':
    case 'secret': // write-only: read back as «set or not»
      return undefined;
    default:
      return v;
  }
}

/** A query value for a filter that matches the example row, or null when none can be derived. */
function matchingFilter(name: string, f: FilterDef, row: Record<string, unknown>): Record<string, string> | null {
  switch (f.kind) {
    case 'enum':
    case 'bool': {
      const v = row[f.field];
      return v === null || v === undefined ? null : { [name]: String(v) };
    }
    case 'enum_any': {
      const v = row[f.field] as string[] | undefined;
      return v?.length ? { [name]: v[0]! } : null;
    }
    case 'text': {
      const field = f.fields.find((x) => typeof row[x] === 'string' && (row[x] as string).length >= 3);
      return field ? { [name]: (row[field] as string).slice(1, 6) } : null;
    }
    case 'bbox': {
      const p = row[f.field] as { lat: number; lng: number } | null;
      return p ? { [name]: `${p.lng - 0.01},${p.lat - 0.01},${p.lng + 0.01},${p.lat + 0.01}` } : null;
    }
    case 'radius': {
      const p = row[f.field] as { lat: number; lng: number } | null;
      return p ? { [name]: `${p.lat}, ${p.lng}`, radius: '50' } : null;
    }
    case 'ref': {
      const v = row[f.field] as { id: number } | null;
      return v ? { [name]: String(v.id) } : null;
    }
  }
  return null;
}

/** Users holding every permission but those of one registry, by registry name (tokens). */
const nobodyOfThis: Record<string, string> = {};

// Read-only registries (the pickers' dictionaries) have no writes: registries-read-only.test.ts reads them.
describe.each(resources.filter((d) => !d.readOnly).map((def) => [def.name, def] as const))('%s', (_name, def: ResourceDef) => {
  const base = def.path;
  const admin = () => t.auth('admin');
  const search = searchFilter(def);
  const post = (body: unknown) => request(t.app.server).post(base).set(admin()).send(body as object);
  const tagged = (tag: string, query: Record<string, unknown> = {}) =>
    request(t.app.server).get(base).query({ [search.name]: tag, page_size: 500, ...query }).set(admin());

  /** Creates a fresh row (its own unique values) carrying `tag`; expects 201. */
  async function createRow(tag = `row${next()}x`, overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const res = await post({ ...freshBody(def, tag), ...overrides });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Record<string, unknown>;
  }

  /**
   * Creates a row from `body`; a 400 naming list or date fields other than `keep` (a rule like
   * «periodicity on dates needs the dates», «closed needs the closing date») is answered once
   * by filling them.
   */
  async function createWithRules(body: Record<string, unknown>, keep: string): Promise<request.Response> {
    const res = await post(body);
    if (res.status !== 400) return res;
    const fill: Record<string, unknown> = {};
    for (const k of Object.keys(res.body)) {
      const fd = def.fields[k];
      if (!fd || k === keep || (k in body && body[k] !== null && fd.kind !== 'date')) return res;
      if (fd.kind === 'date') fill[k] = '2026-09-30';
      else if (fd.kind === 'date_list') fill[k] = ['2026-09-30'];
      else if (fd.kind === 'int_list') fill[k] = [fd.range?.[0] ?? 1];
      else if (fd.kind === 'enum_list') fill[k] = [fd.enum!.values[0]];
      else return res;
    }
    return post({ ...body, ...fill });
  }

  it('has an example body and a text filter', () => {
    expect(def.example, `${def.name} needs an example in its ResourceDef`).toBeTruthy();
    expect(search.fields.length).toBeGreaterThan(0);
  });

  it('creates from the example and answers every sent value', async () => {
    const body = freshBody(def, `new${next()}x`);
    const res = await post(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = res.body as Record<string, unknown>;
    const sent = createSchema(def).parse(body) as Record<string, unknown>;
    for (const key of Object.keys(body)) {
      const fd = def.fields[key]!;
      const want = comparable(fd, sent[key]);
      if (want === undefined) continue;
      expect(comparable(fd, created[key]), key).toEqual(want);
    }
    for (const [key, fd] of Object.entries(def.fields)) {
      if (fd.default !== undefined && !(key in body)) expect(comparable(fd, created[key]), `default of ${key}`).toEqual(comparable(fd, fd.default));
    }
  });

  it('reads it back', async () => {
    const created = await createRow();
    const res = await request(t.app.server).get(`${base}${created.id}/`).set(admin());
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(def.fields).sort());
  });

  it('lists it with each filter that matches it', async () => {
    const created = await createRow();
    const all = await request(t.app.server).get(base).set(admin());
    expect(all.status).toBe(200);
    expect(all.body.count).toBeGreaterThanOrEqual(1);
    for (const k of Object.keys(def.aggregates ?? {})) expect(typeof all.body[k]).toBe('number');
    let tried = 0;
    for (const [name, f] of Object.entries(def.filters)) {
      const q = matchingFilter(name, f, created);
      if (!q) continue;
      tried++;
      const res = await request(t.app.server).get(base).query({ ...q, page_size: 500 }).set(admin());
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.results.map((r: { id: number }) => r.id), `filter ${name}=${JSON.stringify(q)}`).toContain(created.id);
    }
    expect(tried).toBeGreaterThan(0);
  });

  it('finds exactly its own rows by the text filter', async () => {
    const tag = `own${next()}x`;
    const a = await createRow(tag);
    const b = await createRow(tag);
    await createRow();
    const res = await tagged(tag);
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((r: { id: number }) => r.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('answers 400 for an unknown value of every filter and for unknown parameters', async () => {
    for (const [name, f] of Object.entries(def.filters)) {
      if (f.kind === 'text') continue;
      const res = await request(t.app.server).get(base).query({ [name]: f.kind === 'ref' ? 'x' : 'НЕТ-ТАКОГО' }).set(admin());
      expect(res.status, name).toBe(400);
      expect(res.body[name], name).toBeInstanceOf(Array);
    }
    expect((await request(t.app.server).get(base).query({ no_such_param: 1 }).set(admin())).status).toBe(400);
  });

  it('answers 400 in Russian for an unknown ordering', async () => {
    const bad = await request(t.app.server).get(base).query({ ordering: 'no_such_field' }).set(admin());
    expect(bad.status).toBe(400);
    expect(bad.body.ordering?.[0]).toMatch(/[а-яё]/i);
  });

  for (const key of def.ordering) {
    const listed = UNORDERABLE[`${def.name}.${key}`];
    if (listed) {
      it.skip(`orders by ${key} (not checked: ${listed})`, () => {});
      continue;
    }
    it(`orders by ${key} and -${key}: each row where PostgreSQL puts its value`, async () => {
      const drv = driverOf(def, key);
      if (drv.kind === 'skip') throw new Error(`${def.name}.${key}: ${drv.reason}; derive values in registry-rows.ts or list it in UNORDERABLE`);
      const fd = def.fields[key]!;
      const tag = `ord${next()}x`;
      const made: Record<string, unknown>[] = [];
      if (drv.kind === 'body') {
        const used: unknown[] = [];
        for (const slot of [0, 1, 2] as Slot[]) {
          const n = next();
          const offers = drv.values(slot, n, tag);
          for (const over of offers) {
            if (offers.length > 1 && used.includes(over[key])) continue;
            const res = await createWithRules({ ...freshBody(def, tag, n), ...over }, key);
            if (offers.length === 1) expect(res.status, `${key}=${JSON.stringify(over)}: ${JSON.stringify(res.body)}`).toBe(201);
            if (res.status !== 201) continue;
            made.push(res.body);
            used.push(over[key]);
            break;
          }
        }
        if (drv.tie) {
          const n = next();
          // The first row's own value, or for a derived one the source of an equal value.
          const over = fd.readOnly ? drv.values(0, n, tag)[0]! : { [key]: made[0]![key] };
          const res = await createWithRules({ ...freshBody(def, tag, n), ...over }, key);
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          made.push(res.body);
        }
        if (drv.nullable) made.push(await createRow(tag, { [key]: null }));
      } else {
        for (let i = 0; i < 3; i++) made.push(await createRow(tag));
        if (drv.kind === 'touch') {
          // Written again in the order 3rd, 1st, 2nd: the stamps no longer follow the ids.
          const textKey = Object.keys(made[0]!).find((k) => typeof made[0]![k] === 'string' && (made[0]![k] as string).startsWith(tag));
          expect(textKey, 'a tagged text to change').toBeTruthy();
          for (const i of [2, 0, 1]) {
            const res = await request(t.app.server).patch(`${base}${made[i]!.id}/`).set(admin()).send({ [textKey!]: `${tag} изменено ${i}` });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
          }
        }
      }
      const list = await tagged(tag, { ordering: key });
      expect(list.status, JSON.stringify(list.body)).toBe(200);
      const ids = made.map((r) => r.id as number);
      expect(list.body.results.map((r: { id: number }) => r.id).sort(), 'the text filter finds exactly the rows made').toEqual([...ids].sort());
      const rows = (list.body.results as Record<string, unknown>[]).map((r) => ({ id: r.id as number, value: r[key] }));
      const distinct = new Set(rows.map((r) => JSON.stringify(r.value)).filter((v) => v !== 'null'));
      const options = fd.kind === 'boolean' ? 2 : fd.enum ? Math.min(3, fd.enum.values.length) : 3;
      expect(distinct.size, `distinct values of ${key}: ${[...distinct].join(', ')}`).toBeGreaterThanOrEqual(options);
      for (const desc of [false, true]) {
        const want = await pgOrder(t.pool, fd, rows, desc);
        const res = desc ? await tagged(tag, { ordering: `-${key}` }) : list;
        expect(res.status).toBe(200);
        expect(res.body.results.map((r: { id: number }) => r.id), `ordering=${desc ? '-' : ''}${key} over ${JSON.stringify(rows)}`).toEqual(want);
      }
      // The data must tell a real ordering from the id order (except where the order is creation).
      if (drv.kind !== 'creation') expect(await pgOrder(t.pool, fd, rows, false), 'values not in id order').not.toEqual([...ids].sort((a, b) => a - b));
    });
  }

  it('pages: page_size 1, the last page, past the end, bad values', async () => {
    await createRow();
    await createRow();
    const first = await request(t.app.server).get(base).query({ page_size: 1 }).set(admin());
    expect(first.body.results).toHaveLength(1);
    expect(first.body.next).toMatch(/page=2/);
    const count = first.body.count as number;
    const last = await request(t.app.server).get(base).query({ page_size: 1, page: count }).set(admin());
    expect(last.status).toBe(200);
    expect(last.body.next).toBeNull();
    expect((await request(t.app.server).get(base).query({ page_size: 1, page: count + 1 }).set(admin())).status).toBe(404);
    expect((await request(t.app.server).get(base).query({ page: 0 }).set(admin())).status).toBe(400);
    expect((await request(t.app.server).get(base).query({ page_size: 501 }).set(admin())).status).toBe(400);
  });

  it('updates with PUT and PATCH', async () => {
    const tag = `upd${next()}x`;
    const body = freshBody(def, tag);
    const created = await createRow(tag, body);
    const textKey = Object.entries(def.fields).find(([k, fd]) => fd.kind === 'text' && !fd.readOnly && !fd.validate && k in body)?.[0];
    const changed = { ...body, ...(textKey ? { [textKey]: `${tag} Изменено` } : {}) };
    const put = await request(t.app.server).put(`${base}${created.id}/`).set(admin()).send(changed);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    if (textKey) expect(put.body[textKey]).toBe(`${tag} Изменено`);
    const patch = await request(t.app.server).patch(`${base}${created.id}/`).set(admin()).send({});
    expect(patch.status).toBe(200);
    if (textKey) expect(patch.body[textKey]).toBe(`${tag} Изменено`);
    const read = await request(t.app.server).get(`${base}${created.id}/`).set(admin());
    if (textKey) expect(read.body[textKey]).toBe(`${tag} Изменено`);
  });

  it('exports to xlsx with a Russian header for every field and one line per row', async () => {
    const tag = `xls${next()}x`;
    await createRow(tag);
    await createRow(tag);
    const res = await request(t.app.server).post(`${base}xlsx/`).set(admin()).send({ [search.name]: tag }).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.values(def.fields).map((fd) => fd.label));
    expect(sheet.rowCount - 1).toBe(2);
    const all = await request(t.app.server).post(`${base}xlsx/`).set(admin()).send({}).buffer(true).parse(binary);
    const wbAll = new ExcelJS.Workbook();
    await wbAll.xlsx.load(all.body as unknown as ArrayBuffer);
    expect(wbAll.worksheets[0]!.rowCount - 1).toBe((await request(t.app.server).get(base).set(admin())).body.count);
  });

  it('searches with filters in the body', async () => {
    const tag = `srch${next()}x`;
    const a = await createRow(tag);
    const list = await request(t.app.server).get(base).set(admin());
    const res = await request(t.app.server).post(`${base}search/`).set(admin()).send({ page_size: 500 });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(list.body.count);
    const one = await request(t.app.server).post(`${base}search/`).set(admin()).send({ [search.name]: tag });
    expect(one.status).toBe(200);
    expect(one.body.results.map((r: { id: number }) => r.id)).toEqual([a.id]);
  });

  for (const key of UNIQUE_FIELDS[def.name] ?? []) {
    it(`refuses a duplicate ${key}: 400 on ${key} in Russian, on create and on update`, async () => {
      const drv = driverOf(def, key);
      const own = (tag: string, slot: Slot) => (drv.kind === 'body' ? drv.values(slot, next(), tag)[0]! : {});
      const tag = `uniq${next()}x`;
      const first = await createRow(tag, own(tag, 0));
      const value = first[key];
      expect(value, `${key} of the first row`).toBeTruthy();
      const dup = await post({ ...freshBody(def, tag), [key]: value });
      expect(dup.status, JSON.stringify(dup.body)).toBe(400);
      expect(dup.body).toEqual({ [key]: [expect.stringMatching(/^[А-ЯЁ].*уже существует/)] });
      expect((await tagged(tag)).body.count, 'the duplicate was not stored').toBe(1);
      const other = await createRow(tag, own(tag, 1));
      const patch = await request(t.app.server).patch(`${base}${other.id}/`).set(admin()).send({ [key]: value });
      expect(patch.status, JSON.stringify(patch.body)).toBe(400);
      expect(patch.body).toEqual({ [key]: [expect.stringMatching(/^[А-ЯЁ].*уже существует/)] });
      expect((await request(t.app.server).get(`${base}${other.id}/`).set(admin())).body[key]).toEqual(other[key]);
    });
  }
  if (!UNIQUE_FIELDS[def.name]) {
    it('accepts the same body twice (no unique field in the migrations)', async () => {
      expect((await post(def.example!)).status).toBe(201);
      const again = await post(def.example!);
      expect(again.status, JSON.stringify(again.body)).toBe(201);
    });
  }

  it('answers 400 per field, in Russian, for a bad body', async () => {
    const required = Object.entries(def.fields).filter(([, fd]) => fd.required && !fd.readOnly).map(([k]) => k);
    const res = await post({});
    if (required.length) {
      expect(res.status).toBe(400);
      for (const k of required) expect(res.body[k], k).toEqual(['Обязательное поле.']);
    } else expect(res.status).toBe(201);
    const enumKey = Object.entries(def.fields).find(([, fd]) => fd.kind === 'enum' && !fd.readOnly)?.[0];
    if (enumKey) {
      const bad = await post({ ...freshBody(def, `bad${next()}x`), [enumKey]: 'НЕТ-ТАКОГО' });
      expect(bad.status).toBe(400);
      expect(bad.body[enumKey][0]).toMatch(/нет среди допустимых вариантов/);
    }
  });

  it('answers 401 without a token and 403 without the permission, before validating the input', async () => {
    const { id } = await createRow();
    const calls = (h: Record<string, string>) => [
      request(t.app.server).get(base).set(h), request(t.app.server).post(base).set(h).send(def.example!),
      request(t.app.server).get(`${base}${id}/`).set(h), request(t.app.server).put(`${base}${id}/`).set(h).send(def.example!),
      request(t.app.server).delete(`${base}${id}/`).set(h), request(t.app.server).post(`${base}xlsx/`).set(h).send({}),
      request(t.app.server).post(`${base}search/`).set(h).send({}),
      // Permission comes before validation: an invalid body or query is still 401 / 403, never 400.
      request(t.app.server).post(base).set(h).send({ id: 'x', [Object.keys(def.fields)[1]!]: { bad: true } }),
      request(t.app.server).patch(`${base}${id}/`).set(h).send([1, 2]),
      request(t.app.server).get(base).query({ ordering: 'no-such-field', page: 'x' }).set(h),
    ];
    for (const res of await Promise.all(calls({}))) expect(res.status).toBe(401);
    if (!nobodyOfThis[def.name]) {
      const others = resources.filter((r) => r.name !== def.name).map((r) => `${r.name}:view`);
      const uid = await createUser(t.pool, `not-${def.name}@test.local`, others);
      const { TokenService } = await import('../src/modules/auth/tokens');
      nobodyOfThis[def.name] = new TokenService(t.config.jwtSecret, 300, 86400).access(uid);
    }
    for (const res of await Promise.all(calls({ Authorization: `Bearer ${nobodyOfThis[def.name]}` }))) expect(res.status).toBe(403);
    expect((await request(t.app.server).get(`${base}${id}/`).set(admin())).status, 'the refused delete kept the row').toBe(200);
  });

  // Only registries with a public variant get this test (no skipped placeholders for the rest).
  if (def.publicPath) it('has a public read-only variant without private fields', async () => {
    const tag = `pub${next()}x`;
    const created = await createRow(tag);
    const list = await request(t.app.server).get(def.publicPath!).query({ [search.name]: tag });
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([created.id]);
    const card = await request(t.app.server).get(`${def.publicPath}${created.id}/`);
    expect(card.status).toBe(200);
    for (const [k, fd] of Object.entries(def.fields)) {
      if (fd.private) {
        expect(card.body).not.toHaveProperty(k);
        expect(list.body.results[0]).not.toHaveProperty(k);
      }
    }
  });

  it('deletes; then the card is 404', async () => {
    const tag = `del${next()}x`;
    const created = await createRow(tag);
    const kept = await createRow(tag);
    expect((await request(t.app.server).delete(`${base}${created.id}/`).set(admin())).status).toBe(204);
    expect((await request(t.app.server).get(`${base}${created.id}/`).set(admin())).status).toBe(404);
    expect((await tagged(tag)).body.results.map((r: { id: number }) => r.id)).toEqual([kept.id]);
  });
});
