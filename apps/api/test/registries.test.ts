/**
 * One parametrised test over every registry of the contract (`resources`): create → read →
 * list (each filter, each ordering, paging edges) → update → xlsx (read back) → search →
 * delete → 401 / 403 / 400, and the public variant. Input: each ResourceDef's `example`.
 * A registry added to the contract is covered here with no new test code.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDef, FilterDef, ResourceDef } from '@tko/contract';
import { createSchema, resources } from '@tko/contract';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
let nobodyOfThis: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

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
      return undefined;
    default:
      return v;
  }
}

/** A query value for a filter that matches the example row, or null when none can be derived. */
function matchingFilter(def: ResourceDef, name: string, f: FilterDef, row: Record<string, unknown>): Record<string, string> | null {
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
  void def;
  return null;
}

/** The example with its free text values made distinct (unique keys), `n` = copy number. */
function variant(def: ResourceDef, n: number): Record<string, unknown> {
  if (def.exampleVariant) return def.exampleVariant(n);
  const out: Record<string, unknown> = { ...def.example! };
  for (const [k, v] of Object.entries(out)) {
    const fd = def.fields[k];
    if (fd && (fd.kind === 'text' || fd.kind === 'longtext') && !fd.validate && typeof v === 'string') out[k] = `${v} ${n}`;
  }
  return out;
}

