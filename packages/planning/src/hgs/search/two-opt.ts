/**
 * 2-opt moves of HGS-CVRP's local search (Vidal 2022 §3.4), as proposals, with x = next(u),
 * y = next(v):
 * - move 7, inside a route (u before v): (u,x),(v,y) → (u,v),(x,y), the run x…v reversed;
 * - move 8, 2-opt* reversed (two routes): (u,x),(v,y) → (u,v),(x,y): u's route continues with
 *   v's route's head backwards, v's route starts with u's tail backwards;
 * - move 9, 2-opt* (two routes): (u,x),(v,y) → (u,y),(v,x): the tails are exchanged.
 * u and v may be start depots (then a whole route's head is empty). Returns how many routes change.
 */
import type { Proposal } from './proposal';
import type { Routes } from './routes';

/** Move 7. */
export function twoOpt(S: Routes, u: number, v: number, pU: Proposal): number {
  const r = S.route[u]!;
  if (r !== S.route[v]! || S.pos[u]! >= S.pos[v]! || v >= S.n) return 0;
  const x = S.next[u]!;
  if (x === v) return 0;
  const y = S.next[v]!;
  if (S.prune) {
    // distance change (x…v reversed, asymmetric distances counted): a lower bound of the cost change
    const inner = S.cumRev[v]! - S.cumRev[x]! - (S.cumDist[v]! - S.cumDist[x]!);
    if (S.d(u, v) + S.d(x, y) - S.d(u, x) - S.d(v, y) + inner - S.warpSlack(r, r, -1) >= -1e-6) return 0;
  }
  pU.clear(r).fwd(S.startNode(r), u).rev(x, v).fwd(S.next[v]!, S.endNode(r));
  return 1;
}

/** Move 9. */
export function twoOptStar(S: Routes, u: number, v: number, pU: Proposal, pV: Proposal): number {
  const rU = S.route[u]!;
  const rV = S.route[v]!;
  if (rU === rV) return 0;
  const x = S.next[u]!;
  const y = S.next[v]!;
  if (x >= S.n && y >= S.n) return 0;
  if (S.prune && S.p.types.length === 1) {
    const delta = S.d(u, y) + S.d(v, x) - S.d(u, x) - S.d(v, y);
    const emptied = u >= S.n && y >= S.n ? rU : v >= S.n && x >= S.n ? rV : -1;
    if (delta + S.loadShift(rU, rV, x, S.endNode(rU), y, S.endNode(rV)) - S.warpSlack(rU, rV, emptied) >= -1e-6) return 0;
  }
  pU.clear(rU).fwd(S.startNode(rU), u).fwd(y, S.endNode(rV));
  pV.clear(rV).fwd(S.startNode(rV), v).fwd(x, S.endNode(rU));
  return 2;
}

/** Move 8 (u, v and x clients). */
export function twoOptStarReversed(S: Routes, u: number, v: number, pU: Proposal, pV: Proposal): number {
  const rU = S.route[u]!;
  const rV = S.route[v]!;
  const x = S.next[u]!;
  if (rU === rV || v >= S.n || x >= S.n) return 0;
  const endU = S.endNode(rU);
  const startV = S.startNode(rV);
  if (S.prune && S.p.types.length === 1) {
    // exact distances of both new routes (the reversed runs by the reversed prefixes) and load change
    const fV = S.next[startV]!;
    const lU = S.prev[endU]!;
    const y = S.next[v]!;
    const newU = S.cumDist[u]! + S.d(u, v) + S.cumRev[v]! - S.cumRev[fV]! + S.d(fV, endU);
    const newV = S.d(startV, lU) + S.cumRev[lU]! - S.cumRev[x]! + S.d(x, y) + S.cumDist[S.endNode(rV)]! - S.cumDist[y]!;
    const delta = newU + newV - S.rDist[rU]! - S.rDist[rV]!;
    if (delta + S.loadShift(rU, rV, x, endU, fV, v) - S.warpSlack(rU, rV, -1) >= -1e-6) return 0;
  }
  pU.clear(rU).fwd(S.startNode(rU), u).rev(S.next[startV]!, v).fwd(endU, endU);
  pV.clear(rV).fwd(startV, startV).rev(x, S.prev[endU]!).fwd(S.next[v]!, S.endNode(rV));
  return 2;
}
