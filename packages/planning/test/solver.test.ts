/**
 * The daily plan's constraints on small hand-made instances (issue 10 §4, §6): capacity with
 * unloading trips, the shift window and lunch break, garage start/end, due dates, and that the
 * solver beats the nearest-neighbour reference plans it is measured against.
 */
import { describe, expect, it } from 'vitest';
import {
  assignedNearestNeighbour,
  checkPlan,
  greatCircleMatrix,
  greedyNearestNeighbour,
  isDue,
  nodePoints,
  solvePlan,
  solvePlanAsync,
  timelineContext,
  type PlanInstance,
  type PlanShift,
} from '../src';

const SHIFT: PlanShift = { startS: 6 * 3600, endS: 22 * 3600, lunchAfterS: 12 * 3600, lunchS: 3600, unloadS: 900 };

/** Sites on a 0.01° grid north of the depot; a facility 5 km east. */
function instance(opts: { sites: number; volume: number; capacity: number; vehicles: number; serviceS?: number; depots?: number }): PlanInstance {
  const depots = Array.from({ length: opts.depots ?? 1 }, (_, d) => ({ id: `g${d}`, point: { lat: 52.5, lng: 103.9 + d * 0.05 } }));
  const facilities = [{ id: 'landfill', point: { lat: 52.5, lng: 103.97 } }];
  const sites = Array.from({ length: opts.sites }, (_, i) => ({
    id: i,
    point: { lat: 52.51 + Math.floor(i / 6) * 0.004, lng: 103.88 + (i % 6) * 0.006 },
    volumeM3: opts.volume,
    serviceS: opts.serviceS ?? 240,
  }));
  const vehicles = Array.from({ length: opts.vehicles }, (_, v) => ({ id: v, depot: v % depots.length, capacityM3: opts.capacity }));
  const base = { sites, depots, facilities, vehicles, shift: SHIFT };
  return { ...base, matrix: greatCircleMatrix(nodePoints(base)) };
}

describe('daily plan constraints', () => {
  it('unloads whenever the next site would overflow the body, never carries more than capacity', () => {
    const inst = instance({ sites: 30, volume: 3, capacity: 10, vehicles: 2 });
    const plan = solvePlan(inst);
    expect(plan.unserved).toEqual([]);
    expect(plan.totals.sites).toBe(30);
    for (const r of plan.routes) {
      expect(r.feasible).toBe(true);
      expect(r.maxLoadM3).toBeLessThanOrEqual(10);
      let load = 0;
      for (const s of r.stops) {
        if (s.type === 'WASTE_AREA') load += 3;
        if (s.type === 'WASTE_MANAGEMENT_FACILITY') load = 0;
        expect(load).toBeLessThanOrEqual(10);
        expect(s.loadM3).toBeCloseTo(load, 6);
      }
      // 3 sites per load at most: at least ceil(n/3) unloads, the last one before going home
      expect(r.unloads).toBeGreaterThanOrEqual(Math.ceil(r.sites.length / 3));
      expect(r.stops.at(-2)!.type).toBe('WASTE_MANAGEMENT_FACILITY');
    }
    expect(plan.totals.unloads).toBeGreaterThanOrEqual(10);
    expect(checkPlan(inst, plan)).toMatchObject({ ok: true, violations: [] });
  });

  it('starts and ends each route at its own garage and keeps the 06:00–22:00 window with one lunch', () => {
    const inst = instance({ sites: 60, volume: 1, capacity: 20, vehicles: 6, serviceS: 1800, depots: 2 });
    const plan = solvePlan(inst);
    expect(plan.unserved).toEqual([]);
    // 60 × 30 min of service alone is 30 h: more than one vehicle is needed
    expect(plan.routes.length).toBeGreaterThanOrEqual(2);
    for (const r of plan.routes) {
      const depot = inst.vehicles[r.vehicle]!.depot;
      expect(r.stops[0]).toMatchObject({ type: 'GARAGE', index: depot, departureS: SHIFT.startS });
      expect(r.stops.at(-1)).toMatchObject({ type: 'GARAGE', index: depot });
      expect(r.endS).toBeLessThanOrEqual(SHIFT.endS);
      const lunches = r.stops.filter((s) => s.type === 'LUNCH_BREAK');
      if (r.endS > SHIFT.lunchAfterS) {
        expect(lunches).toHaveLength(1);
        expect(lunches[0]!.arrivalS).toBeGreaterThanOrEqual(SHIFT.lunchAfterS);
        expect(lunches[0]!.departureS - lunches[0]!.arrivalS).toBe(SHIFT.lunchS);
      }
      for (let k = 1; k < r.stops.length; k++) expect(r.stops[k]!.arrivalS).toBeGreaterThanOrEqual(r.stops[k - 1]!.departureS - 1e-6);
    }
    const served = plan.routes.flatMap((r) => r.sites).sort((a, b) => a - b);
    expect(served).toEqual(inst.sites.map((_, i) => i));
    expect(checkPlan(inst, plan)).toMatchObject({ ok: true, violations: [] });
  });

  it('reports sites a too-small fleet cannot serve instead of running past 22:00', () => {
    const inst = instance({ sites: 40, volume: 1, capacity: 20, vehicles: 1, serviceS: 3600 });
    const plan = solvePlan(inst);
    expect(plan.routes).toHaveLength(1);
    expect(plan.routes[0]!.feasible).toBe(true);
    expect(plan.unserved.length).toBeGreaterThan(20);
    expect(plan.unserved.length + plan.totals.sites).toBe(40);
    expect(new Set(plan.unplanned!.map((u) => u.reason))).toEqual(new Set(['FLEET_TOO_SMALL']));
    expect(checkPlan(inst, plan)).toMatchObject({ ok: true, violations: [] });
  });

  it('is shorter than both nearest-neighbour reference plans', () => {
    const inst = instance({ sites: 48, volume: 2, capacity: 16, vehicles: 8, depots: 2 });
    const ctx = timelineContext(inst);
    const plan = solvePlan(inst);
    const assignment = inst.vehicles.map((_, v) => inst.sites.map((_, s) => s).filter((s) => s % inst.vehicles.length === v));
    const a = assignedNearestNeighbour(ctx, assignment);
    const b = greedyNearestNeighbour(ctx);
    expect(plan.totals.distanceM).toBeLessThan(a.totals.distanceM);
    expect(plan.totals.distanceM).toBeLessThanOrEqual(b.totals.distanceM);
    expect(plan.totals.infeasibleRoutes).toBe(0);
  });
});

