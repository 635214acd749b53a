/**
 * Every move of the local search priced against an independent recomputation: on random
 * instances (capacity only; time windows; two vehicle types with two load dimensions and two
 * depots) and random solutions, for many (u, v) pairs the move's priced change must equal the
 * forward-simulated cost after applying it, and the applied routes must still hold every client once.
 */
import { describe, expect, it } from 'vitest';
import { applyProposals, type Proposal } from '../../src/hgs/search/proposal';
import { LocalSearch, type MoveBuilder } from '../../src/hgs/search/local-search';
import { relocate, relocatePair, relocatePairReversed } from '../../src/hgs/search/relocate';
import { swapOne, swapPairOne, swapPairs } from '../../src/hgs/search/swap';
import { SwapStar } from '../../src/hgs/search/swap-star';
import { twoOpt, twoOptStar, twoOptStarReversed } from '../../src/hgs/search/two-opt';
import { granularNeighbours, Rng, type ProblemData } from '../../src/hgs';
import { randomProblem, randomRoutes, simulatedCost } from './helpers';

const MOVES: Record<string, MoveBuilder> = {
  relocate,
  relocatePair,
  relocatePairReversed,
  swapOne,
  swapPairOne,
  swapPairs,
  twoOpt: (S, u, v, pU) => twoOpt(S, u, v, pU),
  twoOptStar,
  twoOptStarReversed,
};

const CASES: [string, ProblemData][] = [
  ['capacity', randomProblem(1, { clients: 30 })],
  ['time windows', randomProblem(2, { clients: 30, timeWindows: true })],
  ['two types, two dims, two depots, windows', randomProblem(3, { clients: 30, timeWindows: true, types: 2, dims: 2, depots: 2 })],
];

const pen = (p: ProblemData) => ({ load: new Float64Array(p.dims).fill(3), tw: 2 });

function clientsOnce(p: ProblemData, routes: Int32Array[]): void {
  const seen = routes.flatMap((r) => Array.from(r)).sort((a, b) => a - b);
  expect(seen).toEqual(Array.from({ length: p.n - p.numDepots }, (_, i) => p.numDepots + i));
}

