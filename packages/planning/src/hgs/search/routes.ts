/**
 * The local search's working copy of a solution: doubly linked routes over typed arrays, with
 * per-node prefix data (distance, reversed distance, load, timing segment from the route's start)
 * and suffix timing segments (to the route's end), so that the cost of a route rebuilt from a few
 * pieces of existing routes is known in O(pieces) (proposal.ts). Nothing is allocated after
 * construction.
 *
 * Node ids: a client is its location index (numDepots…n−1); route r has a start node n + 2r and
 * an end node n + 2r + 1 (their location is the vehicle type's depot).
 */
import type { Penalties } from '../penalties';
import type { IntMatrix, ProblemData } from '../problem';
import { TimeSeg } from '../segment';

export class Routes {
  readonly n: number;
  readonly R: number;
  /** p.dist (read in every move's distance bound). */
  readonly dist: IntMatrix;
  /** dist[a][b] = dist[b][a] for all a, b (the moves then read the rows that stay in the cache). */
  readonly symmetric: boolean;
  readonly loc: Int32Array;
  readonly next: Int32Array;
  readonly prev: Int32Array;
  readonly route: Int32Array;
  readonly pos: Int32Array;
  /** Service time and window of each node (depot nodes: the vehicle type's shift ∩ the depot's). */
  readonly nService: Float64Array;
  readonly nEarly: Float64Array;
  readonly nLate: Float64Array;
  readonly cumDist: Float64Array;
  readonly cumRev: Float64Array;
  readonly cumLoad: Float64Array;
  readonly preDur: Float64Array;
  readonly preWarp: Float64Array;
  readonly preEarly: Float64Array;
  readonly preLate: Float64Array;
  readonly sufDur: Float64Array;
  readonly sufWarp: Float64Array;
  readonly sufEarly: Float64Array;
  readonly sufLate: Float64Array;
  /** Per route. */
  readonly rType: Int32Array;
  readonly rSize: Int32Array;
  readonly rLoad: Float64Array;
  readonly rDist: Float64Array;
  readonly rWarp: Float64Array;
  readonly rCost: Float64Array;
  /** The penalty part of rCost (excess load and time warp at the current prices). */
  readonly rPen: Float64Array;
  /** The time-warp part of rPen (what a move's exact load bound cannot see). */
  readonly rWarpPen: Float64Array;
  readonly rLastMod: Float64Array;
  /** Polar sector of the route's clients around its depot (0…65535, start/end inclusive, circular). */
  readonly rSectorStart: Int32Array;
  readonly rSectorEnd: Int32Array;
  /** Polar angle of every location around the depot of type 0's start (0…65535); null without coordinates. */
  readonly angle: Int32Array | null;
  /** endCompatible[tA * T + tB]: a suffix ending at type tA's end depot can end a route of type tB. */
  readonly endCompatible: Uint8Array;
  pen: Penalties;
  /** Moves may reject early on a distance bound (tests turn it off to price every move fully). */
  prune = true;
  /** Bumped on every change; routes remember when they last changed (granular search, HGS-CVRP). */
  clock = 1;
  private readonly seg = new TimeSeg();

