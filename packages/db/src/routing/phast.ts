/**
 * One-to-all times over the contraction hierarchy (hierarchy.ts) by PHAST (Delling, Goldberg,
 * Nowatzyk, Werneck 2011, «PHAST: Hardware-accelerated shortest path trees»): a Dijkstra upward
 * from the start's nodes, then one sweep over all nodes from the highest rank down relaxing the
 * downward edges — every node's time without a priority queue. Points placed on edges as in
 * search.ts (the start leaves along its edge, a target is reached by the part of its edge up to
 * it). An answer whose path holds a U-turn the junction forbids (flag, see hierarchy.ts) is left
 * to the exact arc search by the caller. Seconds; metres along the same path.
 */
import { IndexedHeap } from './heap';
import type { Hierarchy } from './hierarchy';
import type { RoadGraph } from './road-graph';
import type { EdgePosition } from './snap';

/** Nodes of a restricted sweep in rank order, with their downward edges (as in Hierarchy.down*). */
interface SweepPart { nodes: Int32Array; start: Int32Array; from: Int32Array; w: Float64Array; m: Float64Array; first: Int32Array; last: Int32Array; flag: Uint8Array }

/** Work arrays of the sweeps (one per hierarchy and caller). */
export class Sweeper {
  private readonly dist: Float64Array;
  private readonly metres: Float64Array;
  private readonly last: Int32Array;
  private readonly flag: Uint8Array;
  private readonly heap: IndexedHeap;
  /** The sweep's nodes (rank order) and their downward edges, restricted to what the targets need. */
  private readonly sweep: SweepPart;

  /**
   * Work arrays for sweeps towards `targets` only (RPHAST, Delling, Goldberg, Werneck 2011 «Faster
   * batched shortest paths in road networks»): the sweep visits just the nodes from which a
   * target's node is reached downwards — found once here —, not the whole graph.
   */
  constructor(readonly g: RoadGraph, readonly h: Hierarchy, targets: EdgePosition[]) {
    const N = h.nodeCount;
    this.dist = new Float64Array(N);
    this.metres = new Float64Array(N);
    this.last = new Int32Array(N);
    this.flag = new Uint8Array(N);
    this.heap = new IndexedHeap(N);
    this.sweep = restrictSweep(h, targets);
  }

