/**
 * The region's road graph held in memory for routing: read once from the osm2pgrouting tables
 * (`osm.ways`, `osm.configuration`, and `osm.turn_restrictions` when the region command wrote it),
 * timed with a truck profile (profile.ts), reduced to its largest strongly connected component, and
 * cached per database and profile until the ways table changes (a cheap signature query per call).
 *
 * Arcs: edge e (row of osm.ways) has the forward arc 2e (source → target) and the backward arc
 * 2e+1. An arc is usable unless osm2pgrouting marked that direction closed (negative cost_s /
 * reverse_cost_s: a one-way street). Turns between arcs at a vertex are allowed except a U-turn
 * where the road goes on (a U-turn only at a dead end, as a truck turns) and the turns the OSM
 * restriction relations forbid (`no_*`: that turn; `only_*`: every other one).
 * Coordinates [lng, lat] EPSG:4326; lengths in metres; costs in seconds.
 */
import type { Queryable } from './graph';
import { edgeSeconds } from './profile';
import type { TruckProfile } from './profile';
import { largestArcComponent } from './scc';
import { buildSnapIndex } from './snap';
import { turnAllowed } from './turn-rule';
import type { SnapIndex } from './snap';

export interface RoadGraph {
  /** Cache key: database, ways signature, profile. */
  key: string;
  edgeCount: number;
  arcCount: number;
  vertexCount: number;
  /** osm.ways.gid per edge. */
  gid: number[];
  /** Street name per edge ('' when unnamed). */
  name: string[];
  /** OSM highway class per edge. */
  roadClass: string[];
  /** Metres per edge (osm2pgrouting's length_m). */
  length: Float64Array;
  /** Per arc: tail and head vertex (dense index). */
  tail: Int32Array;
  head: Int32Array;
  /** Per arc: seconds with the profile; +Infinity for a closed direction. */
  cost: Float64Array;
  /** Usable arcs leaving each vertex (CSR: outArcs[outStart[v] .. outStart[v+1])). */
  outStart: Int32Array;
  outArcs: Int32Array;
  /** Distinct edges at each vertex (1 = dead end, where a U-turn is allowed). */
  degree: Int32Array;
  /** Forbidden turns from-arc × arcCount + to-arc; `restrictedFrom[a]` = 1 when arc a has any. */
  forbidden: Set<number>;
  restrictedFrom: Uint8Array;
  /** Per arc: 1 when it belongs to the largest strongly connected component (the graph used). */
  inScc: Uint8Array;
  /**
   * The turn graph the search walks (CSR over arcs): the arcs of the component that may follow
   * arc a are turnNext[turnStart[a] .. turnStart[a+1]) — turn rules and the component applied
   * once here, not per relaxation.
   */
  turnStart: Int32Array;
  turnNext: Int32Array;
  /** Edge geometry: points geomStart[e] .. geomStart[e+1]−1 of xy (lng, lat pairs). */
  geomStart: Int32Array;
  xy: Float64Array;
  /** Metres along each edge's geometry at each of its points (local projection). */
  along: Float64Array;
  /** Local equirectangular projection: metres per degree of longitude and latitude. */
  kx: number;
  ky: number;
  snap: SnapIndex;
  /** Turn restriction relations read, applied to arcs, and skipped (members not found in the graph). */
  restrictions: { read: number; applied: number; skipped: number };
}

/** A row of osm.ways as the graph reads it (ids as text or numbers: pg gives bigint as text). */
export interface WayRow {
  gid: string; osm_id: string | null; source: string; target: string; source_osm: string | null; target_osm: string | null;
  cost_s: number; reverse_cost_s: number; length_m: number; maxspeed_forward: number | null; maxspeed_backward: number | null;
  class: string; name: string; geojson: string;
}
/** A row of osm.turn_restrictions. */
export interface RestrictionRow { from_way: string; via_node: string; to_way: string; kind: string }

const cache = new Map<string, Promise<RoadGraph>>();
const CACHE_SIZE = 4;

/** The signature of the loaded graph (null when no graph is loaded): changes with any edit of osm.ways. */
async function signature(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ ok: boolean; tr: boolean }>(
    `SELECT to_regclass('osm.ways') IS NOT NULL AND to_regclass('osm.configuration') IS NOT NULL AS ok,
            to_regclass('osm.turn_restrictions') IS NOT NULL AS tr`,
  );
  if (!rows[0]!.ok) return null;
  const s = await db.query<{ sig: string }>(
    `SELECT concat_ws(':', current_database(), 'osm.ways'::regclass::oid, count(*), max(gid),
            sum(source + target), sum(cost_s + reverse_cost_s), sum(length_m)
            ${rows[0]!.tr ? `, (SELECT count(*) FROM osm.turn_restrictions)` : ''}) AS sig FROM osm.ways`,
  );
  return s.rows[0]!.sig;
}

