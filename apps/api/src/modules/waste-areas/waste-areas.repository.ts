/**
 * SQL of the particular waste-area calls (modules/waste-areas/waste-areas.routes.ts): the
 * containers of one site, owner suggestions (legal entities) and waste-area suggestions.
 * Every method returns one page `{count, rows}`; `offset`/`limit` come from the validated
 * page and page_size. Text search is a case-insensitive substring (ILIKE, wildcards escaped).
 */
import type { Pool } from 'pg';
import type { UserScope } from '@tko/contract';
import { containerResource } from '@tko/contract';
import { Params, rowScopeSql, storedResource } from '@tko/db';

export interface PageRows<T> {
  count: number;
  rows: T[];
}

export interface Paging {
  limit: number;
  offset: number;
}

/** `%text%` for ILIKE with the user's % _ \ escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/**
 * The waste areas' row-scope predicate over alias `alias` (every kind declares the same scope,
 * contract waste-area-common.ts), its parameters numbered after `taken`; '' when unrestricted.
 */
export function areaScope(scope: UserScope | null | undefined, taken: unknown[], alias: string): { sql: string; params: unknown[] } {
  const p = new Params();
  for (const v of taken) p.add(v);
  const sql = rowScopeSql(storedResource(containerResource), scope, p);
  return sql ? { sql: ` AND ${sql.replace(/\bt\./g, `${alias}.`)}`, params: p.values.slice(taken.length) } : { sql: '', params: [] };
}

export class WasteAreasRepository {
  constructor(private readonly pool: Pool) {}

  /** True when site `id` exists, is of `kind` (CONTAINER, SPECIALA …) and is in `scope` (its card's rule). */
  async exists(kind: string, id: number, scope?: UserScope | null): Promise<boolean> {
    const s = areaScope(scope, [id, kind], 't');
    const { rowCount } = await this.pool.query(`SELECT 1 FROM waste_area t WHERE t.id = $1 AND t.kind = $2${s.sql}`, [id, kind, ...s.params]);
    return (rowCount ?? 0) > 0;
  }

  /** Containers of site `id` in the order they were added: {id, type, volume (m³, text), loading}. */
  async containers(id: number, page: Paging): Promise<PageRows<{ id: number; type: string; volume: string; loading: string | null }>> {
    const [rows, count] = await Promise.all([
      this.pool.query(
        `SELECT id, type, volume::text AS volume, loading FROM waste_area_container WHERE waste_area_id = $1 ORDER BY id LIMIT $2 OFFSET $3`,
        [id, page.limit, page.offset],
      ),
      this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM waste_area_container WHERE waste_area_id = $1', [id]),
    ]);
    return { count: count.rows[0]!.n, rows: rows.rows };
  }

  /**
   * Legal entities usable as owners of a waste area (Правила обустройства мест накопления ТКО,
   * ПП РФ от 31.08.2018 № 1039: owners are legal entities, entrepreneurs or natural persons).
   * With `ids`, exactly those rows (to name already chosen owners, whatever their status);
   * otherwise active entities only. `search` matches the full or short name or the ИНН.
   * Entities flagged is_waste_area_owner come first, then by name.
   */
  async ownerSuggestions(search: string, ids: number[] | undefined, page: Paging): Promise<PageRows<{ id: number; name: string; inn: string | null }>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (ids) {
      params.push(ids);
      where.push(`e.id = ANY($${params.length}::int[])`);
    } else {
      where.push(`e.status = 'ACTIVE'`);
    }
    const text = search.trim();
    if (text) {
      params.push(likePattern(text));
      const p = `$${params.length}`;
      where.push(`(e.name ILIKE ${p} OR e.short_name ILIKE ${p} OR e.inn ILIKE ${p})`);
    }
    const cond = where.join(' AND ');
    const [rows, count] = await Promise.all([
      this.pool.query(
        `SELECT e.id, e.name, e.inn FROM legal_entity e WHERE ${cond}
         ORDER BY e.is_waste_area_owner DESC, e.name, e.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.offset],
      ),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM legal_entity e WHERE ${cond}`, params),
    ]);
    return { count: count.rows[0]!.n, rows: rows.rows };
  }

  /**
   * Waste areas of the given kinds as options `{id, name = address, kind, identifier}`, by
   * `search` (address, identifier, registry number) and/or `ids`, ordered by address; only the
   * areas in `scope` (the lists' rule).
   */
  async areaSuggestions(kinds: string[], search: string, ids: number[] | undefined, page: Paging, scope?: UserScope | null): Promise<PageRows<{ id: number; name: string; kind: string; identifier: string | null }>> {
    const params: unknown[] = [kinds];
    const where = ['a.kind = ANY($1::text[])'];
    if (ids) {
      params.push(ids);
      where.push(`a.id = ANY($${params.length}::int[])`);
    }
    const text = search.trim();
    if (text) {
      params.push(likePattern(text));
      const p = `$${params.length}`;
      where.push(`(a.location ILIKE ${p} OR a.identifier ILIKE ${p} OR a.registry_number ILIKE ${p})`);
    }
    const s = areaScope(scope, params, 'a');
    params.push(...s.params);
    const cond = where.join(' AND ') + s.sql;
    const [rows, count] = await Promise.all([
      this.pool.query(
        `SELECT a.id, coalesce(a.location, '№ ' || a.id) AS name, a.kind, a.identifier FROM waste_area a WHERE ${cond}
         ORDER BY a.location, a.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.offset],
      ),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM waste_area a WHERE ${cond}`, params),
    ]);
    return { count: count.rows[0]!.n, rows: rows.rows };
  }
}
