/**
 * Fastest paths on the in-memory road graph (road-graph.ts) between points placed on edges
 * (snap.ts): Dijkstra over arcs (so turn rules hold), from one point to many, stopping once every
 * target's arcs are settled. A path from a point leaves along its edge in any usable direction
 * (only the rest of the edge is driven) and reaches a target by the part of its edge up to it.
 * Weight = seconds; metres are summed along the same path.
 */
import type { LngLat } from './graph';
import type { RoadGraph } from './road-graph';
import { turnAllowed } from './road-graph';
import type { EdgePosition } from './snap';
import { edgeSlice } from './snap';

/** Time (s) and distance (m) of the fastest path; null when none (never inside the component). */
export interface PathCost { seconds: number; metres: number }

/** pred codes of the first arc of a path: left its start along the forward / backward arc. */
const FROM_FORWARD = -2;
const FROM_BACKWARD = -3;

/** Reusable work arrays of a search (one per graph and caller). */
export class Searcher {
  private readonly time: Float64Array;
  private readonly metres: Float64Array;
  private readonly pred: Int32Array;
  private readonly stamp: Int32Array;
  private readonly done: Int32Array;
  private readonly wanted: Int32Array;
  private gen = 0;
  private heapKey = new Float64Array(1024);
  private heapArc = new Int32Array(1024);
  private heapSize = 0;

  constructor(readonly g: RoadGraph) {
    const A = g.arcCount;
    this.time = new Float64Array(A);
    this.metres = new Float64Array(A);
    this.pred = new Int32Array(A);
    this.stamp = new Int32Array(A);
    this.done = new Int32Array(A);
    this.wanted = new Int32Array(A);
  }

  /**
   * Fastest paths from `from` to each of `targets` (same order); with `paths`, also each path's
   * geometry [lng, lat] from the start point to the target point.
   */
  run(from: EdgePosition, targets: EdgePosition[], paths = false): { cost: (PathCost | null)[]; geometry: (LngLat[] | null)[] } {
    const n = targets.length;
    const seconds = new Float64Array(n);
    const metres = new Float64Array(n);
    const via = new Int32Array(n);
    this.runInto(from, targets, seconds, metres, via);
    const cost: (PathCost | null)[] = [];
    const geometry: (LngLat[] | null)[] = [];
    for (let j = 0; j < n; j++) {
      const ok = seconds[j] !== Number.POSITIVE_INFINITY;
      cost.push(ok ? { seconds: seconds[j]!, metres: metres[j]! } : null);
      geometry.push(paths && ok ? this.geometryTo(from, targets[j]!, via[j]!) : null);
    }
    return { cost, geometry };
  }

  /**
   * The same into arrays (the matrix's hot path): seconds[j], metres[j] (+Infinity when
   * unreachable) and via[j], the arc that enters target j's edge (−1: straight along the shared edge).
   */
  runInto(from: EdgePosition, targets: EdgePosition[], seconds: Float64Array, metres: Float64Array, via: Int32Array): void {
    const g = this.g;
    const gen = ++this.gen;
    this.heapSize = 0;
    let remaining = 0;
    for (const t of targets) {
      const a = 2 * t.edge;
      if (g.inScc[a] && this.wanted[a] !== gen) { this.wanted[a] = gen; remaining++; }
      if (g.inScc[a + 1] && this.wanted[a + 1] !== gen) { this.wanted[a + 1] = gen; remaining++; }
    }
    // Leave the start along its edge, each usable direction.
    const e = from.edge;
    const f = from.fraction;
    this.seed(2 * e, (1 - f) * g.cost[2 * e]!, (1 - f) * g.length[e]!, FROM_FORWARD, gen);
    this.seed(2 * e + 1, f * g.cost[2 * e + 1]!, f * g.length[e]!, FROM_BACKWARD, gen);
    const { outStart, outArcs, head, cost, length, inScc } = g;
    while (this.heapSize > 0 && remaining > 0) {
      const a = this.heapArc[0]!;
      const key = this.heapKey[0]!;
      this.pop();
      if (this.done[a] === gen || key > this.time[a]!) continue;
      this.done[a] = gen;
      if (this.wanted[a] === gen) remaining--;
      const t = key + cost[a]!;
      const m = this.metres[a]! + length[a >> 1]!;
      const v = head[a]!;
      for (let i = outStart[v]!, end = outStart[v + 1]!; i < end; i++) {
        const b = outArcs[i]!;
        if (!inScc[b] || this.done[b] === gen || !turnAllowed(g, a, b)) continue;
        this.relax(b, t, m, a, gen);
      }
    }
    for (let j = 0; j < targets.length; j++) {
      const tg = targets[j]!;
      const te = tg.edge;
      const fw = 2 * te;
      const bw = fw + 1;
      let bs = Number.POSITIVE_INFINITY;
      let bm = 0;
      let bv = -1;
      if (this.done[fw] === gen) { bs = this.time[fw]! + tg.fraction * cost[fw]!; bm = this.metres[fw]! + tg.fraction * length[te]!; bv = fw; }
      if (this.done[bw] === gen) {
        const s2 = this.time[bw]! + (1 - tg.fraction) * cost[bw]!;
        if (s2 < bs) { bs = s2; bm = this.metres[bw]! + (1 - tg.fraction) * length[te]!; bv = bw; }
      }
      if (from.edge === te) {
        // Straight along the shared edge, when its direction is driven.
        const df = tg.fraction - from.fraction;
        if (df >= 0 && inScc[fw] && df * cost[fw]! < bs) { bs = df * cost[fw]!; bm = df * length[te]!; bv = -1; }
        if (df <= 0 && inScc[bw] && -df * cost[bw]! < bs) { bs = -df * cost[bw]!; bm = -df * length[te]!; bv = -1; }
      }
      seconds[j] = bs;
      metres[j] = bm;
      via[j] = bv;
    }
  }