/** The road graph of the database with `profile`, or null when no region's roads are loaded. */
export async function roadGraph(db: Queryable, profile: TruckProfile): Promise<RoadGraph | null> {
  const sig = await signature(db);
  if (sig === null) return null;
  const key = `${sig}|${profile.name}`;
  let p = cache.get(key);
  if (!p) {
    p = loadGraph(db, profile, key);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
    while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return p;
}

async function loadGraph(db: Queryable, profile: TruckProfile, key: string): Promise<RoadGraph> {
  const { rows } = await db.query<WayRow>(
    `SELECT w.gid, w.osm_id, w.source, w.target, w.source_osm, w.target_osm, w.cost_s, w.reverse_cost_s, w.length_m,
            w.maxspeed_forward, w.maxspeed_backward, coalesce(c.tag_value, '') AS class, coalesce(w.name, '') AS name,
            ST_AsGeoJSON(w.the_geom, 7) AS geojson
       FROM osm.ways w LEFT JOIN osm.configuration c ON c.tag_id = w.tag_id
      WHERE w.source IS NOT NULL AND w.target IS NOT NULL AND w.the_geom IS NOT NULL
      ORDER BY w.gid`,
  );
  const hasTr = (await db.query<{ ok: boolean }>(`SELECT to_regclass('osm.turn_restrictions') IS NOT NULL AS ok`)).rows[0]!.ok;
  const trRows = hasTr
    ? (await db.query<RestrictionRow>('SELECT from_way, via_node, to_way, kind FROM osm.turn_restrictions')).rows
    : [];
  return buildGraph(rows, trRows, profile, key);
}

/**
 * The graph from the rows of osm.ways (joined to the class) and osm.turn_restrictions (bench and
 * tests build one without a database through this).
 */
export function buildGraph(rows: WayRow[], trRows: RestrictionRow[], profile: TruckProfile, key: string): RoadGraph {
  const E = rows.length;
  const A = 2 * E;
  const vIndex = new Map<string, number>();
  const vid = (id: string) => {
    let i = vIndex.get(id);
    if (i === undefined) { i = vIndex.size; vIndex.set(id, i); }
    return i;
  };
  const tail = new Int32Array(A);
  const head = new Int32Array(A);
  const cost = new Float64Array(A);
  const length = new Float64Array(E);
  const gid: number[] = [];
  const name: string[] = [];
  const roadClass: string[] = [];
  const coords: number[][][] = [];
  let latSum = 0;
  let latN = 0;
  for (let e = 0; e < E; e++) {
    const r = rows[e]!;
    const s = vid(String(r.source));
    const t = vid(String(r.target));
    tail[2 * e] = s; head[2 * e] = t;
    tail[2 * e + 1] = t; head[2 * e + 1] = s;
    length[e] = Number(r.length_m);
    gid.push(Number(r.gid));
    name.push(r.name);
    roadClass.push(r.class);
    cost[2 * e] = r.cost_s < 0 ? Number.POSITIVE_INFINITY : edgeSeconds(profile, r.class, Number(r.maxspeed_forward ?? 0), length[e]!);
    cost[2 * e + 1] = r.reverse_cost_s < 0 ? Number.POSITIVE_INFINITY : edgeSeconds(profile, r.class, Number(r.maxspeed_backward ?? 0), length[e]!);
    const c = (JSON.parse(r.geojson) as { coordinates: number[][] }).coordinates;
    coords.push(c);
    for (const p of c) { latSum += p[1]!; latN++; }
  }
  const V = vIndex.size;
  const lat0 = latN ? latSum / latN : 0;
  const ky = 110_574;
  const kx = 111_320 * Math.cos((lat0 * Math.PI) / 180);

  // Geometry, flattened, with metres along each edge.
  const geomStart = new Int32Array(E + 1);
  for (let e = 0; e < E; e++) geomStart[e + 1] = geomStart[e]! + coords[e]!.length;
  const xy = new Float64Array(2 * geomStart[E]!);
  const along = new Float64Array(geomStart[E]!);
  for (let e = 0; e < E; e++) {
    let k = geomStart[e]!;
    let acc = 0;
    const c = coords[e]!;
    for (let i = 0; i < c.length; i++, k++) {
      xy[2 * k] = c[i]![0]!; xy[2 * k + 1] = c[i]![1]!;
      if (i > 0) acc += Math.hypot((c[i]![0]! - c[i - 1]![0]!) * kx, (c[i]![1]! - c[i - 1]![1]!) * ky);
      along[k] = acc;
    }
  }

  // Usable arcs out of each vertex; degree = distinct edges at the vertex.
  const degree = new Int32Array(V);
  const outCount = new Int32Array(V + 1);
  for (let e = 0; e < E; e++) {
    degree[tail[2 * e]!]!++;
    if (head[2 * e] !== tail[2 * e]) degree[head[2 * e]!]!++;
  }
  for (let a = 0; a < A; a++) if (cost[a] !== Number.POSITIVE_INFINITY) outCount[tail[a]! + 1]!++;
  const outStart = new Int32Array(V + 1);
  for (let v = 0; v < V; v++) outStart[v + 1] = outStart[v]! + outCount[v + 1]!;
  const outArcs = new Int32Array(outStart[V]!);
  const fill = outStart.slice(0, V);
  for (let a = 0; a < A; a++) if (cost[a] !== Number.POSITIVE_INFINITY) outArcs[fill[tail[a]!]!++] = a;

  const g: RoadGraph = {
    key, edgeCount: E, arcCount: A, vertexCount: V, gid, name, roadClass, length, tail, head, cost,
    outStart, outArcs, degree, forbidden: new Set(), restrictedFrom: new Uint8Array(A), inScc: new Uint8Array(A),
    turnStart: new Int32Array(A + 1), turnNext: new Int32Array(0), geomStart, xy, along, kx, ky, snap: undefined as unknown as SnapIndex,
    restrictions: { read: trRows.length, applied: 0, skipped: 0 },
  };
  applyRestrictions(g, rows, trRows);
  g.inScc = largestArcComponent(g);
  buildTurnGraph(g);
  g.snap = buildSnapIndex(g);
  return g;
}

/** Fills g.turnStart / g.turnNext: per arc of the component, the allowed next arcs in it. */
function buildTurnGraph(g: RoadGraph): void {
  const next: number[] = [];
  for (let a = 0; a < g.arcCount; a++) {
    g.turnStart[a] = next.length;
    if (!g.inScc[a]) continue;
    const v = g.head[a]!;
    for (let i = g.outStart[v]!; i < g.outStart[v + 1]!; i++) {
      const b = g.outArcs[i]!;
      if (g.inScc[b] && turnAllowed(g, a, b)) next.push(b);
    }
  }
  g.turnStart[g.arcCount] = next.length;
  g.turnNext = Int32Array.from(next);
}

/**
 * OSM turn restrictions (from way, via node, to way) onto arcs: the arcs of `from` entering the
 * via node, the arcs of `to` leaving it. A relation whose members are not edges meeting at that
 * node in the graph (a via way, a way cut by the extract) is counted as skipped.
 */
function applyRestrictions(g: RoadGraph, rows: WayRow[], trRows: RestrictionRow[]): void {
  if (!trRows.length) return;
  const byWay = new Map<string, number[]>();
  rows.forEach((r, e) => {
    if (r.osm_id === null) return;
    const l = byWay.get(String(r.osm_id));
    if (l) l.push(e); else byWay.set(String(r.osm_id), [e]);
  });
  for (const tr of trRows) {
    const into: number[] = [];
    const outOf: number[] = [];
    // bigint ids compared as text (pg gives strings, the product's pool numbers).
    const via = String(tr.via_node);
    for (const e of byWay.get(String(tr.from_way)) ?? []) {
      if (String(rows[e]!.target_osm) === via) into.push(2 * e);
      if (String(rows[e]!.source_osm) === via) into.push(2 * e + 1);
    }
    for (const e of byWay.get(String(tr.to_way)) ?? []) {
      if (String(rows[e]!.source_osm) === via) outOf.push(2 * e);
      if (String(rows[e]!.target_osm) === via) outOf.push(2 * e + 1);
    }
    if (!into.length || !outOf.length) { g.restrictions.skipped++; continue; }
    const only = tr.kind.startsWith('only_');
    for (const a of into) {
      const v = g.head[a]!;
      const banned = only
        ? Array.from(g.outArcs.subarray(g.outStart[v]!, g.outStart[v + 1]!)).filter((b) => !outOf.includes(b))
        : outOf;
      for (const b of banned) g.forbidden.add(a * g.arcCount + b);
      g.restrictedFrom[a] = 1;
    }
    g.restrictions.applied++;
  }
}
