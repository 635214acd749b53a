/**
 * The time-window defaults of solve.ts: SWAP* only while a solution has at most `maxMean` clients
 * per used route on average (the local search's `swapStarMaxMean`); 40 granular neighbours when
 * the capacity lets routes hold more than 20 clients on average.
 */
import { describe, expect, it } from 'vitest';
import { granularNeighbours, LocalSearch, makeProblem, Rng } from '../../src/hgs';
import { defaultNeighbourCount } from '../../src/hgs/neighbours';
import { randomProblem, randomRoutes } from './helpers';

/** The local search from the same start and seed with the given SWAP* threshold. */
function searched(seed: number, maxMean: number): Int32Array[] {
  const p = randomProblem(seed, { clients: 60, timeWindows: true, count: 8, wide: true });
  const pen = { load: new Float64Array([5]), tw: 2 };
  const ls = new LocalSearch(p, pen, granularNeighbours(p, 10), new Rng(seed));
  ls.swapStarMaxMean = maxMean;
  return ls.run(randomRoutes(p, seed), pen);
}

describe('SWAP* by the mean route size', () => {
  it('is off below the mean (as never), on above it (as always), and the switch changes answers', () => {
    let differ = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const never = searched(seed, -1);
      const always = searched(seed, Infinity);
      // 60 clients on at most 8 routes: at least 7.5 a route
      expect(searched(seed, 7)).toEqual(never);
      expect(searched(seed, 60)).toEqual(always);
      if (JSON.stringify(never.map((r) => Array.from(r))) !== JSON.stringify(always.map((r) => Array.from(r)))) differ++;
    }
    expect(differ).toBeGreaterThan(0);
  });
});

describe('default neighbourhood size', () => {
  /** 60 clients of demand 2 (and 1 in a second dimension); one vehicle type of `capacity`. */
  const problem = (capacity: [number, number], windows: boolean) => {
    const n = 61;
    const distance = Array.from({ length: n * n }, (_, k) => (Math.floor(k / n) === k % n ? 0 : 10));
    const demand = Array.from({ length: n * 2 }, (_, k) => (k < 2 ? 0 : k % 2 === 0 ? 2 : 1));
    const twLate = Array.from({ length: n }, (_, i) => (i === 0 ? 10_000 : 500));
    const type = { count: 30, capacity, startDepot: 0 };
    return windows
      ? makeProblem({ numDepots: 1, distance, dims: 2, demand, twEarly: new Array(n).fill(0), twLate, vehicleTypes: [type] })
      : makeProblem({ numDepots: 1, distance, dims: 2, demand, vehicleTypes: [type] });
  };

  it('is 40 only with windows and room for more than 20 clients a route (hand-computed)', () => {
    // demand 120 / capacity 4 → 30 routes, 2 clients each
    expect(defaultNeighbourCount(problem([4, 100], true))).toBe(20);
    // 120 / 40 → 3 routes of 20 clients: not more than 20
    expect(defaultNeighbourCount(problem([40, 100], true))).toBe(20);
    // 120 / 60 → 2 routes of 30 clients
    expect(defaultNeighbourCount(problem([60, 100], true))).toBe(40);
    // the second dimension binds: 60 / 20 → 3 routes of 20
    expect(defaultNeighbourCount(problem([60, 20], true))).toBe(20);
    // capacity only: HGS-CVRP's 20 whatever the routes
    expect(defaultNeighbourCount(problem([60, 100], false))).toBe(20);
  });
});
