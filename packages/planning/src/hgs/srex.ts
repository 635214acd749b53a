/**
 * Selective route exchange crossover, SREX (Nagata & Kobayashi 2010; as in PyVRP's
 * `selective_route_exchange`, Wouda, Lan & Kool 2024): the routes of both parents are sorted by
 * the polar angle of their centroid around the clients' centroid; k adjacent routes of parent A
 * (from startA) are replaced by k adjacent routes of parent B (from startB). The start indices are
 * first shifted one route left or right while that lowers |A′ \ B′| (the clients of A's selected
 * routes missing from B's, which need reinserting). Two children are built on A's other routes:
 *   1. B′ whole, and A's other routes without the clients of B′ \ A′;
 *   2. B′ ∩ A′ only, and A's other routes whole;
 * in both the clients of A′ \ B′ are reinserted greedily (RouteRemoval.reinsert) and the child of
 * the lower penalised cost is returned.
 *
 * Why: OX on giant tours + split rebuilds every route from a permutation; on long-route
 * time-windowed instances (Gehring–Homberger RC2, ~40 clients a route) that breaks the routes the
 * population has learnt, and the local search spends the generation repairing them. SREX keeps
 * whole routes of both parents.
 */
import type { Individual } from './individual';
import type { Penalties } from './penalties';
import type { ProblemData } from './problem';
import type { Rng } from './rng';
import type { RouteRemoval } from './route-min';

/** Pseudo-angle (monotone in atan2, −2…2) of (dx, dy); Moore's trick, as PyVRP's `routeAngle`. */
export function pseudoAngle(dx: number, dy: number): number {
  if (dx === 0 && dy === 0) return 0;
  return Math.sign(dy || 1) * (1 - dx / (Math.abs(dx) + Math.abs(dy)));
}

/** Non-empty route slots of `routes`, sorted by the pseudo-angle of their centroid around (cx, cy). */
export function slotsByAngle(p: ProblemData, routes: ArrayLike<ArrayLike<number>>, cx: number, cy: number): number[] {
  const x = p.x!;
  const y = p.y!;
  const slots: number[] = [];
  const angle: number[] = [];
  for (let r = 0; r < routes.length; r++) {
    const route = routes[r]!;
    if (route.length === 0) continue;
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < route.length; i++) {
      sx += x[route[i]!]!;
      sy += y[route[i]!]!;
    }
    slots.push(r);
    angle[r] = pseudoAngle(sx / route.length - cx, sy / route.length - cy);
  }
  return slots.sort((a, b) => angle[a]! - angle[b]! || a - b);
}

export interface SrexChoice {
  /** Index into A's (B's) angle-sorted non-empty routes of the first exchanged route. */
  startA: number;
  startB: number;
  /** Routes exchanged, 1…min(routes of A, routes of B). */
  moved: number;
}

/**
 * The two SREX children of `a` and `b` for the given start indices and route count, before the
 * repair: their routes (by A's slots) and the clients left out (A′ \ B′). Exposed for the tests.
 */
