/**
 * Bulk writes of the seed: `INSERT … SELECT FROM unnest($1::text[], …)` in batches of
 * 10 000 rows (one round trip per batch, no per-row statements). Array-valued columns are
 * passed as Postgres array literals ('{1,3,5}') and cast, since unnest flattens 2-D arrays.
 */
import type { PoolClient } from 'pg';
import type { Container, SyntheticSite } from './generate';
import { rollup } from './generate';
import { BENCH_SOURCE } from './env';

const BATCH = 10_000;

const SITE_SQL = `
INSERT INTO waste_area (kind, data_import_source, external_id, identifier, registry_number, location,
  structured_address, coordinates, contract_zone_id, status, type, close_at, has_cover, access, coverage_type,
  periodicity, periodicity_on_weekdays, periodicity_on_monthdays, location_needs_checking, landmark,
  count_containers, volume, created_at, updated_at, last_update_at)
SELECT 'CONTAINER', $1, s.ext, s.ident, s.regno, s.loc, jsonb_build_object('city', s.city),
  ST_SetSRID(ST_MakePoint(s.lng, s.lat), 4326), s.zone, s.status, s.type, s.close_at, s.cover, s.access, s.coverage,
  s.per, s.wd::int[], s.md::int[], s.needs, s.landmark, s.n, s.vol, s.created, s.created, s.created
FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::float8[], $8::float8[], $9::int[],
  $10::text[], $11::text[], $12::date[], $13::bool[], $14::text[], $15::text[], $16::text[], $17::text[], $18::text[],
  $19::bool[], $20::text[], $21::int[], $22::numeric[], $23::timestamptz[])
  AS s(ext, ident, regno, loc, city, lat, lng, zone, status, type, close_at, cover, access, coverage, per, wd, md,
       needs, landmark, n, vol, created)
RETURNING id, external_id`;

/** Inserts the sites; `zoneIds[i]` is the contract_zone id of ZONES[i]. Returns their ids in order. */
export async function insertSites(db: PoolClient, sites: SyntheticSite[], zoneIds: number[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < sites.length; i += BATCH) {
    const b = sites.slice(i, i + BATCH);
    const col = <T>(f: (s: SyntheticSite) => T) => b.map(f);
    const sums = b.map((s) => rollup(s.containers));
    const { rows } = await db.query<{ id: number; external_id: string }>(SITE_SQL, [
      BENCH_SOURCE, col((s) => s.externalId), col((s) => s.identifier), col((s) => s.registryNumber), col((s) => s.location),
      col((s) => s.city), col((s) => s.lat), col((s) => s.lng), col((s) => zoneIds[s.zone]!), col((s) => s.status),
      col((s) => s.type), col((s) => s.closeAt), col((s) => s.hasCover), col((s) => s.access), col((s) => s.coverage),
      col((s) => s.periodicity), col((s) => s.weekdays), col((s) => s.monthdays), col((s) => s.needsChecking),
      col((s) => s.landmark), sums.map((x) => x.count), sums.map((x) => x.volume), col((s) => s.createdAt),
    ]);
    const byExt = new Map(rows.map((r) => [r.external_id, r.id]));
    ids.push(...b.map((s) => byExt.get(s.externalId)!));
  }
  return ids;
}

/** Inserts the containers of each site: `plan` pairs a site id with its containers. */
export async function insertContainers(db: PoolClient, plan: { siteId: number; containers: Container[] }[]): Promise<number> {
  const flat = plan.flatMap((p) => p.containers.map((c) => ({ siteId: p.siteId, ...c })));
  for (let i = 0; i < flat.length; i += BATCH * 5) {
    const b = flat.slice(i, i + BATCH * 5);
    await db.query(
      `INSERT INTO waste_area_container (waste_area_id, type, volume, loading)
       SELECT * FROM unnest($1::int[], $2::text[], $3::numeric[], $4::text[])`,
      [b.map((c) => c.siteId), b.map((c) => c.type), b.map((c) => c.volume), b.map((c) => c.loading)],
    );
  }
  return flat.length;
}
