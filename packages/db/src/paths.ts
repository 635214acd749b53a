/**
 * Where the package finds its files: the repository root, prisma/ (schema and migrations) and
 * the shared test data (DATA_DIR, default `<repo>/../shared/data`, never copied into the repo).
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Absolute path of the repository root (this file is packages/db/src/paths.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** prisma/migrations: one `<timestamp>_<name>/migration.sql` folder per migration. */
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'prisma', 'migrations');

/** prisma/schema.prisma. */
export const SCHEMA_PATH = path.join(REPO_ROOT, 'prisma', 'schema.prisma');

/** Folder of the shared input data: $DATA_DIR, or `<repo>/../shared/data`. */
export function dataDir(): string {
  return process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : path.resolve(REPO_ROOT, '..', 'shared', 'data');
}
