/**
 * SREX (srex.ts) against independent answers: the pseudo-angle orders as atan2; the children's
 * composition against the set definitions (B′ ∪ (Ac \ B′), (A′ ∩ B′) ∪ Ac, A′ \ B′ left out); the
 * start shift ends where no single shift lowers |A′ \ B′| (counted by brute force); moving every
 * route gives parent B; the repaired child serves every client once and puts a lone missing
 * client at the cheapest of all positions.
 */
import { describe, expect, it } from 'vitest';
import { granularNeighbours, Individual, LocalSearch, Rng, RouteRemoval, solveHgs, type ProblemData } from '../../src/hgs';
import { pseudoAngle, selectiveRouteExchange, slotsByAngle, srexChildren } from '../../src/hgs/srex';
import { randomProblem, randomRoutes, simulatedCost } from './helpers';

const sorted = (routes: ArrayLike<ArrayLike<number>>) =>
  Array.from(routes)
    .flatMap((r) => Array.from(r))
    .sort((a, b) => a - b);

function centroid(p: ProblemData): [number, number] {
  let cx = 0;
  let cy = 0;
  for (let c = p.numDepots; c < p.n; c++) {
    cx += p.x![c]!;
    cy += p.y![c]!;
  }
  return [cx / (p.n - p.numDepots), cy / (p.n - p.numDepots)];
}

/** |A′ \ B′| for windows of k routes from sA, sB of the angle-sorted routes. */
function lost(rA: number[][], rB: number[][], sA: number, sB: number, k: number): number {
  const inB = new Set<number>();
  for (let r = 0; r < k; r++) for (const c of rB[(sB + r) % rB.length]!) inB.add(c);
  let s = 0;
  for (let r = 0; r < k; r++) for (const c of rA[(sA + r) % rA.length]!) if (!inB.has(c)) s++;
  return s;
}

