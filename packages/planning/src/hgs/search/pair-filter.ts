/**
 * The O(1) lower bounds of moves 1–9 (relocate.ts, swap.ts, two-opt.ts) for one client pair
 * (u, v), computed together: the nodes around u and v, their locations and the ~20 distances the
 * nine moves read are loaded once per pair instead of once per move (HGS-CVRP's
 * `setLocalVariablesRouteU/V`). A bound is the move's distance change plus its exact excess-load
 * change, minus what the bound cannot see (the routes' time-warp penalties, a fixed cost saved by
 * emptying a route): for a CVRP it is the exact change. The granular search (local-search.ts)
 * builds and prices a move's proposals only when its bound is below −ε, so nearly every pair is
 * rejected here. The builders keep the same bounds for themselves (`Routes.prune`); the tests check
 * that this filter never rejects an improving move and that, on a CVRP, every move it lets through
 * improves.
 *
 * `bound[m]` (m = 0…8 in HGS-CVRP's order: relocate u, relocate (u,x), relocate (x,u), swap u↔v,
 * (u,x)↔v, (u,x)↔(v,y), 2-opt, 2-opt* reversed, 2-opt*) is +∞ where the move cannot apply.
 */
import type { Routes } from './routes';

export class PairFilter {
  readonly bound = new Float64Array(9);

  constructor(readonly S: Routes) {}