  constructor(
    readonly p: ProblemData,
    pen: Penalties,
  ) {
    this.pen = pen;
    const n = p.n;
    const R = p.routeType.length;
    this.n = n;
    this.R = R;
    this.dist = p.dist;
    this.symmetric = isSymmetric(p.dist, n);
    const size = n + 2 * R;
    const i32 = () => new Int32Array(size);
    const f64 = () => new Float64Array(size);
    this.loc = i32();
    this.next = i32();
    this.prev = i32();
    this.route = i32().fill(-1);
    this.pos = i32();
    this.nService = f64();
    this.nEarly = f64();
    this.nLate = f64();
    this.cumDist = f64();
    this.cumRev = f64();
    this.cumLoad = new Float64Array(size * p.dims);
    this.preDur = f64();
    this.preWarp = f64();
    this.preEarly = f64();
    this.preLate = f64();
    this.sufDur = f64();
    this.sufWarp = f64();
    this.sufEarly = f64();
    this.sufLate = f64();
    for (let c = 0; c < n; c++) {
      this.loc[c] = c;
      this.nService[c] = p.service[c]!;
      this.nEarly[c] = p.twEarly[c]!;
      this.nLate[c] = p.twLate[c]!;
    }
    this.rType = Int32Array.from(p.routeType);
    this.rSize = new Int32Array(R);
    this.rLoad = new Float64Array(R * p.dims);
    this.rDist = new Float64Array(R);
    this.rWarp = new Float64Array(R);
    this.rCost = new Float64Array(R);
    this.rPen = new Float64Array(R);
    this.rWarpPen = new Float64Array(R);
    this.rLastMod = new Float64Array(R);
    this.rSectorStart = new Int32Array(R);
    this.rSectorEnd = new Int32Array(R);
    for (let r = 0; r < R; r++) {
      const t = p.types[this.rType[r]!]!;
      const s = n + 2 * r;
      const e = s + 1;
      this.loc[s] = t.startDepot;
      this.loc[e] = t.endDepot;
      this.nEarly[s] = Math.max(p.twEarly[t.startDepot]!, t.twEarly);
      this.nLate[s] = Math.min(p.twLate[t.startDepot]!, t.twLate);
      this.nEarly[e] = Math.max(p.twEarly[t.endDepot]!, t.twEarly);
      this.nLate[e] = Math.min(p.twLate[t.endDepot]!, t.twLate);
      this.route[s] = r;
      this.route[e] = r;
    }
    const T = p.types.length;
    this.endCompatible = new Uint8Array(T * T);
    for (let a = 0; a < T; a++) {
      for (let b = 0; b < T; b++) {
        const ta = p.types[a]!;
        const tb = p.types[b]!;
        const same = ta.endDepot === tb.endDepot && Math.max(p.twEarly[ta.endDepot]!, ta.twEarly) === Math.max(p.twEarly[tb.endDepot]!, tb.twEarly)
          && Math.min(p.twLate[ta.endDepot]!, ta.twLate) === Math.min(p.twLate[tb.endDepot]!, tb.twLate);
        this.endCompatible[a * T + b] = same ? 1 : 0;
      }
    }
    if (p.x && p.y) {
      const d0 = p.types[0]!.startDepot;
      this.angle = new Int32Array(n);
      for (let c = 0; c < n; c++) {
        const a = Math.atan2(p.y[c]! - p.y[d0]!, p.x[c]! - p.x[d0]!);
        this.angle[c] = ((Math.round((32768 * a) / Math.PI) % 65536) + 65536) % 65536;
      }
    } else {
      this.angle = null;
    }
  }

  startNode(r: number): number {
    return this.n + 2 * r;
  }

  endNode(r: number): number {
    return this.n + 2 * r + 1;
  }

  isDepot(node: number): boolean {
    return node >= this.n;
  }

  /** Loads `routes` (client locations per slot) and measures every route. */
  load(routes: ArrayLike<ArrayLike<number>>): void {
    for (let r = 0; r < this.R; r++) this.relink(r, routes[r]!, routes[r]!.length);
  }

  /** Client locations per slot. */
  export(): Int32Array[] {
    const out: Int32Array[] = [];
    for (let r = 0; r < this.R; r++) {
      const a = new Int32Array(this.rSize[r]!);
      let k = 0;
      for (let v = this.next[this.startNode(r)]!; v !== this.endNode(r); v = this.next[v]!) a[k++] = v;
      out.push(a);
    }
    return out;
  }

  /** Relinks route r as start → nodes[0…len) → end and re-measures it. */
  relink(r: number, nodes: ArrayLike<number>, len: number): void {
    let at = this.startNode(r);
    for (let i = 0; i < len; i++) {
      const c = nodes[i]!;
      this.next[at] = c;
      this.prev[c] = at;
      at = c;
    }
    this.next[at] = this.endNode(r);
    this.prev[this.endNode(r)] = at;
    this.update(r);
  }

