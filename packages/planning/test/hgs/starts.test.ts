/**
 * What the initial population is built from, against answers worked by hand or by brute force:
 * the symmetric granular neighbourhood (HGS-CVRP's correlated vertices) and the shaped savings
 * (Gaskell 1967, Paessens 1988) that give the population diverse starts.
 */
import { describe, expect, it } from 'vitest';
import { granularNeighbours, makeProblem, savingsRoutes } from '../../src/hgs';
import { randomProblem } from './helpers';

describe('granular neighbourhood', () => {
  it('symmetric: j among the k nearest of i, or i among the k nearest of j — nothing else', () => {
    const p = randomProblem(11, { clients: 40, capacityOnly: true });
    const k = 5;
    const plain = granularNeighbours(p, k);
    const sym = granularNeighbours(p, k, 0.2, 1, true);
    // brute force: the k nearest of every client by distance (ties by index), then the union
    const nearest = (i: number): number[] => {
      const others: number[] = [];
      for (let j = 1; j < p.n; j++) if (j !== i) others.push(j);
      others.sort((a, b) => p.dist[i * p.n + a]! - p.dist[i * p.n + b]! || a - b);
      return others.slice(0, k);
    };
    let grown = 0;
    for (let i = 1; i < p.n; i++) {
      expect(Array.from(plain[i]!)).toEqual(nearest(i));
      const expected = new Set(nearest(i));
      for (let j = 1; j < p.n; j++) if (j !== i && nearest(j).includes(i)) expected.add(j);
      expect(new Set(sym[i])).toEqual(expected);
      expect(sym[i]!.length).toBe(expected.size);
      // nearest first
      for (let m = 1; m < sym[i]!.length; m++) expect(p.dist[i * p.n + sym[i]![m]!]!).toBeGreaterThanOrEqual(p.dist[i * p.n + sym[i]![m - 1]!]!);
      if (expected.size > k) grown++;
    }
    expect(grown).toBeGreaterThan(0);
  });
});

describe('shaped savings', () => {
  // depot 0; A = 1, B = 2 far out and close together, C = 3 near the depot:
  // d(0,A) = d(0,B) = 10, d(0,C) = 4, d(A,B) = 2, d(A,C) = d(B,C) = 7; two clients per vehicle
  const D = [
    [0, 10, 10, 4],
    [10, 0, 2, 7],
    [10, 2, 0, 7],
    [4, 7, 7, 0],
  ];
  const p = makeProblem({
    numDepots: 1,
    distance: D.flat(),
    dims: 1,
    demand: [0, 1, 1, 1],
    vehicleTypes: [{ count: 3, capacity: [2], startDepot: 0 }],
  });
  const all = [new Int32Array(0), new Int32Array([2, 3]), new Int32Array([1, 3]), new Int32Array([1, 2])];
  const sorted = (routes: number[][]) => routes.map((r) => [...r].sort()).sort((a, b) => a[0]! - b[0]!);

  it('classic (λ = 1, μ = 0): joins A and B (saving 10 + 10 − 2 = 18 against 10 + 4 − 7 = 7)', () => {
    expect(sorted(savingsRoutes(p, all))).toEqual([[1, 2], [3]]);
    expect(sorted(savingsRoutes(p, all, { lambda: 1, mu: 0 }))).toEqual([[1, 2], [3]]);
  });

  it('μ = 2 rewards unequal depot distances: A with C (7 + 2 × 6 = 19 > 18), B alone', () => {
    expect(sorted(savingsRoutes(p, all, { lambda: 1, mu: 2 }))).toEqual([[1, 3], [2]]);
  });

  it('λ = 3 weighs the joining edge: A–B 20 − 6 = 14 still beats A–C 14 − 21 < 0', () => {
    expect(sorted(savingsRoutes(p, all, { lambda: 3, mu: 0 }))).toEqual([[1, 2], [3]]);
    // and with μ = 2: A–C 14 − 21 + 12 = 5 < 14, so A–B stays
    expect(sorted(savingsRoutes(p, all, { lambda: 3, mu: 2 }))).toEqual([[1, 2], [3]]);
  });
});