describe.each(CASES)('moves on %s', (_name, p) => {
  for (const [name, move] of Object.entries(MOVES)) {
    it(`${name}: the priced change equals the recomputed one`, () => {
      const rng = new Rng(7);
      const ls = new LocalSearch(p, pen(p), granularNeighbours(p, 10), rng);
      const S = ls.S;
      S.prune = false;
      let applied = 0;
      for (let trial = 0; trial < 300; trial++) {
        S.load(randomRoutes(p, trial));
        const u = p.numDepots + rng.int(p.n - p.numDepots);
        // v: a client of u's route (one time in three), a route's start depot (one in five), any client
        const pick = rng.int(15);
        const v = pick < 5 ? sameRoute(S, u, rng) : pick < 8 ? S.startNode(rng.int(S.R)) : p.numDepots + rng.int(p.n - p.numDepots);
        const before = simulatedCost(p, S.export(), S.pen);
        expect(S.total()).toBeCloseTo(before, 6);
        const delta = ls.delta(move, u, v);
        if (delta === Infinity) continue;
        // force the full price (no early stop) by pricing the proposals again through tryMove's path
        const full = fullDelta(ls);
        applyProposals(S, new Int32Array(p.n), new Int32Array(p.n), lsProposals(ls).pU, ls.lastRoutes === 2 ? lsProposals(ls).pV : null);
        const after = simulatedCost(p, S.export(), S.pen);
        expect(full).toBeCloseTo(after - before, 6);
        expect(S.total()).toBeCloseTo(after, 6);
        if (delta < full - 1e-9) expect(delta).toBeGreaterThanOrEqual(0);
        clientsOnce(p, S.export());
        applied++;
      }
      expect(applied).toBeGreaterThan(20);
    });

    it(`${name}: the early rejection on distance never drops an improving move`, () => {
      const rng = new Rng(8);
      const ls = new LocalSearch(p, pen(p), granularNeighbours(p, 10), rng);
      const S = ls.S;
      let built = 0;
      for (let trial = 0; trial < 300; trial++) {
        S.load(randomRoutes(p, trial));
        const u = p.numDepots + rng.int(p.n - p.numDepots);
        const v = rng.int(4) === 0 ? S.startNode(rng.int(S.R)) : p.numDepots + rng.int(p.n - p.numDepots);
        S.prune = false;
        const full = ls.delta(move, u, v);
        S.prune = true;
        const pruned = ls.delta(move, u, v);
        if (full < -1e-6) expect(pruned).toBeCloseTo(full, 6);
        // capacity only, one vehicle type: the O(1) bound (distance + load) is the exact change,
        // so a move that passes it improves
        if (!p.hasTime && p.types.length === 1 && pruned !== Infinity) {
          expect(full).toBeLessThan(-1e-6);
          built++;
        }
      }
      if (!p.hasTime && p.types.length === 1) expect(built).toBeGreaterThan(0);
    });
  }

  it('SWAP*: the exactly priced best candidate equals the recomputed change', () => {
    const rng = new Rng(11);
    const ls = new LocalSearch(p, pen(p), granularNeighbours(p, 10), rng);
    const S = ls.S;
    const star = new SwapStar(S, ls.ev);
    let applied = 0;
    for (let trial = 0; trial < 200; trial++) {
      S.load(randomRoutes(p, 1000 + trial));
      const rU = rng.int(S.R);
      const rV = rng.int(S.R);
      if (rU === rV || !star.find(rU, rV)) continue;
      const before = simulatedCost(p, S.export(), S.pen);
      const delta = star.price(rU, rV);
      const full = fullDelta(ls, star);
      applyProposals(S, new Int32Array(p.n), new Int32Array(p.n), starProposals(star).pU, starProposals(star).pV);
      const after = simulatedCost(p, S.export(), S.pen);
      expect(full).toBeCloseTo(after - before, 6);
      if (delta < full - 1e-9) expect(delta).toBeGreaterThanOrEqual(0);
      clientsOnce(p, S.export());
      applied++;
    }
    expect(applied).toBeGreaterThan(20);
  });

  it('SWAP*: the cached insertion tables give the same candidates as tables computed afresh', () => {
    const rng = new Rng(12);
    const ls = new LocalSearch(p, pen(p), granularNeighbours(p, 10), rng);
    const S = ls.S;
    const warm = new SwapStar(S, ls.ev);
    S.load(randomRoutes(p, 77));
    let compared = 0;
    let applied = 0;
    for (let trial = 0; trial < 300; trial++) {
      const rU = rng.int(S.R);
      const rV = rng.int(S.R);
      if (rU === rV) continue;
      const fresh = new SwapStar(S, ls.ev);
      const found = warm.find(rU, rV);
      expect(fresh.find(rU, rV)).toBe(found);
      if (!found) continue;
      expect([warm.bestU, warm.bestV, warm.bestAfterU, warm.bestAfterV]).toEqual([fresh.bestU, fresh.bestV, fresh.bestAfterU, fresh.bestAfterV]);
      compared++;
      // change the two routes now and then, so that some cached tables go stale
      if (trial % 3 === 0 && warm.run(rU, rV)) applied++;
    }
    expect(compared).toBeGreaterThan(20);
    expect(applied).toBeGreaterThan(3);
  });

  it('a local search run ends in a local optimum no move improves, and only lowers the cost', () => {
    const rng = new Rng(5);
    const ls = new LocalSearch(p, pen(p), granularNeighbours(p, 29), rng);
    const start = randomRoutes(p, 99);
    const before = simulatedCost(p, start, pen(p));
    const out = ls.run(start, pen(p));
    const after = simulatedCost(p, out, pen(p));
    expect(after).toBeLessThan(before);
    clientsOnce(p, out);
    const S = ls.S;
    S.prune = false;
    for (let u = p.numDepots; u < p.n; u++) {
      for (let v = p.numDepots; v < p.n; v++) {
        for (const move of Object.values(MOVES)) {
          if (p.hasTime && move === MOVES.twoOptStarReversed) continue;
          expect(ls.delta(move, u, v)).toBeGreaterThan(-1e-6);
        }
      }
    }
    expect(S.total()).toBeCloseTo(after, 6);
  });
});

/** A random client of u's route (u itself when alone). */
function sameRoute(S: LocalSearch['S'], u: number, rng: Rng): number {
  const r = S.route[u]!;
  let v = S.next[S.startNode(r)]!;
  for (let k = rng.int(S.rSize[r]!); k > 0; k--) v = S.next[v]!;
  return v;
}

type Props = { pU: Proposal; pV: Proposal };
const lsProposals = (ls: LocalSearch) => ls as unknown as Props;
const starProposals = (s: SwapStar) => s as unknown as Props;

/** The move's full price (distance + penalties) from its ready proposals. */
function fullDelta(ls: LocalSearch, star?: SwapStar): number {
  const { pU, pV } = star ? starProposals(star) : lsProposals(ls);
  const S = ls.S;
  const two = star ? true : ls.lastRoutes === 2;
  let d = ls.ev.distanceOf(pU) + ls.ev.penaltyOf(pU) - S.rCost[pU.route]!;
  if (two) d += ls.ev.distanceOf(pV) + ls.ev.penaltyOf(pV) - S.rCost[pV.route]!;
  return d;
}
