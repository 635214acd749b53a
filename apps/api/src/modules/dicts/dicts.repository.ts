/**
 * The read-only dictionaries (@tko/contract routes/dicts.ts) in SQL: one description per
 * dictionary — table, answered columns, a fixed condition, search columns, order — and one
 * paged query for all of them.
 *
 * - mf: municipal formations = administrative units of ОКТМО section 1 (districts, okrugs,
 *   settlements); a unit without a code (a formation Rosstat has not coded yet) counts too.
 * - vehicle-models, positions, driving-licence-categories: tables seeded by migration
 *   20261122090300_legal_entities_dicts (vehicle models extended to 36 with payload, compaction,
 *   gross weight and source by 20261125010000_fleet_registries; docs/DATA.md).
 */
import type { DictQuery } from '@tko/contract';
import { DEFAULT_PAGE_SIZE } from '@tko/contract';
import type { Pool } from 'pg';

export interface DictSpec {
  table: string;
  /** SELECT list over alias t, each expression named as its wire field. */
  select: string;
  /** A fixed condition, or 'TRUE'. */
  where: string;
  /** Columns matched by `search` (ILIKE substring). */
  search: string[];
  orderBy: string;
}

export const DICT_SPECS = {
  mf: {
    table: 'administrative_unit',
    select: 't.id, t.code, t.name, t.level, t.area',
    where: 'coalesce(t.section, 1) = 1',
    search: ['name', 'code'],
    orderBy: 't.code NULLS LAST, t.id',
  },
  'vehicle-models': {
    table: 'vehicle_model',
    select: `t.id, t.model || ' на шасси ' || t.chassis AS name, t.make, t.model, t.chassis, t.manufacturer, t.loading, t.body_m3::text AS body_m3,
      t.payload_kg, t.compression_min::text AS compression_min, t.compression_max::text AS compression_max, t.gross_weight_kg, t.source`,
    where: 'TRUE',
    search: ['model', 'make', 'chassis', 'manufacturer'],
    orderBy: 't.make, t.model, t.id',
  },
  positions: {
    table: 'staff_position',
    select: 't.id, t.name, t.description, t.is_driver',
    where: 'TRUE',
    search: ['name'],
    orderBy: 't.sort_order, t.id',
  },
  'driving-licence-categories': {
    table: 'driving_licence_category',
    select: 't.id, t.code, t.name, t.description, t.is_subcategory',
    where: 'TRUE',
    search: ['code', 'name'],
    orderBy: 't.sort_order, t.id',
  },
} as const satisfies Record<string, DictSpec>;

export type DictName = keyof typeof DICT_SPECS;

/** One page of a dictionary and the number of matching rows. */
export async function listDict(pool: Pool, spec: DictSpec, q: DictQuery): Promise<{ count: number; rows: Record<string, unknown>[] }> {
  const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
  const page = q.page ?? 1;
  const params: unknown[] = [];
  let where = spec.where;
  const text = q.search?.trim();
  if (text) {
    params.push(`%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where += ` AND (${spec.search.map((c) => `t."${c}" ILIKE $1`).join(' OR ')})`;
  }
  const from = `FROM "${spec.table}" t WHERE ${where}`;
  const [rows, count] = await Promise.all([
    pool.query(`SELECT ${spec.select} ${from} ORDER BY ${spec.orderBy} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`, params),
    pool.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params),
  ]);
  return { count: count.rows[0]!.n, rows: rows.rows };
}
