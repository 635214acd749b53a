/**
 * Granular neighbourhoods (Toth & Vigo 2003; HGS-CVRP's `correlatedVertices`): every client's
 * k most related other clients. Relatedness is PyVRP's proximity (`compute_neighbours`):
 * distance + 0.2 × the least waiting + 1 × the least time warp of going from one to the other,
 * symmetrised by the minimum of both directions. Without time windows it is the distance.
 */
import type { ProblemData } from './problem';

export function granularNeighbours(p: ProblemData, k: number, weightWait = 0.2, weightWarp = 1): Int32Array[] {
  const n = p.n;
  const first = p.numDepots;
  const C = n - first;
  const kk = Math.min(k, C - 1);
  const prox = (i: number, j: number): number => {
    let v = p.dist[i * n + j]!;
    if (p.hasTime) {
      const travel = p.dur[i * n + j]!;
      v += weightWait * Math.max(p.twEarly[j]! - travel - p.service[i]! - p.twLate[i]!, 0);
      v += weightWarp * Math.max(p.twEarly[i]! + p.service[i]! + travel - p.twLate[j]!, 0);
    }
    return v;
  };
  const out: Int32Array[] = new Array(n);
  for (let i = 0; i < first; i++) out[i] = new Int32Array(0);
  const cand = new Int32Array(C);
  const key = new Float64Array(n);
  for (let i = first; i < n; i++) {
    let m = 0;
    for (let j = first; j < n; j++) {
      if (j === i) continue;
      key[j] = Math.min(prox(i, j), prox(j, i));
      cand[m++] = j;
    }
    const sub = Array.from(cand.subarray(0, m));
    sub.sort((a, b) => key[a]! - key[b]! || a - b);
    out[i] = Int32Array.from(sub.slice(0, kk));
  }
  return out;
}