  /** The arcs leaving the end vertex of the start's edge in direction `arc` (turn rules from `arc`). */
  private seed(arc: number, seconds: number, metres: number, code: number, gen: number): void {
    const g = this.g;
    if (!g.inScc[arc]) return;
    const v = g.head[arc]!;
    for (let i = g.outStart[v]!; i < g.outStart[v + 1]!; i++) {
      const b = g.outArcs[i]!;
      if (g.inScc[b] && turnAllowed(g, arc, b)) this.relax(b, seconds, metres, code, gen);
    }
  }

  private relax(b: number, t: number, m: number, from: number, gen: number): void {
    if (this.stamp[b] !== gen) { this.stamp[b] = gen; this.time[b] = Number.POSITIVE_INFINITY; }
    if (t >= this.time[b]!) return;
    this.time[b] = t;
    this.metres[b] = m;
    this.pred[b] = from;
    this.push(b, t);
  }

  /** The path's line: the rest of the start edge, the whole arcs, the part of the target edge. */
  private geometryTo(from: EdgePosition, tg: EdgePosition, via: number): LngLat[] {
    const g = this.g;
    if (via === -1) return edgeSlice(g, from.edge, from.fraction, tg.fraction);
    const arcs: number[] = [];
    let a = via;
    let code: number;
    for (;;) {
      arcs.push(a);
      const p = this.pred[a]!;
      if (p < 0) { code = p; break; }
      a = p;
    }
    arcs.reverse();
    const line: LngLat[] = [];
    const add = (pts: LngLat[]) => {
      for (const p of pts) {
        const q = line[line.length - 1];
        if (!q || q[0] !== p[0] || q[1] !== p[1]) line.push(p);
      }
    };
    add(edgeSlice(g, from.edge, from.fraction, code === FROM_FORWARD ? 1 : 0));
    for (let i = 0; i < arcs.length - 1; i++) add(edgeSlice(g, arcs[i]! >> 1, arcs[i]! & 1 ? 1 : 0, arcs[i]! & 1 ? 0 : 1));
    const last = arcs[arcs.length - 1]!;
    add(edgeSlice(g, tg.edge, last & 1 ? 1 : 0, tg.fraction));
    return line;
  }

  private push(arc: number, key: number): void {
    if (this.heapSize === this.heapKey.length) {
      const k = new Float64Array(this.heapSize * 2); k.set(this.heapKey); this.heapKey = k;
      const v = new Int32Array(this.heapSize * 2); v.set(this.heapArc); this.heapArc = v;
    }
    let i = this.heapSize++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (this.heapKey[p]! <= key) break;
      this.heapKey[i] = this.heapKey[p]!; this.heapArc[i] = this.heapArc[p]!;
      i = p;
    }
    this.heapKey[i] = key; this.heapArc[i] = arc;
  }

  private pop(): void {
    const n = --this.heapSize;
    if (n === 0) return;
    const key = this.heapKey[n]!;
    const arc = this.heapArc[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.heapKey[c + 1]! < this.heapKey[c]!) c++;
      if (this.heapKey[c]! >= key) break;
      this.heapKey[i] = this.heapKey[c]!; this.heapArc[i] = this.heapArc[c]!;
      i = c;
    }
    this.heapKey[i] = key; this.heapArc[i] = arc;
  }
}
