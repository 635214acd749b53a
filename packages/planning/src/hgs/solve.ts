/**
 * Hybrid Genetic Search (Vidal et al. 2012; Vidal 2022, HGS-CVRP) over the model of problem.ts:
 * a population of locally optimal solutions (feasible and infeasible); each iteration crosses two
 * parents (OX on giant tours split into routes; with time windows SREX, srex.ts), educates the
 * child by the granular local search with SWAP*, repairs half of the infeasible children at ×10
 * prices, inserts it with diversity management; the penalties adapt to a 20 % feasible target
 * (40 % with time windows); after `restartAfter` iterations without a better solution the
 * population restarts (the best is kept).
 *
 * Anytime: stops at `timeLimitS`, `maxIterations` or after `maxStall` iterations without a better
 * solution, returning the best feasible solution found
 * (else the least penalised one, marked infeasible). Deterministic for a seed: the same seed and
 * iteration count give the same answer; under a time limit the answer depends on how far the
 * search got.
 */
import { orderCrossover } from './crossover';
import { Individual } from './individual';
import { defaultNeighbourCount, granularNeighbours } from './neighbours';
import { DEFAULT_PENALTY_PARAMS, initialPenalties, PenaltyManager, scaledPenalties, type Penalties, type PenaltyParams } from './penalties';
import { DEFAULT_POPULATION_PARAMS, Population, SHORT_BUDGET_POPULATION_PARAMS, type PopulationParams } from './population';
import type { ProblemData } from './problem';
import { Rng } from './rng';
import { RouteRemoval } from './route-min';
import { LocalSearch } from './search/local-search';
import { drain } from '../steps';
import { savingsSlots } from './savings';
import { split } from './split';
import { selectiveRouteExchange } from './srex';

