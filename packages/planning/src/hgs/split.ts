/**
 * Split (Prins 2004; Vidal 2016 for its penalised form): the optimal cutting of a giant tour
 * into routes at the current penalties, by Bellman's recursion over cut points. A route may
 * exceed the capacity (priced by the load penalty) up to `maxLoadFactor` × capacity, which bounds
 * the recursion. Costs use the vehicle type with the most vehicles; the routes are then given
 * vehicle slots, each the free slot whose type prices it lowest; routes beyond the fleet are
 * appended to the last route (the local search and the penalties repair them).
 */
import type { Penalties } from './penalties';
import type { ProblemData } from './problem';
import { measureRoute } from './individual';
import { TimeSeg } from './segment';

const seg = new TimeSeg();

export function split(p: ProblemData, tour: Int32Array, pen: Penalties, maxLoadFactor = 1.5): Int32Array[] {
  const N = tour.length;
  const n = p.n;
  const dims = p.dims;
  let main = 0;
  for (let t = 1; t < p.types.length; t++) if (p.types[t]!.count > p.types[main]!.count) main = t;
  const type = p.types[main]!;
  const s0 = type.startDepot;
  const e0 = type.endDepot;
  const best = new Float64Array(N + 1).fill(Infinity);
  const pred = new Int32Array(N + 1).fill(-1);
  best[0] = 0;
  const load = new Float64Array(dims);
  const startE = Math.max(p.twEarly[s0]!, type.twEarly);
  const startL = Math.min(p.twLate[s0]!, type.twLate);
  const endE = Math.max(p.twEarly[e0]!, type.twEarly);
  const endL = Math.min(p.twLate[e0]!, type.twLate);
  for (let i = 0; i < N; i++) {
    if (best[i] === Infinity) continue;
    load.fill(0);
    let dist = 0;
    let prev = s0;
    if (p.hasTime) seg.set(0, 0, startE, startL, s0, s0);
    for (let j = i; j < N; j++) {
      const c = tour[j]!;
      dist += p.dist[prev * n + c]!;
      let penalty = 0;
      let over = false;
      for (let d = 0; d < dims; d++) {
        load[d]! += p.demand[c * dims + d]!;
        const ex = load[d]! - type.capacity[d]!;
        if (ex > 0) penalty += pen.load[d]! * ex;
        if (load[d]! > maxLoadFactor * type.capacity[d]! && j > i) over = true;
      }
      if (over) break;
      let warp = 0;
      if (p.hasTime) {
        seg.append(p.dur[prev * n + c]!, p.service[c]!, 0, p.twEarly[c]!, p.twLate[c]!, c, c);
        const dur = seg.dur;
        const w = seg.warp;
        const early = seg.early;
        const late = seg.late;
        const last = seg.last;
        seg.append(p.dur[c * n + e0]!, 0, 0, endE, endL, e0, e0);
        warp = seg.routeWarp(type.maxDuration);
        seg.dur = dur;
        seg.warp = w;
        seg.early = early;
        seg.late = late;
        seg.last = last;
      }
      const cost = best[i]! + dist + p.dist[c * n + e0]! + type.fixedCost + penalty + pen.tw * warp;
      if (cost < best[j + 1]!) {
        best[j + 1] = cost;
        pred[j + 1] = i;
      }
      prev = c;
    }
  }
  const cuts: [number, number][] = [];
  for (let j = N; j > 0; j = pred[j]!) cuts.push([pred[j]!, j]);
  cuts.reverse();
  return assignSlots(p, tour, cuts, pen);
}

/** Gives every split route a vehicle slot (see the module comment). */
export function assignSlots(p: ProblemData, tour: Int32Array, cuts: [number, number][], pen: Penalties): Int32Array[] {
  const R = p.routeType.length;
  const routes: Int32Array[] = Array.from({ length: R }, () => new Int32Array(0));
  const freeByType: number[][] = p.types.map(() => []);
  for (let r = R - 1; r >= 0; r--) freeByType[p.routeType[r]!]!.push(r);
  const load = new Float64Array(p.dims);
  let last = -1;
  for (const [i, j] of cuts) {
    const seq = tour.subarray(i, j);
    let bestT = -1;
    let bestCost = Infinity;
    for (let t = 0; t < p.types.length; t++) {
      if (freeByType[t]!.length === 0) continue;
      const m = measureRoute(p, t, seq, load);
      let c = m.distance + p.types[t]!.fixedCost + pen.tw * m.warp;
      for (let d = 0; d < p.dims; d++) c += pen.load[d]! * Math.max(0, load[d]! - p.types[t]!.capacity[d]!);
      if (c < bestCost) {
        bestCost = c;
        bestT = t;
      }
    }
    if (bestT < 0) {
      const prev = routes[last]!;
      const merged = new Int32Array(prev.length + seq.length);
      merged.set(prev);
      merged.set(seq, prev.length);
      routes[last] = merged;
      continue;
    }
    const slot = freeByType[bestT]!.pop()!;
    routes[slot] = Int32Array.from(seq);
    last = slot;
  }
  return routes;
}
