/**
 * A contraction hierarchy (Geisberger et al. 2008, «Contraction Hierarchies: Faster and Simpler
 * Hierarchical Routing in Road Networks») of the road graph's largest strongly connected component,
 * for one-to-all sweeps (phast.ts). Built once per cached graph.
 *
 * The graph contracted is a junction graph, not the arc graph (an arc-graph hierarchy degenerates:
 * docs/DECISIONS.md «Road-graph travel times at city scale»): one node per junction, except that a
 * junction where an OSM restriction forbids a turn gets one node per arc entering it (the state
 * «arrived by this arc»), linked only by the turns allowed from it — so turn restrictions are exact.
 * The other turn rule, no U-turn but at a dead end, holds by itself on a shortest junction path
 * (a U-turn revisits the junction just left) except where the junction just left has several nodes
 * (a restricted junction: a U-turn next door could dodge its restriction). Every edge and label
 * therefore carries its first and last arc and a flag «a U-turn at a junction that forbids it lies
 * on this path»; a flagged answer is recomputed by the exact arc search (cost-matrix.ts). The
 * junctions up to two roads away from a restricted one are split too, so such a U-turn is rarely
 * shortest. An unflagged answer is a legal arc path no longer than any legal one: exact.
 *
 * Node ordering: edge difference + contracted neighbours + level with lazy updates; witness searches
 * limited in settled nodes (a missed witness only adds a superfluous shortcut). Nodes are numbered by
 * rank, highest first, so the downward sweep reads memory in order (PHAST, Delling et al. 2011).
 * Weights: seconds (float), metres carried along.
 */
import { IndexedHeap } from './heap';
import type { RoadGraph } from './road-graph';

/** The hierarchy in compressed arrays, nodes numbered by rank (0 = highest). */
export interface Hierarchy {
  nodeCount: number;
  /** Per arc of the component: the node «arrived at its head by it»; −1 outside the component. */
  arrive: Int32Array;
  /** Per arc b of the component: the nodes b may be taken from: preNode[preStart[b] .. preStart[b+1]). */
  preStart: Int32Array;
  preNode: Int32Array;
  /** Per node: 1 when a path through it must not leave by the reverse of the arc it came by. */
  uturnCheck: Uint8Array;
  /** Edges to higher nodes, by tail: up*[upStart[x] .. upStart[x+1]). */
  upStart: Int32Array; upTo: Int32Array; upW: Float64Array; upM: Float64Array; upFirst: Int32Array; upLast: Int32Array; upFlag: Uint8Array;
  /** Edges from higher nodes, by head: down*[downStart[x] .. downStart[x+1]). */
  downStart: Int32Array; downFrom: Int32Array; downW: Float64Array; downM: Float64Array; downFirst: Int32Array; downLast: Int32Array; downFlag: Uint8Array;
  /** Build statistics: junction-graph edges, shortcuts added, restricted junctions split, seconds. */
  stats: { edges: number; shortcuts: number; splitJunctions: number; seconds: number };
}

/** Settled-node limits of the witness searches: while ordering (estimate) and while contracting. */
const SIMULATE_LIMIT = 60;
const CONTRACT_LIMIT = 600;
/**
 * Rings of junctions around a restricted one that are split too: a U-turn that dodges the
 * restriction must then go two junctions away and back, longer than the way round the block, so
 * flagged answers become rare (grid with 2 % restricted junctions: 3 of 50 starts had one flagged
 * target with 2 rings, 20 with 1, 50 with none).
 */
const SPLIT_RINGS = 2;

const cache = new WeakMap<RoadGraph, Hierarchy>();

/** The hierarchy of `g` (built on first use, then kept with the graph). */
export function hierarchyOf(g: RoadGraph): Hierarchy {
  let h = cache.get(g);
  if (!h) { h = buildHierarchy(g); cache.set(g, h); }
  return h;
}

/** Growable edge store of the contraction. */
class Edges {
  from: number[] = []; to: number[] = []; w: number[] = []; m: number[] = []; first: number[] = []; last: number[] = []; flag: number[] = [];
  add(u: number, v: number, w: number, m: number, first: number, last: number, flag: number): number {
    this.from.push(u); this.to.push(v); this.w.push(w); this.m.push(m); this.first.push(first); this.last.push(last); this.flag.push(flag);
    return this.from.length - 1;
  }
}

