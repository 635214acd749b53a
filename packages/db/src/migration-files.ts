/**
 * The migration folders of prisma/migrations, read as Prisma reads them: every sub-folder
 * holding a `migration.sql`, in name order (`<yyyymmddhhmmss>_<name>`), with the SHA-256 of the
 * file's bytes as its checksum (prisma-engines, schema-connector/src/checksum.rs).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface MigrationFile {
  /** Folder name, e.g. '20261122080000_init'; recorded as migration_name. */
  name: string;
  /** Content of migration.sql. */
  sql: string;
  /** Lower-case hex SHA-256 of the file's bytes (64 characters). */
  checksum: string;
}

/** SHA-256 of `data` as 64 lower-case hex digits. */
export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Lists the migrations of `dir` in name order. Throws when the folder cannot be read. */
export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const out: MigrationFile[] = [];
  for (const name of names) {
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(dir, name, 'migration.sql'));
    } catch {
      continue; // Prisma ignores folders without migration.sql
    }
    out.push({ name, sql: bytes.toString('utf8'), checksum: sha256Hex(bytes) });
  }
  return out;
}

/**
 * Whether a recorded checksum still matches the script. Like Prisma, a file whose only change
 * is CRLF ↔ LF line endings (git on Windows) still matches.
 */
export function checksumMatches(file: MigrationFile, recorded: string): boolean {
  if (file.checksum === recorded) return true;
  return sha256Hex(file.sql.replace(/\r\n/g, '\n')) === recorded
    || sha256Hex(file.sql.replace(/\r?\n/g, '\r\n')) === recorded;
}
