/**
 * The row scope of the change history and of links (docs/ARCHITECTURE.md "Row scope"), on the
 * real app and database: a declarant of organisation A holding `system-logs:view`/`:export`
 * sees in GET /api/logs/ and its xlsx the changes of A's rows and none of B's, nor any entry of an
 * internal registry; a staff member without bindings still sees both. A card of A's waste source
 * that an administrator linked to B's site shows the site's id, never its name — nor does the
 * list, nor the xlsx export (per-row sub-selects and the big export's joins alike).
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceByName, wasteSourceResource } from '@tko/contract';
import { RegistryRepository, withScope } from '@tko/db';
import { TokenService } from '../src/modules/auth/tokens';
import { createUser, siteBody, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { binary } from './import-helpers';

const SITES = '/api/waste-area/container/';
const SOURCES = '/api/waste-sources/';
const LOGS = '/api/logs/';
const PERMS = [
  ...['container', 'waste-sources'].flatMap((r) => ['view', 'add', 'change', 'export'].map((a) => `${r}:${a}`)),
  'system-logs:view',
  'system-logs:export',
];
const B_SITE_NAME = 'Площадка Б, ул. Секретная, 7';

let t: TestApp;
const org = { a: 0, b: 0 };
const site = { a: 0, b: 0 };
const source = { a: 0, b: 0 };
const auth: Record<'admin' | 'a' | 'staff', { Authorization: string }> = {} as never;
const http = () => request(t.app.server);
async function sheetRows(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
  return rows;
}

async function legalEntity(name: string, inn: string): Promise<number> {
  return (await t.pool.query<{ id: number }>('INSERT INTO legal_entity (name, inn) VALUES ($1, $2) RETURNING id', [name, inn])).rows[0]!.id;
}
const bearer = (id: number) => ({ Authorization: `Bearer ${new TokenService(t.config.jwtSecret, 300, 3600).access(id)}` });
async function created(res: request.Response): Promise<number> {
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

interface Entry { id: number; created_at: string; resource: string; object_id: number; after: Record<string, unknown> | null }
/** Every entry of the log the user may read (all pages). */
async function allEntries(who: keyof typeof auth): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let page = 1; ; page++) {
    const res = await http().get(`${LOGS}?page=${page}&page_size=100`).set(auth[who]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...(res.body.results as Entry[]));
    if (!res.body.next) return out;
  }
}
const has = (list: Entry[], resource: string, id: number) => list.some((e) => e.resource === resource && e.object_id === id);

