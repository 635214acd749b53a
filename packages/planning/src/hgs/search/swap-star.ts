/**
 * SWAP* (Vidal 2022, "Hybrid genetic search for the CVRP: open-source implementation and SWAP*
 * neighborhood", §4): exchange a client u of route U with a client v of route V, each inserted at
 * its best position in the other route (not necessarily in the other's place). For every client
 * the three cheapest insertion positions in the other route are precomputed (O(|U|·|V|)), so all
 * pairs are priced in O(|U|·|V|) on distance and load; relocations of one client to its best
 * position are priced in the same pass. The best candidate is then priced exactly (time warp
 * included) as proposals and applied only when it improves.
 *
 * The insertion tables are cached per (route, client) with the clock of their calculation and
 * recomputed only when the route changed since (HGS-CVRP `ThreeBestInsert::whenLastCalculated`):
 * an insertion cost depends only on the target route and the client's location.
 */
import type { Evaluator } from './proposal';
import { Proposal, applyProposals } from './proposal';
import type { Routes } from './routes';

const EPS = 1e-6;

export class SwapStar {
  /**
   * Per (route r, client c) at ((r · n) + c) · 3: the 3 best insertion costs of c into r and the
   * node after which (−1: fewer positions); `stamp[r · n + c]`: the clock when calculated.
   */
  /** Integers (32-bit, half the memory read at random) while three distances fit, else doubles. */
  private readonly cost: Int32Array | Float64Array;
  private readonly after: Int32Array;
  private readonly stamp: Float64Array;
  private readonly removal: Float64Array;
  private readonly pU = new Proposal();
  private readonly pV = new Proposal();
  private readonly bufA: Int32Array;
  private readonly bufB: Int32Array;
  /** The last move found by `find` (for tests): clients and the nodes they go after (−1: in place). */
  bestU = -1;
  bestV = -1;
  bestAfterU = -1;
  bestAfterV = -1;

  constructor(
    readonly S: Routes,
    readonly ev: Evaluator,
  ) {
    const n = S.n;
    this.cost = 3 * S.p.maxDist < 2 ** 31 ? new Int32Array(S.R * n * 3) : new Float64Array(S.R * n * 3);
    this.after = new Int32Array(S.R * n * 3);
    this.stamp = new Float64Array(S.R * n);
    this.removal = new Float64Array(n);
    this.bufA = new Int32Array(n);
    this.bufB = new Int32Array(n);
  }

  /** Tries the best SWAP* (or relocation) between routes rU and rV; applies it when improving. */
  run(rU: number, rV: number): boolean {
    if (!this.find(rU, rV)) return false;
    const delta = this.price(rU, rV);
    if (delta >= -EPS) return false;
    applyProposals(this.S, this.bufA, this.bufB, this.pU, this.pV);
    return true;
  }

  /** Exact cost change of the move `find` chose (fills the proposals). */
  price(rU: number, rV: number): number {
    const { S, ev, pU, pV } = this;
    this.build(pU.clear(rU), rU, this.bestU, this.bestV, this.bestAfterV);
    this.build(pV.clear(rV), rV, this.bestV, this.bestU, this.bestAfterU);
    ev.normalise(pU);
    ev.normalise(pV);
    const before = S.rCost[rU]! + S.rCost[rV]!;
    const dist = ev.distanceOf(pU) + ev.distanceOf(pV);
    if (dist >= before - EPS) return dist - before;
    return dist + ev.penaltyOf(pU) + ev.penaltyOf(pV) - before;
  }

  /**
   * Route `r` without client `out` (−1: none) and with `inn` (−1: none) after node `w`
   * (w = −1: in the place of `out`).
   */
  private build(p: Proposal, r: number, out: number, inn: number, w: number): void {
    const S = this.S;
    const start = S.startNode(r);
    const end = S.endNode(r);
    if (out < 0) {
      p.fwd(start, w).fwd(inn, inn).fwd(S.next[w]!, end);
    } else if (inn < 0) {
      p.fwd(start, S.prev[out]!).fwd(S.next[out]!, end);
    } else if (w < 0) {
      p.fwd(start, S.prev[out]!).fwd(inn, inn).fwd(S.next[out]!, end);
    } else if (S.pos[w]! < S.pos[out]!) {
      p.fwd(start, w).fwd(inn, inn).fwd(S.next[w]!, S.prev[out]!).fwd(S.next[out]!, end);
    } else {
      p.fwd(start, S.prev[out]!).fwd(S.next[out]!, w).fwd(inn, inn).fwd(S.next[w]!, end);
    }
  }