export interface HgsOptions {
  seed?: number;
  /** Time limit, s (default 30). */
  timeLimitS?: number;
  /**
   * 'wall' (default): elapsed time; 'cpu': this process's CPU time (the benchmark's "one core"
   * on a shared machine; Node's process.cpuUsage).
   */
  clock?: 'wall' | 'cpu';
  /** Iteration limit (default none). */
  maxIterations?: number;
  /**
   * Granular neighbourhood size (default 20, HGS-CVRP's; 40 with time windows and capacity for
   * more than 20 clients a route: neighbours.ts `defaultNeighbourCount`).
   */
  neighbours?: number;
  /**
   * j near i ⇒ i near j (HGS-CVRP's correlated vertices; default: on for a capacity-only
   * problem, where it was measured: X-n359, X-n449, X-n573, X-n916 at 30 CPU s, mean gap 1.81 → 1.61 %).
   */
  symmetricNeighbours?: boolean;
  /** Default: SHORT_BUDGET_POPULATION_PARAMS for a capacity-only problem, else HGS-CVRP's. */
  population?: Partial<PopulationParams>;
  /** Size of the initial population (default 4 × mu). */
  initialSize?: number;
  /**
   * Share of the time limit the initial population may use (default 0.01 for a capacity-only
   * problem, 0.1 when time binds); only when no `maxIterations` is given, so that an
   * iteration-limited run stays deterministic. Measured (bench/RESULTS.md): on 766 clients 100
   * educated random solutions took 12 of 15 CPU s and the search ended 3.8 % above the best
   * known, with 4 at 2.7 %; at 60 CPU s X-n766 ended 3.50 % above with 10 %, 3.21 % with 3 %,
   * 2.65 % with 1 % (seed 1). The population fills up with the children anyway (survivors
   * mu + lambda). The time-window runs were measured with 0.1 and keep it.
   */
  initialShare?: number;
  /** Iterations without improvement before a restart (default 20 000). */
  restartAfter?: number;
  /**
   * Iterations in a row without a better solution after which the search ends before its time
   * limit (default: none; the day planner uses HGS-CVRP's stopping rule, 20 000).
   */
  maxStall?: number;
  /**
   * Penalty management (default: target 20 % feasible, 40 % when time windows bind; every 30
   * results, ×1.2 / ×0.85). With time windows 40 % was measured at 60 CPU s (SREX; against 20 %):
   * R1_10_2 3.76 / 4.09 % above the best known against 4.85 / 4.78 % (seeds 1 / 2), RC2_10_2
   * 3.66 / 3.67 % against 4.22 / 3.63 %, C1_10_2 1.80 / 1.08 % against 1.23 / 1.29 % (mean of
   * the six −0.32 %); fewer infeasible children to repair, mostly more iterations. 65 %
   * (PyVRP's) was worse (seed 1: R1 5.20 %, RC2 4.79 %).
   */
  penalties?: Partial<PenaltyParams>;
  /** Initial price of a unit of time warp (default: initialPenalties). */
  initialTwPenalty?: number;
  /** Probability of repairing an infeasible child (default 0.5). */
  repairProbability?: number;
  /**
   * Educate the Clarke–Wright savings solution first (default true): the search is then never
   * worse than the savings + local search baseline, even under a budget too short for the
   * random initial population (measured: bench/RESULTS.md).
   */
  savingsStart?: boolean;
  /**
   * Savings solutions of random shape (savings.ts: λ uniform in 0.5…2, μ in 0…1) educated into
   * the initial population after the classic one, within 20 % of the time limit (default 20 for a
   * capacity-only problem, else 0). Good and diverse parents from the first generation: measured
   * together with μ = 12 instead of 25 on X-n359…X-n916 at 30 CPU s, mean gap 1.75 → 1.60 % (seed 1),
   * 1.74 → 1.54 % (seed 2); bench/RESULTS.md «CVRP with the short-budget settings».
   */
  randomSavings?: number;
  /**
   * Route elimination (route-min.ts; default on when time windows bind): after the savings start,
   * routes of the best solution are removed one at a time and their clients reinserted until
   * `initialFailures` attempts in a row gave nothing better (default 20); then one in every
   * `every` iterations (default 4) is such an attempt, on the best solution or a parent. The
   * route is one of the three smallest, or with probability `anyRoute` (default 0) any route
   * (measured on RC2_10_2 at 60 CPU s: ½ ended 9.2–9.3 % above the best known, 0 ended 8.8 %).
   */
  routeRemoval?: false | { every?: number; initialFailures?: number; anyRoute?: number };
  /**
   * Crossover: 'ox' (OX on giant tours + split, HGS-CVRP's) or 'srex' (selective route exchange,
   * srex.ts, PyVRP's). Default 'srex' when time windows bind and the clients have coordinates,
   * else 'ox' (capacity-only problems unchanged).
   */
  crossover?: 'ox' | 'srex';
  /**
   * SWAP* in the local search: true, false, or only while a solution has at most `maxMean`
   * clients per used route on average. Default: true without time windows; with them
   * `{ maxMean: 20 }`. Measured at 60 CPU s (SREX, seed 1): without SWAP* RC2_10_2 (~40 clients
   * a route) ran 2.4 × the iterations and ended 4.22 % above the best known against 5.90 %;
   * R1_10_2 (~11 a route) ended 5.16 % against 4.85 % with it.
   */
  swapStar?: boolean | { maxMean: number };
  /** Solutions to start from (client locations per vehicle slot), educated and added first. */
  initialSolutions?: ArrayLike<ArrayLike<number>>[];
  /** Called at least every `progressEveryS` (default 1 s) and on every new best. */
  onProgress?: (progress: HgsProgress) => void;
  progressEveryS?: number;
}

/** A cooperative run (hgsSearch) yields at least this often, s (steps.ts). */
const TURN_EVERY_S = 0.05;

export interface HgsProgress {
  elapsedS: number;
  iterations: number;
  /** Best feasible cost so far (null: none yet). */
  bestCost: number | null;
  feasibleSize: number;
  infeasibleSize: number;
}

export interface HgsResult {
  /** Client locations per vehicle slot (empty for unused vehicles; slot r has type `routeType[r]`). */
  routes: number[][];
  routeType: number[];
  /** Distance + fixed costs. */
  cost: number;
  distance: number;
  feasible: boolean;
  iterations: number;
  elapsedS: number;
  /** Seconds from the start to the last improvement of the best solution. */
  bestFoundS: number;
}

/** The search run to its end (hgsSearch drained synchronously). */
export function solveHgs(p: ProblemData, options: HgsOptions = {}): HgsResult {
  return drain(hgsSearch(p, options));
}

/**
 * The search as a cooperative computation (steps.ts): yields its progress at least every 50 ms
 * (TURN_EVERY_S), at every report and on each new best; returns the result. Same answers as
 * solveHgs (yielding draws no random number).
 */