/** Builds the junction graph with split restricted junctions and contracts it. */
export function buildHierarchy(g: RoadGraph): Hierarchy {
  const t0 = performance.now();
  const A = g.arcCount;
  const V = g.vertexCount;
  // Junctions with a forbidden turn get a node per entering arc.
  const split = new Uint8Array(V);
  for (let a = 0; a < A; a++) if (g.inScc[a] && g.restrictedFrom[a]) split[g.head[a]!] = 1;
  for (let ring = 0; ring < SPLIT_RINGS; ring++) {
    const next = split.slice();
    for (let a = 0; a < A; a++) if (g.inScc[a] && (split[g.head[a]!] || split[g.tail[a]!])) { next[g.head[a]!] = 1; next[g.tail[a]!] = 1; }
    split.set(next);
  }
  let splitJunctions = 0;
  for (let v = 0; v < V; v++) splitJunctions += split[v]!;
  const vnode = new Int32Array(V).fill(-1);
  const arrive = new Int32Array(A).fill(-1);
  const nodeVertex: number[] = [];
  const touch = (v: number) => { if (vnode[v] === -1) { vnode[v] = nodeVertex.length; nodeVertex.push(v); } };
  for (let a = 0; a < A; a++) {
    if (!g.inScc[a]) continue;
    if (!split[g.tail[a]!]) touch(g.tail[a]!);
    if (split[g.head[a]!]) { arrive[a] = nodeVertex.length; nodeVertex.push(g.head[a]!); } else { touch(g.head[a]!); arrive[a] = vnode[g.head[a]!]!; }
  }
  const N = nodeVertex.length;
  const uturn = new Uint8Array(N);
  for (let x = 0; x < N; x++) uturn[x] = !split[nodeVertex[x]!] && g.degree[nodeVertex[x]!]! > 1 ? 1 : 0;
  // Pre-nodes of each arc: its tail's node, or the split tail's entering-arc nodes that allow it.
  const pre: number[][] = Array.from({ length: A }, () => []);
  for (let a = 0; a < A; a++) {
    if (!g.inScc[a]) continue;
    if (!split[g.tail[a]!]) pre[a]!.push(vnode[g.tail[a]!]!);
    if (split[g.head[a]!]) for (let i = g.turnStart[a]!; i < g.turnStart[a + 1]!; i++) pre[g.turnNext[i]!]!.push(arrive[a]!);
  }
  const E = new Edges();
  const outE: number[][] = Array.from({ length: N }, () => []);
  const inE: number[][] = Array.from({ length: N }, () => []);
  for (let b = 0; b < A; b++) {
    if (!g.inScc[b]) continue;
    for (const p of pre[b]!) {
      const q = arrive[b]!;
      if (p === q) continue;
      const e = E.add(p, q, g.cost[b]!, g.length[b >> 1]!, b, b, 0);
      outE[p]!.push(e); inE[q]!.push(e);
    }
  }
  const baseEdges = E.from.length;

  // Contraction.
  const contracted = new Uint8Array(N);
  const level = new Int32Array(N);
  const neighboursDone = new Int32Array(N);
  const rank = new Int32Array(N);
  const dist = new Float64Array(N);
  const stamp = new Int32Array(N);
  let gen = 0;
  const wheap = new IndexedHeap(N);

  /** Dijkstra from u avoiding v and contracted nodes, to maxDist or `limit` settled nodes; labels in dist/stamp(gen). */
  const witness = (u: number, v: number, maxDist: number, limit: number) => {
    gen++;
    wheap.clear();
    dist[u] = 0; stamp[u] = gen; wheap.push(u, 0);
    let settled = 0;
    while (wheap.size > 0 && wheap.minKey() <= maxDist && settled++ < limit) {
      const x = wheap.pop();
      const dx = dist[x]!;
      for (const e of outE[x]!) {
        const y = E.to[e]!;
        if (y === v || contracted[y]) continue;
        const d = dx + E.w[e]!;
        if (stamp[y] !== gen || d < dist[y]!) { stamp[y] = gen; dist[y] = d; wheap.push(y, d); }
      }
    }
  };

  const live = (list: number[], end: (e: number) => number) => {
    let k = 0;
    for (const e of list) if (!contracted[end(e)]) list[k++] = e;
    list.length = k;
    return list;
  };

  /** Shortcuts needed to contract v (added unless simulate); returns their count. */
  const contract = (v: number, simulate: boolean): number => {
    const ins = live(inE[v]!, (e) => E.from[e]!);
    const outs = live(outE[v]!, (e) => E.to[e]!);
    let count = 0;
    for (const e1 of ins) {
      const u = E.from[e1]!;
      let maxOut = -1;
      for (const e2 of outs) if (E.to[e2] !== u && E.w[e2]! > maxOut) maxOut = E.w[e2]!;
      if (maxOut < 0) continue;
      witness(u, v, E.w[e1]! + maxOut, simulate ? SIMULATE_LIMIT : CONTRACT_LIMIT);
      for (const e2 of outs) {
        const w = E.to[e2]!;
        if (w === u) continue;
        const need = E.w[e1]! + E.w[e2]!;
        if (stamp[w] === gen && dist[w]! <= need) continue;
        count++;
        if (!simulate) addShortcut(u, w, e1, e2, v);
      }
    }
    return count;
  };

  const addShortcut = (u: number, w: number, e1: number, e2: number, v: number) => {
    const W = E.w[e1]! + E.w[e2]!;
    const flag = E.flag[e1]! | E.flag[e2]! | (uturn[v] && (E.last[e1]! ^ 1) === E.first[e2] ? 1 : 0);
    for (const e of outE[u]!) {
      if (E.to[e] !== w) continue;
      if (E.w[e]! < W || (E.w[e] === W && (!E.flag[e] || flag))) return;
      E.w[e] = W; E.m[e] = E.m[e1]! + E.m[e2]!; E.first[e] = E.first[e1]!; E.last[e] = E.last[e2]!; E.flag[e] = flag;
      return;
    }
    const e = E.add(u, w, W, E.m[e1]! + E.m[e2]!, E.first[e1]!, E.last[e2]!, flag);
    outE[u]!.push(e); inE[w]!.push(e);
  };

  const priority = (v: number) => {
    const sc = contract(v, true);
    return 2 * (sc - inE[v]!.length - outE[v]!.length) + neighboursDone[v]! + level[v]!;
  };

  const queue = new IndexedHeap(N);
  for (let x = 0; x < N; x++) queue.push(x, priority(x));
  let r = 0;
  while (queue.size > 0) {
    const v = queue.pop();
    const p = priority(v);
    if (queue.size > 0 && p > queue.minKey()) { queue.push(v, p); continue; }
    contract(v, false);
    contracted[v] = 1;
    rank[v] = r++;
    for (const e of inE[v]!) { const x = E.from[e]!; if (!contracted[x]) { neighboursDone[x]!++; level[x] = Math.max(level[x]!, level[v]! + 1); } }
    for (const e of outE[v]!) { const x = E.to[e]!; if (!contracted[x]) { neighboursDone[x]!++; level[x] = Math.max(level[x]!, level[v]! + 1); } }
  }

  // Number nodes by rank, highest first; split edges into upward (by tail) and downward (by head).
  const id = new Int32Array(N);
  for (let x = 0; x < N; x++) id[x] = N - 1 - rank[x]!;
  const M = E.from.length;
  const upCount = new Int32Array(N + 1);
  const downCount = new Int32Array(N + 1);
  for (let e = 0; e < M; e++) {
    const u = id[E.from[e]!]!, w = id[E.to[e]!]!;
    if (w < u) upCount[u + 1]!++; else downCount[w + 1]!++;
  }
  for (let x = 0; x < N; x++) { upCount[x + 1]! += upCount[x]!; downCount[x + 1]! += downCount[x]!; }
  const upStart = upCount.slice();
  const downStart = downCount.slice();
  const nu = upStart[N]!, nd = downStart[N]!;
  const h: Hierarchy = {
    nodeCount: N, arrive: new Int32Array(A).fill(-1), preStart: new Int32Array(A + 1), preNode: new Int32Array(0), uturnCheck: new Uint8Array(N),
    upStart, upTo: new Int32Array(nu), upW: new Float64Array(nu), upM: new Float64Array(nu), upFirst: new Int32Array(nu), upLast: new Int32Array(nu), upFlag: new Uint8Array(nu),
    downStart, downFrom: new Int32Array(nd), downW: new Float64Array(nd), downM: new Float64Array(nd), downFirst: new Int32Array(nd), downLast: new Int32Array(nd), downFlag: new Uint8Array(nd),
    stats: { edges: baseEdges, shortcuts: M - baseEdges, splitJunctions, seconds: 0 },
  };
  for (let e = 0; e < M; e++) {
    const u = id[E.from[e]!]!, w = id[E.to[e]!]!;
    if (w < u) {
      const k = upCount[u]!++;
      h.upTo[k] = w; h.upW[k] = E.w[e]!; h.upM[k] = E.m[e]!; h.upFirst[k] = E.first[e]!; h.upLast[k] = E.last[e]!; h.upFlag[k] = E.flag[e]!;
    } else {
      const k = downCount[w]!++;
      h.downFrom[k] = u; h.downW[k] = E.w[e]!; h.downM[k] = E.m[e]!; h.downFirst[k] = E.first[e]!; h.downLast[k] = E.last[e]!; h.downFlag[k] = E.flag[e]!;
    }
  }
  for (let x = 0; x < N; x++) h.uturnCheck[id[x]!] = uturn[x]!;
  for (let a = 0; a < A; a++) if (arrive[a]! >= 0) h.arrive[a] = id[arrive[a]!]!;
  const preFlat: number[] = [];
  for (let a = 0; a < A; a++) { h.preStart[a] = preFlat.length; for (const p of pre[a]!) preFlat.push(id[p]!); }
  h.preStart[A] = preFlat.length;
  h.preNode = Int32Array.from(preFlat);
  h.stats.seconds = Math.round(performance.now() - t0) / 1000;
  return h;
}