  /** Recomputes the prefix/suffix data, totals and penalised cost of route r. */
  update(r: number): void {
    const { p, loc, next, prev, cumDist, cumRev, cumLoad } = this;
    const n = this.n;
    const dims = p.dims;
    const dist = p.dist;
    const hasTime = p.hasTime;
    const start = this.startNode(r);
    const end = this.endNode(r);
    this.route[start] = r;
    this.pos[start] = 0;
    cumDist[start] = 0;
    cumRev[start] = 0;
    for (let d = 0; d < dims; d++) cumLoad[start * dims + d] = 0;
    const seg = this.seg;
    if (hasTime) {
      this.preDur[start] = 0;
      this.preWarp[start] = 0;
      this.preEarly[start] = this.nEarly[start]!;
      this.preLate[start] = this.nLate[start]!;
      seg.set(0, 0, this.nEarly[start]!, this.nLate[start]!, loc[start]!, loc[start]!);
    }
    let at = start;
    let k = 0;
    let minA = 0;
    let maxA = 0;
    let first = true;
    const angle = this.angle;
    while (at !== end) {
      const v = next[at]!;
      k++;
      this.route[v] = r;
      this.pos[v] = k;
      const la = loc[at]!;
      const lv = loc[v]!;
      cumDist[v] = cumDist[at]! + dist[la * n + lv]!;
      cumRev[v] = cumRev[at]! + dist[lv * n + la]!;
      const isClient = v < n;
      for (let d = 0; d < dims; d++) cumLoad[v * dims + d] = cumLoad[at * dims + d]! + (isClient ? p.demand[lv * dims + d]! : 0);
      if (hasTime) {
        seg.append(p.dur[la * n + lv]!, this.nService[v]!, 0, this.nEarly[v]!, this.nLate[v]!, lv, lv);
        this.preDur[v] = seg.dur;
        this.preWarp[v] = seg.warp;
        this.preEarly[v] = seg.early;
        this.preLate[v] = seg.late;
      }
      if (isClient && angle) {
        const a = angle[lv]!;
        if (first) {
          minA = a;
          maxA = a;
          first = false;
        } else {
          // extend the circular sector minimally (HGS-CVRP CircleSector::extend)
          if (!inSector(minA, maxA, a)) {
            if (((a - maxA + 65536) % 65536) <= ((minA - a + 65536) % 65536)) maxA = a;
            else minA = a;
          }
        }
      }
      at = v;
    }
    this.rSize[r] = k - 1;
    this.rSectorStart[r] = minA;
    this.rSectorEnd[r] = maxA;
    if (hasTime) {
      seg.set(0, 0, this.nEarly[end]!, this.nLate[end]!, loc[end]!, loc[end]!);
      this.sufDur[end] = 0;
      this.sufWarp[end] = 0;
      this.sufEarly[end] = seg.early;
      this.sufLate[end] = seg.late;
      for (let v = end; v !== start; ) {
        const u = prev[v]!;
        // prepend u: (u alone) ⊕ (suffix of v)
        const lu = loc[u]!;
        const travel = p.dur[lu * n + loc[v]!]!;
        const dur = seg.dur;
        const warp = seg.warp;
        const early = seg.early;
        const late = seg.late;
        const last = seg.last;
        seg.set(this.nService[u]!, 0, this.nEarly[u]!, this.nLate[u]!, lu, lu);
        seg.append(travel, dur, warp, early, late, loc[v]!, last);
        this.sufDur[u] = seg.dur;
        this.sufWarp[u] = seg.warp;
        this.sufEarly[u] = seg.early;
        this.sufLate[u] = seg.late;
        v = u;
      }
    }
    this.rDist[r] = cumDist[end]!;
    for (let d = 0; d < dims; d++) this.rLoad[r * dims + d] = cumLoad[end * dims + d]!;
    const type = p.types[this.rType[r]!]!;
    this.rWarp[r] = hasTime && k > 1 ? warpOf(this.preDur[end]!, this.preWarp[end]!, type.maxDuration) : 0;
    this.rLastMod[r] = ++this.clock;
    this.price(r);
  }

  /** Sets rCost and rPen of route r at the current prices. */
  private price(r: number): void {
    const c = this.costOf(r);
    this.rCost[r] = c;
    this.rPen[r] = this.rSize[r]! === 0 ? 0 : c - this.rDist[r]! - this.p.types[this.rType[r]!]!.fixedCost;
    this.rWarpPen[r] = this.rSize[r]! === 0 ? 0 : this.pen.tw * this.rWarp[r]!;
  }

