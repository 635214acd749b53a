/** The first administrator: argon2id hash, every permission of the contract, idempotent. */
import argon2 from 'argon2';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES } from '@tko/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROLE, ensureAdmin } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

async function state() {
  const users = await db.pool.query('SELECT id, email, password_hash, first_name, last_name, is_active, updated_at FROM app_user');
  const perms = await db.pool.query(
    `SELECT rp.resource, rp.action FROM role_permission rp JOIN role r ON r.id = rp.role_id WHERE r.name = $1 ORDER BY 1, 2`,
    [ADMIN_ROLE],
  );
  const links = await db.pool.query('SELECT user_id, role_id FROM user_role');
  return { users: users.rows, perms: perms.rows, links: links.rows };
}

describe('ensureAdmin', () => {
  it('creates the user with an argon2id hash and a role holding every permission', async () => {
    const r = await ensureAdmin(db.pool, { email: ' Admin@Example.RU ', password: 'Пароль-1', first_name: 'Анна' });
    expect(r).toMatchObject({ created: true, email: 'admin@example.ru' });
    const s = await state();
    expect(s.users).toHaveLength(1);
    expect(s.users[0]).toMatchObject({ id: r.userId, email: 'admin@example.ru', first_name: 'Анна', last_name: '', is_active: true });
    expect(s.users[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(s.users[0].password_hash, 'Пароль-1')).toBe(true);
    expect(s.perms).toHaveLength(Object.keys(PERMISSION_RESOURCES).length * PERMISSION_ACTIONS.length);
    expect(s.perms).toContainEqual({ resource: 'container', action: 'export' });
    expect(s.links).toEqual([{ user_id: r.userId, role_id: r.roleId }]);
  });

  it('changes nothing when run again with the same input', async () => {
    const before = await state();
    const r = await ensureAdmin(db.pool, { email: 'admin@example.ru', password: 'Пароль-1' });
    expect(r.created).toBe(false);
    expect(await state()).toEqual(before);
  });

  it('takes a new password and re-activates the user', async () => {
    await db.pool.query('UPDATE app_user SET is_active = false');
    await ensureAdmin(db.pool, { email: 'ADMIN@example.ru', password: 'Пароль-2' });
    const { users } = await state();
    expect(users).toHaveLength(1);
    expect(users[0].is_active).toBe(true);
    expect(await argon2.verify(users[0].password_hash, 'Пароль-2')).toBe(true);
    expect(await argon2.verify(users[0].password_hash, 'Пароль-1')).toBe(false);
  });

  it('refuses a blank email or password', async () => {
    await expect(ensureAdmin(db.pool, { email: '', password: 'x' })).rejects.toThrow(/email/);
    await expect(ensureAdmin(db.pool, { email: 'a@b.ru', password: '' })).rejects.toThrow(/пароль/);
  });
});
