/**
 * The education step of HGS (Vidal 2022 §3.4): a granular local search. For every client u (random
 * order) and every v among u's nearest neighbours (random order), the moves relocate, swap,
 * 2-opt, 2-opt* (relocate.ts, swap.ts, two-opt.ts) are tried in HGS-CVRP's order, first
 * improvement; a pair is skipped when neither route changed since u was last examined. After the
 * first pass, moves into an empty route are tried too. Then SWAP* (swap-star.ts) between routes
 * whose polar sectors overlap (around the first vehicle type's depot; without coordinates every
 * pair is tried, and only when there are at most 64 vehicle slots). Repeats until no move improves.
 */
import type { Penalties } from '../penalties';
import type { ProblemData } from '../problem';
import type { Rng } from '../rng';
import { PairFilter } from './pair-filter';
import { applyProposals, Evaluator, Proposal } from './proposal';
import { relocate, relocatePair, relocatePairReversed } from './relocate';
import { Routes } from './routes';
import { swapOne, swapPairOne, swapPairs } from './swap';
import { SwapStar } from './swap-star';
import { twoOpt, twoOptStar, twoOptStarReversed } from './two-opt';

const EPS = 1e-6;

export type MoveBuilder = (S: Routes, u: number, v: number, pU: Proposal, pV: Proposal) => number;

export class LocalSearch {
  readonly S: Routes;
  readonly ev: Evaluator;
  private readonly swapStar: SwapStar;
  private readonly pU = new Proposal();
  private readonly pV = new Proposal();
  private readonly bufA: Int32Array;
  private readonly bufB: Int32Array;
  private readonly order: Int32Array;
  private readonly nbOrder: Int32Array[];
  private readonly lastTested: Float64Array;
  private readonly lastSwapStar: Float64Array;
  private readonly routeOrder: Int32Array;
  /** 2-opt* reversed (move 8) is tried only without time (its reversed runs would need O(length) timing). */
  private readonly symmetric: boolean;
  /** Routes changed by the move last priced (1 or 2). */
  lastRoutes = 0;
  /**
   * SWAP* between routes only while the loaded solution has at most this many clients per used
   * route on average (solve.ts option `swapStar`; default: always). Its tables cost
   * O(|route U| · |route V|) per route pair.
   */
  swapStarMaxMean = Infinity;
  /** Moves applied by the last `run` (for the statistics). */
  applied = 0;
  /** Client pairs of the last `run` whose smallest O(1) bound let a move through (pair-filter.ts). */
  passed = 0;
  private readonly filter: PairFilter;

  constructor(
    readonly p: ProblemData,
    pen: Penalties,
    /** neighbours[c] = client locations near c, nearest first. */
    neighbours: Int32Array[],
    readonly rng: Rng,
  ) {
    this.S = new Routes(p, pen);
    this.ev = new Evaluator(this.S);
    this.swapStar = new SwapStar(this.S, this.ev);
    this.bufA = new Int32Array(p.n);
    this.bufB = new Int32Array(p.n);
    this.order = new Int32Array(p.n - p.numDepots);
    for (let i = 0; i < this.order.length; i++) this.order[i] = p.numDepots + i;
    this.nbOrder = neighbours.map((a) => Int32Array.from(a));
    this.lastTested = new Float64Array(p.n);
    this.lastSwapStar = new Float64Array(this.S.R);
    this.routeOrder = new Int32Array(this.S.R);
    this.symmetric = !p.hasTime;
    this.filter = new PairFilter(this.S);
  }

  /** Improves `routes` (client locations per slot) at the prices `pen`; returns the improved routes. */
  run(routes: ArrayLike<ArrayLike<number>>, pen: Penalties): Int32Array[] {
    const S = this.S;
    S.pen = pen;
    S.load(routes);
    this.applied = 0;
    this.passed = 0;
    this.lastTested.fill(0);
    this.lastSwapStar.fill(0);
    let used = 0;
    for (let r = 0; r < S.R; r++) if (S.rSize[r]! > 0) used++;
    const swapStarOn = used > 0 && this.order.length / used <= this.swapStarMaxMean;
    const rng = this.rng;
    rng.shuffle(this.order);
    for (const nb of this.nbOrder) rng.shuffle(nb);
    for (let loop = 0; ; loop++) {
      let improved = false;
      // the first empty route, looked up again only after a move was applied
      let empty = -1;
      let emptyAt = -1;
      for (let i = 0; i < this.order.length; i++) {
        const u = this.order[i]!;
        const tested = this.lastTested[u]!;
        this.lastTested[u] = S.clock;
        const nb = this.nbOrder[u]!;
        for (let k = 0; k < nb.length; k++) {
          const v = nb[k]!;
          if (loop > 0 && Math.max(S.rLastMod[S.route[u]!]!, S.rLastMod[S.route[v]!]!) <= tested) continue;
          if (this.clientMoves(u, v)) {
            improved = true;
            continue;
          }
          // v first of its route: also try u right after v's depot
          const pv = S.prev[v]!;
          if (pv >= S.n && this.depotMoves(u, pv)) improved = true;
        }
        if (loop > 0) {
          if (emptyAt !== this.applied) {
            empty = this.firstEmptyRoute();
            emptyAt = this.applied;
          }
          if (empty >= 0 && this.depotMoves(u, S.startNode(empty))) improved = true;
        }
      }
      if (swapStarOn && (S.angle !== null || S.R <= 64)) {
        if (this.swapStarPass()) improved = true;
      }
      if (!improved) break;
    }
    return S.export();
  }

