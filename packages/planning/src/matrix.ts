/**
 * Node numbering of the travel matrix and the great-circle fallback (issue 10 §4: "otherwise
 * great-circle distance × a detour factor, stated in the answer").
 *
 * Nodes: depots 0…D−1, facilities D…D+F−1, sites D+F…D+F+S−1.
 */
import type { LatLng, PlanInstance, TravelMatrix } from './types';

export const nodeOfDepot = (inst: Pick<PlanInstance, 'depots'>, d: number): number => d;
export const nodeOfFacility = (inst: Pick<PlanInstance, 'depots'>, f: number): number => inst.depots.length + f;
export const nodeOfSite = (inst: Pick<PlanInstance, 'depots' | 'facilities'>, s: number): number =>
  inst.depots.length + inst.facilities.length + s;

/** The points of an instance in node order. */
export function nodePoints(inst: Pick<PlanInstance, 'depots' | 'facilities' | 'sites'>): LatLng[] {
  return [...inst.depots.map((d) => d.point), ...inst.facilities.map((f) => f.point), ...inst.sites.map((s) => s.point)];
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle (haversine) distance between two WGS-84 points, metres (mean Earth radius, IUGG). */
export function haversineM(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Defaults of the fallback: 1.3 × the straight line (urban road network), 25 km/h average. */
export const GREAT_CIRCLE_DEFAULTS = { detourFactor: 1.3, speedKmh: 25 } as const;

/**
 * A dense matrix from great-circle distances × `detourFactor`; times at `speedKmh`.
 * Memory: 2 × n² float32 (1 000 points ≈ 8 MB).
 */
export function greatCircleMatrix(
  points: LatLng[],
  options: { detourFactor?: number; speedKmh?: number } = {},
): TravelMatrix {
  const detourFactor = options.detourFactor ?? GREAT_CIRCLE_DEFAULTS.detourFactor;
  const speedKmh = options.speedKmh ?? GREAT_CIRCLE_DEFAULTS.speedKmh;
  const n = points.length;
  const dist = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = haversineM(points[i]!, points[j]!) * detourFactor;
      dist[i * n + j] = d;
      dist[j * n + i] = d;
    }
  }
  const mps = (speedKmh * 1000) / 3600;
  return {
    size: n,
    distanceM: (a, b) => dist[a * n + b]!,
    timeS: (a, b) => dist[a * n + b]! / mps,
    source: 'great_circle',
    detourFactor,
    speedKmh,
  };
}

/**
 * A matrix from full distance (m) and time (s) tables, e.g. the road graph's costMatrix, row-major
 * n × n. Pairs the graph cannot connect (NaN / Infinity / negative) fall back to `fallback`, and
 * the source becomes 'mixed' when any did.
 */
export function tableMatrix(n: number, distances: ArrayLike<number>, times: ArrayLike<number>, fallback: TravelMatrix): TravelMatrix {
  const dist = new Float32Array(n * n);
  const time = new Float32Array(n * n);
  let fellBack = false;
  for (let k = 0; k < n * n; k++) {
    const d = distances[k]!;
    const t = times[k]!;
    if (Number.isFinite(d) && d >= 0 && Number.isFinite(t) && t >= 0) {
      dist[k] = d;
      time[k] = t;
    } else {
      const i = Math.floor(k / n);
      const j = k % n;
      dist[k] = fallback.distanceM(i, j);
      time[k] = fallback.timeS(i, j);
      fellBack = true;
    }
  }
  return {
    size: n,
    distanceM: (a, b) => dist[a * n + b]!,
    timeS: (a, b) => time[a * n + b]!,
    source: fellBack ? 'mixed' : 'road_graph',
    ...(fellBack ? { detourFactor: fallback.detourFactor, speedKmh: fallback.speedKmh } : {}),
  };
}

/** For every node, the facility nearest to it by distance (index into facilities). */
export function nearestFacilities(inst: PlanInstance): Int32Array {
  const n = inst.matrix.size;
  const out = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    let best = Infinity;
    for (let f = 0; f < inst.facilities.length; f++) {
      const d = inst.matrix.distanceM(i, nodeOfFacility(inst, f));
      if (d < best) {
        best = d;
        out[i] = f;
      }
    }
  }
  return out;
}
