/**
 * Snapping a point to the nearest road EDGE of the graph's largest strongly connected component
 * (not to the nearest junction): the foot of the perpendicular on the nearest segment of an edge
 * with at least one arc in the component, found through a grid of 100 m cells. The answer carries
 * the edge and the fraction along it (0 = source vertex, 1 = target), so a route starts and ends
 * at that point and counts only the part of the edge it drives. Metres in a local equirectangular
 * projection (errors far below a metre over the snap radius).
 */
import type { LngLat } from './graph';
import type { RoadGraph } from './road-graph';

/** Grid cell size, metres. */
const CELL = 100;

export interface SnapIndex {
  /** Cell key → segment ids (segment k joins geometry points k and k+1 of one edge). */
  cells: Map<number, number[]>;
  /** Per geometry point: its edge (segments end at an edge's last point). */
  pointEdge: Int32Array;
}

/** A point placed on an edge. */
export interface EdgePosition {
  /** Edge index in the graph (RoadGraph.gid gives osm.ways.gid). */
  edge: number;
  /** Share of the edge's length from its source vertex, 0–1. */
  fraction: number;
  /** The snapped position [lng, lat]. */
  location: LngLat;
  /** Metres from the given point to the snapped position. */
  distance: number;
}

const cellKey = (cx: number, cy: number) => (cx + 1_000_000) * 2_000_000 + (cy + 1_000_000);

/** The grid of the edges that have an arc in the largest component. */
export function buildSnapIndex(g: RoadGraph): SnapIndex {
  const cells = new Map<number, number[]>();
  const pointEdge = new Int32Array(g.geomStart[g.edgeCount]!);
  for (let e = 0; e < g.edgeCount; e++) {
    for (let k = g.geomStart[e]!; k < g.geomStart[e + 1]!; k++) pointEdge[k] = e;
    if (!g.inScc[2 * e] && !g.inScc[2 * e + 1]) continue;
    for (let k = g.geomStart[e]!; k < g.geomStart[e + 1]! - 1; k++) {
      const x0 = Math.floor((g.xy[2 * k]! * g.kx) / CELL);
      const x1 = Math.floor((g.xy[2 * k + 2]! * g.kx) / CELL);
      const y0 = Math.floor((g.xy[2 * k + 1]! * g.ky) / CELL);
      const y1 = Math.floor((g.xy[2 * k + 3]! * g.ky) / CELL);
      for (let cx = Math.min(x0, x1); cx <= Math.max(x0, x1); cx++) {
        for (let cy = Math.min(y0, y1); cy <= Math.max(y0, y1); cy++) {
          const key = cellKey(cx, cy);
          const l = cells.get(key);
          if (l) l.push(k); else cells.set(key, [k]);
        }
      }
    }
  }
  return { cells, pointEdge };
}

/** The nearest position on the component's edges within `maxMeters`, or null. */
export function snapToEdge(g: RoadGraph, p: LngLat, maxMeters: number): EdgePosition | null {
  const px = p[0] * g.kx;
  const py = p[1] * g.ky;
  const cx = Math.floor(px / CELL);
  const cy = Math.floor(py / CELL);
  let best = -1;
  let bestD = Number.POSITIVE_INFINITY;
  let bestT = 0;
  const seen = new Set<number>();
  for (let r = 0; ; r++) {
    // Anything in ring r+1 or beyond is at least r cells away.
    if (best >= 0 && bestD <= r * CELL) break;
    if ((r - 1) * CELL > maxMeters) break;
    for (let x = cx - r; x <= cx + r; x++) {
      for (let y = cy - r; y <= cy + r; y++) {
        if (Math.max(Math.abs(x - cx), Math.abs(y - cy)) !== r) continue;
        for (const k of g.snap.cells.get(cellKey(x, y)) ?? []) {
          if (seen.has(k)) continue;
          seen.add(k);
          const ax = g.xy[2 * k]! * g.kx, ay = g.xy[2 * k + 1]! * g.ky;
          const bx = g.xy[2 * k + 2]! * g.kx, by = g.xy[2 * k + 3]! * g.ky;
          const dx = bx - ax, dy = by - ay;
          const l2 = dx * dx + dy * dy;
          const t = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
          const d = Math.hypot(ax + t * dx - px, ay + t * dy - py);
          if (d < bestD || (d === bestD && k < best)) { bestD = d; best = k; bestT = t; }
        }
      }
    }
  }
  if (best < 0 || bestD > maxMeters) return null;
  const e = g.snap.pointEdge[best]!;
  const total = g.along[g.geomStart[e + 1]! - 1]!;
  const at = g.along[best]! + bestT * (g.along[best + 1]! - g.along[best]!);
  const lng = g.xy[2 * best]! + bestT * (g.xy[2 * best + 2]! - g.xy[2 * best]!);
  const lat = g.xy[2 * best + 1]! + bestT * (g.xy[2 * best + 3]! - g.xy[2 * best + 1]!);
  return { edge: e, fraction: total > 0 ? at / total : 0, location: [lng, lat], distance: bestD };
}

/**
 * The edge's geometry from fraction f0 to f1 (reversed when f1 < f0), as [lng, lat] points: the
 * piece a path drives on a partly used edge.
 */
export function edgeSlice(g: RoadGraph, e: number, f0: number, f1: number): LngLat[] {
  const s = g.geomStart[e]!;
  const n = g.geomStart[e + 1]! - s;
  const total = g.along[s + n - 1]!;
  const at = (f: number): LngLat => {
    const m = f * total;
    let k = s;
    while (k < s + n - 2 && g.along[k + 1]! < m) k++;
    const seg = g.along[k + 1]! - g.along[k]!;
    const t = seg > 0 ? Math.max(0, Math.min(1, (m - g.along[k]!) / seg)) : 0;
    return [g.xy[2 * k]! + t * (g.xy[2 * k + 2]! - g.xy[2 * k]!), g.xy[2 * k + 1]! + t * (g.xy[2 * k + 3]! - g.xy[2 * k + 1]!)];
  };
  const lo = Math.min(f0, f1);
  const hi = Math.max(f0, f1);
  const out: LngLat[] = [at(lo)];
  for (let k = s; k < s + n; k++) {
    const m = total > 0 ? g.along[k]! / total : 0;
    if (m > lo && m < hi) out.push([g.xy[2 * k]!, g.xy[2 * k + 1]!]);
  }
  out.push(at(hi));
  return f1 < f0 ? out.reverse() : out;
}
