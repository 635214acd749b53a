/**
 * SQL of the balance calls that are not the generic registry's (contract routes/analytics.ts):
 * the row of a (year, ФККО id) key, the balance files (import files of the BALANCE template) with
 * their row counts and years, the rows a file brought, removing the file row.
 */
import type { Pool, PoolClient } from 'pg';
import type { BalanceFile } from '@tko/contract';
import { writerNameSql } from '@tko/db';

export class BalanceRepository {
  constructor(private readonly pool: Pool) {}

  /** Whether the ФККО row `id` exists. */
  async fkkoExists(id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM fkko WHERE id = $1', [id]);
    return Boolean(rowCount);
  }

  /** Id of the balance row of `year` and ФККО `fkkoId` (locked when `db` is a transaction), or null. */
  async idOf(year: number, fkkoId: number, db: Pool | PoolClient = this.pool, lock = false): Promise<number | null> {
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM balance WHERE year = $1 AND fkko_id = $2${lock ? ' FOR UPDATE' : ''}`, [year, fkkoId]);
    return rows[0]?.id ?? null;
  }

  /** A page of balance files, newest first. */
  async files(paging: { limit: number; offset: number }): Promise<{ count: number; rows: BalanceFile[] }> {
    const [count, page] = await Promise.all([
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM import_file WHERE template_type = 'BALANCE'`),
      this.pool.query<BalanceFile & { created_at: Date }>(
        `SELECT f.id, f.name, f.status,
                ${writerNameSql('u')} AS user_name,
                f.created_at,
                (SELECT count(*)::int FROM balance b WHERE b.import_file_id = f.id) AS rows,
                coalesce((SELECT array_agg(DISTINCT b.year ORDER BY b.year) FROM balance b WHERE b.import_file_id = f.id), '{}') AS years
           FROM import_file f LEFT JOIN app_user u ON u.id = f.user_id
          WHERE f.template_type = 'BALANCE'
          ORDER BY f.id DESC LIMIT $1 OFFSET $2`,
        [paging.limit, paging.offset],
      ),
    ]);
    return { count: count.rows[0]!.n, rows: page.rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })) };
  }

  /** The balance file `id` (locked) or null when there is none of the BALANCE template. */
  async lockFile(db: PoolClient, id: number): Promise<{ storage_key: string; status: string } | null> {
    const { rows } = await db.query<{ storage_key: string; status: string }>(
      `SELECT storage_key, status FROM import_file WHERE id = $1 AND template_type = 'BALANCE' FOR UPDATE`, [id]);
    return rows[0] ?? null;
  }

  /** Ids of the balance rows file `id` brought. */
  async rowsOfFile(db: PoolClient, id: number): Promise<number[]> {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM balance WHERE import_file_id = $1 ORDER BY id', [id]);
    return rows.map((r) => r.id);
  }

  /** Removes the import file row (its error rows go with it: ON DELETE CASCADE). */
  async deleteFile(db: PoolClient, id: number): Promise<void> {
    await db.query('DELETE FROM import_file WHERE id = $1', [id]);
  }
}