describe('the HGS giant tour (hgs-tour.ts)', () => {
  it('plans whole loads by hybrid genetic search, split under the same rules; the cheaper tour is kept', () => {
    const inst = instance({ sites: 48, volume: 2, capacity: 16, vehicles: 8, depots: 2 });
    const plain = solvePlan(inst);
    const withHgs = solvePlan(inst, { hgsSeconds: 1, seed: 3 });
    expect(withHgs.unserved).toEqual([]);
    expect(withHgs.totals.distanceM).toBeLessThanOrEqual(plain.totals.distanceM + 1e-6);
    expect(checkPlan(inst, withHgs)).toMatchObject({ ok: true, violations: [] });
  });

  it('runs without blocking the event loop (the worker job) and gives the same plan as the blocking call', async () => {
    const inst = instance({ sites: 48, volume: 2, capacity: 16, vehicles: 8, depots: 2 });
    // ended by the stall rule, far before the time limit: the same search path both ways
    const options = { hgsSeconds: 600, hgsMaxStall: 3000, seed: 5 };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      const blocking = solvePlan(inst, options);
      const blockedTicks = ticks;
      const fractions: number[] = [];
      const cooperative = await solvePlanAsync(inst, { ...options, onProgress: (f) => fractions.push(f) });
      // the blocking call gave the timer no turn; the cooperative one gave it turns while searching
      expect(blockedTicks).toBe(0);
      expect(ticks).toBeGreaterThan(0);
      expect(cooperative.routes.map((r) => [r.vehicle, r.sites])).toEqual(blocking.routes.map((r) => [r.vehicle, r.sites]));
      expect(cooperative.totals.distanceM).toBe(blocking.totals.distanceM);
      // progress rises from the search stage to the end
      expect(fractions.at(-1)).toBe(1);
      expect(fractions.some((f) => f > 0.2 && f < 0.7)).toBe(true);
      for (let k = 1; k < fractions.length; k++) expect(fractions[k]!).toBeGreaterThanOrEqual(fractions[k - 1]! - 1e-9);
    } finally {
      clearInterval(timer);
    }
  });
});

describe('due dates', () => {
  it('serves ON_MONTHDAYS on the listed days and a 31st on the last day of a shorter month', () => {
    const s = { periodicity: 'ON_MONTHDAYS', monthdays: [1, 15, 31] };
    expect(isDue(s, { year: 2026, month: 11, day: 15 })).toBe(true);
    expect(isDue(s, { year: 2026, month: 11, day: 16 })).toBe(false);
    expect(isDue(s, { year: 2026, month: 11, day: 30 })).toBe(true);
    expect(isDue(s, { year: 2026, month: 12, day: 30 })).toBe(false);
    expect(isDue(s, { year: 2026, month: 12, day: 31 })).toBe(true);
  });
  it('counts weekdays from Monday = 1 and every other day from the anchor', () => {
    expect(isDue({ periodicity: 'ON_WEEKDAYS', weekdays: [2] }, { year: 2026, month: 11, day: 24 })).toBe(true); // Tuesday
    expect(isDue({ periodicity: 'ON_WEEKDAYS', weekdays: [1] }, { year: 2026, month: 11, day: 24 })).toBe(false);
    const eod = { periodicity: 'EVERY_OTHER_DAY', anchor: '2026-11-01' };
    expect(isDue(eod, { year: 2026, month: 11, day: 3 })).toBe(true);
    expect(isDue(eod, { year: 2026, month: 11, day: 4 })).toBe(false);
    expect(isDue({ periodicity: 'ON_DATES', dates: ['2026-11-24'] }, { year: 2026, month: 11, day: 24 })).toBe(true);
    expect(isDue({ periodicity: null }, { year: 2026, month: 11, day: 24 })).toBe(false);
  });
});
