/**
 * Tile measure: at z10–z14, the densest tiles (at most MAX_TILES) over the densest town —
 * the town with the most sites, its extent taken as the 5–95 % range of their coordinates —
 * through the API route vs the same TILE_SQL run directly (tileQuery: the statement with its
 * planner settings, as the route runs it), interleaved.
 */
import type { Pool } from 'pg';
import { WASTE_AREA_TABS } from '@tko/contract';
import { tileQuery } from '@tko/api/src/modules/map/map.repository';
import type { BenchHttp } from './http';
import type { Summary } from './stats';
import { interleaved, summarize } from './stats';

export const ZOOMS = [10, 11, 12, 13, 14] as const;
const MAX_TILES = 16;
/** The admin may view every kind, so the route passes all of them. */
const KINDS = WASTE_AREA_TABS.map((t) => t.kind as string);

export interface Tile {
  z: number;
  x: number;
  y: number;
  /** Sites inside the tile (without the buffer). */
  sites: number;
}

export interface TileResult {
  z: number;
  tiles: Tile[];
  meanBytes: number;
  api: Summary;
  sql: Summary;
}

/** The densest town and its 5–95 % extent. */
export async function densestTown(pool: Pool) {
  const { rows } = await pool.query<{ city: string; n: number; minlat: number; maxlat: number; minlng: number; maxlng: number }>(
    `WITH c AS (SELECT structured_address->>'city' AS city, count(*)::int AS n FROM waste_area WHERE kind = 'CONTAINER' GROUP BY 1 ORDER BY 2 DESC LIMIT 1)
     SELECT c.city, c.n,
       percentile_cont(0.05) WITHIN GROUP (ORDER BY ST_Y(w.coordinates)) AS minlat, percentile_cont(0.95) WITHIN GROUP (ORDER BY ST_Y(w.coordinates)) AS maxlat,
       percentile_cont(0.05) WITHIN GROUP (ORDER BY ST_X(w.coordinates)) AS minlng, percentile_cont(0.95) WITHIN GROUP (ORDER BY ST_X(w.coordinates)) AS maxlng
     FROM c JOIN waste_area w ON w.structured_address->>'city' = c.city GROUP BY c.city, c.n`,
  );
  return rows[0]!;
}

/** The densest tiles of zoom `z` inside the bbox, densest first. */
async function tilesAt(pool: Pool, z: number, b: { minlat: number; maxlat: number; minlng: number; maxlng: number }): Promise<Tile[]> {
  const { rows } = await pool.query<{ x: number; y: number; n: number }>(
    `SELECT x, y, count(*)::int AS n FROM (
       SELECT floor((ST_X(coordinates) + 180) / 360 * 2 ^ $1)::int AS x,
              floor((1 - ln(tan(radians(ST_Y(coordinates))) + 1 / cos(radians(ST_Y(coordinates)))) / pi()) / 2 * 2 ^ $1)::int AS y
         FROM waste_area WHERE coordinates && ST_MakeEnvelope($2, $3, $4, $5, 4326)) t
     GROUP BY x, y ORDER BY n DESC, x, y LIMIT $6`,
    [z, b.minlng, b.minlat, b.maxlng, b.maxlat, MAX_TILES],
  );
  return rows.map((r) => ({ z, x: r.x, y: r.y, sites: r.n }));
}

export async function benchTiles(http: BenchHttp, pool: Pool, n: number, warmup: number): Promise<{ town: string; results: TileResult[] }> {
  const town = await densestTown(pool);
  const results: TileResult[] = [];
  for (const z of ZOOMS) {
    const tiles = await tilesAt(pool, z, town);
    const path = (t: Tile) => `/api/waste-area/tiles/${t.z}/${t.x}/${t.y}.mvt`;
    let bytes = 0;
    for (const t of tiles) bytes += (await http.ok(path(t))).length;
    const tm = await interleaved({
      api: (i) => http.ok(path(tiles[i % tiles.length]!)),
      sql: (i) => {
        const t = tiles[i % tiles.length]!;
        return tileQuery(pool, t.z, t.x, t.y, KINDS);
      },
    }, n, warmup);
    results.push({ z, tiles, meanBytes: bytes / tiles.length, api: summarize(tm.api!), sql: summarize(tm.sql!) });
  }
  return { town: town.city, results };
}
