/**
 * Seeded roles that work (issue 23 §1; the table: contract roles/seeded-roles.ts, written by
 * packages/db seedRoles; docs/ROLES.md). The table covers the contract: every right lies in a
 * section other than «Прочее», every registry and every section is seen by some seeded role
 * besides the administrator (a new registry nobody but the administrator can see fails here).
 * The database holds what the table derives (the test template is seeded like every migrate run;
 * a right taken away stays away on the next run). Each seeded role signs in with its password and
 * opens every screen of its job — the list (and a card, where a row exists) of each registry it
 * views, and every parameterless GET call its rights open — with no 401/403, and one screen
 * outside its job answers 403. Real app and PostgreSQL.
 */
import argon2 from 'argon2';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceDef } from '@tko/contract';
import {
  moduleResources, PERMISSION_RESOURCES, PERMISSION_SECTION_ORDER, PERMISSION_SECTIONS, permissionOf, resources, SEEDED_ROLES, seededRolePermissions,
} from '@tko/contract';
import { seedRoles } from '@tko/db';
import { PASSWORD, startTestApp } from './helpers';
import type { TestApp } from './helpers';

let t: TestApp;
const api = () => request(t.app.server);
const ADMIN = 'Администратор';
const others = SEEDED_ROLES.filter((r) => r.name !== ADMIN);
const viewers = (resource: string) => others.filter((r) => seededRolePermissions(r)[resource]?.includes('view')).map((r) => r.name);
/** Registries that check a right (not the pickers' dictionaries any signed-in user reads). */
const guarded: ResourceDef[] = [...resources, ...moduleResources].filter((d) => !(d.readOnly && d.viewPermission === 'user'));

describe('the seeded roles table', () => {
  it('puts every right in a section of the matrix other than «Прочее»', () => {
    const other = Object.keys(PERMISSION_RESOURCES).filter((r) => PERMISSION_SECTIONS[r] === 'Прочее');
    expect(other, 'a right without a section: give its registry `section` (contract common/resource.ts)').toEqual([]);
  });

  it('lets some seeded role besides the administrator see every registry and every section', () => {
    expect(guarded.filter((d) => !viewers(d.name).length).map((d) => d.name), 'a registry no seeded role but the administrator can see').toEqual([]);
    const sections = PERMISSION_SECTION_ORDER.filter((s) => s !== 'Прочее');
    const unseen = sections.filter((s) => !Object.keys(PERMISSION_RESOURCES).some((r) => PERMISSION_SECTIONS[r] === s && viewers(r).length));
    expect(unseen).toEqual([]);
  });

  it('gives the administrator every right and names only resources the contract knows', () => {
    const admin = seededRolePermissions(SEEDED_ROLES.find((r) => r.name === ADMIN)!);
    expect(Object.keys(admin).sort()).toEqual(Object.keys(PERMISSION_RESOURCES).sort());
    expect(() => seededRolePermissions({ name: 'x', description: '', job: '', sections: {}, resources: { 'no-such-registry': 'view' } })).toThrow(/no-such-registry/);
  });
});

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The rights a role holds in the database: resource → actions. */
async function rightsOf(role: string): Promise<Record<string, string[]>> {
  const { rows } = await t.pool.query<{ resource: string; action: string }>(
    'SELECT p.resource, p.action FROM role_permission p JOIN role r ON r.id = p.role_id WHERE r.name = $1', [role]);
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.resource] ??= []).push(r.action);
  return out;
}
const sorted = (m: Record<string, readonly string[]>) => Object.fromEntries(Object.keys(m).sort().map((k) => [k, [...m[k]!].sort()]));

