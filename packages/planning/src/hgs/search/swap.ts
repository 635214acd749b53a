/**
 * Swap moves of HGS-CVRP's local search (Vidal 2022 §3.4, moves 4–6), as proposals: exchange
 * u with v, (u, x) with v, or (u, x) with (v, y), where x and y are the successors; the runs are
 * never adjacent (those cases are relocations). Returns how many routes change (0: no move).
 */
import type { Proposal } from './proposal';
import type { Routes } from './routes';

/** Move 4: u ↔ v. */
export function swapOne(S: Routes, u: number, v: number, pU: Proposal, pV: Proposal): number {
  if (u >= S.n || v >= S.n || u === v || S.next[u] === v || S.next[v] === u) return 0;
  return exchange(S, u, u, v, v, pU, pV);
}

/** Move 5: (u, x) ↔ v. */
export function swapPairOne(S: Routes, u: number, v: number, pU: Proposal, pV: Proposal): number {
  const x = S.next[u]!;
  if (u >= S.n || v >= S.n || x >= S.n || v === u || v === x || S.next[x] === v || S.next[v] === u) return 0;
  return exchange(S, u, x, v, v, pU, pV);
}

/** Move 6: (u, x) ↔ (v, y). */
export function swapPairs(S: Routes, u: number, v: number, pU: Proposal, pV: Proposal): number {
  const x = S.next[u]!;
  const y = S.next[v]!;
  if (u >= S.n || v >= S.n || x >= S.n || y >= S.n) return 0;
  if (v === u || v === x || y === u || S.next[x] === v || S.next[y] === u) return 0;
  return exchange(S, u, x, v, y, pU, pV);
}

/** Exchanges the runs u…x and v…y (disjoint, not adjacent). */
function exchange(S: Routes, u: number, x: number, v: number, y: number, pU: Proposal, pV: Proposal): number {
  const rU = S.route[u]!;
  const rV = S.route[v]!;
  if (S.prune) {
    // distance change (the runs keep their inner order) and exact load-penalty change: a lower
    // bound of the cost change (exact for a CVRP)
    const pu = S.prev[u]!;
    const nx = S.next[x]!;
    const pv = S.prev[v]!;
    const ny = S.next[y]!;
    const delta = S.d(pu, v) + S.d(y, nx) + S.d(pv, u) + S.d(x, ny) - S.d(pu, u) - S.d(x, nx) - S.d(pv, v) - S.d(y, ny);
    const load = rU !== rV ? S.loadShift(rU, rV, u, x, v, y) : 0;
    if (delta + load - S.warpSlack(rU, rV, -1) >= -1e-6) return 0;
  }
  if (rU !== rV) {
    pU.clear(rU).fwd(S.startNode(rU), S.prev[u]!).fwd(v, y).fwd(S.next[x]!, S.endNode(rU));
    pV.clear(rV).fwd(S.startNode(rV), S.prev[v]!).fwd(u, x).fwd(S.next[y]!, S.endNode(rV));
    return 2;
  }
  const uFirst = S.pos[u]! < S.pos[v]!;
  const a1 = uFirst ? u : v;
  const a2 = uFirst ? x : y;
  const b1 = uFirst ? v : u;
  const b2 = uFirst ? y : x;
  pU.clear(rU)
    .fwd(S.startNode(rU), S.prev[a1]!)
    .fwd(b1, b2)
    .fwd(S.next[a2]!, S.prev[b1]!)
    .fwd(a1, a2)
    .fwd(S.next[b2]!, S.endNode(rU));
  return 1;
}