  private firstEmptyRoute(): number {
    const S = this.S;
    for (let r = 0; r < S.R; r++) if (S.rSize[r] === 0) return r;
    return -1;
  }

  private swapStarPass(): boolean {
    const S = this.S;
    let improved = false;
    for (let r = 0; r < S.R; r++) this.routeOrder[r] = r;
    this.rng.shuffle(this.routeOrder);
    for (let i = 0; i < S.R; i++) {
      const rU = this.routeOrder[i]!;
      if (S.rSize[rU] === 0) continue;
      const tested = this.lastSwapStar[rU]!;
      this.lastSwapStar[rU] = S.clock;
      // each pair once (SWAP* and its relocations are symmetric in the two routes; HGS-CVRP
      // tests routeU < routeV)
      for (let j = i + 1; j < S.R; j++) {
        const rV = this.routeOrder[j]!;
        if (S.rSize[rV] === 0) continue;
        if (Math.max(S.rLastMod[rU]!, S.rLastMod[rV]!) <= tested) continue;
        if (!S.sectorsOverlap(rU, rV)) continue;
        if (this.swapStar.run(rU, rV)) {
          improved = true;
          this.applied++;
        }
      }
    }
    return improved;
  }

  /**
   * Moves 1–9 of u with the client v in HGS-CVRP's order; applies the first improving one. Direct
   * calls (not a table of builders), so that the engine can inline each move's O(1) bound.
   */
  private clientMoves(u: number, v: number): boolean {
    const { S, pU, pV } = this;
    const f = this.filter;
    if (!(f.compute(u, v) < -EPS)) return false;
    const b = f.bound;
    this.passed++;
    return (
      (b[0]! < -EPS && this.accept(relocate(S, u, v, pU, pV))) ||
      (b[1]! < -EPS && this.accept(relocatePair(S, u, v, pU, pV))) ||
      (b[2]! < -EPS && this.accept(relocatePairReversed(S, u, v, pU, pV))) ||
      // the symmetric swaps once per pair (HGS-CVRP: nodeUIndex <= nodeVIndex)
      (u < v && b[3]! < -EPS && this.accept(swapOne(S, u, v, pU, pV))) ||
      (b[4]! < -EPS && this.accept(swapPairOne(S, u, v, pU, pV))) ||
      (u < v && b[5]! < -EPS && this.accept(swapPairs(S, u, v, pU, pV))) ||
      (b[6]! < -EPS && this.accept(twoOpt(S, u, v, pU))) ||
      (this.symmetric && b[7]! < -EPS && this.accept(twoOptStarReversed(S, u, v, pU, pV))) ||
      (b[8]! < -EPS && this.accept(twoOptStar(S, u, v, pU, pV)))
    );
  }

  /** The moves of u after a start depot v (relocations and 2-opt*); applies the first improving one. */
  private depotMoves(u: number, v: number): boolean {
    const { S, pU, pV } = this;
    return (
      this.accept(relocate(S, u, v, pU, pV)) ||
      this.accept(relocatePair(S, u, v, pU, pV)) ||
      this.accept(relocatePairReversed(S, u, v, pU, pV)) ||
      this.accept(twoOptStar(S, u, v, pU, pV))
    );
  }

  /** Prices the proposals a builder just filled (k routes change); applies them when improving. */
  private accept(k: number): boolean {
    if (k === 0) return false;
    this.lastRoutes = k;
    if (!(this.priced(k) < -EPS)) return false;
    applyProposals(this.S, this.bufA, this.bufB, this.pU, k === 2 ? this.pV : null);
    this.applied++;
    return true;
  }

  /** Prices one move; applies it when it lowers the penalised cost. */
  tryMove(move: MoveBuilder, u: number, v: number): boolean {
    return this.accept(move(this.S, u, v, this.pU, this.pV));
  }

  /**
   * The change of the penalised cost the move would make (+∞ when it does not apply); leaves its
   * proposals ready to apply. Stops early (returns a value ≥ 0) once the distance alone cannot improve.
   */
  delta(move: MoveBuilder, u: number, v: number): number {
    const k = move(this.S, u, v, this.pU, this.pV);
    this.lastRoutes = k;
    return k === 0 ? Infinity : this.priced(k);
  }

  /** The cost change of the proposals filled for k routes (see `delta`). */
  private priced(k: number): number {
    const { S, ev, pU, pV } = this;
    if (k === 1) {
      ev.normalise(pU);
      const before = S.rCost[pU.route]!;
      const d = ev.distanceOf(pU);
      if (d >= before - EPS) return d - before;
      return d + ev.penaltyOf(pU) - before;
    }
    ev.normalise(pU);
    ev.normalise(pV);
    const before = S.rCost[pU.route]! + S.rCost[pV.route]!;
    const d = ev.distanceOf(pU) + ev.distanceOf(pV);
    if (d >= before - EPS) return d - before;
    return d + ev.penaltyOf(pU) + ev.penaltyOf(pV) - before;
  }
}
