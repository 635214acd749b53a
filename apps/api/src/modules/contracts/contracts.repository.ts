/**
 * SQL of the contracts' own calls (routes/contracts-appeals.ts): the revisions of a contract
 * (table `contract`, lineage = coalesce(lineage_id, id)) and a revision's waste areas with their
 * sites (`contract_waste_area` ⋈ `waste_area`, containers from `waste_area_container`).
 */
import type { Pool, PoolClient } from 'pg';
import type { ContractWasteAreaItem } from '@tko/contract';

export interface RevisionRow {
  id: number;
  revision: number;
  revision_status: 'DRAFT' | 'APPROVED' | 'ARCHIVED';
  created_at: Date;
}

export class ContractsRepository {
  constructor(private readonly pool: Pool) {}

  /** The lineage (first revision's id) of revision `id`, or null when there is no such row. */
  async lineageOf(id: number, db: Pool | PoolClient = this.pool): Promise<number | null> {
    const { rows } = await db.query<{ lin: number }>('SELECT coalesce(lineage_id, id) AS lin FROM contract WHERE id = $1', [id]);
    return rows[0]?.lin ?? null;
  }

  /** Every revision of a lineage, newest first; `lock` takes row locks (FOR UPDATE) in a transaction. */
  async revisions(lineage: number, db: Pool | PoolClient = this.pool, lock = false): Promise<RevisionRow[]> {
    const { rows } = await db.query<RevisionRow>(
      `SELECT id, revision, revision_status, created_at FROM contract WHERE coalesce(lineage_id, id) = $1 ORDER BY revision DESC, id DESC${lock ? ' FOR UPDATE' : ''}`,
      [lineage],
    );
    return rows;
  }

  /** Puts revision `id` into `lineage` as revision number `revision`. */
  async attach(id: number, lineage: number, revision: number, db: PoolClient): Promise<void> {
    await db.query('UPDATE contract SET lineage_id = $2, revision = $3 WHERE id = $1', [id, lineage, revision]);
  }

  /** The waste areas of revision `id` with their sites, a page of them, and their number. */
  async wasteAreas(id: number, paging: { limit: number; offset: number }): Promise<{ count: number; rows: ContractWasteAreaItem[] }> {
    const { rows } = await this.pool.query<ContractWasteAreaItem & { total: string }>(
      `SELECT cw.id, json_build_object('id', w.id, 'name', w.location) AS waste_area, cw.waste_area_type,
              w.location AS waste_area_location,
              CASE WHEN w.coordinates IS NULL THEN NULL
                   ELSE json_build_object('lat', round(ST_Y(w.coordinates)::numeric, 6), 'lng', round(ST_X(w.coordinates)::numeric, 6)) END AS waste_area_coordinates,
              cw.periodicity, cw.periodicity_on_dates::text[] AS periodicity_on_dates, cw.periodicity_on_weekdays,
              (SELECT coalesce(json_agg(json_build_object('id', c.id, 'type', c.type, 'volume', c.volume::text) ORDER BY c.id), '[]'::json)
                 FROM waste_area_container c
                WHERE c.waste_area_id = w.id AND (cardinality(cw.containers) = 0 OR c.id = ANY (cw.containers))) AS containers,
              count(*) OVER () AS total
         FROM contract_waste_area cw JOIN waste_area w ON w.id = cw.waste_area_id
        WHERE cw.contract_id = $1
        ORDER BY cw.id LIMIT $2 OFFSET $3`,
      [id, paging.limit, paging.offset],
    );
    const count = rows.length ? Number(rows[0]!.total) : paging.offset === 0 ? 0 : await this.countWasteAreas(id);
    return { count, rows: rows.map(({ total: _t, ...r }) => r) };
  }

  private async countWasteAreas(id: number): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>('SELECT count(*) AS n FROM contract_waste_area WHERE contract_id = $1', [id]);
    return Number(rows[0]!.n);
  }
}
