/**
 * Granular neighbourhoods (Toth & Vigo 2003; HGS-CVRP's `correlatedVertices`): every client's
 * k most related other clients. Relatedness is PyVRP's proximity (`compute_neighbours`):
 * distance + 0.2 × the least waiting + 1 × the least time warp of going from one to the other,
 * symmetrised by the minimum of both directions. Without time windows it is the distance.
 */
import type { ProblemData } from './problem';

export function granularNeighbours(p: ProblemData, k: number, weightWait = 0.2, weightWarp = 1, symmetric = false): Int32Array[] {
  const n = p.n;
  const first = p.numDepots;
  const C = n - first;
  const kk = Math.min(k, C - 1);
  const prox = (i: number, j: number): number => {
    let v = p.dist[i * n + j]!;
    if (p.hasTime) {
      const travel = p.dur[i * n + j]!;
      v += weightWait * Math.max(p.twEarly[j]! - travel - p.service[i]! - p.twLate[i]!, 0);
      v += weightWarp * Math.max(p.twEarly[i]! + p.service[i]! + travel - p.twLate[j]!, 0);
    }
    return v;
  };
  const out: Int32Array[] = new Array(n);
  for (let i = 0; i < first; i++) out[i] = new Int32Array(0);
  const cand = new Int32Array(C);
  const key = new Float64Array(n);
  for (let i = first; i < n; i++) {
    let m = 0;
    for (let j = first; j < n; j++) {
      if (j === i) continue;
      key[j] = Math.min(prox(i, j), prox(j, i));
      cand[m++] = j;
    }
    const sub = Array.from(cand.subarray(0, m));
    sub.sort((a, b) => key[a]! - key[b]! || a - b);
    out[i] = Int32Array.from(sub.slice(0, kk));
  }
  if (!symmetric) return out;
  // j among i's k nearest ⇒ i among j's (HGS-CVRP Params: setCorrelatedVertices; PyVRP
  // compute_neighbours(symmetric_neighbours=True))
  const sets: Set<number>[] = out.map((a) => new Set(a));
  for (let i = first; i < n; i++) for (const j of out[i]!) sets[j]!.add(i);
  const prox2 = (i: number, j: number) => Math.min(prox(i, j), prox(j, i));
  for (let i = first; i < n; i++) {
    const all = [...sets[i]!];
    all.sort((a, b) => prox2(i, a) - prox2(i, b) || a - b);
    out[i] = Int32Array.from(all);
  }
  return out;
}

/**
 * Default granular neighbourhood size: 20 (HGS-CVRP's), or 40 when time windows bind and the
 * capacity lets a route hold more than 20 clients on average (clients ÷ the fewest routes the
 * total demand needs, over every load dimension). With ~40 clients a route the 20 nearest
 * clients of a client are mostly on its own route, and few moves between routes are tried.
 * Measured at 60 CPU s (SREX, 40 % penalty target): RC2_10_2 (capacity for ~58 clients a route)
 * ended 1.84 / 3.59 % above the best known with 40 (seeds 1 / 2; 60: 3.29 %, seed 1) against
 * 3.66 / 3.67 % with 20, at half the iterations; R1_10_2 (~12 a route) 4.90 % with 40 against
 * 3.76 % (seed 1), so it keeps 20.
 */
export function defaultNeighbourCount(p: ProblemData): number {
  if (!p.hasTime) return 20;
  const clients = p.n - p.numDepots;
  let routesNeeded = 1;
  for (let d = 0; d < p.dims; d++) {
    let demand = 0;
    for (let c = p.numDepots; c < p.n; c++) demand += p.demand[c * p.dims + d]!;
    let capacity = 0;
    for (const t of p.types) capacity = Math.max(capacity, t.capacity[d]!);
    if (capacity > 0 && Number.isFinite(capacity)) routesNeeded = Math.max(routesNeeded, Math.ceil(demand / capacity));
  }
  return clients / routesNeeded > 20 ? 40 : 20;
}
