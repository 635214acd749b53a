/**
 * The road graph loaded by `pnpm region:load --only roads` (osm2pgrouting, docs/REGION.md):
 * `osm.ways` (edges: source, target, cost_s / reverse_cost_s in seconds — a negative cost closes
 * that direction: a one-way street —, length_m in metres, tag_id → `osm.configuration` road class,
 * maxspeed_forward/backward km/h, the_geom LineString 4326, name), `osm.ways_vertices_pgr`, and
 * `osm.turn_restrictions` (the extract's restriction relations). Shared types of the routing files.
 */
import type pg from 'pg';

/** Anything that runs a query: a pool or a checked-out client. */
export type Queryable = Pick<pg.Pool, 'query'>;

/** A point as OSRM writes it: longitude, latitude (degrees, EPSG:4326). */
export type LngLat = [number, number];

/** Default of ROUTING_SNAP_METERS: a point farther than this from every road of the graph is off it. */
export const DEFAULT_SNAP_METERS = 500;

/** Where an answer's times come from: the road graph, or great-circle distance × a detour factor. */
export type TravelSource = 'road_graph' | 'great_circle';

/** True when the road graph tables exist (a region's roads were loaded). */
export async function hasRoadGraph(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `SELECT to_regclass('osm.ways') IS NOT NULL AND to_regclass('osm.ways_vertices_pgr') IS NOT NULL AS ok`,
  );
  return rows[0]!.ok;
}

/** A point snapped to the nearest road edge of the graph's largest strongly connected component. */
export interface Snapped {
  /** osm.ways.gid of the edge. */
  edge: number;
  /** Share of the edge's length from its source vertex to the snapped position, 0–1. */
  fraction: number;
  /** The snapped position [lng, lat] (6 decimals). */
  location: LngLat;
  /** Metres from the given point to the snapped position (0.1 m). */
  distance: number;
  /** The street's name ('' when unnamed). */
  name: string;
}