  /** Finds the best candidate on distance and load; false when none looks improving. */
  find(rU: number, rV: number): boolean {
    const S = this.S;
    if (S.rSize[rU]! === 0 || S.rSize[rV]! === 0) return false;
    this.prepare(rU, rV);
    this.prepare(rV, rU);
    const penU0 = this.loadPenalty(rU, -1, -1);
    const penV0 = this.loadPenalty(rV, -1, -1);
    const n = S.n;
    const next = S.next;
    const removal = this.removal;
    const one = S.p.dims === 1;
    // one load dimension (CVRP): the pair's load penalties inline (the hot loop)
    const demand = S.p.demand;
    const loadU = S.rLoad[rU]!;
    const loadV = S.rLoad[rV]!;
    const capU = S.p.types[S.rType[rU]!]!.capacity[0]!;
    const capV = S.p.types[S.rType[rV]!]!.capacity[0]!;
    const price = S.pen.load[0]!;
    let best = -EPS;
    this.bestU = -1;
    this.bestV = -1;
    for (let u = next[S.startNode(rU)]!; u < n; u = next[u]!) {
      const remU = removal[u]!;
      for (let v = next[S.startNode(rV)]!; v < n; v = next[v]!) {
        let dPen: number;
        if (one) {
          const exU = loadU - demand[u]! + demand[v]! - capU;
          const exV = loadV - demand[v]! + demand[u]! - capV;
          dPen = (exU > 0 ? price * exU : 0) - penU0 + (exV > 0 ? price * exV : 0) - penV0;
        } else {
          dPen = this.loadPenalty(rU, u, v) - penU0 + this.loadPenalty(rV, v, u) - penV0;
        }
        const base = dPen + remU + removal[v]!;
        if (base >= 0) continue;
        this.cheapest(v, u, rU);
        const extraV = this.foundCost;
        const afterV = this.foundAfter;
        this.cheapest(u, v, rV);
        const total = base + extraV + this.foundCost;
        if (total < best) {
          best = total;
          this.bestU = u;
          this.bestV = v;
          this.bestAfterV = afterV;
          this.bestAfterU = this.foundAfter;
        }
      }
    }
    // relocations of one client to its best position in the other route
    for (let pass = 0; pass < 2; pass++) {
      const [ra, rb] = pass === 0 ? [rU, rV] : [rV, rU];
      const pa0 = pass === 0 ? penU0 : penV0;
      const pb0 = pass === 0 ? penV0 : penU0;
      for (let u = next[S.startNode(ra)]!; u < n; u = next[u]!) {
        const at = (rb * n + u) * 3;
        const total = this.loadPenalty(ra, u, -1) - pa0 + removal[u]! + this.loadPenalty(rb, -1, u) - pb0 + this.cost[at]!;
        if (total < best) {
          best = total;
          if (pass === 0) {
            this.bestU = u;
            this.bestV = -1;
            this.bestAfterU = this.after[at]!;
            this.bestAfterV = -1;
          } else {
            this.bestU = -1;
            this.bestV = u;
            this.bestAfterV = this.after[at]!;
            this.bestAfterU = -1;
          }
        }
      }
    }
    return this.bestU >= 0 || this.bestV >= 0;
  }

  private foundCost = 0;
  private foundAfter = -1;

  /**
   * Cheapest insertion of client c into route r (the route of `out`), with `out` removed (HGS
   * getCheapestInsertSimultRemoval).
   */
  private cheapest(c: number, out: number, r: number): void {
    const S = this.S;
    const d = S.p.dist;
    const n = S.n;
    let best = Infinity;
    let after = -1;
    const at = (r * n + c) * 3;
    for (let k = 0; k < 3; k++) {
      const w = this.after[at + k]!;
      if (w < 0) break;
      if (w !== out && S.next[w] !== out) {
        best = this.cost[at + k]!;
        after = w;
        break;
      }
    }
    const a = S.loc[S.prev[out]!]!;
    const b = S.loc[S.next[out]!]!;
    const inPlace = d[a * n + c]! + d[c * n + b]! - d[a * n + b]!;
    if (inPlace < best) {
      best = inPlace;
      after = -1;
    }
    this.foundCost = best;
    this.foundAfter = after;
  }

  /**
   * Removal gains of route ra's clients, and their 3 best insertions into route rb where the
   * cached ones are older than rb's last change.
   */
  private prepare(ra: number, rb: number): void {
    const S = this.S;
    const d = S.p.dist;
    const n = S.n;
    const { loc, next, prev, cumDist } = S;
    const sym = S.symmetric;
    const endB = S.endNode(rb);
    const startB = S.startNode(rb);
    const modified = S.rLastMod[rb]!;
    const clock = S.clock;
    for (let u = next[S.startNode(ra)]!; u < n; u = next[u]!) {
      const pu = prev[u]!;
      const nu = next[u]!;
      this.removal[u] = d[loc[pu]! * n + loc[nu]!]! - (cumDist[nu]! - cumDist[pu]!);
      const key = rb * n + u;
      if (this.stamp[key]! >= modified) continue;
      this.stamp[key] = clock;
      let c0 = Infinity;
      let c1 = Infinity;
      let c2 = Infinity;
      let a0 = -1;
      let a1 = -1;
      let a2 = -1;
      const un = u * n;
      for (let w = startB; w !== endB; w = next[w]!) {
        const nw = next[w]!;
        const lw = loc[w]!;
        // the edge w → next(w) from the prefix distances; w → u from u's own row when the
        // matrix is symmetric (one row read in order instead of a column: fewer cache misses)
        const c = (sym ? d[un + lw]! : d[lw * n + u]!) + d[un + loc[nw]!]! - (cumDist[nw]! - cumDist[w]!);
        if (c < c2) {
          if (c < c1) {
            c2 = c1;
            a2 = a1;
            if (c < c0) {
              c1 = c0;
              a1 = a0;
              c0 = c;
              a0 = w;
            } else {
              c1 = c;
              a1 = w;
            }
          } else {
            c2 = c;
            a2 = w;
          }
        }
      }
      const at = key * 3;
      this.cost[at] = c0;
      this.cost[at + 1] = c1;
      this.cost[at + 2] = c2;
      this.after[at] = a0;
      this.after[at + 1] = a1;
      this.after[at + 2] = a2;
    }
  }

  /** Load penalty of route r with client `out` removed and `inn` added (−1: none). */
  private loadPenalty(r: number, out: number, inn: number): number {
    const S = this.S;
    const p = S.p;
    const dims = p.dims;
    const cap = p.types[S.rType[r]!]!.capacity;
    let pen = 0;
    for (let k = 0; k < dims; k++) {
      let l = S.rLoad[r * dims + k]!;
      if (out >= 0) l -= p.demand[out * dims + k]!;
      if (inn >= 0) l += p.demand[inn * dims + k]!;
      const ex = l - cap[k]!;
      if (ex > 0) pen += S.pen.load[k]! * ex;
    }
    return pen;
  }
}
