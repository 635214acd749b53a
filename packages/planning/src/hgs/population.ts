/**
 * The population of HGS (Vidal et al. 2012, §3; HGS-CVRP `Population`): a feasible and an
 * infeasible subpopulation, each kept sorted by penalised cost. Biased fitness = rank of cost +
 * (1 − nbElite / size) × rank of diversity contribution (the mean broken-pairs distance to the
 * nbClose nearest others). When a subpopulation exceeds mu + lambda, the worst biased fitness
 * (clones first) is removed until mu remain. Parents are chosen by binary tournament.
 */
import { brokenPairs, type Individual } from './individual';
import type { Penalties } from './penalties';
import type { Rng } from './rng';

export interface PopulationParams {
  mu: number;
  lambda: number;
  nbElite: number;
  nbClose: number;
}

/** HGS-CVRP's (Vidal 2022, Table 1); kept for time-windowed problems (measured with them). */
export const DEFAULT_POPULATION_PARAMS: PopulationParams = { mu: 25, lambda: 40, nbElite: 4, nbClose: 5 };

/**
 * For a capacity-only problem under a budget of seconds to a minute: μ = 5, λ = 10. Measured on
 * X-n359…X-n916 at 30 CPU s with symmetric neighbours (bench/RESULTS.md «CVRP with the short-budget
 * settings»): mean gap 1.75 % at HGS-CVRP's 25 / 40; with 20 shaped-savings starts 1.60 % at 12 / 20,
 * 1.42 % at 8 / 16, 1.20 % at 5 / 10; 1.25 % at 3 / 6 (40 starts). Seed 2 agrees. Our 1 000–5 000
 * generations a minute are too few to profit from a large population.
 */
export const SHORT_BUDGET_POPULATION_PARAMS: PopulationParams = { mu: 5, lambda: 10, nbElite: 4, nbClose: 5 };

export class Population {
  readonly feasible: Individual[] = [];
  readonly infeasible: Individual[] = [];

  constructor(
    readonly params: PopulationParams,
    readonly rng: Rng,
  ) {}

  get size(): number {
    return this.feasible.length + this.infeasible.length;
  }

  /** Inserts `ind` in its subpopulation; runs the survivor selection when it is full. */
  add(ind: Individual, pen: Penalties): void {
    const sub = ind.feasible ? this.feasible : this.infeasible;
    for (const other of sub) {
      const d = brokenPairs(ind, other);
      insertNear(ind, d, other);
      insertNear(other, d, ind);
    }
    const cost = ind.penalised(pen);
    let at = sub.length;
    while (at > 0 && sub[at - 1]!.penalised(pen) > cost) at--;
    sub.splice(at, 0, ind);
    if (sub.length > this.params.mu + this.params.lambda) {
      while (sub.length > this.params.mu) this.removeWorst(sub, pen);
    }
  }

  /** Re-sorts the infeasible subpopulation after the prices changed. */
  reprice(pen: Penalties): void {
    this.infeasible.sort((a, b) => a.penalised(pen) - b.penalised(pen));
  }

  clear(): void {
    this.feasible.length = 0;
    this.infeasible.length = 0;
  }

  /** Binary tournament on biased fitness over both subpopulations. */
  select(pen: Penalties): Individual {
    this.updateFitness(this.feasible, pen);
    this.updateFitness(this.infeasible, pen);
    const pick = (): Individual => {
      const k = this.rng.int(this.size);
      return k < this.feasible.length ? this.feasible[k]! : this.infeasible[k - this.feasible.length]!;
    };
    const a = pick();
    const b = pick();
    return a.fitness < b.fitness ? a : b;
  }

  /** Mean broken-pairs distance to the nbClose nearest others. */
  diversity(ind: Individual): number {
    const k = Math.min(this.params.nbClose, ind.near.length);
    if (k === 0) return 0;
    let s = 0;
    for (let i = 0; i < k; i++) s += ind.near[i]!.d;
    return s / k;
  }

  /** Biased fitness of every member of `sub` (sorted by cost). */
  updateFitness(sub: Individual[], _pen: Penalties): void {
    const size = sub.length;
    if (size === 0) return;
    if (size === 1) {
      sub[0]!.fitness = 0;
      return;
    }
    const byDiversity = sub.map((ind, i) => ({ i, div: this.diversity(ind) }));
    byDiversity.sort((a, b) => b.div - a.div || a.i - b.i);
    const eliteWeight = size <= this.params.nbElite ? 0 : 1 - this.params.nbElite / size;
    byDiversity.forEach((e, divRank) => {
      const fitRank = e.i / (size - 1);
      sub[e.i]!.fitness = fitRank + eliteWeight * (divRank / (size - 1));
    });
  }

  private removeWorst(sub: Individual[], pen: Penalties): void {
    this.updateFitness(sub, pen);
    let worst = 1;
    let worstClone = false;
    let worstFit = -Infinity;
    for (let i = 1; i < sub.length; i++) {
      const ind = sub[i]!;
      const clone = ind.near.length > 0 && ind.near[0]!.d < 1e-9;
      if ((clone && !worstClone) || (clone === worstClone && ind.fitness > worstFit)) {
        worst = i;
        worstClone = clone;
        worstFit = ind.fitness;
      }
    }
    const [gone] = sub.splice(worst, 1);
    for (const other of sub) {
      const k = other.near.findIndex((e) => e.other === gone);
      if (k >= 0) other.near.splice(k, 1);
    }
  }
}

function insertNear(ind: Individual, d: number, other: Individual): void {
  const list = ind.near;
  let at = list.length;
  while (at > 0 && list[at - 1]!.d > d) at--;
  list.splice(at, 0, { d, other });
}
