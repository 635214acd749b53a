/**
 * Test harness: the real app (buildApp) on a fresh database copied from the migrated template,
 * with three users — an admin holding every permission, a viewer holding only `container:view`,
 * and a user with no permission — and their access tokens. No mocks.
 */
import argon2 from 'argon2';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { PERMISSION_ACTIONS, PERMISSION_RESOURCES } from '@tko/contract';
import { createPrisma } from '@tko/db';
import { createTestDatabase } from '@tko/db/testing';
import { buildApp } from '../src/app';
import type { AppDeps } from '../src/app';
import { loadConfig } from '../src/config';
import type { Config } from '../src/config';
import type { Queues } from '../src/modules/jobs/queue';
import { TokenService } from '../src/modules/auth/tokens';

export const PASSWORD = 'Пароль-для-тестов-1';

export interface TestApp {
  app: FastifyInstance;
  pool: Pool;
  config: Config;
  url: string;
  tokens: { admin: string; viewer: string; nobody: string };
  users: { admin: number; viewer: number; nobody: number };
  auth(who: keyof TestApp['tokens']): { Authorization: string };
  close(): Promise<void>;
}

/**
 * The argon2id hash of PASSWORD, made once per test file: hashing costs ≈ 0.2 CPU s by design, and every
 * user of a file has the same password (a shared salt changes nothing the tests read).
 */
let passwordHash: Promise<string> | undefined;
const hashedPassword = () => (passwordHash ??= argon2.hash(PASSWORD));

/** Creates a user with a role granting `perms` ('resource:action'); returns the user id. */
export async function createUser(pool: Pool, email: string, perms: string[], names = { first: 'Иван', last: 'Петров' }): Promise<number> {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO app_user (email, password_hash, first_name, last_name) VALUES ($1, $2, $3, $4) RETURNING id`,
    [email, await hashedPassword(), names.first, names.last],
  );
  const userId = rows[0]!.id;
  if (perms.length) {
    const role = await pool.query<{ id: number }>(`INSERT INTO role (name) VALUES ($1) RETURNING id`, [`role-${email}`]);
    const pairs = perms.map((p) => p.split(':') as [string, string]);
    await pool.query(`INSERT INTO role_permission (role_id, resource, action) SELECT $1, r, a FROM unnest($2::text[], $3::text[]) AS u(r, a)`,
      [role.rows[0]!.id, pairs.map(([r]) => r), pairs.map(([, a]) => a)]);
    await pool.query(`INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)`, [userId, role.rows[0]!.id]);
  }
  return userId;
}

export const ALL_PERMISSIONS = Object.keys(PERMISSION_RESOURCES).flatMap((r) => PERMISSION_ACTIONS.map((a) => `${r}:${a}`));

/** Starts the app on its own database. `queues` for job tests; `overrides` for config. */
export async function startTestApp(opts: { queues?: Queues | null; overrides?: Partial<Config>; extra?: Partial<AppDeps> } = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: db.url, NODE_ENV: 'test', JWT_SECRET: 'test-secret' } as NodeJS.ProcessEnv, { webDist: '/nonexistent', basemapDir: '/nonexistent', ...opts.overrides });
  const prisma = createPrisma(db.url);
  const app = await buildApp({ config, pool: db.pool, prisma, queues: opts.queues ?? null, logger: process.env.TEST_LOG ? { level: 'error' } : false, ...opts.extra });
  await app.ready();
  const users = {
    admin: await createUser(db.pool, 'admin@test.local', ALL_PERMISSIONS, { first: 'Анна', last: 'Админова' }),
    viewer: await createUser(db.pool, 'viewer@test.local', ['container:view']),
    nobody: await createUser(db.pool, 'nobody@test.local', []),
  };
  const ts = new TokenService(config.jwtSecret, config.accessTokenLifetime, config.refreshTokenLifetime);
  const tokens = { admin: ts.access(users.admin), viewer: ts.access(users.viewer), nobody: ts.access(users.nobody) };
  return {
    app,
    pool: db.pool,
    config,
    url: db.url,
    tokens,
    users,
    auth: (who) => ({ Authorization: `Bearer ${tokens[who]}` }),
    async close() {
      await app.close();
      await prisma.$disconnect();
      await db.drop();
    },
  };
}

/** A valid container-site body (Angarsk). */
export function siteBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    location: 'Ангарск, 47 квл, 60 (ул. Набережная, 41)',
    coordinates: { lat: 52.5468417, lng: 103.8701022 },
    identifier: 'КП-0001',
    ...overrides,
  };
}
