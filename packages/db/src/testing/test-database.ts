/**
 * One database per test file, copied from the migrated template of the global setup
 * (`CREATE DATABASE … TEMPLATE …`, a few hundred milliseconds instead of migrating again).
 */
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { inject } from 'vitest';
import { createPool } from '../client';
import { createDatabase, databaseUrl, dropDatabase } from './databases';
import './provided-context';

export interface TestDatabase {
  /** URL of the new database (same server and user as the admin URL). */
  url: string;
  /** A pool on it (createPool: numeric and date as strings, bigint as number). */
  pool: Pool;
  /** Ends the pool and drops the database. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** An empty database (no migrations, no extensions) instead of a copy of the template. */
  empty?: boolean;
}

/**
 * Creates a fresh database for the calling test file. Needs the global setup of
 * `@tko/db/testing/global-setup` in the vitest project; throws otherwise.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const adminUrl = inject('tkoDbAdminUrl');
  const template = inject('tkoDbTemplate');
  if (!adminUrl || !template) {
    throw new Error('createTestDatabase: добавьте @tko/db/testing/global-setup в globalSetup проекта vitest');
  }
  // Named after the template so the global teardown finds copies a crashed file left behind.
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name, options.empty ? undefined : template);
  const url = databaseUrl(adminUrl, name);
  const pool = createPool(url, { max: 5 });
  return {
    url,
    pool,
    drop: async () => {
      await pool.end();
      await dropDatabase(adminUrl, name);
    },
  };
}
