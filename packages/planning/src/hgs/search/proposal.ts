/**
 * A route rebuilt from pieces of existing routes (PyVRP's `Route::Proposal`): each piece is a run
 * of consecutive nodes a…b of one current route, visited forwards or backwards. Its distance,
 * load and timing come from the prefix/suffix data of routes.ts — O(1) per piece for the depot
 * prefixes and suffixes and single nodes, O(length) only for inner runs when time matters.
 *
 * Every move of the search describes the routes it would produce as proposals; the same proposals
 * are priced (`distanceOf` + `penaltyOf`) and, when improving, applied (`applyProposals`), so a
 * move cannot be priced differently from what it does.
 */
import type { Routes } from './routes';
import { TimeSeg } from '../segment';

const MAX_PIECES = 8;

export class Proposal {
  len = 0;
  /** The route slot the proposal replaces (its vehicle type is used). */
  route = 0;
  readonly a = new Int32Array(MAX_PIECES);
  readonly b = new Int32Array(MAX_PIECES);
  readonly back = new Uint8Array(MAX_PIECES);

  clear(route: number): this {
    this.len = 0;
    this.route = route;
    return this;
  }

  /** Nodes a…b (a at or before b in their route), forwards. */
  fwd(a: number, b: number): this {
    this.a[this.len] = a;
    this.b[this.len] = b;
    this.back[this.len] = 0;
    this.len++;
    return this;
  }

  /** Nodes a…b (a at or before b in their route) visited from b back to a. */
  rev(a: number, b: number): this {
    this.a[this.len] = a;
    this.b[this.len] = b;
    this.back[this.len] = 1;
    this.len++;
    return this;
  }
}

/** Prices proposals against the current routes. */
export class Evaluator {
  private readonly seg = new TimeSeg();
  private readonly load: Float64Array;

  constructor(readonly S: Routes) {
    this.load = new Float64Array(S.p.dims);
  }

  /**
   * Ends the proposal at its own route's end depot when its last piece ends at another route's
   * end depot that differs (location or window). Call once before pricing.
   */
  normalise(pr: Proposal): void {
    const S = this.S;
    const last = pr.len - 1;
    const b = pr.b[last]!;
    const own = S.endNode(pr.route);
    if (b < S.n || b === own) return;
    const T = S.p.types.length;
    if (S.endCompatible[S.rType[S.route[b]!]! * T + S.rType[pr.route]!]) return;
    if (pr.a[last] === b) {
      pr.a[last] = own;
      pr.b[last] = own;
    } else {
      pr.b[last] = S.prev[b]!;
      pr.fwd(own, own);
    }
  }

  /** Distance + the fixed cost when the proposal serves a client: a lower bound of its cost. */
  distanceOf(pr: Proposal): number {
    const S = this.S;
    const { cumDist, cumRev, loc, pos } = S;
    const n = S.n;
    const dist = S.p.dist;
    let d = 0;
    let clients = 0;
    let lastLoc = -1;
    for (let i = 0; i < pr.len; i++) {
      const a = pr.a[i]!;
      const b = pr.b[i]!;
      let first: number;
      if (pr.back[i]) {
        d += cumRev[b]! - cumRev[a]!;
        first = b;
        if (lastLoc >= 0) d += dist[lastLoc * n + loc[first]!]!;
        lastLoc = loc[a]!;
      } else {
        d += cumDist[b]! - cumDist[a]!;
        first = a;
        if (lastLoc >= 0) d += dist[lastLoc * n + loc[first]!]!;
        lastLoc = loc[b]!;
      }
      clients += pos[b]! - pos[a]! + 1 - (a >= n ? 1 : 0) - (b >= n && b !== a ? 1 : 0);
    }
    return clients > 0 ? d + S.p.types[S.rType[pr.route]!]!.fixedCost : 0;
  }

  /** Excess-load and time-warp penalties of the proposal at the current prices. */
  penaltyOf(pr: Proposal): number {
    const S = this.S;
    const p = S.p;
    const dims = p.dims;
    const n = S.n;
    const type = p.types[S.rType[pr.route]!]!;
    const load = this.load;
    load.fill(0);
    const { cumLoad } = S;
    let empty = true;
    for (let i = 0; i < pr.len; i++) {
      const a = pr.a[i]!;
      const b = pr.b[i]!;
      if (a < n || b < n) empty = false;
      for (let d = 0; d < dims; d++) load[d]! += cumLoad[b * dims + d]! - cumLoad[a * dims + d]! + (a < n ? p.demand[a * dims + d]! : 0);
    }
    if (empty) return 0;
    let pen = 0;
    for (let d = 0; d < dims; d++) {
      const ex = load[d]! - type.capacity[d]!;
      if (ex > 0) pen += S.pen.load[d]! * ex;
    }
    if (p.hasTime) pen += S.pen.tw * this.warpOf(pr, type.maxDuration);
    return pen;
  }

  /** Time warp of the proposal (including the duration beyond `maxDuration`). */
  warpOf(pr: Proposal, maxDuration: number): number {
    const S = this.S;
    const seg = this.seg;
    const n = S.n;
    const { loc, next, prev } = S;
    const dur = S.p.dur;
    for (let i = 0; i < pr.len; i++) {
      const a = pr.a[i]!;
      const b = pr.b[i]!;
      if (pr.back[i]) {
        for (let v = b; ; v = prev[v]!) {
          this.appendNode(i === 0 && v === b, v);
          if (v === a) break;
        }
      } else if (i === 0) {
        // a is a start depot: its prefix up to b
        seg.set(S.preDur[b]!, S.preWarp[b]!, S.preEarly[b]!, S.preLate[b]!, loc[a]!, loc[b]!);
      } else if (b >= n && (b - n) % 2 === 1) {
        const la = loc[a]!;
        seg.append(dur[seg.last * n + la]!, S.sufDur[a]!, S.sufWarp[a]!, S.sufEarly[a]!, S.sufLate[a]!, la, loc[b]!);
      } else {
        for (let v = a; ; v = next[v]!) {
          this.appendNode(false, v);
          if (v === b) break;
        }
      }
    }
    return seg.routeWarp(maxDuration);
  }

  private appendNode(firstOfAll: boolean, v: number): void {
    const S = this.S;
    const l = S.loc[v]!;
    if (firstOfAll) this.seg.set(S.nService[v]!, 0, S.nEarly[v]!, S.nLate[v]!, l, l);
    else this.seg.append(S.p.dur[this.seg.last * S.n + l]!, S.nService[v]!, 0, S.nEarly[v]!, S.nLate[v]!, l, l);
  }
}

/**
 * Applies one or two proposals: collects their clients first (they may read each other's
 * routes), then relinks and re-measures the routes.
 */
export function applyProposals(S: Routes, bufA: Int32Array, bufB: Int32Array, pa: Proposal, pb: Proposal | null): void {
  const la = collect(S, pa, bufA);
  const lb = pb ? collect(S, pb, bufB) : 0;
  S.relink(pa.route, bufA, la);
  if (pb) S.relink(pb.route, bufB, lb);
}

function collect(S: Routes, pr: Proposal, buf: Int32Array): number {
  let k = 0;
  const n = S.n;
  for (let i = 0; i < pr.len; i++) {
    const a = pr.a[i]!;
    const b = pr.b[i]!;
    if (pr.back[i]) {
      for (let v = b; ; v = S.prev[v]!) {
        if (v < n) buf[k++] = v;
        if (v === a) break;
      }
    } else {
      for (let v = a; ; v = S.next[v]!) {
        if (v < n) buf[k++] = v;
        if (v === b) break;
      }
    }
  }
  return k;
}
