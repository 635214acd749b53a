/**
 * The declarant-of-organisation-A sweep (contract common/row-scope.ts): a declarant of A holding
 * every permission tries every operation of every registry whose rows are hidden from them
 * (organisation/ОКТМО-scoped registries: rows of organisation B; internal registries: any row)
 * with those rows' ids — list, search, card, history, every typed GET under the row (child lists,
 * sub-lists, files), PATCH, DELETE, workflow actions, the batch
 * transaction, the xlsx export, the live registry topic — and every reference field (and every
 * referring field of their child rows: a ref, or a plain id with a foreign key) of the
 * registries they may write, set to B's rows. Nothing of B may be read or changed: each row is
 * read back by the administrator afterwards, and the live topic proves silence by a marker
 * message that did arrive. Imports are swept per template in import-scope.test.ts. Real app,
 * PostgreSQL and STOMP.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '@tko/contract';
import { resources, scopeRestricts } from '@tko/contract';
import { referenceTargetDef, storedResource, tableRegistry } from '@tko/db';
import { TokenService } from '../src/modules/auth/tokens';
import { ALL_PERMISSIONS, createUser, siteBody } from './helpers';
import { binary } from './import-helpers';
import { freshBody, next } from './registry-rows';
import type { StompTestApp } from './stomp-helpers';
import { connectClient, json, startStompApp, waitFor } from './stomp-helpers';

let t: StompTestApp;
const org = { a: 0, b: 0 };
const auth = { admin: { Authorization: '' }, a: { Authorization: '' } };
const scopeA = { organizations: [] as number[], oktmo: [] as string[], declarant: true };
const http = () => request(t.app.server);

/** The registries whose rows a declarant of A may not see (all but the shared ones). */
const HIDDEN = resources.filter((d) => scopeRestricts(d.rowScope, { organizations: [1], oktmo: [], declarant: true }));
/** Per registry: a row of B (or of the operator, for an internal registry) and its card as created. */
const rowOf = new Map<string, { id: number; card: Record<string, unknown> }>();
/** Registries whose row could not be made from the example (reported, and failing the sweep). */
const unmade: string[] = [];

async function legalEntity(name: string, inn: string): Promise<number> {
  return (await t.pool.query<{ id: number }>('INSERT INTO legal_entity (name, inn) VALUES ($1, $2) RETURNING id', [name, inn])).rows[0]!.id;
}

/** The create body of a row tied to organisation `orgId` (its organisation fields) and ОКТМО. */
function bodyFor(def: ResourceDef, orgId: number): Record<string, unknown> {
  const body = freshBody(def, `sweep${next()}x`);
  for (const k of def.rowScope?.organization ?? []) body[k] = def.fields[k]!.kind === 'refs' ? [orgId] : orgId;
  return body;
}

