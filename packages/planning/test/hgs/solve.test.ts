/**
 * The genetic search end to end: on small instances its cost equals the optimum found by an
 * independent exhaustive search (Held–Karp over every subset of clients for the route costs,
 * then the best partition into feasible routes), with one and with two vehicle types; answers
 * are feasible, deterministic for a seed, and progress is reported.
 */
import { describe, expect, it } from 'vitest';
import { hgsSearch, makeProblem, Rng, savingsBaseline, solveHgs, type ProblemData } from '../../src/hgs';
import { randomProblem, simulatedCost } from './helpers';

/** Optimal CVRP cost by exhaustive dynamic programming (clients ≤ 12; one depot; any vehicle count). */
function optimum(p: ProblemData, capacity: number, fixed = 0): number {
  const C = p.n - 1;
  const full = 1 << C;
  const n = p.n;
  // tsp[S][j]: shortest path depot → clients of S ending at j
  const tsp = new Float64Array(full * C).fill(Infinity);
  for (let j = 0; j < C; j++) tsp[(1 << j) * C + j] = p.dist[j + 1]!;
  for (let S = 1; S < full; S++) {
    for (let j = 0; j < C; j++) {
      const cur = tsp[S * C + j]!;
      if (!(S & (1 << j)) || cur === Infinity) continue;
      for (let k = 0; k < C; k++) {
        if (S & (1 << k)) continue;
        const T = S | (1 << k);
        const v = cur + p.dist[(j + 1) * n + k + 1]!;
        if (v < tsp[T * C + k]!) tsp[T * C + k] = v;
      }
    }
  }
  const route = new Float64Array(full).fill(Infinity);
  for (let S = 1; S < full; S++) {
    let load = 0;
    for (let j = 0; j < C; j++) if (S & (1 << j)) load += p.demand[j + 1]!;
    if (load > capacity) continue;
    for (let j = 0; j < C; j++) if (S & (1 << j)) route[S] = Math.min(route[S]!, tsp[S * C + j]! + p.dist[(j + 1) * n]! + fixed);
  }
  const best = new Float64Array(full).fill(Infinity);
  best[0] = 0;
  for (let S = 1; S < full; S++) {
    const low = S & -S; // the partition's route containing the lowest client
    for (let R = S; R > 0; R = (R - 1) & S) {
      if (!(R & low) || route[R] === Infinity) continue;
      const v = best[S ^ R]! + route[R]!;
      if (v < best[S]!) best[S] = v;
    }
  }
  return best[full - 1]!;
}

function smallCvrp(seed: number, clients: number, capacity: number, fixed = 0): ProblemData {
  const rng = new Rng(seed);
  const n = clients + 1;
  const x = Array.from({ length: n }, () => rng.int(200));
  const y = Array.from({ length: n }, () => rng.int(200));
  const distance: number[] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) distance.push(Math.round(Math.hypot(x[i]! - x[j]!, y[i]! - y[j]!)));
  const demand = Array.from({ length: n }, (_, i) => (i === 0 ? 0 : 1 + rng.int(10)));
  return makeProblem({ numDepots: 1, distance, dims: 1, demand, vehicleTypes: [{ count: clients, capacity: [capacity], startDepot: 0, fixedCost: fixed }], x, y });
}

describe('hybrid genetic search', () => {
  it.each([
    [1, 11, 15],
    [2, 12, 20],
    [3, 12, 12],
  ])('reaches the exhaustive optimum (seed %i, %i clients, capacity %i)', (seed, clients, capacity) => {
    const p = smallCvrp(seed, clients, capacity);
    const best = optimum(p, capacity);
    const r = solveHgs(p, { seed: 1, maxIterations: 300, timeLimitS: 600 });
    expect(r.feasible).toBe(true);
    expect(r.cost).toBe(best);
    expect(simulatedCost(p, r.routes, { load: new Float64Array([1e6]), tw: 1e6 })).toBe(best);
  });

  it('ends after `maxStall` iterations without a better solution, long before its time limit; same answer as the cooperative run', () => {
    const p = smallCvrp(2, 12, 20);
    const r = solveHgs(p, { seed: 2, maxStall: 500, timeLimitS: 600 });
    expect(r.elapsedS).toBeLessThan(600);
    // at least the stall after the last improvement, and the last improvement was found by then
    expect(r.iterations).toBeGreaterThanOrEqual(500);
    expect(r.cost).toBe(optimum(p, 20));
    // hgsSearch stepped by hand: the same iterations and routes, and every yield carries the progress
    const search = hgsSearch(p, { seed: 2, maxStall: 500, timeLimitS: 600 });
    let step = search.next();
    let last = -1;
    for (; !step.done; step = search.next()) {
      expect(step.value.iterations).toBeGreaterThanOrEqual(last);
      last = step.value.iterations;
    }
    expect(step.value.routes).toEqual(r.routes);
    expect(step.value.iterations).toBe(r.iterations);
  });

  it('counts the fixed cost of every vehicle used (fewer, longer routes when vehicles are dear)', () => {
    const p = smallCvrp(4, 11, 25, 500);
    const best = optimum(p, 25, 500);
    const r = solveHgs(p, { seed: 3, maxIterations: 300, timeLimitS: 600 });
    expect(r.cost).toBe(best);
    expect(r.routes.filter((x) => x.length > 0).length * 500 + r.distance).toBe(best);
  });

  it('answers feasibly with windows, two vehicle types, two load dimensions and two depots; deterministic for a seed', () => {
    // windows wide enough (≥ 200 after a travel ≤ 141) and capacity enough for a feasible answer to exist
    const p = randomProblem(9, { clients: 30, timeWindows: true, types: 2, dims: 2, depots: 2, count: 12, wide: true });
    const seen: number[] = [];
    const a = solveHgs(p, { seed: 5, maxIterations: 60, timeLimitS: 600, onProgress: (pr) => seen.push(pr.iterations) });
    const b = solveHgs(p, { seed: 5, maxIterations: 60, timeLimitS: 600 });
    expect(a.routes).toEqual(b.routes);
    expect(a.cost).toBe(b.cost);
    expect(seen.at(-1)).toBe(60);
    const served = a.routes.flat().sort((x, y) => x - y);
    expect(served).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    if (a.feasible) {
      // feasible: no penalty, so the simulated penalised cost equals the reported cost
      expect(simulatedCost(p, a.routes, { load: new Float64Array([1e6, 1e6]), tw: 1e6 })).toBe(a.cost);
    }
    expect(a.feasible).toBe(true);
  });

  it('the savings baseline answers feasibly and no better than the optimum', () => {
    const p = smallCvrp(2, 12, 20);
    const r = savingsBaseline(p);
    expect(r.feasible).toBe(true);
    expect(r.cost).toBeGreaterThanOrEqual(optimum(p, 20));
    expect(r.cost).toBeLessThanOrEqual(r.savingsCost);
  });
});