beforeAll(async () => {
  t = await startTestApp();
  org.a = await legalEntity('ООО «Организация А»', '3801009466');
  org.b = await legalEntity('ООО «Организация Б»', '3801131296');
  auth.admin = t.auth('admin');
  const a = await createUser(t.pool, 'logs-decl-a@test.local', PERMS, { first: 'Дина', last: 'Декларантова' });
  await t.pool.query('UPDATE app_user SET is_declarant = true WHERE id = $1', [a]);
  await t.pool.query('INSERT INTO user_organization (user_id, legal_entity_id) VALUES ($1, $2)', [a, org.a]);
  auth.a = bearer(a);
  auth.staff = bearer(await createUser(t.pool, 'logs-staff@test.local', PERMS));
  site.a = await created(await http().post(SITES).set(auth.admin).send(siteBody({ identifier: 'A-1', owners: [org.a] })));
  site.b = await created(await http().post(SITES).set(auth.admin).send(siteBody({ identifier: 'B-1', owners: [org.b], location: B_SITE_NAME })));
  source.a = await created(await http().post(SOURCES).set(auth.admin).send({ ...wasteSourceResource.example, name: 'Источник А', organizations: [org.a], waste_areas: [site.b] }));
  source.b = await created(await http().post(SOURCES).set(auth.admin).send({ ...wasteSourceResource.example, name: 'Источник Б', organizations: [org.b] }));
  // Marker changes of both organisations' rows, made after the creations.
  expect((await http().patch(`${SITES}${site.a}/`).set(auth.admin).send({ landmark: 'метка А' })).status).toBe(200);
  expect((await http().patch(`${SITES}${site.b}/`).set(auth.admin).send({ landmark: 'метка Б' })).status).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('the system log follows the row scope', () => {
  it('a declarant of A sees A’s changes and none of B’s, nor of internal registries; staff without bindings see both', async () => {
    const mine = await allEntries('a');
    expect(has(mine, 'container', site.a)).toBe(true);
    expect(has(mine, 'waste-sources', source.a)).toBe(true);
    expect(mine.some((e) => e.resource === 'container' && e.object_id === site.a && e.after?.landmark === 'метка А')).toBe(true);
    expect(has(mine, 'container', site.b)).toBe(false);
    expect(has(mine, 'waste-sources', source.b)).toBe(false);
    expect(JSON.stringify(mine)).not.toContain('метка Б');
    expect(mine.filter((e) => resourceByName(e.resource)?.rowScope?.internal).map((e) => e.resource)).toEqual([]);
    // The count is the scoped one too.
    const first = await http().get(`${LOGS}?page_size=1`).set(auth.a);
    expect(first.body.count).toBe(mine.length);
    // A filter naming B's row answers nothing for A.
    const filtered = await http().get(`${LOGS}?resource=container&object=${site.b}`).set(auth.a);
    expect(filtered.status).toBe(200);
    expect(filtered.body.results).toEqual([]);
    const staff = await allEntries('staff');
    expect(has(staff, 'container', site.a) && has(staff, 'container', site.b) && has(staff, 'waste-sources', source.b)).toBe(true);
    expect(staff.length).toBeGreaterThan(mine.length);
  });

  it('the log\'s card (the generic registry route) follows the same scope; a date-time bound filters to the entry', async () => {
    const staff = await allEntries('staff');
    const aEntry = staff.find((e) => e.resource === 'container' && e.object_id === site.a)!;
    const bEntry = staff.find((e) => e.resource === 'container' && e.object_id === site.b)!;
    const own = await http().get(`${LOGS}${aEntry.id}/`).set(auth.a);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: aEntry.id, resource: 'container', object_id: site.a });
    expect((await http().get(`${LOGS}${bEntry.id}/`).set(auth.a)).status).toBe(404);
    expect((await http().get(`${LOGS}${bEntry.id}/`).set(auth.staff)).status).toBe(200);
    // `from` / `to` as date-times, both inclusive: exactly the entry's instant.
    const at = encodeURIComponent(bEntry.created_at);
    const exact = await http().get(`${LOGS}?from=${at}&to=${at}&object=${site.b}&resource=container`).set(auth.staff);
    expect(exact.status).toBe(200);
    expect(exact.body.results.map((e: Entry) => e.id)).toContain(bEntry.id);
    expect((await http().get(`${LOGS}?from=2026-02-31`).set(auth.staff)).status).toBe(400);
  });

  it('the xlsx of the log: A’s marker change in, B’s absent', async () => {
    const res = await http().post(`${LOGS}xlsx/`).set(auth.a).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const rows = await sheetRows(res.body as unknown as Buffer);
    const objects = (section: string) => rows.filter((r) => r[2] === section).map((r) => Number(r[3]));
    const sites = objects(resourceByName('container')!.label);
    expect(sites).toContain(site.a);
    expect(sites).not.toContain(site.b);
    expect(objects(resourceByName('waste-sources')!.label)).not.toContain(source.b);
    expect(rows.length - 1).toBe((await allEntries('a')).length);
  });
});

describe('links to rows outside the reader’s scope', () => {
  it('the card of A’s source linked to B’s site shows the site’s id and no B name; the administrator sees the name', async () => {
    const admin = await http().get(`${SOURCES}${source.a}/`).set(auth.admin);
    expect(admin.status).toBe(200);
    expect(admin.body.waste_areas).toEqual([{ id: site.b, name: B_SITE_NAME }]);
    const card = await http().get(`${SOURCES}${source.a}/`).set(auth.a);
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body.waste_areas).toEqual([{ id: site.b, name: `№ ${site.b} (нет доступа)` }]);
    expect(JSON.stringify(card.body)).not.toContain(B_SITE_NAME);
    // The list shows the same.
    const list = await http().get(`${SOURCES}?page_size=100`).set(auth.a);
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([source.a]);
    expect(JSON.stringify(list.body)).not.toContain(B_SITE_NAME);
    // The xlsx export: A's source in, B's site's name out.
    const xlsx = await http().post(`${SOURCES}xlsx/`).set(auth.a).send({}).buffer(true).parse(binary);
    expect(xlsx.status).toBe(200);
    const text = JSON.stringify(await sheetRows(xlsx.body as unknown as Buffer));
    expect(text).toContain('Источник А');
    expect(text).toContain(`№ ${site.b} (нет доступа)`);
    expect(text).not.toContain(B_SITE_NAME);
    // The big export's joins (export-sql.ts) hide it alike; the unrestricted stream keeps it.
    const repo = new RegistryRepository(t.pool, wasteSourceResource);
    const scope = { organizations: [org.a], oktmo: [], declarant: true };
    for (const joins of [true, false]) {
      const scoped: unknown[] = [];
      for await (const batch of repo.stream(withScope({}, scope), { joins })) scoped.push(...batch);
      expect(scoped.map((r) => (r as { waste_areas: unknown }).waste_areas)).toEqual([[{ id: site.b, name: `№ ${site.b} (нет доступа)` }]]);
      const all: unknown[] = [];
      for await (const batch of repo.stream({}, { joins })) all.push(...batch);
      expect(JSON.stringify(all)).toContain(B_SITE_NAME);
    }
  });
});
