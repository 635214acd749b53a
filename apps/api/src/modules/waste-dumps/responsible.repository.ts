/**
 * SQL of GET /api/waste-dumps/responsible-for-liquidation/ (contract routes/waste-dumps.ts):
 * legal entities of every kind that are not closed, by name, with an optional case-insensitive
 * substring search over name, short name and ИНН; one page `{count, rows}`.
 */
import type { ResponsibleEntity } from '@tko/contract';
import type { Pool } from 'pg';

/** `%text%` for ILIKE, with the user's % _ \ escaped. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

export class ResponsibleRepository {
  constructor(private readonly pool: Pool) {}

  async page(search: string | undefined, paging: { limit: number; offset: number }): Promise<{ count: number; rows: ResponsibleEntity[] }> {
    const params: unknown[] = [];
    let where = `e.status <> 'CLOSED'`;
    const text = search?.trim();
    if (text) {
      params.push(likePattern(text));
      where += ` AND (e.name ILIKE $1 OR e.short_name ILIKE $1 OR e.inn ILIKE $1)`;
    }
    const n = params.length;
    const [rows, count] = await Promise.all([
      this.pool.query<ResponsibleEntity>(
        `SELECT e.id, e.name, e.short_name, e.inn, e.kind FROM legal_entity e WHERE ${where}
          ORDER BY e.name, e.id LIMIT $${n + 1} OFFSET $${n + 2}`,
        [...params, paging.limit, paging.offset],
      ),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM legal_entity e WHERE ${where}`, params),
    ]);
    return { count: count.rows[0]!.n, rows: rows.rows };
  }
}