  /**
   * Times (s) and metres from `from` to each target into seconds/metres (+Infinity: unreachable);
   * flagged[j] = 1 when target j's best path found here holds a forbidden U-turn (not exact).
   */
  run(from: EdgePosition, targets: EdgePosition[], seconds: Float64Array, metres: Float64Array, flagged: Uint8Array): void {
    const { g, h, dist, metres: met, last, flag, heap } = this;
    const { upStart, upTo, upW, upM, upFirst, upLast, upFlag, uturnCheck } = h;
    dist.fill(Number.POSITIVE_INFINITY);
    heap.clear();
    const e = from.edge;
    const f = from.fraction;
    const seed = (arc: number, t: number, m: number) => {
      const x = h.arrive[arc]!;
      if (x < 0 || !(t < dist[x]!)) return;
      dist[x] = t; met[x] = m; last[x] = arc; flag[x] = 0;
      heap.push(x, t);
    };
    seed(2 * e, (1 - f) * g.cost[2 * e]!, (1 - f) * g.length[e]!);
    seed(2 * e + 1, f * g.cost[2 * e + 1]!, f * g.length[e]!);
    // Upward search.
    while (heap.size > 0) {
      const x = heap.pop();
      const dx = dist[x]!, mx = met[x]!, lx = last[x]!, fx = flag[x]!, ux = uturnCheck[x]!;
      for (let i = upStart[x]!, end = upStart[x + 1]!; i < end; i++) {
        const y = upTo[i]!;
        const d = dx + upW[i]!;
        const fl = fx | upFlag[i]! | (ux && (lx ^ 1) === upFirst[i] ? 1 : 0);
        if (d < dist[y]! || (d === dist[y] && flag[y] && !fl)) {
          dist[y] = d; met[y] = mx + upM[i]!; last[y] = upLast[i]!; flag[y] = fl;
          heap.push(y, d);
        }
      }
    }
    // Downward sweep, highest rank first, over the targets' part of the hierarchy.
    const { nodes, start, from: dFrom, w: dW, m: dM, first: dFirst, last: dLast, flag: dFlag } = this.sweep;
    for (let k = 0; k < nodes.length; k++) {
      const x = nodes[k]!;
      let dx = dist[x]!;
      for (let i = start[k]!, end = start[k + 1]!; i < end; i++) {
        const u = dFrom[i]!;
        const d = dist[u]! + dW[i]!;
        if (d > dx) continue;
        const fl = flag[u]! | dFlag[i]! | (uturnCheck[u] && (last[u]! ^ 1) === dFirst[i] ? 1 : 0);
        if (d < dx || (flag[x] && !fl)) {
          dx = d; dist[x] = d; met[x] = met[u]! + dM[i]!; last[x] = dLast[i]!; flag[x] = fl;
        }
      }
    }
    // Targets: the best node an arc of the target's edge may be taken from, plus the part of the edge.
    const { cost, length, inScc } = g;
    const { preStart, preNode } = h;
    for (let j = 0; j < targets.length; j++) {
      const tg = targets[j]!;
      const te = tg.edge;
      let bs = Number.POSITIVE_INFINITY;
      let bm = 0;
      let bf = 0;
      for (let dir = 0; dir < 2; dir++) {
        const arc = 2 * te + dir;
        if (!inScc[arc]) continue;
        const part = dir === 0 ? tg.fraction : 1 - tg.fraction;
        for (let i = preStart[arc]!; i < preStart[arc + 1]!; i++) {
          const p = preNode[i]!;
          const s = dist[p]! + part * cost[arc]!;
          if (s > bs) continue;
          const fl = flag[p]! | (uturnCheck[p] && (last[p]! ^ 1) === arc ? 1 : 0);
          if (s < bs || (bf && !fl)) { bs = s; bm = met[p]! + part * length[te]!; bf = fl; }
        }
      }
      if (e === te) {
        // Straight along the shared edge, when its direction is driven.
        const df = tg.fraction - f;
        if (df >= 0 && inScc[2 * te] && df * cost[2 * te]! <= bs) { bs = df * cost[2 * te]!; bm = df * length[te]!; bf = 0; }
        if (df <= 0 && inScc[2 * te + 1] && -df * cost[2 * te + 1]! <= bs) { bs = -df * cost[2 * te + 1]!; bm = -df * length[te]!; bf = 0; }
      }
      seconds[j] = bs;
      metres[j] = bm;
      flagged[j] = bs === Number.POSITIVE_INFINITY ? 0 : bf;
    }
  }
}

/** The nodes whose labels the targets read and every node above them by a downward edge, in rank order, with their downward edges. */
function restrictSweep(h: Hierarchy, targets: EdgePosition[]): SweepPart {
  const N = h.nodeCount;
  const mark = new Uint8Array(N);
  const stack: number[] = [];
  for (const t of targets) {
    for (let arc = 2 * t.edge; arc <= 2 * t.edge + 1; arc++) {
      for (let i = h.preStart[arc]!; i < h.preStart[arc + 1]!; i++) {
        const p = h.preNode[i]!;
        if (!mark[p]) { mark[p] = 1; stack.push(p); }
      }
    }
  }
  while (stack.length) {
    const x = stack.pop()!;
    for (let i = h.downStart[x]!; i < h.downStart[x + 1]!; i++) {
      const u = h.downFrom[i]!;
      if (!mark[u]) { mark[u] = 1; stack.push(u); }
    }
  }
  let count = 0;
  let edges = 0;
  for (let x = 0; x < N; x++) if (mark[x]) { count++; edges += h.downStart[x + 1]! - h.downStart[x]!; }
  const sw = {
    nodes: new Int32Array(count), start: new Int32Array(count + 1), from: new Int32Array(edges), w: new Float64Array(edges), m: new Float64Array(edges),
    first: new Int32Array(edges), last: new Int32Array(edges), flag: new Uint8Array(edges),
  };
  let k = 0;
  let j = 0;
  for (let x = 0; x < N; x++) {
    if (!mark[x]) continue;
    sw.nodes[k] = x;
    sw.start[k] = j;
    for (let i = h.downStart[x]!; i < h.downStart[x + 1]!; i++, j++) {
      sw.from[j] = h.downFrom[i]!; sw.w[j] = h.downW[i]!; sw.m[j] = h.downM[i]!;
      sw.first[j] = h.downFirst[i]!; sw.last[j] = h.downLast[i]!; sw.flag[j] = h.downFlag[i]!;
    }
    k++;
  }
  sw.start[count] = j;
  return sw;
}
