/**
 * The time-window defaults of solve.ts: SWAP* only while a solution has at most `maxMean` clients
 * per used route on average (the local search's `swapStarMaxMean`).
 */
import { describe, expect, it } from 'vitest';
import { granularNeighbours, LocalSearch, Rng } from '../../src/hgs';
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
