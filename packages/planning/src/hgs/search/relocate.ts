/**
 * Relocate moves of HGS-CVRP's local search (Vidal 2022 §3.4, moves 1–3), as proposals: a client
 * u — or u with its successor x, kept in order or reversed — is moved after node v (a client or a
 * route's start depot), in the same route or another. Each builder fills the proposal(s) and
 * returns how many routes change (0: the move does not apply to u, v).
 */
import type { Proposal } from './proposal';
import type { Routes } from './routes';

/** Move 1: u after v. */
export function relocate(S: Routes, u: number, v: number, pU: Proposal, pV: Proposal): number {
  if (u === v || S.prev[u] === v || u >= S.n) return 0;
  return moveRun(S, u, u, false, v, pU, pV);
}

/** Move 2: u and its successor x after v, as (u, x). */
export function relocatePair(S: Routes, u: number, v: number, pU: Proposal, pV: Proposal): number {
  const x = S.next[u]!;
  if (u >= S.n || x >= S.n || v === u || v === x || S.prev[u] === v) return 0;
  return moveRun(S, u, x, false, v, pU, pV);
}

/** Move 3: u and its successor x after v, as (x, u). */
export function relocatePairReversed(S: Routes, u: number, v: number, pU: Proposal, pV: Proposal): number {
  const x = S.next[u]!;
  if (u >= S.n || x >= S.n || v === u || v === x) return 0;
  if (S.prev[u] === v) {
    const r = S.route[u]!;
    const after = S.next[x]!;
    if (S.prune && S.d(v, x) + S.d(x, u) + S.d(u, after) - S.d(v, u) - S.d(u, x) - S.d(x, after) - S.warpSlack(r, r, -1) >= -1e-6) return 0;
    pU.clear(r).fwd(S.startNode(r), v).rev(u, x).fwd(S.next[x]!, S.endNode(r));
    return 1;
  }
  return moveRun(S, u, x, true, v, pU, pV);
}

/** The run u…x (u = x for one client) moved after v; v is neither in the run nor just before it. */
function moveRun(S: Routes, u: number, x: number, reversed: boolean, v: number, pU: Proposal, pV: Proposal): number {
  const rU = S.route[u]!;
  const rV = S.route[v]!;
  const before = S.prev[u]!;
  const after = S.next[x]!;
  const y = S.next[v]!;
  if (S.prune) {
    // distance and exact load-penalty change: a lower bound of the cost change (exact for a CVRP)
    const inner = reversed ? S.d(x, u) : u === x ? 0 : S.d(u, x);
    const dRun = reversed ? S.d(v, x) + S.d(u, y) : S.d(v, u) + S.d(x, y);
    const delta = S.d(before, after) - S.d(before, u) - S.d(x, after) - (u === x ? 0 : S.d(u, x)) + inner + dRun - S.d(v, y);
    if (rU !== rV) {
      const emptied = S.rSize[rU]! === (u === x ? 1 : 2) ? rU : -1;
      if (delta + S.loadShift(rU, rV, u, x, -1, -1) - S.warpSlack(rU, rV, emptied) >= -1e-6) return 0;
    } else if (delta - S.warpSlack(rU, rU, -1) >= -1e-6) return 0;
  }
  if (rU !== rV) {
    pU.clear(rU).fwd(S.startNode(rU), before).fwd(after, S.endNode(rU));
    pV.clear(rV).fwd(S.startNode(rV), v);
    addRun(pV, u, x, reversed).fwd(y, S.endNode(rV));
    return 2;
  }
  const start = S.startNode(rU);
  const end = S.endNode(rU);
  if (S.pos[u]! < S.pos[v]!) {
    pU.clear(rU).fwd(start, before).fwd(after, v);
    addRun(pU, u, x, reversed).fwd(y, end);
  } else {
    pU.clear(rU).fwd(start, v);
    addRun(pU, u, x, reversed).fwd(y, before).fwd(after, end);
  }
  return 1;
}

function addRun(p: Proposal, u: number, x: number, reversed: boolean): Proposal {
  return reversed ? p.rev(u, x) : p.fwd(u, x);
}