export function* hgsSearch(p: ProblemData, options: HgsOptions = {}): Generator<HgsProgress, HgsResult, void> {
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const elapsed =
    options.clock === 'cpu'
      ? () => {
          const c = process.cpuUsage(cpu0);
          return (c.user + c.system) / 1e6;
        }
      : () => (performance.now() - t0) / 1000;
  const timeLimit = options.timeLimitS ?? 30;
  const maxIter = options.maxIterations ?? Infinity;
  const rng = new Rng(options.seed ?? 1);
  const capacityOnly = !p.hasTime;
  const params = { ...(capacityOnly ? SHORT_BUDGET_POPULATION_PARAMS : DEFAULT_POPULATION_PARAMS), ...options.population };
  const pen = initialPenalties(p);
  if (options.initialTwPenalty !== undefined) pen.tw = options.initialTwPenalty;
  const twTarget = p.hasTime ? { target: 0.4 } : {};
  const manager = new PenaltyManager(pen, { ...DEFAULT_PENALTY_PARAMS, ...twTarget, ...options.penalties });
  const neighbours = granularNeighbours(p, options.neighbours ?? defaultNeighbourCount(p), 0.2, 1, options.symmetricNeighbours ?? capacityOnly);
  const ls = new LocalSearch(p, pen, neighbours, rng);
  const star = options.swapStar ?? (p.hasTime ? { maxMean: 20 } : true);
  ls.swapStarMaxMean = star === true ? Infinity : star === false ? -1 : star.maxMean;
  const pop = new Population(params, rng);
  const repairP = options.repairProbability ?? 0.5;
  const restartAfter = options.restartAfter ?? 20_000;
  const progressEvery = options.progressEveryS ?? 1;
  const rmOpts = options.routeRemoval ?? {};
  const removal = p.hasTime && rmOpts !== false ? new RouteRemoval(ls.S, neighbours) : null;
  const rmEvery = rmOpts === false ? 0 : (rmOpts.every ?? 4);
  const rmAny = rmOpts === false ? 0 : (rmOpts.anyRoute ?? 0);
  const useSrex = (options.crossover ?? (p.hasTime ? 'srex' : 'ox')) === 'srex' && p.x !== null && p.y !== null;
  const srexRepair = useSrex ? new RouteRemoval(ls.S, neighbours) : null;
  const clients = new Int32Array(p.n - p.numDepots);
  for (let i = 0; i < clients.length; i++) clients[i] = p.numDepots + i;

  const kept: { best: Individual | null; least: Individual | null } = { best: null, least: null };
  let bestFoundS = 0;
  let iterations = 0;
  let lastProgress = 0;
  const maxStall = options.maxStall ?? Infinity;
  let stall = 0;
  const done = () => elapsed() >= timeLimit || iterations >= maxIter || stall >= maxStall;

  const snapshot = (): HgsProgress => ({
    elapsedS: elapsed(),
    iterations,
    bestCost: kept.best ? kept.best.cost : null,
    feasibleSize: pop.feasible.length,
    infeasibleSize: pop.infeasible.length,
  });
  const report = (): HgsProgress => {
    const progress = snapshot();
    lastProgress = progress.elapsedS;
    lastYield = progress.elapsedS;
    options.onProgress?.(progress);
    return progress;
  };
  let lastYield = 0;
  /** What to yield now: a report every `progressEveryS`, else a bare turn every 50 ms; null: nothing due. */
  const pulse = (): HgsProgress | null => {
    const t = elapsed();
    if (t - lastProgress >= progressEvery) return report();
    if (t - lastYield < TURN_EVERY_S) return null;
    lastYield = t;
    return snapshot();
  };

  /** Educates routes, adds the result (and its repair); true when the best improved. */
  const educate = (routes: ArrayLike<ArrayLike<number>>, prices: Penalties = pen): boolean => {
    const ind = new Individual(p, ls.run(routes, prices));
    const changed = prices === pen && manager.record(ind.excess, ind.warp);
    pop.add(ind, pen);
    let improved = consider(ind);
    if (!ind.feasible && rng.float() < repairP) {
      const repaired = new Individual(p, ls.run(ind.routes, scaledPenalties(pen, 10)));
      if (repaired.feasible) {
        pop.add(repaired, pen);
        improved = consider(repaired) || improved;
      }
    }
    if (changed) pop.reprice(pen);
    return improved;
  };

  const consider = (ind: Individual): boolean => {
    if (!kept.least || ind.penalised(pen) < kept.least.penalised(pen)) kept.least = ind;
    if (ind.feasible && (!kept.best || ind.cost < kept.best.cost - 1e-9)) {
      kept.best = ind;
      bestFoundS = elapsed();
      return true;
    }
    return false;
  };

  /**
   * One route of `from` removed and its clients reinserted (route-min.ts), educated at the
   * current prices, then repaired at ×10, ×100, ×1 000 until feasible; every result is added.
   * True when the best improved.
   */
  const removeRoute = (from: Individual): boolean => {
    const used: number[] = [];
    from.routes.forEach((r, i) => {
      if (r.length > 0) used.push(i);
    });
    if (!removal || used.length < 2) return false;
    // one of the three smallest routes (the likeliest to vanish), or with probability
    // `anyRoute` any route (a ruin-and-recreate step once the small ones resist)
    used.sort((a, b) => from.routes[a]!.length - from.routes[b]!.length || a - b);
    const r = rng.float() < rmAny ? used[rng.int(used.length)]! : used[rng.int(Math.min(3, used.length))]!;
    const { routes } = removal.remove(from.routes, r, pen, rng);
    let ind = new Individual(p, ls.run(routes, pen));
    const changed = manager.record(ind.excess, ind.warp);
    pop.add(ind, pen);
    let improved = consider(ind);
    for (let f = 10; f <= 1000 && !ind.feasible; f *= 10) {
      ind = new Individual(p, ls.run(ind.routes, scaledPenalties(pen, f)));
      if (ind.feasible) {
        pop.add(ind, pen);
        improved = consider(ind) || improved;
      }
    }
    if (changed) pop.reprice(pen);
    return improved;
  };

  const initialise = function* (): Generator<HgsProgress, void, void> {
    if (options.savingsStart ?? true) {
      // at prohibitive prices, as the baseline: a feasible start no worse than CW + local search
      const high: Penalties = { load: new Float64Array(p.dims).fill(1e7), tw: 1e7 };
      const nb40 = granularNeighbours(p, 40);
      educate(savingsSlots(p, nb40, high), high);
      const k = options.randomSavings ?? (capacityOnly ? 20 : 0);
      const until = options.maxIterations === undefined ? 0.2 * timeLimit : Infinity;
      for (let i = 0; i < k && !done() && elapsed() < until; i++) {
        educate(savingsSlots(p, nb40, high, { lambda: 0.5 + 1.5 * rng.float(), mu: rng.float() }));
        const due = pulse();
        if (due) yield due;
      }
    }
    if (removal && rmOpts !== false) {
      const limit = rmOpts.initialFailures ?? 20;
      for (let fails = 0; fails < limit && kept.best && !done(); ) {
        if (removeRoute(kept.best)) fails = 0;
        else fails++;
        const due = pulse();
        if (due) yield due;
      }
    }
    for (const s of options.initialSolutions ?? []) {
      if (done()) return;
      educate(s);
    }
    const size = options.initialSize ?? 4 * params.mu;
    const from = elapsed();
    const share = options.maxIterations === undefined ? (options.initialShare ?? (p.hasTime ? 0.1 : 0.01)) * timeLimit : Infinity;
    const enough = (k: number) => k >= 2 && elapsed() - from >= share;
    // at least one solution, whatever the time limit (anytime: there is always an answer)
    for (let k = 0; k < size && !enough(k) && (!done() || (k === 0 && kept.least === null)); k++) {
      rng.shuffle(clients);
      educate(split(p, clients, pen));
      const due = pulse();
      if (due) yield due;
    }
  };

  yield* initialise();
  let sinceImprovement = 0;
  while (!done() && pop.size > 0) {
    iterations++;
    const a = pop.select(pen);
    let improved: boolean;
    if (removal && rmEvery > 0 && iterations % rmEvery === 0) {
      improved = removeRoute(kept.best && rng.float() < 0.5 ? kept.best : a);
    } else {
      const b = pop.select(pen);
      if (srexRepair) improved = educate(selectiveRouteExchange(p, a, b, pen, rng, srexRepair));
      else improved = educate(split(p, orderCrossover(a.giantTour(), b.giantTour(), rng, p.n), pen));
    }
    if (improved) {
      sinceImprovement = 0;
      stall = 0;
      yield report();
    } else {
      stall++;
      if (++sinceImprovement >= restartAfter) {
        pop.clear();
        if (kept.best) pop.add(kept.best, pen);
        sinceImprovement = 0;
        yield* initialise();
      }
    }
    const due = pulse();
    if (due) yield due;
  }
  report();
  const answer = kept.best ?? kept.least;
  const routes: number[][] = answer ? answer.routes.map((r) => Array.from(r)) : Array.from(p.routeType, (): number[] => []);
  return {
    routes,
    routeType: Array.from(p.routeType),
    cost: answer ? answer.cost : 0,
    distance: answer ? answer.distance : 0,
    feasible: answer ? answer.feasible : true,
    iterations,
    elapsedS: elapsed(),
    bestFoundS,
  };
}
