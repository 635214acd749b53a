/**
 * SQL of the sub-lists of one waste source (modules/waste-sources/waste-sources.routes.ts):
 * its organisations and its waste areas, one page `{count, rows}` each. Coordinates are
 * EPSG:4326 `{lat, lng}` rounded to 6 decimals; volumes are m³ as text (decimals on the wire).
 */
import type { Pool } from 'pg';
import type { UserScope } from '@tko/contract';
import { wasteSourceResource } from '@tko/contract';
import { Params, rowScopeSql, storedResource } from '@tko/db';
import type { PageRows, Paging } from '../waste-areas/waste-areas.repository';
import { areaScope } from '../waste-areas/waste-areas.repository';

export class WasteSourcesRepository {
  constructor(private readonly pool: Pool) {}

  /** True when waste source `id` exists and is in `scope` (its card's rule). */
  async exists(id: number, scope?: UserScope | null): Promise<boolean> {
    const p = new Params();
    const where = [`t.id = ${p.add(id)}`, rowScopeSql(storedResource(wasteSourceResource), scope, p)].filter(Boolean).join(' AND ');
    const { rowCount } = await this.pool.query(`SELECT 1 FROM waste_source t WHERE ${where}`, p.values);
    return (rowCount ?? 0) > 0;
  }

  /** Organisations of source `id` by name: {id, name, short_name, inn, kind}. */
  async organizations(id: number, page: Paging): Promise<PageRows<Record<string, unknown>>> {
    const [rows, count] = await Promise.all([
      this.pool.query(
        `SELECT e.id, e.name, e.short_name, e.inn, e.kind
           FROM waste_source_organization j JOIN legal_entity e ON e.id = j.legal_entity_id
          WHERE j.waste_source_id = $1 ORDER BY e.name, e.id LIMIT $2 OFFSET $3`,
        [id, page.limit, page.offset],
      ),
      this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM waste_source_organization WHERE waste_source_id = $1', [id]),
    ]);
    return { count: count.rows[0]!.n, rows: rows.rows };
  }

  /**
   * Waste areas (any kind) of source `id` by address: {id, kind, location, identifier, status,
   * coordinates, count_containers, volume}; only the areas in `scope` (the waste areas' lists' rule).
   */
  async wasteAreas(id: number, page: Paging, scope?: UserScope | null): Promise<PageRows<Record<string, unknown> & { kind: string }>> {
    const s = areaScope(scope, [id, page.limit, page.offset], 'a');
    const [rows, count] = await Promise.all([
      this.pool.query(
        `SELECT a.id, a.kind, a.location, a.identifier, a.status,
                CASE WHEN a.coordinates IS NULL THEN NULL
                     ELSE json_build_object('lat', round(ST_Y(a.coordinates)::numeric, 6), 'lng', round(ST_X(a.coordinates)::numeric, 6)) END AS coordinates,
                a.count_containers, a.volume::text AS volume
           FROM waste_source_waste_area j JOIN waste_area a ON a.id = j.waste_area_id
          WHERE j.waste_source_id = $1${s.sql} ORDER BY a.location, a.id LIMIT $2 OFFSET $3`,
        [id, page.limit, page.offset, ...s.params],
      ),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM waste_source_waste_area j JOIN waste_area a ON a.id = j.waste_area_id WHERE j.waste_source_id = $1${areaScope(scope, [id], 'a').sql}`, [id, ...areaScope(scope, [id], 'a').params]),
    ]);
    return { count: count.rows[0]!.n, rows: rows.rows };
  }
}
