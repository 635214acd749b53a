/**
 * The first administrator (spec 01 §6): a user holding the role 'Администратор', which grants
 * every action of every permission resource of @tko/contract (PERMISSION_RESOURCES ×
 * PERMISSION_ACTIONS). Passwords are stored as argon2id hashes (PHC strings).
 */
import argon2 from 'argon2';
import type { Pool } from 'pg';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES } from '@tko/contract';

/** Name of the all-permissions role. */
export const ADMIN_ROLE = 'Администратор';

export interface AdminInput {
  email: string;
  password: string;
  first_name?: string;
  last_name?: string;
}

export interface AdminResult {
  userId: number;
  roleId: number;
  /** True when the user did not exist before. */
  created: boolean;
  /** The stored email (trimmed, lower-cased). */
  email: string;
}

/**
 * Creates the admin user, or updates it (password re-hashed only when it changed, names when
 * given, re-activated); ensures the role with all permissions (adding resources the contract
 * gained since) and assigns it. One transaction; running it again changes nothing.
 * Throws when the email or the password is blank.
 */
export async function ensureAdmin(pool: Pool, input: AdminInput): Promise<AdminResult> {
  const email = input.email.trim().toLowerCase();
  if (!email || !email.includes('@')) throw new Error('укажите email администратора (ADMIN_EMAIL)');
  if (!input.password) throw new Error('укажите пароль администратора (ADMIN_PASSWORD)');
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const existing = await db.query<{ id: number; password_hash: string }>('SELECT id, password_hash FROM app_user WHERE email = $1 FOR UPDATE', [email]);
    const old = existing.rows[0];
    const hash = old && (await argon2.verify(old.password_hash, input.password).catch(() => false))
      ? old.password_hash
      : await argon2.hash(input.password, { type: argon2.argon2id });
    const user = await db.query<{ id: number }>(
      `INSERT INTO app_user (email, password_hash, first_name, last_name) VALUES ($1, $2, coalesce($3, ''), coalesce($4, ''))
       ON CONFLICT (email) DO UPDATE SET password_hash = EXCLUDED.password_hash,
         first_name = coalesce($3, app_user.first_name), last_name = coalesce($4, app_user.last_name), is_active = true,
         updated_at = CASE WHEN (app_user.password_hash, app_user.first_name, app_user.last_name, app_user.is_active)
           IS DISTINCT FROM (EXCLUDED.password_hash, coalesce($3, app_user.first_name), coalesce($4, app_user.last_name), true)
           THEN now() ELSE app_user.updated_at END
       RETURNING id`,
      [email, hash, input.first_name ?? null, input.last_name ?? null],
    );
    const userId = user.rows[0]!.id;
    await db.query('INSERT INTO role (name, description) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [ADMIN_ROLE, 'Все права на все реестры']);
    const role = await db.query<{ id: number }>('SELECT id FROM role WHERE name = $1', [ADMIN_ROLE]);
    const roleId = role.rows[0]!.id;
    await db.query(
      `INSERT INTO role_permission (role_id, resource, action)
       SELECT $1, r, a FROM unnest($2::text[]) AS r CROSS JOIN unnest($3::text[]) AS a ON CONFLICT DO NOTHING`,
      [roleId, Object.keys(PERMISSION_RESOURCES), [...PERMISSION_ACTIONS]],
    );
    await db.query('INSERT INTO user_role (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, roleId]);
    await db.query('COMMIT');
    return { userId, roleId, created: !old, email };
  } catch (err) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    db.release();
  }
}
