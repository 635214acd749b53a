/**
 * The K nearest other sites of every site by travel distance (candidate lists of the local
 * searches: a move is tried only towards a near site, Johnson & McGeoch's neighbour lists).
 */
import { nodeOfSite } from './matrix';
import type { PlanInstance } from './types';

/** neighbours[s] = up to `k` site indices, nearest first (symmetrised distance). */
export function siteNeighbours(inst: PlanInstance, k = 10): number[][] {
  const n = inst.sites.length;
  const node = (s: number) => nodeOfSite(inst, s);
  const out: number[][] = [];
  const order = new Array<number>(n);
  const dist = new Float64Array(n);
  for (let s = 0; s < n; s++) {
    for (let t = 0; t < n; t++) {
      order[t] = t;
      dist[t] = t === s ? Infinity : inst.matrix.distanceM(node(s), node(t)) + inst.matrix.distanceM(node(t), node(s));
    }
    out.push(partialSort(order, dist, Math.min(k, n - 1)));
  }
  return out;
}

function partialSort(order: number[], dist: Float64Array, k: number): number[] {
  const best: number[] = [];
  for (const t of order) {
    if (dist[t] === Infinity) continue;
    if (best.length < k) {
      best.push(t);
      best.sort((a, b) => dist[a]! - dist[b]!);
    } else if (dist[t]! < dist[best[k - 1]!]!) {
      best[k - 1] = t;
      best.sort((a, b) => dist[a]! - dist[b]!);
    }
  }
  return best;
}
