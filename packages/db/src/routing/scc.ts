/**
 * The largest strongly connected component of the road graph's arc graph (arcs are the nodes, the
 * allowed turns the links: one-way streets, U-turns and turn restrictions all count), by Tarjan's
 * algorithm without recursion. Only its arcs are routed on and snapped to, so every point can
 * reach every other one and no point lands in a dead end or a one-way trap.
 */
import type { RoadGraph } from './road-graph';
import { turnAllowed } from './turn-rule';

/** Per arc: 1 when it is in the largest component (ties: the first found), else 0. */
export function largestArcComponent(g: RoadGraph): Uint8Array {
  const A = g.arcCount;
  const index = new Int32Array(A).fill(-1);
  const low = new Int32Array(A);
  const onStack = new Uint8Array(A);
  const comp = new Int32Array(A).fill(-1);
  const stack: number[] = [];
  const callArc: number[] = [];
  const callNext: number[] = [];
  let counter = 0;
  let comps = 0;
  let bestComp = -1;
  let bestSize = 0;
  for (let root = 0; root < A; root++) {
    if (index[root] !== -1 || g.cost[root] === Number.POSITIVE_INFINITY) continue;
    const enter = (a: number) => {
      index[a] = low[a] = counter++;
      stack.push(a); onStack[a] = 1;
      callArc.push(a); callNext.push(g.outStart[g.head[a]!]!);
    };
    enter(root);
    while (callArc.length) {
      const top = callArc.length - 1;
      const a = callArc[top]!;
      const end = g.outStart[g.head[a]! + 1]!;
      let descended = false;
      while (callNext[top]! < end) {
        const b = g.outArcs[callNext[top]!++]!;
        if (!turnAllowed(g, a, b)) continue;
        if (index[b] === -1) { enter(b); descended = true; break; }
        if (onStack[b]) low[a] = Math.min(low[a]!, index[b]!);
      }
      if (descended) continue;
      callArc.pop(); callNext.pop();
      if (callArc.length) { const p = callArc[callArc.length - 1]!; low[p] = Math.min(low[p]!, low[a]!); }
      if (low[a] === index[a]) {
        let size = 0;
        let x: number;
        do { x = stack.pop()!; onStack[x] = 0; comp[x] = comps; size++; } while (x !== a);
        if (size > bestSize) { bestSize = size; bestComp = comps; }
        comps++;
      }
    }
  }
  const inScc = new Uint8Array(A);
  for (let a = 0; a < A; a++) if (comp[a] === bestComp && bestComp >= 0) inScc[a] = 1;
  return inScc;
}
