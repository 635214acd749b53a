/**
 * Writes the seeded roles (contract roles/seeded-roles.ts, issue 23 §1) into `role` and
 * `role_permission`, run after the migrations by every migrate (commands/migrate.ts, the tests'
 * template database). The ledger `role_seed_grant` (migration 20261128090000) keeps what the seed
 * granted: a right is granted once — an administrator's later removal stays, a seeded role an
 * administrator deleted is not recreated — and a right the table gains (a new registry in a role's
 * section) reaches an existing installation on its next migrate run.
 */
import type { Pool } from 'pg';
import type { SeededRoleDef } from '@tko/contract';
import { SEEDED_ROLES, seededRolePermissions } from '@tko/contract';

export interface SeedRolesResult {
  /** Names of the roles created by this run. */
  created: string[];
  /** Rights granted by this run, `role: resource:action`. */
  granted: string[];
}

/**
 * Creates the missing seeded roles and grants the rights of `roles` (default: the contract's
 * table) not granted by an earlier run. One transaction; concurrent runs wait for each other
 * (an exclusive lock on the ledger). Throws the database error; nothing is written then.
 */
export async function seedRoles(pool: Pool, roles: readonly SeededRoleDef[] = SEEDED_ROLES): Promise<SeedRolesResult> {
  const db = await pool.connect();
  const out: SeedRolesResult = { created: [], granted: [] };
  try {
    await db.query('BEGIN');
    await db.query('LOCK TABLE role_seed_grant IN EXCLUSIVE MODE');
    for (const role of roles) {
      const ledger = await db.query<{ resource: string; action: string }>('SELECT resource, action FROM role_seed_grant WHERE role = $1', [role.name]);
      const done = new Set(ledger.rows.map((r) => `${r.resource}:${r.action}`));
      let roleId = (await db.query<{ id: number }>('SELECT id FROM role WHERE name = $1', [role.name])).rows[0]?.id;
      if (roleId === undefined) {
        if (done.size) continue; // seeded before and deleted by an administrator since
        roleId = (await db.query<{ id: number }>('INSERT INTO role (name, description) VALUES ($1, $2) RETURNING id', [role.name, role.description])).rows[0]!.id;
        out.created.push(role.name);
      }
      const fresh = Object.entries(seededRolePermissions(role)).flatMap(([resource, actions]) =>
        actions.filter((a) => !done.has(`${resource}:${a}`)).map((action) => ({ resource, action })));
      if (!fresh.length) continue;
      const resources = fresh.map((p) => p.resource);
      const actions = fresh.map((p) => p.action);
      await db.query(
        `INSERT INTO role_permission (role_id, resource, action)
         SELECT $1, r, a FROM unnest($2::text[], $3::text[]) AS p(r, a) ON CONFLICT DO NOTHING`,
        [roleId, resources, actions],
      );
      await db.query(
        `INSERT INTO role_seed_grant (role, resource, action) SELECT $1, r, a FROM unnest($2::text[], $3::text[]) AS p(r, a)`,
        [role.name, resources, actions],
      );
      out.granted.push(...fresh.map((p) => `${role.name}: ${p.resource}:${p.action}`));
    }
    await db.query('COMMIT');
    return out;
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    db.release();
  }
}
