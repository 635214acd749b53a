/**
 * Map queries over all waste areas (PostGIS): Mapbox vector tiles with ST_AsMVT in Web
 * Mercator (EPSG:3857, extent 4096, buffer 64), GeoJSON in EPSG:4326 with 6 decimals, and
 * the public map list (spec 02 §7). `kinds` limits the rows to the waste-area kinds a user
 * may view, `scope` to the rows of their row scope (issue 7 §3; public tiles have none).
 */
import type { Pool } from 'pg';
import type { UserScope } from '@tko/contract';
import { containerResource, TILE_LAYER } from '@tko/contract';
import { Params, rowScopeSql, storedResource } from '@tko/db';

/**
 * The SQL of one tile ($1–$3 z/x/y, $4 kinds) with an optional row-scope predicate over `t`
 * (its parameters from $5); TILE_SQL, without one, lets the benchmark time the raw query.
 */
export function tileSql(scope: string | null = null): string {
  return `
WITH bounds AS (SELECT ST_TileEnvelope($1, $2, $3) AS geom),
mvt AS (
  SELECT ST_AsMVTGeom(ST_Transform(t.coordinates, 3857), bounds.geom, 4096, 64, true) AS geom,
         t.id, t.kind, t.status, t.type, t.count_containers, t.location
  FROM waste_area t, bounds
  WHERE t.coordinates && ST_Transform(bounds.geom, 4326) AND t.kind = ANY($4::text[])${scope ? ` AND ${scope}` : ''}
)
SELECT ST_AsMVT(mvt.*, '${TILE_LAYER}', 4096, 'geom', 'id') AS tile FROM mvt`;
}
export const TILE_SQL = tileSql();

/**
 * The row-scope predicate of the waste areas (every kind declares the same rowScope, contract
 * waste-area-common.ts) for `scope`, with its parameters after z/x/y/kinds; null: unrestricted.
 */
function wasteAreaScope(scope: UserScope | null | undefined, p: Params): string | null {
  return rowScopeSql(storedResource(containerResource), scope, p);
}

/**
 * Runs TILE_SQL with the planner settings it needs: PostGIS declares ST_Transform very
 * expensive, so by default the planner picks a parallel sequential scan and JIT compilation
 * that cost 100+ ms on a tile the GiST index answers in ~2 ms (bench/RESULTS.md). Both are
 * switched off for this statement only (SET LOCAL inside its own transaction).
 */
export async function tileQuery(pool: Pool, z: number, x: number, y: number, kinds: string[], scope?: UserScope | null): Promise<Buffer> {
  const p = new Params();
  for (const v of [z, x, y, kinds]) p.add(v);
  const sql = tileSql(wasteAreaScope(scope, p));
  const db = await pool.connect();
  try {
    await db.query('BEGIN READ ONLY; SET LOCAL jit = off; SET LOCAL max_parallel_workers_per_gather = 0');
    const { rows } = await db.query<{ tile: Buffer }>(sql, p.values);
    await db.query('COMMIT');
    return rows[0]?.tile ?? Buffer.alloc(0);
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    db.release();
  }
}

export class MapRepository {
  constructor(private readonly pool: Pool) {}

  /** One vector tile (may be empty). Throws on z/x/y outside the tile grid (caller validates). */
  async tile(z: number, x: number, y: number, kinds: string[], scope?: UserScope | null): Promise<Buffer> {
    return tileQuery(this.pool, z, x, y, kinds, scope);
  }

  /** A FeatureCollection of waste-area points within the user's row scope. */
  async geojson(kinds: string[], scope?: UserScope | null): Promise<unknown> {
    const p = new Params();
    p.add(kinds);
    const scoped = wasteAreaScope(scope, p);
    const { rows } = await this.pool.query(
      `SELECT json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
         'type', 'Feature', 'id', t.id,
         'geometry', ST_AsGeoJSON(t.coordinates, 6)::json,
         'properties', json_build_object('id', t.id, 'kind', t.kind, 'status', t.status, 'type', t.type, 'location', t.location, 'count_containers', t.count_containers)
       ) ORDER BY t.id), '[]'::json)) AS fc
       FROM waste_area t WHERE t.coordinates IS NOT NULL AND t.kind = ANY($1::text[])${scoped ? ` AND ${scoped}` : ''}`,
      p.values,
    );
    return rows[0].fc;
  }

  /** id and point of every waste area with coordinates, by kind. */
  async points(): Promise<{ id: number; kind: string; lat: number; lng: number }[]> {
    const { rows } = await this.pool.query(
      `SELECT id, kind, round(ST_Y(coordinates)::numeric, 6)::float8 AS lat, round(ST_X(coordinates)::numeric, 6)::float8 AS lng
       FROM waste_area WHERE coordinates IS NOT NULL ORDER BY kind, id`,
    );
    return rows;
  }
}
