/**
 * A solution of the genetic search: one client sequence per vehicle slot (slot r has vehicle
 * type `routeType[r]`), its measured totals, its giant tour (the routes concatenated, the
 * chromosome of the crossover) and each client's neighbours in it (for the broken-pairs
 * distance of the diversity management, Vidal et al. 2012).
 */
import type { Penalties } from './penalties';
import type { ProblemData } from './problem';
import { TimeSeg } from './segment';

export class Individual {
  /** Client locations per vehicle slot, in visiting order. */
  routes: Int32Array[];
  distance = 0;
  /** Fixed costs of the used vehicles. */
  fixed = 0;
  /** Load beyond capacity, summed over routes, per dimension. */
  excess: Float64Array;
  /** Time warp (lateness + duration beyond the maximum), summed over routes. */
  warp = 0;
  /** Predecessor / successor location of each client (−1: a depot). */
  pred: Int32Array;
  succ: Int32Array;
  /** Diversity bookkeeping of the population: distances to the others, nearest first. */
  near: { d: number; other: Individual }[] = [];
  fitness = 0;

  constructor(
    readonly p: ProblemData,
    routes: Int32Array[],
  ) {
    this.routes = routes;
    this.excess = new Float64Array(p.dims);
    this.pred = new Int32Array(p.n);
    this.succ = new Int32Array(p.n);
    measure(p, this);
  }

  get feasible(): boolean {
    if (this.warp > 0) return false;
    for (let d = 0; d < this.excess.length; d++) if (this.excess[d]! > 0) return false;
    return true;
  }

  /** Distance + fixed costs (the objective of a feasible solution). */
  get cost(): number {
    return this.distance + this.fixed;
  }

  penalised(pen: Penalties): number {
    let c = this.distance + this.fixed + pen.tw * this.warp;
    for (let d = 0; d < this.excess.length; d++) c += pen.load[d]! * this.excess[d]!;
    return c;
  }

  /** The routes concatenated in slot order. */
  giantTour(): Int32Array {
    const out = new Int32Array(this.p.n - this.p.numDepots);
    let k = 0;
    for (const r of this.routes) for (let i = 0; i < r.length; i++) out[k++] = r[i]!;
    return out;
  }

  /** Number of non-empty routes. */
  get usedRoutes(): number {
    return this.routes.reduce((a, r) => a + (r.length > 0 ? 1 : 0), 0);
  }
}

const seg = new TimeSeg();

/** Totals of one route of type `t`: distance, per-dimension load into `load`, time warp. */
export function measureRoute(p: ProblemData, t: number, route: ArrayLike<number>, load: Float64Array): { distance: number; warp: number } {
  const type = p.types[t]!;
  load.fill(0);
  if (route.length === 0) return { distance: 0, warp: 0 };
  const n = p.n;
  let prev = type.startDepot;
  let distance = 0;
  seg.set(0, 0, Math.max(p.twEarly[prev]!, type.twEarly), Math.min(p.twLate[prev]!, type.twLate), prev, prev);
  for (let i = 0; i < route.length; i++) {
    const c = route[i]!;
    distance += p.dist[prev * n + c]!;
    seg.append(p.dur[prev * n + c]!, p.service[c]!, 0, p.twEarly[c]!, p.twLate[c]!, c, c);
    for (let d = 0; d < p.dims; d++) load[d]! += p.demand[c * p.dims + d]!;
    prev = c;
  }
  const end = type.endDepot;
  distance += p.dist[prev * n + end]!;
  seg.append(p.dur[prev * n + end]!, 0, 0, Math.max(p.twEarly[end]!, type.twEarly), Math.min(p.twLate[end]!, type.twLate), end, end);
  return { distance, warp: p.hasTime ? seg.routeWarp(type.maxDuration) : 0 };
}

function measure(p: ProblemData, ind: Individual): void {
  const load = new Float64Array(p.dims);
  ind.distance = 0;
  ind.fixed = 0;
  ind.warp = 0;
  ind.excess.fill(0);
  ind.pred.fill(-1);
  ind.succ.fill(-1);
  ind.routes.forEach((route, r) => {
    if (route.length === 0) return;
    const t = p.routeType[r]!;
    const m = measureRoute(p, t, route, load);
    ind.distance += m.distance;
    ind.warp += m.warp;
    ind.fixed += p.types[t]!.fixedCost;
    for (let d = 0; d < p.dims; d++) ind.excess[d]! += Math.max(0, load[d]! - p.types[t]!.capacity[d]!);
    for (let i = 0; i < route.length; i++) {
      const c = route[i]!;
      ind.pred[c] = i > 0 ? route[i - 1]! : -1;
      ind.succ[c] = i + 1 < route.length ? route[i + 1]! : -1;
    }
  });
}

/** Broken-pairs distance (HGS-CVRP `brokenPairsDistance`): the share of clients whose neighbours differ. */
export function brokenPairs(a: Individual, b: Individual): number {
  const p = a.p;
  let diff = 0;
  for (let c = p.numDepots; c < p.n; c++) {
    if (a.succ[c] !== b.succ[c] && a.succ[c] !== b.pred[c]) diff++;
    if (a.pred[c] === -1 && b.pred[c] !== -1 && b.succ[c] !== -1) diff++;
  }
  return diff / (p.n - p.numDepots);
}