describe('the seed in the database', () => {
  it('holds exactly the rights the table derives for every seeded role', async () => {
    for (const role of SEEDED_ROLES) expect(sorted(await rightsOf(role.name)), role.name).toEqual(sorted(seededRolePermissions(role)));
  });

  it('grants a right once: one taken away stays away, a deleted role is not recreated', async () => {
    await t.pool.query(`DELETE FROM role_permission WHERE resource = 'container' AND action = 'view' AND role_id = (SELECT id FROM role WHERE name = 'Только чтение')`);
    await t.pool.query(`INSERT INTO role (name) VALUES ('Роль на удаление')`);
    const extra = { name: 'Роль на удаление', description: 'временная', job: '', sections: {}, resources: { container: 'view' as const } };
    const first = await seedRoles(t.pool, [...SEEDED_ROLES, extra]);
    expect(first).toEqual({ created: [], granted: ['Роль на удаление: container:view'] });
    expect((await rightsOf('Только чтение')).container).toBeUndefined();
    await t.pool.query(`DELETE FROM role WHERE name = 'Роль на удаление'`);
    expect(await seedRoles(t.pool, [...SEEDED_ROLES, extra])).toEqual({ created: [], granted: [] });
    expect((await t.pool.query(`SELECT 1 FROM role WHERE name = 'Роль на удаление'`)).rowCount).toBe(0);
    // Put the right back for the screens below.
    await t.pool.query(`INSERT INTO role_permission (role_id, resource, action) SELECT id, 'container', 'view' FROM role WHERE name = 'Только чтение'`);
  });
});

/** Signs in as a new holder of the seeded role `role` (POST /api/auth/token/) and returns its header. */
async function signInAs(role: string): Promise<{ Authorization: string }> {
  const email = `seeded-${SEEDED_ROLES.findIndex((r) => r.name === role)}@test.local`;
  const { rows } = await t.pool.query<{ id: number }>(
    `INSERT INTO app_user (email, password_hash, first_name, last_name, email_verified) VALUES ($1, $2, 'Роль', $3, true) RETURNING id`,
    [email, await argon2.hash(PASSWORD), role]);
  const roleId = (await t.pool.query<{ id: number }>('SELECT id FROM role WHERE name = $1', [role])).rows[0]!.id;
  await t.pool.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)', [rows[0]!.id, roleId]);
  if (role === 'Декларант') await t.pool.query('UPDATE app_user SET is_declarant = true WHERE id = $1', [rows[0]!.id]);
  const res = await api().post('/api/auth/token/').send({ email, password: PASSWORD });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { Authorization: `Bearer ${res.body.access as string}` };
}

/** The calls of the screens of `rights` (spec screens.tsv: a registry screen lists and opens cards; the others' GET calls). */
async function screenCalls(rights: Record<string, readonly string[]>): Promise<string[]> {
  const calls: string[] = [];
  for (const def of [...resources, ...moduleResources]) {
    if (def.viewPermission !== 'user' && !rights[def.name]?.includes('view')) continue;
    calls.push(`${def.path}?page_size=1`);
    if (moduleResources.includes(def)) continue; // its card has a path of its own (balance: {year}/{fkko}/)
    const first = await api().get(`${def.path}?page_size=1`).set(t.auth('admin'));
    const id = (first.body?.results?.[0] as { id?: number } | undefined)?.id;
    if (id !== undefined) calls.push(`${def.path}${id}/`);
  }
  for (const def of t.app.routeRegistry.typed) {
    const p = permissionOf(def.permission);
    if (!p || p.action !== 'view' || !rights[p.resource]?.includes('view')) continue;
    if (![def.method].flat().includes('GET') || def.path.includes(':')) continue;
    calls.push(def.path);
  }
  return [...new Set(calls)];
}

describe('every seeded role at work', () => {
  for (const role of SEEDED_ROLES) {
    it(`${role.name}: opens every screen of its job, and a screen outside it is 403`, async () => {
      const auth = await signInAs(role.name);
      const rights = seededRolePermissions(role);
      const me = await api().get('/api/users/me/').set(auth);
      expect(me.status).toBe(200);
      for (const [resource, actions] of Object.entries(rights)) for (const a of actions) expect(me.body.permissions[resource]?.[a], `${resource}:${a}`).toBe(true);

      const refused: string[] = [];
      for (const call of await screenCalls(rights)) {
        const res = await api().get(call).set(auth);
        if (res.status === 401 || res.status === 403) refused.push(`${call} → ${res.status}`);
      }
      expect(refused).toEqual([]);

      if (role.name === ADMIN) return;
      // The users' screen is the administrator's; a registry of another job, where the role has one.
      expect((await api().get('/api/users/').set(auth)).status).toBe(403);
      const outside = guarded.find((d) => !rights[d.name]?.includes('view'));
      if (outside) expect((await api().get(outside.path).set(auth)).status, outside.path).toBe(403);
    }, 120000);
  }
});
