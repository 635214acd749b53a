/**
 * The comparison baseline: Clarke & Wright's parallel savings (1964) followed by the same local
 * search as HGS (relocate, swap, 2-opt, 2-opt*, SWAP*) run once to a local optimum at prices high
 * enough that it never trades feasibility for distance. Savings s(i, j) = d(depot, i) + d(j, depot)
 * − d(i, j) over the granular neighbour pairs, largest first; two routes are joined end i → start j
 * when the load fits every dimension and the joined route has no time warp.
 */
import { Individual, measureRoute } from './individual';
import { granularNeighbours } from './neighbours';
import type { Penalties } from './penalties';
import type { ProblemData } from './problem';
import { Rng } from './rng';
import { LocalSearch } from './search/local-search';
import { assignSlots } from './split';

export interface BaselineResult {
  /** Client locations per vehicle slot. */
  routes: number[][];
  cost: number;
  distance: number;
  feasible: boolean;
  /** Cost of the savings routes before the local search. */
  savingsCost: number;
  elapsedS: number;
}

/**
 * Shape of the savings (Gaskell 1967; Yellow 1970; Paessens 1988): s(i, j) = d(i, depot) +
 * d(depot, j) − λ · d(i, j) + μ · |d(i, depot) − d(depot, j)|. The classic savings: λ = 1, μ = 0.
 * Random shapes give diverse, good starting solutions for the genetic search's population
 * (as the randomised savings of Altinel & Öncan 2005 and Juan et al. 2010).
 */
export interface SavingsShape {
  lambda: number;
  mu: number;
}

/** The savings routes (client locations, not yet given vehicle slots). */
export function savingsRoutes(p: ProblemData, neighbours: Int32Array[], shape: SavingsShape = { lambda: 1, mu: 0 }): number[][] {
  const n = p.n;
  const type = p.types[0]!;
  const s0 = type.startDepot;
  const e0 = type.endDepot;
  const pairs: { i: number; j: number; s: number }[] = [];
  for (let i = p.numDepots; i < n; i++) {
    for (const j of neighbours[i]!) {
      const di = p.dist[i * n + e0]!;
      const dj = p.dist[s0 * n + j]!;
      const s = di + dj - shape.lambda * p.dist[i * n + j]! + shape.mu * Math.abs(di - dj);
      if (s > 0) pairs.push({ i, j, s });
    }
  }
  pairs.sort((a, b) => b.s - a.s || a.i - b.i || a.j - b.j);
  const routes: (number[] | null)[] = [];
  const routeOf = new Int32Array(n).fill(-1);
  for (let c = p.numDepots; c < n; c++) {
    routeOf[c] = routes.length;
    routes.push([c]);
  }
  const load = new Float64Array(p.dims);
  for (const { i, j } of pairs) {
    const ri = routeOf[i]!;
    const rj = routeOf[j]!;
    if (ri === rj) continue;
    const a = routes[ri]!;
    const b = routes[rj]!;
    if (a[a.length - 1] !== i || b[0] !== j) continue;
    let fits = true;
    for (let d = 0; d < p.dims && fits; d++) {
      let l = 0;
      for (const c of a) l += p.demand[c * p.dims + d]!;
      for (const c of b) l += p.demand[c * p.dims + d]!;
      if (l > type.capacity[d]!) fits = false;
    }
    if (!fits) continue;
    const joined = a.concat(b);
    if (p.hasTime && measureRoute(p, 0, joined, load).warp > 0) continue;
    routes[ri] = joined;
    routes[rj] = null;
    for (const c of b) routeOf[c] = ri;
  }
  return routes.filter((r): r is number[] => r !== null);
}

/** The savings routes given vehicle slots (client locations per slot). */
export function savingsSlots(p: ProblemData, neighbours: Int32Array[], pen: Penalties, shape?: SavingsShape): Int32Array[] {
  const routes = savingsRoutes(p, neighbours, shape);
  const tour = Int32Array.from(routes.flat());
  const cuts: [number, number][] = [];
  let k = 0;
  for (const r of routes) {
    cuts.push([k, k + r.length]);
    k += r.length;
  }
  return assignSlots(p, tour, cuts, pen);
}

/** Savings + local search. Deterministic for a seed (the local search's random order). */
export function savingsBaseline(p: ProblemData, options: { seed?: number; neighbours?: number } = {}): BaselineResult {
  const t0 = performance.now();
  const neighbours = granularNeighbours(p, options.neighbours ?? 40);
  const high: Penalties = { load: new Float64Array(p.dims).fill(1e7), tw: 1e7 };
  const slots = savingsSlots(p, neighbours, high);
  const before = new Individual(p, slots);
  const ls = new LocalSearch(p, high, granularNeighbours(p, 20), new Rng(options.seed ?? 1));
  const after = new Individual(p, ls.run(slots, high));
  return {
    routes: after.routes.map((r) => Array.from(r)),
    cost: after.cost,
    distance: after.distance,
    feasible: after.feasible,
    savingsCost: before.cost,
    elapsedS: (performance.now() - t0) / 1000,
  };
}
