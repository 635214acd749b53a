/**
 * The migration runner against a real PostgreSQL: history recorded as Prisma records it,
 * nothing applied twice (also with two runners at once), changed files refused, failing
 * migrations rolled back.
 */
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrate, MigrationHistoryError, readMigrations } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

let db: TestDatabase;
let tmp: string;

beforeAll(async () => {
  db = await createTestDatabase();
  tmp = await mkdtemp(path.join(tmpdir(), 'tko-migrations-'));
});
afterAll(async () => {
  await db?.drop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

/** A copy of prisma/migrations to tamper with. */
async function copyMigrations(name: string): Promise<string> {
  const dir = path.join(tmp, name);
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

describe('migrate', () => {
  it('records every migration in _prisma_migrations with the SHA-256 of the file', async () => {
    const files = await readMigrations(MIGRATIONS_DIR);
    expect(files.length).toBeGreaterThan(0);
    const { rows } = await db.pool.query(
      'SELECT id, checksum, migration_name, finished_at, rolled_back_at, logs, applied_steps_count FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    for (const row of rows) {
      const bytes = await readFile(path.join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it('creates the history table with Prisma’s own column types', async () => {
    const { rows } = await db.pool.query(
      `SELECT column_name, data_type, character_maximum_length AS len, is_nullable FROM information_schema.columns
        WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(rows).toEqual([
      { column_name: 'id', data_type: 'character varying', len: 36, is_nullable: 'NO' },
      { column_name: 'checksum', data_type: 'character varying', len: 64, is_nullable: 'NO' },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'YES' },
      { column_name: 'migration_name', data_type: 'character varying', len: 255, is_nullable: 'NO' },
      { column_name: 'logs', data_type: 'text', len: null, is_nullable: 'YES' },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'YES' },
      { column_name: 'started_at', data_type: 'timestamp with time zone', len: null, is_nullable: 'NO' },
      { column_name: 'applied_steps_count', data_type: 'integer', len: null, is_nullable: 'NO' },
    ]);
  });

  it('applies nothing when the database is up to date', async () => {
    expect(await migrate(db.url)).toEqual({ applied: [] });
  });

  it('applies each migration once on an empty database, even with two runners at once', async () => {
    const empty = await createTestDatabase({ empty: true });
    try {
      const names = (await readMigrations(MIGRATIONS_DIR)).map((f) => f.name);
      const [a, b] = await Promise.all([migrate(empty.url), migrate(empty.url)]);
      expect([...a.applied, ...b.applied].sort()).toEqual(names);
      const { rows } = await empty.pool.query('SELECT count(*) AS n FROM _prisma_migrations');
      expect(rows[0].n).toBe(names.length);
    } finally {
      await empty.drop();
    }
  });

  it('refuses to run when an applied migration file changed', async () => {
    const dir = await copyMigrations('changed');
    const [first] = await readMigrations(dir);
    await writeFile(path.join(dir, first!.name, 'migration.sql'), `${first!.sql}\n-- edited after it was applied\n`);
    await expect(migrate(db.url, { migrationsDir: dir })).rejects.toThrow(MigrationHistoryError);
    await expect(migrate(db.url, { migrationsDir: dir })).rejects.toThrow(/изменён/);
  });

  it('accepts a file whose only change is CRLF line endings, as Prisma does', async () => {
    const dir = await copyMigrations('crlf');
    const [first] = await readMigrations(dir);
    await writeFile(path.join(dir, first!.name, 'migration.sql'), first!.sql.replace(/\n/g, '\r\n'));
    expect(await migrate(db.url, { migrationsDir: dir })).toEqual({ applied: [] });
  });

  it('rolls back a failing migration, records nothing, and applies the next good one', async () => {
    const dir = await copyMigrations('failing');
    await mkdir(path.join(dir, '29990101000000_broken'));
    await writeFile(path.join(dir, '29990101000000_broken', 'migration.sql'), 'CREATE TABLE half_done (id int);\nSELECT 1 / 0;\n');
    await expect(migrate(db.url, { migrationsDir: dir })).rejects.toThrow(/29990101000000_broken.*division by zero/);
    const leftover = await db.pool.query("SELECT to_regclass('half_done') AS t, (SELECT count(*) FROM _prisma_migrations WHERE migration_name LIKE '2999%') AS n");
    expect(leftover.rows[0]).toEqual({ t: null, n: 0 });

    await writeFile(path.join(dir, '29990101000000_broken', 'migration.sql'), 'CREATE TABLE half_done (id int);\n');
    expect(await migrate(db.url, { migrationsDir: dir })).toEqual({ applied: ['29990101000000_broken'] });
    const { rows } = await db.pool.query("SELECT finished_at IS NOT NULL AS ok FROM _prisma_migrations WHERE migration_name = '29990101000000_broken'");
    expect(rows).toEqual([{ ok: true }]);
  });
});