describe('SREX', () => {
  it('the pseudo-angle sorts as atan2', () => {
    const rng = new Rng(3);
    const pts = Array.from({ length: 200 }, () => [rng.int(201) - 100, rng.int(201) - 100] as const).filter(([x, y]) => x !== 0 || y !== 0);
    const byAtan = pts.slice().sort((a, b) => Math.atan2(a[1], a[0]) - Math.atan2(b[1], b[0]));
    const byPseudo = pts.slice().sort((a, b) => pseudoAngle(a[0], a[1]) - pseudoAngle(b[0], b[1]));
    expect(byPseudo.map(([x, y]) => Math.atan2(y, x))).toEqual(byAtan.map(([x, y]) => Math.atan2(y, x)));
  });

  it('children match the set definitions and the shift ends at a local minimum of |A′ \\ B′|', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const p = randomProblem(seed, { clients: 30, timeWindows: true, count: 7 });
      const a = randomRoutes(p, seed);
      const b = randomRoutes(p, seed + 1000);
      const [cx, cy] = centroid(p);
      const slotsA = slotsByAngle(p, a, cx, cy);
      const rA = slotsA.map((s) => a[s]!);
      const rB = slotsByAngle(p, b, cx, cy).map((s) => b[s]!);
      const rng = new Rng(seed);
      const k = 1 + rng.int(Math.min(rA.length, rB.length));
      const choice = { startA: rng.int(rA.length), startB: rng.int(rB.length), moved: k };
      const { first, second, missing, startA, startB } = srexChildren(p, a, b, choice);
      const here = lost(rA, rB, startA, startB, k);
      expect(here).toBeLessThanOrEqual(lost(rA, rB, choice.startA, choice.startB, k));
      const nA = rA.length;
      const nB = rB.length;
      for (const [sA, sB] of [
        [(startA + 1) % nA, startB],
        [(startA - 1 + nA) % nA, startB],
        [startA, (startB + 1) % nB],
        [startA, (startB - 1 + nB) % nB],
      ] as const)
        expect(lost(rA, rB, sA, sB, k)).toBeGreaterThanOrEqual(here);
      const selA = new Set<number>();
      const selB = new Set<number>();
      const selSlots = new Set<number>();
      for (let r = 0; r < k; r++) {
        rA[(startA + r) % nA]!.forEach((c) => selA.add(c));
        rB[(startB + r) % nB]!.forEach((c) => selB.add(c));
        selSlots.add(slotsA[(startA + r) % nA]!);
      }
      expect(Array.from(missing)).toEqual([...selA].filter((c) => !selB.has(c)).sort((x, y) => x - y));
      // child 1: B′ whole in A's selected slots (B's order), A's other routes without B′ \ A′
      for (let r = 0; r < k; r++) expect(first[slotsA[(startA + r) % nA]!]).toEqual(rB[(startB + r) % nB]);
      for (let r = 0; r < k; r++) expect(second[slotsA[(startA + r) % nA]!]).toEqual(rB[(startB + r) % nB]!.filter((c) => selA.has(c)));
      for (let s = 0; s < a.length; s++) {
        if (selSlots.has(s)) continue;
        expect(first[s]).toEqual(a[s]!.filter((c) => !(selB.has(c) && !selA.has(c))));
        expect(second[s]).toEqual(a[s]);
      }
      // together with the missing clients, each child serves every client once
      const all = Array.from({ length: 30 }, (_, i) => i + 1);
      expect([...sorted(first), ...missing].sort((x, y) => x - y)).toEqual(all);
      expect([...sorted(second), ...missing].sort((x, y) => x - y)).toEqual(all);
    }
  });

  it('moving every route gives parent B (by A’s slots) and leaves nothing out', () => {
    const p = randomProblem(9, { clients: 20, timeWindows: true, count: 5 });
    const a = randomRoutes(p, 1);
    const b = randomRoutes(p, 2);
    const nA = a.filter((r) => r.length > 0).length;
    const nB = b.filter((r) => r.length > 0).length;
    const k = Math.min(nA, nB);
    if (nA !== nB) throw new Error('test set-up: parents with the same route count expected');
    const { first, missing } = srexChildren(p, a, b, { startA: 0, startB: 0, moved: k });
    expect(missing.length).toBe(0);
    const asSets = (routes: number[][]) =>
      routes
        .filter((r) => r.length > 0)
        .map((r) => r.join(','))
        .sort();
    expect(asSets(first)).toEqual(asSets(b));
  });

  it('the repaired child serves every client once; a lone missing client goes to its cheapest position', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const p = randomProblem(200 + seed, { clients: 12, timeWindows: true, count: 4 });
      const pen = { load: new Float64Array([2]), tw: 1 + seed / 5 };
      const nb = granularNeighbours(p, 11);
      const ls = new LocalSearch(p, pen, nb, new Rng(seed));
      const rm = new RouteRemoval(ls.S, nb);
      const start: number[][] = [[], [], [], []];
      for (let c = 2; c <= 12; c++) start[c % 4]!.push(c);
      const routes = rm.reinsert(start, Int32Array.of(1), pen, new Rng(seed));
      let best = Infinity;
      for (let s = 0; s < 4; s++) {
        for (let at = 0; at <= start[s]!.length; at++) {
          const trial = start.map((x) => x.slice());
          trial[s]!.splice(at, 0, 1);
          best = Math.min(best, simulatedCost(p, trial, pen));
        }
      }
      expect(simulatedCost(p, routes, pen)).toBeCloseTo(best, 6);
      const a = new Individual(p, randomRoutes(p, seed).map((r) => Int32Array.from(r)));
      const b = new Individual(p, randomRoutes(p, seed + 50).map((r) => Int32Array.from(r)));
      const child = selectiveRouteExchange(p, a, b, pen, new Rng(seed), rm);
      expect(sorted(child)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    }
  });

  it('the search with SREX answers feasibly, every client once, deterministic for a seed', () => {
    const p = randomProblem(5, { clients: 40, timeWindows: true, count: 12, wide: true });
    const run = () => solveHgs(p, { seed: 3, maxIterations: 80, initialSize: 10, crossover: 'srex' });
    const x = run();
    const y = run();
    expect(x.feasible).toBe(true);
    expect(sorted(x.routes)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(x.routes).toEqual(y.routes);
    expect(x.cost).toBeCloseTo(simulatedCost(p, x.routes, { load: new Float64Array([0]), tw: 0 }), 6);
  });
});
