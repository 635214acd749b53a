/**
 * The time-window side of the search against independent answers: the timing segments'
 * concatenation (Vidal et al. 2013) against a brute-force simulation over every departure time,
 * and the route elimination (route-min.ts) against a recomputed cost and an exhaustive cheapest
 * insertion.
 */
import { describe, expect, it } from 'vitest';
import { granularNeighbours, LocalSearch, Rng, RouteRemoval, solveHgs, type ProblemData } from '../../src/hgs';
import { TimeSeg } from '../../src/hgs/segment';
import { randomProblem, randomRoutes, simulatedCost } from './helpers';

/**
 * Brute force: leave the first node at every integer time of its window, wait when early, pay
 * lateness as time warp (Vidal 2013: arrive at the window's end); the least warp, and the least
 * duration (end − start + warp) among the departures with that warp.
 */
function bruteForce(nodes: { service: number; early: number; late: number }[], travel: number[]): { warp: number; dur: number } {
  let best = { warp: Infinity, dur: Infinity };
  for (let t0 = nodes[0]!.early; t0 <= nodes[0]!.late; t0++) {
    let t = t0;
    let warp = 0;
    for (let i = 0; i < nodes.length; i++) {
      if (i > 0) t += travel[i - 1]!;
      const nd = nodes[i]!;
      if (t < nd.early) t = nd.early;
      if (t > nd.late) {
        warp += t - nd.late;
        t = nd.late;
      }
      t += nd.service;
    }
    const dur = t - t0 + warp;
    if (warp < best.warp || (warp === best.warp && dur < best.dur)) best = { warp, dur };
  }
  return best;
}

describe('timing segments: concatenation equals a brute-force simulation', () => {
  it('on 300 random sequences, for every cut point (prefix ⊕ suffix) and node by node', () => {
    const rng = new Rng(7);
    for (let k = 0; k < 300; k++) {
      const len = 2 + rng.int(7);
      const nodes = Array.from({ length: len }, () => {
        const early = rng.int(120);
        return { service: rng.int(8), early, late: early + rng.int(40) };
      });
      const travel = Array.from({ length: len - 1 }, () => rng.int(30));
      const expected = bruteForce(nodes, travel);
      const single = (i: number) => new TimeSeg().set(nodes[i]!.service, 0, nodes[i]!.early, nodes[i]!.late, i, i);
      const range = (from: number, to: number) => {
        const s = single(from);
        for (let i = from + 1; i <= to; i++) s.append(travel[i - 1]!, nodes[i]!.service, 0, nodes[i]!.early, nodes[i]!.late, i, i);
        return s;
      };
      const whole = range(0, len - 1);
      expect({ warp: whole.warp, dur: whole.dur }).toEqual(expected);
      for (let cut = 1; cut < len; cut++) {
        const head = range(0, cut - 1);
        const tail = range(cut, len - 1);
        head.append(travel[cut - 1]!, tail.dur, tail.warp, tail.early, tail.late, tail.first, tail.last);
        expect({ warp: head.warp, dur: head.dur }).toEqual(expected);
      }
    }
  });
});

function served(p: ProblemData, routes: ArrayLike<ArrayLike<number>>): number[] {
  const all: number[] = [];
  for (const r of Array.from(routes)) all.push(...Array.from(r));
  return all.sort((a, b) => a - b);
}

describe('route elimination', () => {
  it('empties the route, serves every client once, and its reported change is the recomputed one', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const p = randomProblem(seed, { clients: 25, timeWindows: true, count: 6, wide: seed % 2 === 0 });
      const pen = { load: new Float64Array([3 + seed]), tw: 0.5 + seed / 4 };
      const nb = granularNeighbours(p, 6);
      const ls = new LocalSearch(p, pen, nb, new Rng(seed));
      const rm = new RouteRemoval(ls.S, nb);
      const start = randomRoutes(p, seed);
      const r = start.findIndex((x) => x.length > 0);
      const { routes, delta } = rm.remove(start, r, pen, new Rng(seed));
      expect(routes[r]!.length).toBe(0);
      expect(served(p, routes)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
      expect(delta).toBeCloseTo(simulatedCost(p, routes, pen) - simulatedCost(p, start, pen), 6);
    }
  });

  it('puts a lone client at the cheapest of all positions (all clients neighbours)', () => {
    for (let seed = 1; seed <= 15; seed++) {
      const p = randomProblem(100 + seed, { clients: 12, timeWindows: true, count: 4 });
      const pen = { load: new Float64Array([2]), tw: 1 + seed / 5 };
      const nb = granularNeighbours(p, 11);
      const ls = new LocalSearch(p, pen, nb, new Rng(seed));
      const rm = new RouteRemoval(ls.S, nb);
      // client 1 alone in slot 0, the others spread over slots 1–3
      const start: number[][] = [[1], [], [], []];
      for (let c = 2; c <= 12; c++) start[1 + (c % 3)]!.push(c);
      const { routes } = rm.remove(start, 0, pen, new Rng(seed));
      let best = Infinity;
      for (let s = 1; s <= 3; s++) {
        for (let at = 0; at <= start[s]!.length; at++) {
          const trial = start.map((x) => x.slice());
          trial[0] = [];
          trial[s]!.splice(at, 0, 1);
          best = Math.min(best, simulatedCost(p, trial, pen));
        }
      }
      expect(simulatedCost(p, routes, pen)).toBeCloseTo(best, 6);
    }
  });

  it('the search with route elimination answers feasibly, every client once, deterministic for a seed', () => {
    const p = randomProblem(5, { clients: 40, timeWindows: true, count: 12, wide: true });
    const a = solveHgs(p, { seed: 3, maxIterations: 60, initialSize: 10, routeRemoval: { every: 2, initialFailures: 5 } });
    const b = solveHgs(p, { seed: 3, maxIterations: 60, initialSize: 10, routeRemoval: { every: 2, initialFailures: 5 } });
    expect(a.feasible).toBe(true);
    expect(served(p, a.routes)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(a.routes).toEqual(b.routes);
    expect(a.cost).toBeCloseTo(simulatedCost(p, a.routes, { load: new Float64Array([0]), tw: 0 }), 6);
  });
});
