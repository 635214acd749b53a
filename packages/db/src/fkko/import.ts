/**
 * Loads the ФККО catalogue into the `fkko` table (issue 4 §6). Idempotent: rows are upserted on
 * the code in one statement inside one transaction; a second run of the same file creates
 * nothing and changes nothing. Rows the file has lost are kept (the catalogue only grows; a
 * removed code may still be referenced by facilities). The database derives the hazard class,
 * level, title and the parent of every row (migration 20261122090200).
 */
import type { Pool } from 'pg';
import { withTransaction } from '../registry/repository';
import { readFkkoFile } from './read-fkko';
import type { FkkoRejected } from './read-fkko';

export interface FkkoImportResult {
  file: string;
  /** Data rows of the file. */
  rows: number;
  /** Rows with a valid code (written). */
  valid: number;
  /** Rows refused, with line, raw code and reason; never loaded. */
  rejected: FkkoRejected[];
  created: number;
  /** Existing codes whose name or link changed. */
  updated: number;
  unchanged: number;
  /** Rows of the table after the import. */
  total: number;
  /** Rows of the table by hazard class digit (0 = grouping rows). */
  byHazardClass: Record<string, number>;
}

/** Reads `filePath` and writes its valid rows; throws (writing nothing) on a malformed file. */
export async function importFkko(pool: Pool, filePath: string): Promise<FkkoImportResult> {
  const file = await readFkkoFile(filePath);
  return withTransaction(pool, async (db) => {
    const { rows } = await db.query<{ created: boolean }>(
      `INSERT INTO fkko (code, name, link)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, link = EXCLUDED.link, updated_at = now()
         WHERE (fkko.name, fkko.link) IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.link)
       RETURNING (xmax = 0) AS created`,
      [file.valid.map((r) => r.code), file.valid.map((r) => r.name), file.valid.map((r) => r.link)],
    );
    const created = rows.filter((r) => r.created).length;
    const stats = await db.query<{ hazard_class: number; n: number }>('SELECT hazard_class, count(*)::int AS n FROM fkko GROUP BY 1 ORDER BY 1');
    const byHazardClass = Object.fromEntries(stats.rows.map((r) => [String(r.hazard_class), r.n]));
    return {
      file: filePath,
      rows: file.rows,
      valid: file.valid.length,
      rejected: file.rejected,
      created,
      updated: rows.length - created,
      unchanged: file.valid.length - rows.length,
      total: stats.rows.reduce((s, r) => s + r.n, 0),
      byHazardClass,
    };
  });
}

/** Number of rows in `fkko` (0 = not loaded yet). */
export async function fkkoCount(pool: Pool): Promise<number> {
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM fkko');
  return rows[0]!.n;
}
