/**
 * Roles on the wire (contract routes/roles.ts) through raw SQL on `role` and `role_permission`.
 * A role's permissions travel as `{"resource:action": true}` (spec 03 §6). Writes run in one
 * transaction and record a `change_log` row (resource `users-roles`). A duplicate name is a 400.
 */
import type { Pool, PoolClient } from 'pg';
import type { Role, RoleWrite } from '@tko/contract';
import { DEFAULT_PAGE_SIZE } from '@tko/contract';
import { FieldValidationError, writeChangeLog } from '@tko/db';
import type { Actor } from './users.repository';
import { keptRightsOf, refuseSelfLockout } from './self-lockout';
import { uniqueViolationAs } from './unique-violation';

const NAME_TAKEN = 'Роль с таким названием уже существует.';
/** A concurrent create/rename that reached role_name_key first: the same 400 as nameTaken. */
const UNIQUE = { role_name_key: { field: 'name', message: NAME_TAKEN } };

const SELECT = `SELECT r.id, r.name, coalesce(r.description, '') AS description,
  coalesce((SELECT json_object_agg(p.resource || ':' || p.action, true) FROM role_permission p WHERE p.role_id = r.id), '{}') AS permissions,
  (SELECT count(*)::int FROM user_role ur JOIN app_user u ON u.id = ur.user_id AND u.is_active WHERE ur.role_id = r.id) AS users_count
  FROM role r`;

export class RolesRepository {
  constructor(private readonly pool: Pool) {}

  async list(q: { page?: number; page_size?: number; search?: string }): Promise<{ count: number; rows: Role[] }> {
    const where = q.search ? 'WHERE r.name ILIKE $1' : '';
    const values = q.search ? [`%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`] : [];
    const size = q.page_size ?? DEFAULT_PAGE_SIZE;
    const [rows, count] = await Promise.all([
      this.pool.query<Role>(`${SELECT} ${where} ORDER BY r.name, r.id LIMIT ${size} OFFSET ${((q.page ?? 1) - 1) * size}`, values),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM role r ${where}`, values),
    ]);
    return { count: count.rows[0]!.n, rows: rows.rows };
  }

  async get(id: number, db: Pool | PoolClient = this.pool): Promise<Role | null> {
    const { rows } = await db.query<Role>(`${SELECT} WHERE r.id = $1`, [id]);
    return rows[0] ?? null;
  }

  /** The ids of the active users holding role `id` (their cached permission maps must go). */
  async holders(id: number): Promise<number[]> {
    const { rows } = await this.pool.query<{ user_id: number }>('SELECT user_id FROM user_role WHERE role_id = $1', [id]);
    return rows.map((r) => r.user_id);
  }

  private async tx<T>(fn: (db: PoolClient) => Promise<T>): Promise<T> {
    const db = await this.pool.connect();
    try {
      await db.query('BEGIN');
      const out = await fn(db);
      await db.query('COMMIT');
      return out;
    } catch (e) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw uniqueViolationAs(UNIQUE, e);
    } finally {
      db.release();
    }
  }

  private async nameTaken(db: PoolClient, name: string, except = 0): Promise<void> {
    const { rowCount } = await db.query('SELECT 1 FROM role WHERE lower(name) = lower($1) AND id <> $2', [name, except]);
    if (rowCount) throw FieldValidationError.of('name', NAME_TAKEN);
  }

  private async setPermissions(db: PoolClient, id: number, body: RoleWrite): Promise<void> {
    const granted = Object.entries(body.permissions).filter(([, v]) => v).map(([k]) => k.split(':') as [string, string]);
    await db.query('DELETE FROM role_permission WHERE role_id = $1', [id]);
    await db.query(
      'INSERT INTO role_permission (role_id, resource, action) SELECT $1, r, a FROM unnest($2::text[], $3::text[]) AS t(r, a) ON CONFLICT DO NOTHING',
      [id, granted.map((g) => g[0]), granted.map((g) => g[1])],
    );
  }

  private log(db: PoolClient, actor: Actor, id: number, action: 'create' | 'update' | 'delete', before: Role | null, after: Role | null) {
    return writeChangeLog(db, { resource: 'users-roles', objectId: id, action, userId: actor.id, userName: actor.name, before, after });
  }

  async create(body: RoleWrite, actor: Actor): Promise<Role> {
    return this.tx(async (db) => {
      await this.nameTaken(db, body.name);
      const { rows } = await db.query<{ id: number }>('INSERT INTO role (name, description) VALUES ($1, $2) RETURNING id', [body.name, body.description]);
      const id = rows[0]!.id;
      await this.setPermissions(db, id, body);
      const role = (await this.get(id, db))!;
      await this.log(db, actor, id, 'create', null, role);
      return role;
    });
  }

  async update(id: number, body: RoleWrite, actor: Actor): Promise<Role | null> {
    return this.tx(async (db) => {
      const before = await this.get(id, db);
      if (!before) return null;
      await this.nameTaken(db, body.name, id);
      const kept = await keptRightsOf(db, actor.id);
      await db.query('UPDATE role SET name = $2, description = $3, updated_at = now() WHERE id = $1', [id, body.name, body.description]);
      await this.setPermissions(db, id, body);
      await refuseSelfLockout(db, actor.id, kept, 'permissions');
      const after = (await this.get(id, db))!;
      await this.log(db, actor, id, 'update', before, after);
      return after;
    });
  }

  /** Deletes the role (its holders lose it); false when it does not exist. */
  async delete(id: number, actor: Actor): Promise<boolean> {
    return this.tx(async (db) => {
      const before = await this.get(id, db);
      if (!before) return false;
      const kept = await keptRightsOf(db, actor.id);
      await db.query('DELETE FROM role WHERE id = $1', [id]);
      await refuseSelfLockout(db, actor.id, kept, 'non_field_errors');
      await this.log(db, actor, id, 'delete', before, null);
      return true;
    });
  }
}