  /** Penalised cost of route r with the current prices. */
  costOf(r: number): number {
    const size = this.rSize[r]!;
    if (size === 0) return 0;
    const type = this.p.types[this.rType[r]!]!;
    let c = this.rDist[r]! + type.fixedCost + this.pen.tw * this.rWarp[r]!;
    const dims = this.p.dims;
    for (let d = 0; d < dims; d++) {
      const ex = this.rLoad[r * dims + d]! - type.capacity[d]!;
      if (ex > 0) c += this.pen.load[d]! * ex;
    }
    return c;
  }

  /** The penalty part of route r's cost (what a move could at most save beyond distance). */
  penaltyOf(r: number): number {
    return this.rPen[r]!;
  }

  /**
   * Exact change of the excess-load penalties of routes a and b (a ≠ b) when the run of nodes
   * a1…b1 of route a moves to route b and the run a2…b2 of route b moves to route a (a1 or a2
   * = −1: no run). A run's load is read from the prefix loads: cumLoad[b] − cumLoad[prev[a]], so
   * a run may end at its route's end node. O(dims), nothing allocated (HGS-CVRP prices every
   * move's load this way, Vidal 2022 §3.4).
   */
  loadShift(a: number, b: number, a1: number, b1: number, a2: number, b2: number): number {
    const { p, cumLoad, prev, rLoad } = this;
    const dims = p.dims;
    const pen = this.pen.load;
    const capA = p.types[this.rType[a]!]!.capacity;
    const capB = p.types[this.rType[b]!]!.capacity;
    let delta = 0;
    for (let d = 0; d < dims; d++) {
      const q1 = a1 < 0 ? 0 : cumLoad[b1 * dims + d]! - cumLoad[prev[a1]! * dims + d]!;
      const q2 = a2 < 0 ? 0 : cumLoad[b2 * dims + d]! - cumLoad[prev[a2]! * dims + d]!;
      const la = rLoad[a * dims + d]!;
      const lb = rLoad[b * dims + d]!;
      const ca = capA[d]!;
      const cb = capB[d]!;
      const oldEx = (la > ca ? la - ca : 0) + (lb > cb ? lb - cb : 0);
      const na = la - q1 + q2;
      const nb = lb + q1 - q2;
      const newEx = (na > ca ? na - ca : 0) + (nb > cb ? nb - cb : 0);
      delta += pen[d]! * (newEx - oldEx);
    }
    return delta;
  }

  /**
   * What a move touching routes a and b (a = b: one route) could save beyond its distance and
   * exact load change: their time-warp penalties, and the fixed cost of a route it would empty
   * (`emptied`: −1 none). 0 for a CVRP.
   */
  warpSlack(a: number, b: number, emptied: number): number {
    let s = this.rWarpPen[a]! + (a !== b ? this.rWarpPen[b]! : 0);
    if (emptied >= 0) s += this.p.types[this.rType[emptied]!]!.fixedCost;
    return s;
  }

  /** Distance between the locations of two nodes. */
  d(a: number, b: number): number {
    return this.dist[this.loc[a]! * this.n + this.loc[b]!]!;
  }

  /** Re-prices every route after the penalties changed. */
  reprice(pen: Penalties): void {
    this.pen = pen;
    for (let r = 0; r < this.R; r++) this.price(r);
  }

  /** Total penalised cost. */
  total(): number {
    let c = 0;
    for (let r = 0; r < this.R; r++) c += this.rCost[r]!;
    return c;
  }

  /** Whether the polar sectors of two routes overlap (HGS-CVRP CircleSector::overlap); true without coordinates. */
  sectorsOverlap(a: number, b: number): boolean {
    if (!this.angle) return true;
    const s1 = this.rSectorStart[a]!;
    const e1 = this.rSectorEnd[a]!;
    const s2 = this.rSectorStart[b]!;
    const e2 = this.rSectorEnd[b]!;
    return ((s2 - s1 + 65536) % 65536) <= ((e1 - s1 + 65536) % 65536) || ((s1 - s2 + 65536) % 65536) <= ((e2 - s2 + 65536) % 65536);
  }
}

function inSector(start: number, end: number, a: number): boolean {
  return ((a - start + 65536) % 65536) <= ((end - start + 65536) % 65536);
}

function warpOf(dur: number, warp: number, maxDuration: number): number {
  return warp + (dur > maxDuration ? dur - maxDuration : 0);
}

function isSymmetric(d: IntMatrix, n: number): boolean {
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (d[i * n + j] !== d[j * n + i]) return false;
  return true;
}
