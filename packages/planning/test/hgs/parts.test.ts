/**
 * The search's small parts, each against numbers worked by hand: timing segments (waiting, time
 * warp, duration beyond the maximum), the penalty manager's adaptation, the OX crossover, the
 * split, the seeded generator's reproducibility.
 */
import { describe, expect, it } from 'vitest';
import { orderCrossover } from '../../src/hgs/crossover';
import { PenaltyManager } from '../../src/hgs/penalties';
import { TimeSeg } from '../../src/hgs/segment';
import { makeProblem, Rng, split } from '../../src/hgs';

describe('timing segments', () => {
  it('waits when early, pays lateness as time warp, and counts the duration beyond the maximum', () => {
    // depot [0, 100] → A (service 5, window [20, 30]) travel 10 → B (service 5, window [0, 32]) travel 10 → depot travel 10
    const s = new TimeSeg().set(0, 0, 0, 100, 0, 0);
    s.append(10, 5, 0, 20, 30, 1, 1); // leave at 10 at the latest without waiting: start 10, arrive 20
    expect(s.dur).toBe(15); // 10 travel + 5 service, no wait (leave the depot at 10)
    expect(s.warp).toBe(0);
    s.append(10, 5, 0, 0, 32, 2, 2); // A done at 25 at the earliest → B at 35 > 32: warp 3
    expect(s.warp).toBe(3);
    s.append(10, 0, 0, 0, 100, 0, 0);
    expect(s.dur).toBe(40); // 30 travel + 10 service (the warped 3 stay counted, as in PyVRP)
    expect(s.routeWarp(30)).toBe(3 + 10);
    expect(s.routeWarp(100)).toBe(3);
  });
});

describe('penalty manager', () => {
  it('raises the price ×1.2 below 15 % feasible, lowers it ×0.85 above 25 %, every `period` results', () => {
    const pen = { load: new Float64Array([10]), tw: 10 };
    const m = new PenaltyManager(pen, { target: 0.2, period: 10, increase: 1.2, decrease: 0.85 });
    for (let i = 0; i < 9; i++) expect(m.record(new Float64Array([i < 1 ? 0 : 5]), 0)).toBe(false);
    expect(m.record(new Float64Array([5]), 0)).toBe(true);
    expect(pen.load[0]).toBeCloseTo(12, 9); // 1 / 10 load-feasible
    expect(pen.tw).toBeCloseTo(8.5, 9); // 10 / 10 warp-feasible
  });
});

describe('OX crossover', () => {
  it('keeps a run of parent A in place and the rest in parent B order', () => {
    const a = Int32Array.from([1, 2, 3, 4, 5, 6]);
    const b = Int32Array.from([6, 5, 4, 3, 2, 1]);
    for (let seed = 0; seed < 20; seed++) {
      const child = orderCrossover(a, b, new Rng(seed), 7);
      expect(Array.from(child).sort()).toEqual([1, 2, 3, 4, 5, 6]);
      // the positions where child = a form one circular run; the others follow b's order
      const fromB = Array.from(child).filter((c, i) => c !== a[i]);
      const order = fromB.map((c) => Array.from(b).indexOf(c));
      const rotations = order.filter((v, i) => i > 0 && v < order[i - 1]!).length;
      expect(rotations).toBeLessThanOrEqual(1);
    }
  });
});

describe('split', () => {
  it('cuts a giant tour where capacity forces it, at the least cost', () => {
    // a line: depot 0 at x=0, clients at x = 1, 2, 10, 11 with demand 1, capacity 2
    const xs = [0, 1, 2, 10, 11];
    const n = xs.length;
    const distance: number[] = [];
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) distance.push(Math.abs(xs[i]! - xs[j]!));
    const p = makeProblem({ numDepots: 1, distance, dims: 1, demand: [0, 1, 1, 1, 1], vehicleTypes: [{ count: 4, capacity: [2], startDepot: 0 }] });
    const routes = split(p, Int32Array.from([1, 2, 3, 4]), { load: new Float64Array([1000]), tw: 1 });
    expect(routes.filter((r) => r.length > 0).map((r) => Array.from(r))).toEqual([[1, 2], [3, 4]]); // 4 + 22
  });
});

describe('seeded generator', () => {
  it('gives the same sequence for a seed and another for another seed', () => {
    const seq = (s: number) => Array.from({ length: 5 }, ((r) => () => r.u32())(new Rng(s)));
    expect(seq(42)).toEqual(seq(42));
    expect(seq(42)).not.toEqual(seq(43));
  });
});

describe('problem matrices', () => {
  const problem = (far: number) =>
    makeProblem({
      numDepots: 1,
      distance: [0, 5, far, 5, 0, 7, far, 7, 0],
      dims: 1,
      demand: [0, 1, 1],
      vehicleTypes: [{ count: 1, capacity: [5], startDepot: 0 }],
    });

  it('keeps a matrix below 65 536 in 16 bits and a larger one in 32, with the same values', () => {
    const small = problem(65535);
    const large = problem(65536);
    expect(small.dist).toBeInstanceOf(Uint16Array);
    expect(large.dist).toBeInstanceOf(Int32Array);
    expect(Array.from(small.dist)).toEqual([0, 5, 65535, 5, 0, 7, 65535, 7, 0]);
    expect(Array.from(large.dist)).toEqual([0, 5, 65536, 5, 0, 7, 65536, 7, 0]);
  });

  it('refuses an entry that is negative, fractional or beyond 2³¹ − 1', () => {
    expect(() => problem(-1)).toThrow('distance[2]');
    expect(() => problem(1.5)).toThrow('distance[2]');
    expect(() => problem(2 ** 31)).toThrow('distance[2]');
  });
});
