/**
 * The giant tour: every due site in one sequence, built by nearest neighbour from the first depot
 * and shortened by 2-opt over neighbour lists (Croes 1958). The split (split.ts) then cuts it into
 * vehicle days — "route first, cluster second" (Beasley 1983; Prins 2004).
 */
import { nodeOfDepot, nodeOfSite } from './matrix';
import type { PlanInstance } from './types';

/** Nearest-neighbour order of `sites` starting from node `fromNode`. */
export function nearestNeighbourOrder(inst: PlanInstance, fromNode: number, sites: number[]): number[] {
  const left = new Set(sites);
  const order: number[] = [];
  let at = fromNode;
  while (left.size > 0) {
    let best = -1;
    let bestD = Infinity;
    for (const s of left) {
      const d = inst.matrix.distanceM(at, nodeOfSite(inst, s));
      if (d < bestD) {
        bestD = d;
        best = s;
      }
    }
    order.push(best);
    left.delete(best);
    at = nodeOfSite(inst, best);
  }
  return order;
}

/**
 * 2-opt on an open sequence of sites (symmetric distance assumed for the reversal; the final
 * routes are re-measured with the real matrix). Mutates and returns `tour`.
 */
export function twoOptSequence(inst: PlanInstance, tour: number[], neighbours: number[][], maxPasses = 50): number[] {
  const n = tour.length;
  if (n < 4) return tour;
  const d = (a: number, b: number) => inst.matrix.distanceM(nodeOfSite(inst, a), nodeOfSite(inst, b));
  const pos = new Int32Array(inst.sites.length);
  const reindex = () => tour.forEach((s, i) => (pos[s] = i));
  reindex();
  for (let pass = 0; pass < maxPasses; pass++) {
    let improved = false;
    for (let i = 0; i < n - 1; i++) {
      const a = tour[i]!;
      const b = tour[i + 1]!;
      for (const c of neighbours[a]!) {
        const j = pos[c]!;
        if (j <= i + 1 || j >= n - 1) continue;
        const e = tour[j + 1]!;
        // edges (a,b) and (c,e) become (a,c) and (b,e): reverse tour[i+1..j]
        const delta = d(a, c) + d(b, e) - d(a, b) - d(c, e);
        if (delta < -1e-6) {
          reverse(tour, i + 1, j);
          for (let k = i + 1; k <= j; k++) pos[tour[k]!] = k;
          improved = true;
          break;
        }
      }
    }
    if (!improved) break;
  }
  return tour;
}

function reverse(a: number[], i: number, j: number): void {
  while (i < j) {
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
    i++;
    j--;
  }
}

/** The giant tour over every site of the instance, nearest neighbour from depot `fromDepot`. */
export function giantTour(inst: PlanInstance, neighbours: number[][], fromDepot = 0): number[] {
  const all = inst.sites.map((_, i) => i);
  const tour = nearestNeighbourOrder(inst, nodeOfDepot(inst, fromDepot), all);
  return twoOptSequence(inst, tour, neighbours);
}
