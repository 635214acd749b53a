/**
 * The road graph loaded by `pnpm region:load --only roads` (osm2pgrouting, docs/REGION.md):
 * `osm.ways` (edges: source, target, cost_s / reverse_cost_s in seconds — a negative reverse cost
 * is a one-way street —, length_m in metres, the_geom LineString 4326, name) and
 * `osm.ways_vertices_pgr` (vertices: id, the_geom Point 4326).
 */
import type pg from 'pg';

/** Anything that runs a query: a pool or a checked-out client. */
export type Queryable = Pick<pg.Pool, 'query'>;

/** A point as OSRM writes it: longitude, latitude (degrees, EPSG:4326). */
export type LngLat = [number, number];

/** Default of ROUTING_SNAP_METERS: a point farther than this from every graph vertex is off the graph. */
export const DEFAULT_SNAP_METERS = 500;

/** The edges as pgRouting reads them (time in seconds is the weight). */
export const EDGES_SQL = 'SELECT gid AS id, source, target, cost_s AS cost, reverse_cost_s AS reverse_cost FROM osm.ways';

/**
 * The edges SQL limited to a box around the given points (degrees, with a margin of half the
 * box's size and at least `minMarginDeg`, ≈ 5.5 km at 0.05°), so a region-wide graph is not read
 * whole for a town's trip. Numbers only are interpolated (pgRouting takes the SQL as text).
 */
export function edgesSqlAround(points: LngLat[], minMarginDeg = 0.05): string {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const m = Math.max(minMarginDeg, (x1 - x0) / 2, (y1 - y0) / 2);
  const box = [x0 - m, y0 - m, x1 + m, y1 + m].map((v) => Number(v.toFixed(7)));
  return `${EDGES_SQL} WHERE the_geom && ST_MakeEnvelope(${box.join(', ')}, 4326)`;
}

/** True when the road graph tables exist (a region's roads were loaded). */
export async function hasRoadGraph(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `SELECT to_regclass('osm.ways') IS NOT NULL AND to_regclass('osm.ways_vertices_pgr') IS NOT NULL AS ok`,
  );
  return rows[0]!.ok;
}

/** A point snapped to its nearest graph vertex. */
export interface Snapped {
  /** Vertex id of osm.ways_vertices_pgr. */
  vertex: number;
  /** The vertex position [lng, lat]. */
  location: LngLat;
  /** Metres from the given point to the vertex. */
  distance: number;
  /** Name of a street at the vertex ('' when unnamed). */
  name: string;
}

/**
 * Snaps each point to the nearest vertex that an edge uses, within `maxMeters`; null for a point
 * with no vertex that near (the caller answers NoSegment: no straight lines are invented).
 */
export async function snapPoints(db: Queryable, points: LngLat[], maxMeters = DEFAULT_SNAP_METERS): Promise<(Snapped | null)[]> {
  if (!points.length) return [];
  const { rows } = await db.query<{ i: number; vertex: string | null; lng: number; lat: number; distance: number; name: string | null }>(
    `SELECT p.i, v.id AS vertex, ST_X(v.the_geom) AS lng, ST_Y(v.the_geom) AS lat, v.distance,
            (SELECT w.name FROM osm.ways w WHERE (w.source = v.id OR w.target = v.id) AND w.name IS NOT NULL AND w.name <> ''
              ORDER BY w.length_m DESC LIMIT 1) AS name
       FROM unnest($1::float8[], $2::float8[]) WITH ORDINALITY AS p(lng, lat, i)
       LEFT JOIN LATERAL (
         SELECT x.id, x.the_geom, ST_Distance(x.the_geom::geography, ST_SetSRID(ST_MakePoint(p.lng, p.lat), 4326)::geography) AS distance
           FROM osm.ways_vertices_pgr x
          WHERE EXISTS (SELECT 1 FROM osm.ways w WHERE w.source = x.id OR w.target = x.id)
          ORDER BY x.the_geom <-> ST_SetSRID(ST_MakePoint(p.lng, p.lat), 4326)
          LIMIT 1
       ) v ON v.distance <= $3
      ORDER BY p.i`,
    [points.map((p) => p[0]), points.map((p) => p[1]), maxMeters],
  );
  return rows.map((r) =>
    r.vertex === null ? null : { vertex: Number(r.vertex), location: [round6(r.lng), round6(r.lat)], distance: Math.round(r.distance * 10) / 10, name: r.name ?? '' },
  );
}

function round6(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
