/**
 * SQL of the contracts' own calls (routes/contracts-appeals.ts): the revisions of a contract
 * (table `contract`, lineage = coalesce(lineage_id, id)) and a revision's waste areas with their
 * sites (`contract_waste_area` ⋈ `waste_area`, containers from `waste_area_container`).
 */
import type { Pool, PoolClient } from 'pg';
import type { ContractObjectInput, ContractWasteAreaItem, RefValue, TariffInForce } from '@tko/contract';
import { normativeFigure } from '@tko/db';
import type { SchemeRoads } from './placement-scheme';
import { metresToDegrees } from './placement-scheme';

/** A party's registry details printed on the contract: ОГРН (ОГРНИП), КПП, address, bank details. */
export interface PartyDetails {
  name: string | null;
  inn: string | null;
  ogrn: string | null;
  kpp: string | null;
  location: string | null;
  bank_name: string | null;
  bik: string | null;
  settlement_account: string | null;
  correspondent_account: string | null;
}

/** One change-history entry: when, who, the changed fields' values before and after. */
export interface ChangeRow {
  at: Date;
  user_name: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** One object of a revision with what its volume needs. */
export interface PriceObjectRow extends ContractObjectInput {
  id: number;
  waste_area: RefValue;
  waste_source: RefValue | null;
}

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
              CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'name', s.name || ', ' || s.location) END AS waste_source,
              cw.kgo_volume_year::text AS kgo_volume_year,
              count(*) OVER () AS total
         FROM contract_waste_area cw JOIN waste_area w ON w.id = cw.waste_area_id
         LEFT JOIN waste_source s ON s.id = cw.waste_source_id
        WHERE cw.contract_id = $1
        ORDER BY cw.id LIMIT $2 OFFSET $3`,
      [id, paging.limit, paging.offset],
    );
    const count = rows.length ? Number(rows[0]!.total) : paging.offset === 0 ? 0 : await this.countWasteAreas(id);
    return { count, rows: rows.map(({ total: _t, ...r }) => r) };
  }

  /**
   * Every object of revision `id` as the price needs it (contract-price.ts): the schedule (the
   * site's month days for ON_MONTHDAYS, which the contract row does not list), the containers'
   * volumes (m³), the source's normative m³ per year (as its card computes it) and КГО m³ per year.
   */
  async priceObjects(id: number): Promise<PriceObjectRow[]> {
    const { rows } = await this.pool.query<PriceObjectRow>(
      `SELECT cw.id, json_build_object('id', w.id, 'name', w.location) AS waste_area,
              CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('id', s.id, 'name', s.name || ', ' || s.location) END AS waste_source,
              cw.periodicity, cw.periodicity_on_weekdays AS weekdays, cw.periodicity_on_dates::text[] AS dates,
              w.periodicity_on_monthdays AS monthdays,
              (SELECT coalesce(json_agg(json_build_object('volume', c.volume::text) ORDER BY c.id), '[]'::json)
                 FROM waste_area_container c
                WHERE c.waste_area_id = w.id AND (cardinality(cw.containers) = 0 OR c.id = ANY (cw.containers))) AS containers,
              (${normativeFigure('m3_per_unit_year')('s')}) AS normative_m3_year,
              cw.kgo_volume_year::text AS kgo_m3_year
         FROM contract_waste_area cw JOIN waste_area w ON w.id = cw.waste_area_id
         LEFT JOIN waste_source s ON s.id = cw.waste_source_id
        WHERE cw.contract_id = $1
        ORDER BY cw.id`,
      [id],
    );
    return rows;
  }

  /**
   * The single tariff (kind SINGLE, руб. per unit) of regional operator `operator` in force on
   * `date` (YYYY-MM-DD): start ≤ date ≤ end (open end: in force). Without an operator on the
   * contract, only a tariff that names none. Null when there is none.
   */
  async singleTariff(operator: number | null, date: string): Promise<TariffInForce | null> {
    const { rows } = await this.pool.query<TariffInForce>(
      `SELECT id, name, cost::text AS cost, unit, start_date::text AS start_date, end_date::text AS end_date
         FROM reg_operator_tariff
        WHERE kind = 'SINGLE' AND reg_operator_id IS NOT DISTINCT FROM $1::int
          AND start_date <= $2::date AND (end_date IS NULL OR end_date >= $2::date)
        ORDER BY start_date DESC, id DESC LIMIT 1`,
      [operator, date],
    );
    return rows[0] ?? null;
  }

  /** The change-history entries of revision `id`, oldest first. */
  async changes(id: number): Promise<ChangeRow[]> {
    const { rows } = await this.pool.query<ChangeRow>(
      `SELECT created_at AS at, user_name, before, after FROM change_log WHERE resource = 'contracts' AND object_id = $1 ORDER BY id`,
      [id],
    );
    return rows;
  }

  /** Name, ИНН, ОГРН (ОГРНИП), КПП, address and bank details of legal entities `ids` from the legal-entity registry, by id. */
  async partyDetails(ids: number[]): Promise<Map<number, PartyDetails>> {
    if (!ids.length) return new Map();
    const { rows } = await this.pool.query<PartyDetails & { id: number }>(
      `SELECT id, name, inn, coalesce(ogrn, ogrnip) AS ogrn, kpp, location, bank_name, bik, settlement_account, correspondent_account
         FROM legal_entity WHERE id = ANY ($1::int[])`,
      [ids],
    );
    return new Map(rows.map(({ id, ...r }) => [id, r]));
  }

  /** Each waste area of revision `id` (in the annex's order) with its owners' names from the registry of places. */
  async placeOwners(id: number): Promise<{ location: string | null; owners: string[] }[]> {
    const { rows } = await this.pool.query<{ location: string | null; owners: string[] }>(
      `SELECT w.location,
              coalesce((SELECT array_agg(coalesce(le.short_name, le.name) ORDER BY le.name, le.id)
                          FROM waste_area_owner o JOIN legal_entity le ON le.id = o.legal_entity_id
                         WHERE o.waste_area_id = w.id), '{}') AS owners
         FROM contract_waste_area cw JOIN waste_area w ON w.id = cw.waste_area_id
        WHERE cw.contract_id = $1
        ORDER BY cw.id`,
      [id],
    );
    return rows;
  }

  /**
   * The road lines of the loaded road graph (osm.ways of `pnpm region:load`, docs/REGION.md) whose
   * box meets the square of half-side `radiusM` metres around (lat, lng), as [lng, lat] lines
   * (EPSG:4326); `loaded: false` when the graph's table is missing or empty.
   */
  async roadsNear(lat: number, lng: number, radiusM: number, limit = 500): Promise<SchemeRoads> {
    const exists = (await this.pool.query<{ ok: boolean }>(`SELECT to_regclass('osm.ways') IS NOT NULL AS ok`)).rows[0]!.ok;
    if (!exists || (await this.pool.query('SELECT 1 FROM osm.ways LIMIT 1')).rowCount === 0) return { loaded: false };
    const { dLng, dLat } = metresToDegrees(radiusM, lat);
    const { rows } = await this.pool.query<{ name: string | null; g: { coordinates: [number, number][] } }>(
      `SELECT name, ST_AsGeoJSON(ST_Force2D(the_geom), 6)::json AS g FROM osm.ways
        WHERE the_geom && ST_MakeEnvelope($1, $2, $3, $4, 4326) AND GeometryType(the_geom) = 'LINESTRING'
        ORDER BY ST_Distance(the_geom, ST_SetSRID(ST_MakePoint($5, $6), 4326)) LIMIT $7`,
      [lng - dLng, lat - dLat, lng + dLng, lat + dLat, lng, lat, limit],
    );
    return { loaded: true, lines: rows.map((r) => ({ name: r.name, coords: r.g.coordinates })) };
  }

  private async countWasteAreas(id: number): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>('SELECT count(*) AS n FROM contract_waste_area WHERE contract_id = $1', [id]);
    return Number(rows[0]!.n);
  }
}