/** A row of `def` that A may not see: made by the administrator (B's for a keyed registry). */
async function makeRow(def: ResourceDef): Promise<void> {
  const res = await http().post(def.path).set(auth.admin).send(bodyFor(def, org.b));
  if (res.status !== 201) {
    unmade.push(`${def.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return;
  }
  rowOf.set(def.name, { id: res.body.id as number, card: res.body as Record<string, unknown> });
}

/** A card without the values every write or read moves (history, audit stamps). */
function stable(card: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(card)) if (!/history|updated_at|last_update|^params_history$/.test(k)) out[k] = v;
  return out;
}

beforeAll(async () => {
  t = await startStompApp();
  org.a = await legalEntity('ООО «Организация А»', '3801009466');
  org.b = await legalEntity('ООО «Организация Б»', '3801131296');
  scopeA.organizations = [org.a];
  const a = await createUser(t.pool, 'sweep-a@test.local', ALL_PERMISSIONS, { first: 'Анна', last: 'Декларантова' });
  await t.pool.query('UPDATE app_user SET is_declarant = true WHERE id = $1', [a]);
  await t.pool.query('INSERT INTO user_organization (user_id, legal_entity_id) VALUES ($1, $2)', [a, org.a]);
  auth.a = { Authorization: `Bearer ${new TokenService(t.config.jwtSecret, 3600, 7200).access(a)}` };
  auth.admin = { Authorization: `Bearer ${t.tokens.admin}` };
  for (const def of HIDDEN) await makeRow(def);
});

afterAll(async () => {
  await t?.close();
});

describe('a declarant of A against every registry that hides rows from them', () => {
  it('covers the registries: every hidden registry got a row to probe', () => {
    expect(HIDDEN.length).toBeGreaterThan(20);
    expect(unmade).toEqual([]);
  });

  it('lists, search, cards, history and exports show nothing of B', async () => {
    const leaks: string[] = [];
    for (const def of HIDDEN) {
      const row = rowOf.get(def.name);
      if (!row) continue;
      const list = await http().get(def.path).query({ page_size: 500 }).set(auth.a);
      if (list.status !== 200) leaks.push(`${def.name} list: ${list.status}`);
      else if ((list.body.results as { id: number }[]).some((r) => r.id === row.id)) leaks.push(`${def.name} list shows the row`);
      const search = await http().post(`${def.path}search/`).set(auth.a).send({});
      if (search.status === 200 && (search.body.results as { id: number }[]).some((r) => r.id === row.id)) leaks.push(`${def.name} search shows the row`);
      for (const path of [`${def.path}${row.id}/`, `${def.path}${row.id}/history/`]) {
        const res = await http().get(path).set(auth.a);
        if (res.status !== 404) leaks.push(`GET ${path}: ${res.status}`);
      }
      const xlsx = await http().post(`${def.path}xlsx/`).set(auth.a).send({}).buffer(true).parse(binary);
      if (xlsx.status === 200) {
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
        const rows = wb.worksheets[0]!.actualRowCount - 1;
        if (rows !== (list.body.count as number)) leaks.push(`${def.name} xlsx has ${rows} rows, the list ${list.body.count}`);
      } else if (xlsx.status !== 202) leaks.push(`${def.name} xlsx: ${xlsx.status}`);
    }
    expect(leaks).toEqual([]);
  });

  it('every particular read of one row (a typed GET under a registry’s row: child lists, sub-lists, files) is 404 for B’s row, as its card', async () => {
    const leaks: string[] = [];
    const tried: string[] = [];
    for (const route of t.app.routeRegistry.typed) {
      if (route.method !== 'GET') continue;
      // The registry whose row the route reads: the longest registry path followed by `:id/` (no other parameter).
      const def = HIDDEN.filter((d) => route.path.startsWith(`${d.path}:id/`)).sort((x, y) => y.path.length - x.path.length)[0];
      if (!def || (route.path.match(/:/g) ?? []).length !== 1) continue;
      const row = rowOf.get(def.name);
      if (!row) continue;
      const path = route.path.replace(':id', String(row.id));
      tried.push(route.path);
      const res = await http().get(path).set(auth.a);
      if (res.status !== 404) leaks.push(`GET ${path} (${def.name}): ${res.status}`);
    }
    expect(tried.length).toBeGreaterThanOrEqual(5);
    expect(leaks).toEqual([]);
  });

  it('PATCH, DELETE, workflow actions and the batch transaction change nothing of B (404 / refused)', async () => {
    const leaks: string[] = [];
    for (const def of HIDDEN) {
      const row = rowOf.get(def.name);
      if (!row) continue;
      const patch = await http().patch(`${def.path}${row.id}/`).set(auth.a).send({});
      if (patch.status !== 404) leaks.push(`PATCH ${def.name}: ${patch.status}`);
      const del = await http().delete(`${def.path}${row.id}/`).set(auth.a);
      if (del.status !== 404) leaks.push(`DELETE ${def.name}: ${del.status}`);
      for (const key of Object.keys(def.workflow?.actions ?? {})) {
        const act = await http().post(`${def.path}${row.id}/${key}/`).set(auth.a).send({});
        if (act.status < 400) leaks.push(`${def.name} action ${key}: ${act.status}`);
      }
      for (const action of ['update', 'delete'] as const) {
        const tx = await http().post('/api/transaction/').set(auth.a).send({ operations: [{ resource: def.name, action, id: row.id, ...(action === 'update' ? { data: {} } : {}) }] });
        if (tx.status < 400) leaks.push(`transaction ${action} ${def.name}: ${tx.status}`);
      }
      const after = await http().get(`${def.path}${row.id}/`).set(auth.admin);
      if (after.status !== 200) leaks.push(`${def.name}: the row is gone (${after.status})`);
      else expect(stable(after.body), def.name).toEqual(stable(row.card));
    }
    expect(leaks).toEqual([]);
  });

  it('references to B’s rows in the bodies of the registries A may write are refused on their field', async () => {
    const leaks: string[] = [];
    let tried = 0;
    for (const def of resources.filter((d) => d.rowScope?.organization?.length)) {
      for (const [key, fd] of Object.entries(def.fields)) {
        if (!fd.ref || (fd.kind !== 'ref' && fd.kind !== 'refs') || fd.readOnly) continue;
        const target = referenceTargetDef(fd.ref.resource);
        if (!target || !scopeRestricts(target.rowScope, scopeA)) continue;
        const hidden = rowOf.get(target.name);
        if (!hidden) continue;
        tried += 1;
        const body = { ...bodyFor(def, org.a), [key]: fd.kind === 'refs' ? [hidden.id] : hidden.id };
        const res = await http().post(def.path).set(auth.a).send(body);
        if (res.status !== 400 || !res.body[key]) leaks.push(`${def.name}.${key} → ${target.name} #${hidden.id}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(tried).toBeGreaterThanOrEqual(5);
    expect(leaks).toEqual([]);
  });

  it('references to B’s rows inside child rows (a ref, or a plain id with a foreign key: a contract’s sites) are refused on the child field', async () => {
    const { rows: fks } = await t.pool.query<{ key: string; parent: string }>(
      `SELECT cl.relname || '.' || a.attname AS key, c.confrelid::regclass::text AS parent FROM pg_constraint c
         JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND cardinality(c.conkey) = 1`);
    const parentOf = new Map(fks.map((r) => [r.key, r.parent]));
    const leaks: string[] = [];
    const tried: string[] = [];
    for (const def of resources.filter((d) => d.rowScope?.organization?.length)) {
      const stored = storedResource(def);
      for (const [key, fd] of Object.entries(stored.fields)) {
        if (fd.kind !== 'children' || !fd.children || fd.readOnly) continue;
        // Every referring child field set to B's row at once (a required one too): each must be refused on its own key.
        const hiddenIds: Record<string, number> = {};
        for (const [ck, cf] of Object.entries(fd.children.fields)) {
          const parent = cf.kind === 'integer' && cf.column ? parentOf.get(`${fd.children.table}.${cf.column}`) : undefined;
          const target = cf.kind === 'ref' && cf.ref ? referenceTargetDef(cf.ref.resource) : parent ? tableRegistry(parent) : undefined;
          const hidden = target && scopeRestricts(target.rowScope, scopeA) ? rowOf.get(target.name) : undefined;
          if (hidden) hiddenIds[ck] = hidden.id;
        }
        if (!Object.keys(hiddenIds).length) continue;
        const body = bodyFor(def, org.a);
        const child = { ...(((body[key] as Record<string, unknown>[] | undefined) ?? [])[0] ?? {}), ...hiddenIds };
        const res = await http().post(def.path).set(auth.a).send({ ...body, [key]: [child] });
        for (const ck of Object.keys(hiddenIds)) {
          tried.push(`${def.name}.${key}.${ck}`);
          if (res.status !== 400 || !res.body[`${key}.0.${ck}`]) leaks.push(`${def.name}.${key}.${ck} → #${hiddenIds[ck]}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        }
      }
    }
    expect(tried).toEqual(expect.arrayContaining(['contracts.waste_areas.waste_area', 'contracts.waste_areas.waste_source']));
    expect(leaks).toEqual([]);
  });

  it('the live registry topics carry nothing of B: a marker of A arrives, B’s changes do not', async () => {
    const client = await connectClient(t.wsUrl, auth.a.Authorization.slice('Bearer '.length));
    try {
      const got = new Map<string, Awaited<ReturnType<typeof client.subscribe>>>();
      for (const def of [...HIDDEN, ...resources.filter((d) => d.name === 'container' && !HIDDEN.includes(d))]) {
        got.set(def.name, await client.subscribe(`/topic/registry.${def.name}`));
      }
      for (const def of HIDDEN) {
        const row = rowOf.get(def.name);
        if (row) await http().patch(`${def.path}${row.id}/`).set(auth.admin).send({});
      }
      const marker = await http().post('/api/waste-area/container/').set(auth.admin).send(siteBody({ identifier: `A-${next()}`, owners: [org.a] }));
      expect(marker.status).toBe(201);
      const containers = got.get('container')!;
      await waitFor(() => containers.some((m) => (json(m) as { id: number }).id === marker.body.id), 'the marker of A');
      const seen = [...got.entries()].flatMap(([name, msgs]) => msgs.map((m) => `${name}#${(json(m) as { id: number }).id}`));
      expect(seen).toEqual([`container#${marker.body.id as number}`]);
    } finally {
      await client.disconnect();
    }
  });
});
