/**
 * Penalty weights of the relaxed constraints and their management (Vidal 2022, HGS-CVRP §3.3):
 * excess load (per dimension) and time warp are allowed during the search at a price; every
 * `period` local-search results (HGS-CVRP: 100; here 30, as our iterations are slower) the price rises (×1.2) when fewer than `target − 5 %` of them
 * were feasible for that constraint, and falls (×0.85) when more than `target + 5 %` were.
 */
import type { ProblemData } from './problem';

export interface Penalties {
  /** Price of one unit of excess load, per dimension. */
  load: Float64Array;
  /** Price of one unit of time warp (lateness or duration beyond the maximum). */
  tw: number;
}

export interface PenaltyParams {
  target: number;
  period: number;
  increase: number;
  decrease: number;
}

export const DEFAULT_PENALTY_PARAMS: PenaltyParams = { target: 0.2, period: 30, increase: 1.2, decrease: 0.85 };

const MIN = 0.1;
const MAX = 100_000;
const clamp = (v: number): number => Math.min(MAX, Math.max(MIN, v));

/**
 * Initial prices as HGS-CVRP for the load: the largest distance per unit of the largest demand;
 * warp at 10 × the distance/duration ratio (at 1 ×, the 1 000-client VRPTW instances had no
 * feasible solution after 60 CPU s: the price climbs ×1.2 per 30 results only).
 */
export function initialPenalties(p: ProblemData): Penalties {
  const load = new Float64Array(p.dims);
  for (let d = 0; d < p.dims; d++) load[d] = clamp(p.maxDemand[d]! > 0 ? p.maxDist / p.maxDemand[d]! : 1);
  let sumDist = 0;
  let sumDur = 0;
  for (let k = 0; k < p.dist.length; k++) {
    sumDist += p.dist[k]!;
    sumDur += p.dur[k]!;
  }
  return { load, tw: clamp(10 * (sumDur > 0 ? sumDist / sumDur : 1)) };
}

/** Copies `pen` with every price multiplied by `factor` (the repair phase uses ×10). */
export function scaledPenalties(pen: Penalties, factor: number): Penalties {
  return { load: pen.load.map((v) => v * factor), tw: pen.tw * factor };
}

/** Counts the feasibility of local-search results and adapts the prices of `pen` in place. */
export class PenaltyManager {
  private loadFeasible: Float64Array;
  private twFeasible = 0;
  private seen = 0;

  constructor(
    readonly pen: Penalties,
    readonly params: PenaltyParams = DEFAULT_PENALTY_PARAMS,
  ) {
    this.loadFeasible = new Float64Array(pen.load.length);
  }

  /** Records one result (excess per dimension, time warp); returns true when the prices changed. */
  record(excess: Float64Array, warp: number): boolean {
    for (let d = 0; d < excess.length; d++) if (excess[d]! <= 0) this.loadFeasible[d]! += 1;
    if (warp <= 0) this.twFeasible += 1;
    this.seen += 1;
    if (this.seen < this.params.period) return false;
    for (let d = 0; d < excess.length; d++) this.pen.load[d] = this.adapt(this.pen.load[d]!, this.loadFeasible[d]! / this.seen);
    this.pen.tw = this.adapt(this.pen.tw, this.twFeasible / this.seen);
    this.loadFeasible.fill(0);
    this.twFeasible = 0;
    this.seen = 0;
    return true;
  }

  private adapt(price: number, fraction: number): number {
    const { target, increase, decrease } = this.params;
    if (fraction < target - 0.05) return clamp(price * increase);
    if (fraction > target + 0.05) return clamp(price * decrease);
    return price;
  }
}
