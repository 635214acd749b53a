/**
 * Route elimination for time-windowed problems: one route of a solution is emptied and each of its
 * clients is put back at its cheapest position in the other routes, time warp and excess load
 * priced at the current penalties (the insertion step of Nagata & Bräysy 2009's route
 * minimisation, without its ejection pool: the penalised local search and the repair at higher
 * prices then remove the warp, as in HGS's own repair, Vidal et al. 2013 §3.5).
 *
 * Why: on wide-window instances (Gehring–Homberger RC2) a local search from a random start ends
 * with 2–3 × the routes of the best known, since no single move merges two routes whose windows
 * interleave; removing a whole route and reinserting its clients one by one does.
 *
 * Positions tried for a client c: after each of its granular neighbours v and after v's
 * predecessor (a client or a route's start depot), in O(1) each by the prefix/suffix timing
 * segments of routes.ts (Vidal 2013's concatenation). A client with no neighbour left in another
 * route goes to the route whose start gives the least cost (all routes tried).
 */
import type { Penalties } from './penalties';
import type { Rng } from './rng';
import { Evaluator, Proposal, applyProposals } from './search/proposal';
import type { Routes } from './search/routes';

export class RouteRemoval {
  private readonly pr = new Proposal();
  private readonly best = new Proposal();
  private readonly bufA: Int32Array;
  private readonly bufB: Int32Array;
  private readonly ev: Evaluator;

  constructor(
    readonly S: Routes,
    /** neighbours[c] = client locations near c (granular neighbourhood). */
    readonly neighbours: Int32Array[],
  ) {
    this.ev = new Evaluator(S);
    this.bufA = new Int32Array(S.p.n);
    this.bufB = new Int32Array(S.p.n);
  }

  /**
   * Empties route slot `r` of `routes` (client locations per slot) and reinserts its clients in
   * random order, each at its cheapest penalised position among the other non-empty routes.
   * Returns the new routes (slot r empty) and the change of the penalised cost. Throws when slot r
   * is empty or the only non-empty route.
   */
  remove(routes: ArrayLike<ArrayLike<number>>, r: number, pen: Penalties, rng: Rng): { routes: Int32Array[]; delta: number } {
    const S = this.S;
    S.pen = pen;
    S.load(routes);
    const clients = Int32Array.from(routes[r]!);
    if (clients.length === 0) throw new Error(`route ${r} is empty`);
    let others = 0;
    for (let k = 0; k < S.R; k++) if (k !== r && S.rSize[k]! > 0) others++;
    if (others === 0) throw new Error('no other route to insert into');
    const before = S.total();
    S.relink(r, clients, 0);
    rng.shuffle(clients);
    for (let i = 0; i < clients.length; i++) this.insert(clients[i]!, r);
    return { routes: S.export(), delta: S.total() - before };
  }

  /**
   * Loads `routes` (client locations per slot; the `missing` clients in none of them) and puts
   * each missing client, in random order, at its cheapest penalised position among the non-empty
   * routes (the greedy repair of a crossover child, as PyVRP's `greedyRepair`). Returns the
   * routes with every client served. Throws when every route is empty.
   */
  reinsert(routes: ArrayLike<ArrayLike<number>>, missing: Int32Array, pen: Penalties, rng: Rng): Int32Array[] {
    const S = this.S;
    S.pen = pen;
    S.load(routes);
    if (missing.length === 0) return S.export();
    let used = 0;
    for (let k = 0; k < S.R; k++) if (S.rSize[k]! > 0) used++;
    if (used === 0) throw new Error('no route to insert into');
    for (let i = 0; i < missing.length; i++) S.route[missing[i]!] = -1;
    rng.shuffle(missing);
    for (let i = 0; i < missing.length; i++) this.insert(missing[i]!, -1);
    return S.export();
  }

  /** Puts client c (in no route) at its cheapest position outside the emptied route `skip`. */
  private insert(c: number, skip: number): void {
    const S = this.S;
    let bestDelta = Infinity;
    const tryAfter = (v: number) => {
      const rv = S.route[v]!;
      if (rv === skip || rv < 0) return;
      this.pr.clear(rv).fwd(S.startNode(rv), v).fwd(c, c).fwd(S.next[v]!, S.endNode(rv));
      const d = this.ev.distanceOf(this.pr) + this.ev.penaltyOf(this.pr) - S.rCost[rv]!;
      if (d < bestDelta) {
        bestDelta = d;
        copyProposal(this.pr, this.best);
      }
    };
    const nb = this.neighbours[c]!;
    for (let k = 0; k < nb.length; k++) {
      const v = nb[k]!;
      if (S.route[v]! === skip || S.route[v]! < 0 || v === c) continue;
      tryAfter(v);
      tryAfter(S.prev[v]!);
    }
    if (bestDelta === Infinity) {
      for (let rv = 0; rv < S.R; rv++) if (rv !== skip && S.rSize[rv]! > 0) tryAfter(S.startNode(rv));
    }
    applyProposals(S, this.bufA, this.bufB, this.best, null);
  }
}

function copyProposal(from: Proposal, to: Proposal): void {
  to.clear(from.route);
  for (let i = 0; i < from.len; i++) {
    if (from.back[i]) to.rev(from.a[i]!, from.b[i]!);
    else to.fwd(from.a[i]!, from.b[i]!);
  }
}
