/**
 * Applies the hand-written SQL migrations of prisma/migrations (docs/DATABASE.md, "Migrations").
 *
 * Each pending migration runs in its own transaction and is recorded in `_prisma_migrations`
 * exactly as `prisma migrate deploy` records it (same table, same SHA-256 checksum of the file's
 * bytes), so `prisma migrate status` on a machine with Prisma's schema engine agrees. The whole
 * run holds Prisma's own advisory lock (72707369), so two runners, or this runner and Prisma,
 * never apply migrations at the same time.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { MigrationFile } from './migration-files';
import { checksumMatches, readMigrations } from './migration-files';
import { MIGRATIONS_DIR } from './paths';

/** Prisma Migrate's advisory lock key (prisma-engines, sql-schema-connector flavour/postgres.rs). */
export const MIGRATION_LOCK_KEY = 72707369;

/** The DDL Prisma's schema engine uses for its history table (PostgreSQL flavour). */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

export interface MigrateOptions {
  /** Folder of migration folders; default `<repo>/prisma/migrations`. */
  migrationsDir?: string;
  /** Progress lines (one per applied migration); default: silent. */
  log?: (line: string) => void;
}

/** Thrown when the database history and the migration files disagree; nothing was applied. */
export class MigrationHistoryError extends Error {
  override name = 'MigrationHistoryError';
}

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

/**
 * Applies the pending migrations of `options.migrationsDir` to `databaseUrl`, in name order.
 * Returns the names applied by this call (empty when the database was up to date).
 * Throws {@link MigrationHistoryError} when an applied migration's file changed (checksum) or a
 * migration is recorded as failed; throws the database error (with the migration's name) when a
 * migration fails, after rolling that migration back. Migrations applied before it stay applied.
 */
export async function migrate(databaseUrl: string, options: MigrateOptions = {}): Promise<{ applied: string[] }> {
  const files = await readMigrations(options.migrationsDir ?? MIGRATIONS_DIR);
  const log = options.log ?? (() => {});
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(CREATE_MIGRATIONS_TABLE);
      const { rows } = await client.query<HistoryRow>(
        'SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY started_at',
      );
      const done = checkHistory(files, rows, log);
      const applied: string[] = [];
      for (const file of files.filter((f) => !done.has(f.name))) {
        await applyOne(client, file);
        applied.push(file.name);
        log(`применена миграция ${file.name}`);
      }
      return { applied };
    } finally {
      // Ending the session releases the lock too; a failed unlock must not hide the real error.
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}

/** Verifies the recorded history against the files; returns the names already applied. */
function checkHistory(files: MigrationFile[], rows: HistoryRow[], log: (line: string) => void): Set<string> {
  const byName = new Map(files.map((f) => [f.name, f]));
  const done = new Set<string>();
  for (const row of rows) {
    if (row.rolled_back_at) continue;
    if (!row.finished_at) {
      throw new MigrationHistoryError(
        `Миграция ${row.migration_name} записана в _prisma_migrations как начатая, но не завершённая. ` +
        'Исправьте базу вручную и удалите или пометьте эту запись (rolled_back_at), затем повторите.',
      );
    }
    const file = byName.get(row.migration_name);
    if (!file) {
      log(`предупреждение: миграция ${row.migration_name} применена к базе, но её папки нет в prisma/migrations`);
    } else if (!checksumMatches(file, row.checksum)) {
      throw new MigrationHistoryError(
        `Файл уже применённой миграции ${row.migration_name}/migration.sql изменён ` +
        `(checksum в базе ${row.checksum}, у файла ${file.checksum}). ` +
        'Применённые миграции не редактируют: верните файл и добавьте новую миграцию.',
      );
    }
    done.add(row.migration_name);
  }
  return done;
}

/** Runs one migration and its history row in one transaction, as Prisma records it. */
async function applyOne(client: pg.Client, file: MigrationFile): Promise<void> {
  const id = randomUUID();
  await client.query('BEGIN');
  try {
    await client.query(
      'INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
      [id, file.checksum, file.name],
    );
    await client.query(file.sql);
    await client.query(
      'UPDATE _prisma_migrations SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1',
      [id],
    );
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    const message = err instanceof Error ? err.message : String(err);
    throw new Error(`Миграция ${file.name} не применена (откат): ${message}`, { cause: err });
  }
}
