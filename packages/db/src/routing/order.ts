/**
 * The order of a trip's points (the travelling-salesman part of OSRM's /trip), by cheapest
 * insertion over a time matrix followed by 2-opt on the open or closed tour. Pure; units are
 * whatever the matrix holds (seconds). null = unreachable (treated as infinite).
 */

export interface TourOptions {
  /** true: the tour returns to its start (OSRM roundtrip=true); false: it ends at the last point. */
  roundtrip: boolean;
}

/**
 * Visiting order of the indices 0 … n−1: starts at 0; with roundtrip=false ends at n−1 (OSRM
 * source=first, destination=last). Returns null when no order reaches every point (some cost
 * along the chosen tour is unreachable): the caller answers NoTrips.
 */
export function orderTour(cost: (number | null)[][], opts: TourOptions): number[] | null {
  const n = cost.length;
  if (n <= 2) return n === 2 && opts.roundtrip ? [0, 1] : [...Array(n).keys()];
  const c = (a: number, b: number) => cost[a]![b] ?? Number.POSITIVE_INFINITY;
  const last = opts.roundtrip ? 0 : n - 1;
  // The tour as a path from 0 to `last` (for a round trip the end is 0 again).
  let tour = opts.roundtrip ? [0, 0] : [0, n - 1];
  const left = new Set([...Array(n).keys()].filter((i) => i !== 0 && i !== last));
  while (left.size) {
    let best: { k: number; pos: number; delta: number } | null = null;
    for (const k of left) {
      for (let pos = 1; pos < tour.length; pos++) {
        const a = tour[pos - 1]!;
        const b = tour[pos]!;
        const delta = c(a, k) + c(k, b) - c(a, b);
        if (!best || delta < best.delta || (delta === best.delta && Number.isNaN(best.delta))) best = { k, pos, delta };
      }
    }
    tour.splice(best!.pos, 0, best!.k);
    left.delete(best!.k);
  }
  tour = twoOpt(tour, c);
  const total = tour.slice(1).reduce((s, b, i) => s + c(tour[i]!, b), 0);
  if (!Number.isFinite(total)) return null;
  return opts.roundtrip ? tour.slice(0, -1) : tour;
}

/**
 * 2-opt on a directed matrix: reverses inner segments (the ends stay) while that shortens the
 * path; the reversed segment is re-costed in its new direction (one-way streets).
 */
function twoOpt(tour: number[], c: (a: number, b: number) => number): number[] {
  const length = (t: number[]) => t.slice(1).reduce((s, b, i) => s + c(t[i]!, b), 0);
  let best = tour;
  let bestLen = length(tour);
  let improved = true;
  for (let round = 0; improved && round < 50; round++) {
    improved = false;
    for (let i = 1; i < best.length - 2; i++) {
      for (let j = i + 1; j < best.length - 1; j++) {
        const cand = [...best.slice(0, i), ...best.slice(i, j + 1).reverse(), ...best.slice(j + 1)];
        const len = length(cand);
        if (len < bestLen - 1e-9) { best = cand; bestLen = len; improved = true; }
      }
    }
  }
  return best;
}
