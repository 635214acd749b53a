/**
 * The O(1) bounds of pair-filter.ts against the moves' full prices: on random instances and
 * random solutions, for every client pair (u, v) and every move that applies, the bound is the
 * forward-simulated cost change after applying the move (capacity only: equal; time windows,
 * several vehicle types and load dimensions: never above it, so no improving move is rejected).
 */
import { describe, expect, it } from 'vitest';
import { applyProposals, type Proposal } from '../../src/hgs/search/proposal';
import { LocalSearch, type MoveBuilder } from '../../src/hgs/search/local-search';
import { PairFilter } from '../../src/hgs/search/pair-filter';
import { relocate, relocatePair, relocatePairReversed } from '../../src/hgs/search/relocate';
import { swapOne, swapPairOne, swapPairs } from '../../src/hgs/search/swap';
import { twoOpt, twoOptStar, twoOptStarReversed } from '../../src/hgs/search/two-opt';
import { granularNeighbours, Rng, type ProblemData } from '../../src/hgs';
import { randomProblem, randomRoutes, simulatedCost } from './helpers';

/** In the filter's order (bound[m]). */
const MOVES: MoveBuilder[] = [relocate, relocatePair, relocatePairReversed, swapOne, swapPairOne, swapPairs, (S, u, v, pU) => twoOpt(S, u, v, pU), twoOptStarReversed, twoOptStar];

const CASES: [string, ProblemData, boolean][] = [
  ['capacity', randomProblem(21, { clients: 25, capacityOnly: true }), true],
  ['capacity, tight fleet', randomProblem(22, { clients: 25, count: 5, capacityOnly: true }), true],
  ['capacity, asymmetric distances', randomProblem(26, { clients: 25, capacityOnly: true, asymmetric: true }), true],
  ['capacity, two load dimensions', randomProblem(25, { clients: 25, dims: 2, capacityOnly: true }), true],
  ['time windows', randomProblem(23, { clients: 25, timeWindows: true }), false],
  ['two types, two dims, two depots, windows', randomProblem(24, { clients: 25, timeWindows: true, types: 2, dims: 2, depots: 2 }), false],
];

describe.each(CASES)('pair filter on %s', (_name, p, exact) => {
  it(exact ? 'every bound equals the recomputed change of its move' : 'no bound is above the recomputed change of its move', () => {
    const pen = { load: new Float64Array(p.dims).fill(3), tw: 2 };
    const ls = new LocalSearch(p, pen, granularNeighbours(p, 10), new Rng(3));
    const S = ls.S;
    const filter = new PairFilter(S);
    const props = ls as unknown as { pU: Proposal; pV: Proposal };
    let checked = 0;
    for (let trial = 0; trial < 4; trial++) {
      S.load(randomRoutes(p, 500 + trial));
      const routes = S.export();
      for (let u = p.numDepots; u < p.n; u++) {
        for (let v = p.numDepots; v < p.n; v++) {
          if (u === v) continue;
          const min = filter.compute(u, v);
          const bounds = Array.from(filter.bound);
          expect(min).toBe(Math.min(...bounds));
          for (let m = 0; m < MOVES.length; m++) {
            S.prune = false;
            const k = MOVES[m]!(S, u, v, props.pU, props.pV);
            S.prune = true;
            if (k === 0) continue;
            expect(bounds[m]).not.toBe(Infinity);
            ls.ev.normalise(props.pU);
            if (k === 2) ls.ev.normalise(props.pV);
            const before = simulatedCost(p, routes, pen);
            applyProposals(S, new Int32Array(p.n), new Int32Array(p.n), props.pU, k === 2 ? props.pV : null);
            const change = simulatedCost(p, S.export(), pen) - before;
            S.load(routes);
            if (exact) expect(bounds[m]).toBeCloseTo(change, 6);
            else expect(bounds[m]!).toBeLessThanOrEqual(change + 1e-6);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });
});