export function srexChildren(
  p: ProblemData,
  a: ArrayLike<ArrayLike<number>>,
  b: ArrayLike<ArrayLike<number>>,
  choice: SrexChoice,
): { first: number[][]; second: number[][]; missing: Int32Array; startA: number; startB: number } {
  let cx = 0;
  let cy = 0;
  for (let c = p.numDepots; c < p.n; c++) {
    cx += p.x![c]!;
    cy += p.y![c]!;
  }
  cx /= p.n - p.numDepots;
  cy /= p.n - p.numDepots;
  const slotsA = slotsByAngle(p, a, cx, cy);
  const rA = slotsA.map((s) => a[s]!);
  const rB = slotsByAngle(p, b, cx, cy).map((s) => b[s]!);
  const nA = rA.length;
  const nB = rB.length;
  const k = choice.moved;
  if (k < 1 || k > Math.min(nA, nB)) throw new Error(`moved ${k} not in 1…${Math.min(nA, nB)}`);
  let sA = choice.startA % nA;
  let sB = choice.startB % nB;
  const inA = new Uint8Array(p.n);
  const inB = new Uint8Array(p.n);
  const mark = (set: Uint8Array, route: ArrayLike<number>, v: number) => {
    for (let i = 0; i < route.length; i++) set[route[i]!] = v;
  };
  for (let r = 0; r < k; r++) {
    mark(inA, rA[(sA + r) % nA]!, 1);
    mark(inB, rB[(sB + r) % nB]!, 1);
  }
  const count = (route: ArrayLike<number>, set: Uint8Array, want: number) => {
    let s = 0;
    for (let i = 0; i < route.length; i++) if (set[route[i]!] === want) s++;
    return s;
  };
  // shift the windows while |A′ \ B′| falls (PyVRP's order of ties: A left, A right, B left, B right)
  for (;;) {
    const aLeft = count(rA[(sA - 1 + nA) % nA]!, inB, 0) - count(rA[(sA + k - 1) % nA]!, inB, 0);
    const aRight = count(rA[(sA + k) % nA]!, inB, 0) - count(rA[sA]!, inB, 0);
    const bLeft = count(rB[(sB + k - 1) % nB]!, inA, 1) - count(rB[(sB - 1 + nB) % nB]!, inA, 1);
    const bRight = count(rB[sB]!, inA, 1) - count(rB[(sB + k) % nB]!, inA, 1);
    const best = Math.min(aLeft, aRight, bLeft, bRight);
    if (best >= 0) break; // each shift lowers |A′ \ B′| strictly: the loop ends
    if (best === aLeft) {
      mark(inA, rA[(sA + k - 1) % nA]!, 0);
      sA = (sA - 1 + nA) % nA;
      mark(inA, rA[sA]!, 1);
    } else if (best === aRight) {
      mark(inA, rA[sA]!, 0);
      sA = (sA + 1) % nA;
      mark(inA, rA[(sA + k - 1) % nA]!, 1);
    } else if (best === bLeft) {
      mark(inB, rB[(sB + k - 1) % nB]!, 0);
      sB = (sB - 1 + nB) % nB;
      mark(inB, rB[sB]!, 1);
    } else {
      mark(inB, rB[sB]!, 0);
      sB = (sB + 1) % nB;
      mark(inB, rB[(sB + k - 1) % nB]!, 1);
    }
  }
  const first: number[][] = Array.from({ length: a.length }, () => []);
  const second: number[][] = Array.from({ length: a.length }, () => []);
  for (let r = 0; r < k; r++) {
    const slot = slotsA[(sA + r) % nA]!;
    const route = rB[(sB + r) % nB]!;
    for (let i = 0; i < route.length; i++) {
      const c = route[i]!;
      first[slot]!.push(c);
      if (inA[c]) second[slot]!.push(c);
    }
  }
  for (let r = k; r < nA; r++) {
    const slot = slotsA[(sA + r) % nA]!;
    const route = rA[(sA + r) % nA]!;
    for (let i = 0; i < route.length; i++) {
      const c = route[i]!;
      if (!(inB[c] && !inA[c])) first[slot]!.push(c);
      second[slot]!.push(c);
    }
  }
  const missing: number[] = [];
  for (let c = p.numDepots; c < p.n; c++) if (inA[c] && !inB[c]) missing.push(c);
  return { first, second, missing: Int32Array.from(missing), startA: sA, startB: sB };
}

/**
 * One SREX child of `a` and `b` (client locations per vehicle slot, A's slots), repaired at the
 * prices `pen`: startA at random, startB = startA (or 0 beyond B's routes), k routes moved
 * uniformly in 1…min(routes of A, routes of B), as PyVRP. Needs coordinates (p.x, p.y).
 */
export function selectiveRouteExchange(p: ProblemData, a: Individual, b: Individual, pen: Penalties, rng: Rng, repair: RouteRemoval): Int32Array[] {
  let nA = 0;
  let nB = 0;
  for (const r of a.routes) if (r.length > 0) nA++;
  for (const r of b.routes) if (r.length > 0) nB++;
  const startA = rng.int(nA);
  const startB = startA < nB ? startA : 0;
  const moved = 1 + rng.int(Math.min(nA, nB));
  const { first, second, missing } = srexChildren(p, a.routes, b.routes, { startA, startB, moved });
  const one = repair.reinsert(first, Int32Array.from(missing), pen, rng);
  const costOne = repair.S.total();
  if (!second.some((r) => r.length > 0)) return one;
  const two = repair.reinsert(second, Int32Array.from(missing), pen, rng);
  return repair.S.total() < costOne ? two : one;
}