  /** Fills `bound` for the pair (u, v), u and v clients; returns the smallest bound. */
  compute(u: number, v: number): number {
    const S = this.S;
    const b = this.bound;
    const { next, prev, loc, route, dist, cumDist, cumRev, rSize } = S;
    const n = S.n;
    const rU = route[u]!;
    const rV = route[v]!;
    const same = rU === rV;
    const x = next[u]!;
    const pu = prev[u]!;
    const y = next[v]!;
    const pv = prev[v]!;
    const xClient = x < n;
    const yClient = y < n;
    const nx = xClient ? next[x]! : x;
    const ny = yClient ? next[y]! : y;
    const lx = loc[x]!;
    const lpu = loc[pu]!;
    const ly = loc[y]!;
    const lpv = loc[pv]!;
    const lnx = loc[nx]!;
    const lny = loc[ny]!;
    const un = u * n;
    const vn = v * n;
    const xn = lx * n;
    const pun = lpu * n;
    const pvn = lpv * n;
    const yn = ly * n;
    // the routes' own edges from the prefix distances (a small array: no matrix read); on a
    // symmetric matrix the other distances from the rows of u and v, which stay in the cache
    // while u's neighbours are tried
    const sym = S.symmetric;
    const dPuU = cumDist[u]! - cumDist[pu]!;
    const dUX = cumDist[x]! - cumDist[u]!;
    const dVY = cumDist[y]! - cumDist[v]!;
    const dPvV = cumDist[v]! - cumDist[pv]!;
    const dXNx = cumDist[nx]! - cumDist[x]!;
    const dYNy = cumDist[ny]! - cumDist[y]!;
    const dVU = sym ? dist[un + v]! : dist[vn + u]!;
    const dUY = dist[un + ly]!;
    const dPuV = sym ? dist[vn + lpu]! : dist[pun + v]!;
    const dPvU = sym ? dist[un + lpv]! : dist[pvn + u]!;
    const dVX = dist[vn + lx]!;
    // what a bound cannot see: the warp penalties (0 without time)
    const slack = same ? S.rWarpPen[rU]! : S.rWarpPen[rU]! + S.rWarpPen[rV]!;
    const fixedU = S.p.types[S.rType[rU]!]!.fixedCost;
    const one = S.p.dims === 1;
    let min = Infinity;

    // load change of the two routes when load q leaves U for V (CVRP inline; else Routes.loadShift)
    let lU = 0;
    let lV = 0;
    let cU = 0;
    let cV = 0;
    let price = 0;
    let ex0 = 0;
    if (!same && one) {
      lU = S.rLoad[rU]!;
      lV = S.rLoad[rV]!;
      cU = S.p.types[S.rType[rU]!]!.capacity[0]!;
      cV = S.p.types[S.rType[rV]!]!.capacity[0]!;
      price = S.pen.load[0]!;
      ex0 = (lU > cU ? lU - cU : 0) + (lV > cV ? lV - cV : 0);
    }
    const demand = S.p.demand;
    const qU = one ? demand[u]! : 0;
    const qX = one && xClient ? demand[lx]! : 0;
    const qV = one ? demand[v]! : 0;
    const qY = one && yClient ? demand[ly]! : 0;

    // 1. relocate u after v
    if (pu === v) b[0] = Infinity;
    else {
      let d = dist[pun + lx]! - dPuU - dUX + dVU + dUY - dVY;
      if (!same) {
        d += one ? price * (shiftEx(lU, lV, cU, cV, qU) - ex0) : S.loadShift(rU, rV, u, u, -1, -1);
        d -= rSize[rU] === 1 ? slack + fixedU : slack;
      } else d -= slack;
      b[0] = d;
      if (d < min) min = d;
    }
    if (xClient && v !== x) {
      const dPuNx = dist[pun + lnx]!;
      const dXY = dist[xn + ly]!;
      let load = 0;
      let slack2 = slack;
      if (!same) {
        load = one ? price * (shiftEx(lU, lV, cU, cV, qU + qX) - ex0) : S.loadShift(rU, rV, u, x, -1, -1);
        if (rSize[rU] === 2) slack2 += fixedU;
      }
      // 2. relocate (u, x) after v
      if (pu === v) b[1] = Infinity;
      else {
        const d = dPuNx - dPuU - dXNx + dVU + dXY - dVY + load - slack2;
        b[1] = d;
        if (d < min) min = d;
      }
      // 3. relocate (x, u) after v (in place when v is u's predecessor)
      {
        const dXU = sym ? dUX : dist[xn + u]!;
        const d =
          pu === v
            ? dVX + dXU + dist[un + lnx]! - dVU - dUX - dXNx - slack
            : dPuNx - dPuU - dXNx - dUX + dXU + dVX + dUY - dVY + load - slack2;
        b[2] = d;
        if (d < min) min = d;
      }
    } else {
      b[1] = Infinity;
      b[2] = Infinity;
    }
    const adjacent = x === v || y === u;
    // 4. swap u ↔ v
    if (adjacent) b[3] = Infinity;
    else {
      let d = dPuV + dVX + dPvU + dUY - dPuU - dUX - dPvV - dVY;
      if (!same) d += one ? price * (shiftEx(lU, lV, cU, cV, qU - qV) - ex0) : S.loadShift(rU, rV, u, u, v, v);
      d -= slack;
      b[3] = d;
      if (d < min) min = d;
    }
    // 5. swap (u, x) ↔ v
    if (!xClient || v === x || nx === v || y === u) b[4] = Infinity;
    else {
      let d = dPuV + dist[vn + lnx]! + dPvU + dist[xn + ly]! - dPuU - dXNx - dPvV - dVY;
      if (!same) d += one ? price * (shiftEx(lU, lV, cU, cV, qU + qX - qV) - ex0) : S.loadShift(rU, rV, u, x, v, v);
      d -= slack;
      b[4] = d;
      if (d < min) min = d;
    }
    // 6. swap (u, x) ↔ (v, y)
    if (!xClient || !yClient || v === x || y === u || nx === v || ny === u) b[5] = Infinity;
    else {
      let d = dPuV + dist[yn + lnx]! + dPvU + dist[xn + lny]! - dPuU - dXNx - dPvV - dYNy;
      if (!same) d += one ? price * (shiftEx(lU, lV, cU, cV, qU + qX - qV - qY) - ex0) : S.loadShift(rU, rV, u, x, v, y);
      d -= slack;
      b[5] = d;
      if (d < min) min = d;
    }
    if (same) {
      // 7. 2-opt inside the route (u before v): x…v reversed
      b[6] = Infinity;
      if (S.pos[u]! < S.pos[v]! && x !== v) {
        const inner = cumRev[v]! - cumRev[x]! - (cumDist[v]! - cumDist[x]!);
        const d = (sym ? dVU : dist[un + v]!) + dist[xn + ly]! - dUX - dVY + inner - slack;
        b[6] = d;
        if (d < min) min = d;
      }
      b[7] = Infinity;
      b[8] = Infinity;
      return min;
    }
    b[6] = Infinity;
    const oneType = S.p.types.length === 1;
    // 8. 2-opt* reversed: u's route continues with v's head backwards (no bound with several
    // vehicle types: the route ends change depots)
    if (xClient && !oneType) {
      b[7] = -Infinity;
      min = -Infinity;
    } else if (xClient) {
      const endU = S.endNode(rU);
      const startV = S.startNode(rV);
      const fV = next[startV]!;
      const lU1 = prev[endU]!;
      const newU = cumDist[u]! + (sym ? dVU : dist[un + v]!) + cumRev[v]! - cumRev[fV]! + S.d(fV, endU);
      const newV = S.d(startV, lU1) + cumRev[lU1]! - cumRev[x]! + dist[xn + ly]! + cumDist[S.endNode(rV)]! - cumDist[y]!;
      let d = newU + newV - S.rDist[rU]! - S.rDist[rV]!;
      d += one ? price * (shiftEx(lU, lV, cU, cV, lU - S.cumLoad[u]! - S.cumLoad[v]!) - ex0) : S.loadShift(rU, rV, x, endU, fV, v);
      d -= slack;
      b[7] = d;
      if (d < min) min = d;
    } else b[7] = Infinity;
    // 9. 2-opt*: the tails after u and after v exchanged
    if (oneType) {
      let d = dUY + dVX - dUX - dVY;
      d += one ? price * (shiftEx(lU, lV, cU, cV, lU - S.cumLoad[u]! - (lV - S.cumLoad[v]!)) - ex0) : S.loadShift(rU, rV, x, S.endNode(rU), y, S.endNode(rV));
      d -= slack;
      b[8] = d;
      if (d < min) min = d;
    } else {
      b[8] = -Infinity;
      min = -Infinity;
    }
    return min;
  }
}

/** Excess load of two routes (loads a, b; capacities ca, cb) after load q moves from the first to the second. */
function shiftEx(a: number, b: number, ca: number, cb: number, q: number): number {
  const na = a - q;
  const nb = b + q;
  return (na > ca ? na - ca : 0) + (nb > cb ? nb - cb : 0);
}