describe.each(resources.map((def) => [def.name, def] as const))('%s', (_name, def) => {
  const base = def.path;
  let created: Record<string, unknown>;
  const admin = () => t.auth('admin');

  it('has an example body', () => {
    expect(def.example, `${def.name} needs an example in its ResourceDef`).toBeTruthy();
  });

  it('creates from the example and answers every sent value', async () => {
    const res = await request(t.app.server).post(base).set(admin()).send(def.example!);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    created = res.body;
    const sent = createSchema(def).parse(def.example) as Record<string, unknown>;
    for (const key of Object.keys(def.example!)) {
      const fd = def.fields[key]!;
      const want = comparable(fd, sent[key]);
      if (want === undefined) continue;
      expect(comparable(fd, created[key]), key).toEqual(want);
    }
    for (const [key, fd] of Object.entries(def.fields)) {
      if (fd.default !== undefined && !(key in def.example!)) expect(comparable(fd, created[key]), `default of ${key}`).toEqual(comparable(fd, fd.default));
    }
  });

  it('reads it back', async () => {
    const res = await request(t.app.server).get(`${base}${created.id}/`).set(admin());
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(created.id);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(def.fields).sort());
  });

  it('lists it with each filter that matches it', async () => {
    const all = await request(t.app.server).get(base).set(admin());
    expect(all.status).toBe(200);
    expect(all.body.count).toBeGreaterThanOrEqual(1);
    for (const k of Object.keys(def.aggregates ?? {})) expect(typeof all.body[k]).toBe('number');
    for (const [name, f] of Object.entries(def.filters)) {
      const q = matchingFilter(def, name, f, created);
      if (!q) continue;
      const res = await request(t.app.server).get(base).query({ ...q, page_size: 500 }).set(admin());
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(res.body.results.map((r: { id: number }) => r.id), `filter ${name}=${JSON.stringify(q)}`).toContain(created.id);
    }
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

  it('orders by every ordering field both ways', async () => {
    for (const o of def.ordering) {
      for (const ordering of [o, `-${o}`]) {
        const res = await request(t.app.server).get(base).query({ ordering }).set(admin());
        expect(res.status, ordering).toBe(200);
      }
    }
    const bad = await request(t.app.server).get(base).query({ ordering: 'no_such_field' }).set(admin());
    expect(bad.status).toBe(400);
  });

  it('pages: page_size 1, the last page, past the end, bad values', async () => {
    const second = await request(t.app.server).post(base).set(admin()).send(variant(def, 2));
    expect(second.status, JSON.stringify(second.body)).toBe(201);
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
    const textKey = Object.entries(def.fields).find(([k, fd]) => fd.kind === 'text' && !fd.readOnly && !fd.validate && k in def.example!)?.[0];
    const body = { ...def.example!, ...(textKey ? { [textKey]: 'Изменено' } : {}) };
    const put = await request(t.app.server).put(`${base}${created.id}/`).set(admin()).send(body);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    if (textKey) expect(put.body[textKey]).toBe('Изменено');
    const patch = await request(t.app.server).patch(`${base}${created.id}/`).set(admin()).send({});
    expect(patch.status).toBe(200);
    if (textKey) expect(patch.body[textKey]).toBe('Изменено');
  });

  it('exports to xlsx with a Russian header for every field', async () => {
    const res = await request(t.app.server).post(`${base}xlsx/`).set(admin()).send({}).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(Object.values(def.fields).map((fd) => fd.label));
    const count = (await request(t.app.server).get(base).set(admin())).body.count;
    expect(sheet.rowCount - 1).toBe(count);
  });

  it('searches with filters in the body', async () => {
    const list = await request(t.app.server).get(base).set(admin());
    const res = await request(t.app.server).post(`${base}search/`).set(admin()).send({ page_size: 500 });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(list.body.count);
  });

  it('answers 400, not 500, for a duplicate of a unique value', async () => {
    const again = await request(t.app.server).post(base).set(admin()).send(def.example!);
    expect([201, 400]).toContain(again.status);
    if (again.status === 400) expect(Object.values(again.body).flat().join(' ')).toMatch(/уже существует/);
  });

  it('answers 400 per field, in Russian, for a bad body', async () => {
    const required = Object.entries(def.fields).filter(([, fd]) => fd.required && !fd.readOnly).map(([k]) => k);
    const res = await request(t.app.server).post(base).set(admin()).send({});
    if (required.length) {
      expect(res.status).toBe(400);
      for (const k of required) expect(res.body[k], k).toEqual(['Обязательное поле.']);
    }
    const enumKey = Object.entries(def.fields).find(([, fd]) => fd.kind === 'enum' && !fd.readOnly)?.[0];
    if (enumKey) {
      const bad = await request(t.app.server).post(base).set(admin()).send({ ...def.example!, [enumKey]: 'НЕТ-ТАКОГО' });
      expect(bad.status).toBe(400);
      expect(bad.body[enumKey][0]).toMatch(/нет среди допустимых вариантов/);
    }
  });

  it('answers 401 without a token and 403 without the permission', async () => {
    const id = created.id;
    const calls = (h: Record<string, string>) => [
      request(t.app.server).get(base).set(h), request(t.app.server).post(base).set(h).send(def.example!),
      request(t.app.server).get(`${base}${id}/`).set(h), request(t.app.server).put(`${base}${id}/`).set(h).send(def.example!),
      request(t.app.server).delete(`${base}${id}/`).set(h), request(t.app.server).post(`${base}xlsx/`).set(h).send({}),
      request(t.app.server).post(`${base}search/`).set(h).send({}),
    ];
    for (const res of await Promise.all(calls({}))) expect(res.status).toBe(401);
    if (!nobodyOfThis[def.name]) {
      const others = resources.filter((r) => r.name !== def.name).map((r) => `${r.name}:view`);
      const uid = await createUser(t.pool, `not-${def.name}@test.local`, others);
      const { TokenService } = await import('../src/modules/auth/tokens');
      nobodyOfThis = { ...nobodyOfThis, [def.name]: new TokenService(t.config.jwtSecret, 300, 86400).access(uid) };
    }
    for (const res of await Promise.all(calls({ Authorization: `Bearer ${nobodyOfThis[def.name]}` }))) expect(res.status).toBe(403);
  });

  // Only registries with a public variant get this test (no skipped placeholders for the rest).
  if (def.publicPath) it('has a public read-only variant without private fields', async () => {
    const list = await request(t.app.server).get(def.publicPath!);
    expect(list.status).toBe(200);
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
    expect((await request(t.app.server).delete(`${base}${created.id}/`).set(admin())).status).toBe(204);
    expect((await request(t.app.server).get(`${base}${created.id}/`).set(admin())).status).toBe(404);
  });
});
