/**
 * The model a depot's dispatcher checks, on hand-made instances where the law decides (Приказ
 * Минтранса № 424: 4 h 30 min of driving then a 45-minute break, split 15 + 30 allowed; a shift of
 * at most 12 h; 9 h of driving), the right body for bunkers, mass before volume, and the reasons of
 * unplanned sites. Travel times are given per pair (an explicit table), so every time below is
 * computed by hand; each plan is also passed through the independent checker (check/).
 */
import { describe, expect, it } from 'vitest';
import {
  buildRoute, checkPlan, greatCircleMatrix, nodePoints, savingsPlan, siteNeighbours, solvePlan, timelineContext,
  type PlanInstance, type PlannedRoute, type PlanShift, type PlanVehicle, type PlanSite, type TravelMatrix,
} from '../src';

const H = 3600;
/** No lunch inside these days (due 24 h after the start) unless a test sets one. */
const NO_LUNCH: PlanShift = { startS: 6 * H, endS: 22 * H, lunchAfterS: 30 * H, lunchS: 3600, unloadS: 900 };
const P = { lat: 52.5, lng: 103.9 };

/** A matrix from hours per pair (symmetric; 1 h = 30 km). */
function table(n: number, hours: (a: number, b: number) => number): TravelMatrix {
  const h = (a: number, b: number) => (a === b ? 0 : hours(Math.min(a, b), Math.max(a, b)));
  return { size: n, distanceM: (a, b) => h(a, b) * 30_000, timeS: (a, b) => h(a, b) * H, source: 'road_graph' };
}

function site(extra: Partial<PlanSite> = {}): PlanSite {
  return { id: Math.random(), point: P, volumeM3: 1, serviceS: 60, ...extra };
}

function inst(o: { sites: PlanSite[]; vehicles: PlanVehicle[]; depots?: number; shift?: PlanShift; hours: (a: number, b: number) => number; rules?: PlanInstance['rules'] }): PlanInstance {
  const depots = Array.from({ length: o.depots ?? 1 }, (_, d) => ({ id: `g${d}`, point: P }));
  const n = depots.length + 1 + o.sites.length;
  return { sites: o.sites, depots, facilities: [{ id: 'f', point: P }], vehicles: o.vehicles, shift: o.shift ?? NO_LUNCH, matrix: table(n, o.hours), rules: o.rules };
}

const kinds = (r: PlannedRoute) => r.stops.map((s) => (s.type === 'LUNCH_BREAK' ? `BREAK:${s.breakKind}` : s.type));

describe('working time (Приказ Минтранса № 424)', () => {
  // nodes: garage 0, landfill 1, sites A = 2 and B = 3; garage–site and A–B 2.5 h, site–landfill and landfill–garage 0.5 h
  const hours = (a: number, b: number) => (a === 0 && b === 1 ? 0.5 : a === 1 ? 0.5 : 2.5);
  const truck: PlanVehicle = { id: 't', depot: 0, capacityM3: 30 };

  it('a 5-hour driving stretch gets the 45-minute break before it passes 4 h 30 min', () => {
    const i = inst({ sites: [site(), site()], vehicles: [truck], hours });
    const plan = solvePlan(i);
    expect(plan.unplanned).toEqual([]);
    const [r] = plan.routes;
    // 06:00 leave; A at 06:00 + 2.5 h = 08:30 (30 600 s), 60 s service; 2.5 + 2.5 h would be 5 h of driving:
    // the break 08:31–09:16 at A; B at 09:16 + 2.5 h = 11:46 (42 360 s); landfill 42 420 + 1 800 = 44 220,
    // unloading 15 min to 45 120; garage 45 120 + 1 800 = 46 920 (13:02). Driving 6 h, shift 7 h 02 min.
    expect(kinds(r!)).toEqual(['GARAGE', 'WASTE_AREA', 'BREAK:driving', 'WASTE_AREA', 'WASTE_MANAGEMENT_FACILITY', 'GARAGE']);
    expect(r!.stops.map((s) => [s.arrivalS, s.departureS])).toEqual([
      [21600, 21600], [30600, 30660], [30660, 33360], [42360, 42420], [44220, 45120], [46920, 46920],
    ]);
    expect(r!.drivingS).toBe(6 * H);
    expect(checkPlan(i, plan)).toMatchObject({ ok: true, routes: [{ shiftS: 25320, drivingS: 21600 }] });

    // the same stops without the break: the checker (not the solver) finds 5 h of driving in a row
    const noBreak = { ...r!, stops: r!.stops.filter((s) => s.type !== 'LUNCH_BREAK') };
    expect(checkPlan(i, { ...plan, routes: [noBreak] }).violations.map((v) => v.code)).toContain('DRIVING_STRETCH');
    // split 15 + 30 min (п. 32) is a break; 15 + 15 is not
    const split = (second: number) => ({
      ...r!, stops: [
        r!.stops[0]!, r!.stops[1]!,
        { type: 'LUNCH_BREAK' as const, index: null, arrivalS: 30660, departureS: 30660 + 900, loadM3: 1 },
        { type: 'LUNCH_BREAK' as const, index: null, arrivalS: 31560, departureS: 31560 + second, loadM3: 1 },
        ...r!.stops.slice(3),
      ],
    });
    expect(checkPlan(i, { ...plan, routes: [split(1800)] }).violations.map((v) => v.code)).not.toContain('DRIVING_STRETCH');
    expect(checkPlan(i, { ...plan, routes: [split(900)] }).violations.map((v) => v.code)).toContain('DRIVING_STRETCH');
  });

  it('the lunch is that break when it comes first', () => {
    // lunch due 2 h 30 min after the start (08:30): taken at A, 1 h, and no separate driving break
    const i = inst({ sites: [site(), site()], vehicles: [truck], hours, shift: { ...NO_LUNCH, lunchAfterS: 8.5 * H } });
    const [r] = solvePlan(i).routes;
    expect(kinds(r!)).toEqual(['GARAGE', 'WASTE_AREA', 'BREAK:lunch', 'WASTE_AREA', 'WASTE_MANAGEMENT_FACILITY', 'GARAGE']);
    expect(r!.stops[2]).toMatchObject({ arrivalS: 30660, departureS: 34260 });
    expect(r!.endS).toBe(46920 + 900); // the 1-hour lunch instead of the 45-minute break
  });

  // nodes: garage 0, landfill 1, sites 2, 3…: every pair 15 min; each site 5 h 30 min of work
  const quarter = () => 0.25;
  const long = () => site({ serviceS: 5.5 * H });

  it('a 12 h 15 min day is not one shift: the second site is unplanned with its reason, or goes to a second crew', () => {
    // both on one route: 0.25 + 5.5 + 0.25 + 5.5 + 0.25 (landfill) + 0.25 (unloading) + 0.25 = 12.25 h > 12 h
    const one = inst({ sites: [long(), long()], vehicles: [truck], hours: quarter });
    const plan = solvePlan(one);
    expect(plan.routes).toHaveLength(1);
    expect(plan.routes[0]!.sites).toHaveLength(1);
    expect(plan.routes[0]!.endS).toBe(6 * H + 6.5 * H); // 0.25 + 5.5 + 0.25 + 0.25 + 0.25 h → 12:30
    expect(plan.unplanned).toHaveLength(1);
    expect(plan.unplanned![0]).toMatchObject({ reason: 'FLEET_TOO_SMALL' });
    expect(checkPlan(one, plan).ok).toBe(true);

    // a 13-hour limit (configurable) takes both: back at 06:00 + 12.25 h = 18:15
    const longer = solvePlan({ ...one, rules: { maxShiftS: 13 * H, maxDrivingStretchS: 4.5 * H, drivingBreakS: 2700, maxDailyDrivingS: 9 * H } });
    expect(longer.routes.map((r) => [r.sites.length, r.endS])).toEqual([[2, 18.25 * H]]);

    // two crews on the one truck: 06:00–14:00 and 14:00–22:00, one site each (back at 12:30 and 20:30)
    const crews = inst({ sites: [long(), long()], vehicles: [{ ...truck, crews: 2 }], hours: quarter });
    const two = solvePlan(crews);
    expect(two.unplanned).toEqual([]);
    expect(two.routes.map((r) => [r.vehicle, r.crew, r.startS, r.endS]).sort()).toEqual([[0, 0, 6 * H, 12.5 * H], [0, 1, 14 * H, 20.5 * H]]);
    expect(checkPlan(crews, two).ok).toBe(true);
  });

  it('a site whose window no shift reaches comes back with that reason', () => {
    const i = inst({ sites: [site(), site({ window: { openS: 4 * H, closeS: 5 * H } })], vehicles: [truck], hours: quarter });
    const plan = solvePlan(i);
    expect(plan.routes.flatMap((r) => r.sites)).toEqual([0]);
    expect(plan.unplanned).toEqual([{ site: 1, reason: 'WINDOW_UNREACHABLE', detail: expect.stringContaining('вне окна') }]);
  });
});

describe('the right truck', () => {
  it('a bunker site never goes on a rear loader: a multilift takes its three bunkers in three trips', () => {
    // garages: 0 (rear loader, beside the bunker site) and 1 (multilift, farther); landfill 2; sites 3, 4 (containers), 5 (3 bunkers)
    const points = [
      { lat: 52.50, lng: 103.90 }, { lat: 52.56, lng: 103.90 }, { lat: 52.53, lng: 103.95 },
      { lat: 52.51, lng: 103.91 }, { lat: 52.51, lng: 103.92 }, { lat: 52.501, lng: 103.901 },
    ];
    const containers = ['REAR', 'SIDE', 'FRONT'];
    const sites: PlanSite[] = [
      { id: 'c1', point: points[3]!, volumeM3: 1, serviceS: 120, bodies: containers },
      { id: 'c2', point: points[4]!, volumeM3: 1, serviceS: 120, bodies: containers },
      { id: 'b', point: points[5]!, volumeM3: 3 * 8 * 0.8, serviceS: 3 * 600, containers: 3, bodies: ['MULTILIFT', 'PORTAL'] },
    ];
    const base = {
      sites, depots: [{ id: 'g0', point: points[0]! }, { id: 'g1', point: points[1]! }], facilities: [{ id: 'f', point: points[2]! }],
      vehicles: [{ id: 'rear', depot: 0, capacityM3: 40, loading: 'REAR' }, { id: 'hook', depot: 1, capacityM3: 8, loading: 'MULTILIFT' }] as PlanVehicle[],
      shift: NO_LUNCH,
    };
    const i: PlanInstance = { ...base, matrix: greatCircleMatrix(nodePoints(base)) };
    const plan = solvePlan(i);
    expect(plan.unplanned).toEqual([]);
    const hook = plan.routes.find((r) => r.vehicle === 1)!;
    const rear = plan.routes.find((r) => r.vehicle === 0)!;
    expect(hook.sites).toEqual([2]);
    expect(rear.sites.sort()).toEqual([0, 1]);
    // one bunker per trip: bunker, landfill, bunker, landfill, bunker, landfill
    expect(kinds(hook)).toEqual(['GARAGE', 'WASTE_AREA', 'WASTE_MANAGEMENT_FACILITY', 'WASTE_AREA', 'WASTE_MANAGEMENT_FACILITY', 'WASTE_AREA', 'WASTE_MANAGEMENT_FACILITY', 'GARAGE']);
    expect(hook.stops.filter((s) => s.type === 'WASTE_AREA').map((s) => s.share)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(hook.unloads).toBe(3);
    expect(checkPlan(i, plan).ok).toBe(true);
    // the checker refuses the bunker on the rear loader
    const wrong = buildRoute(timelineContext(i), 0, [0, 2, 1]);
    expect(wrong.violations).toContain('INCOMPATIBLE_BODY');
    expect(checkPlan(i, { routes: [wrong], unserved: [], unplanned: [] }).violations.map((v) => v.code)).toContain('INCOMPATIBLE_BODY');

    // without the multilift the bunker site is not planned, and says why
    const rearOnly = solvePlan({ ...i, vehicles: [base.vehicles[0]!] });
    expect(rearOnly.unplanned).toEqual([{ site: 2, reason: 'NO_COMPATIBLE_VEHICLE', detail: expect.stringContaining('MULTILIFT') }]);
    expect(rearOnly.routes.flatMap((r) => r.sites).sort()).toEqual([0, 1]);
  });

  it('a mass-limited truck unloads earlier than its volume would say', () => {
    // 6 sites of 2 m³ and 300 kg in a row; body 20 m³ (10 sites by volume), payload 1 000 kg: 3 sites a load
    const sites = Array.from({ length: 6 }, () => site({ volumeM3: 2, massKg: 300 }));
    const hours = (a: number, b: number) => (a === 1 || b === 1 ? 0.3 : 0.1 * Math.abs(a - b));
    const byVolume = inst({ sites, vehicles: [{ id: 't', depot: 0, capacityM3: 20 }], hours });
    const byMass = inst({ sites, vehicles: [{ id: 't', depot: 0, capacityM3: 20, payloadKg: 1000 }], hours });
    const order = [0, 1, 2, 3, 4, 5];
    const volumeOnly = buildRoute(timelineContext(byVolume), 0, order);
    expect(kinds(volumeOnly)).toEqual(['GARAGE', ...order.map(() => 'WASTE_AREA'), 'WASTE_MANAGEMENT_FACILITY', 'GARAGE']);
    expect(volumeOnly.unloads).toBe(1);
    const mass = buildRoute(timelineContext(byMass), 0, order);
    expect(kinds(mass)).toEqual(['GARAGE', 'WASTE_AREA', 'WASTE_AREA', 'WASTE_AREA', 'WASTE_MANAGEMENT_FACILITY', 'WASTE_AREA', 'WASTE_AREA', 'WASTE_AREA', 'WASTE_MANAGEMENT_FACILITY', 'GARAGE']);
    expect(mass.stops.map((s) => s.loadKg)).toEqual([0, 300, 600, 900, 0, 300, 600, 900, 0, 0]);
    const plan = solvePlan(byMass);
    expect(plan.totals.unloads).toBe(2);
    expect(checkPlan(byMass, plan).ok).toBe(true);
    // four sites on one load is 1 200 kg: the checker says so
    expect(checkPlan(byMass, { routes: [{ ...volumeOnly }], unserved: [], unplanned: [] }).violations.map((v) => v.code)).toContain('OVER_PAYLOAD');
  });
});

describe('keeping the current assignment', () => {
  it('re-sequences each truck\'s own sites and moves none to another truck', () => {
    const points = Array.from({ length: 12 }, (_, k) => ({ lat: 52.51 + (k % 4) * 0.004, lng: 103.88 + Math.floor(k / 4) * 0.006 }));
    const base = {
      sites: points.map((point, k) => ({ id: k, point, volumeM3: 1, serviceS: 120 })),
      depots: [{ id: 'g', point: P }], facilities: [{ id: 'f', point: { lat: 52.5, lng: 103.97 } }],
      vehicles: [{ id: 'a', depot: 0, capacityM3: 30 }, { id: 'b', depot: 0, capacityM3: 30 }], shift: NO_LUNCH,
    };
    const i: PlanInstance = { ...base, matrix: greatCircleMatrix(nodePoints(base)) };
    // a deliberately mixed assignment: even sites on truck a, odd ones on truck b
    const keep = [{ vehicle: 0, sites: [0, 2, 4, 6, 8, 10] }, { vehicle: 1, sites: [11, 9, 7, 5, 3, 1] }];
    const kept = solvePlan(i, { keepAssignment: keep });
    expect(kept.routes.map((r) => [r.vehicle, [...r.sites].sort((a, b) => a - b)])).toEqual([[0, [0, 2, 4, 6, 8, 10]], [1, [1, 3, 5, 7, 9, 11]]]);
    expect(checkPlan(i, kept).ok).toBe(true);
    const free = solvePlan(i);
    expect(free.totals.distanceM).toBeLessThan(kept.totals.distanceM);
  });
});

describe('Clarke–Wright savings under the same model (the bench\'s baseline (b))', () => {
  const quarter = () => 0.25;
  it('joins two sites into one trip when the shift allows, and not when it would pass 12 h', () => {
    // every pair 15 min (7.5 km): joining saves 7.5 + 7.5 − 7.5 = 7.5 km
    const near = inst({ sites: [site(), site()], vehicles: [{ id: 'a', depot: 0, capacityM3: 30 }, { id: 'b', depot: 0, capacityM3: 30 }], hours: quarter });
    const joined = savingsPlan(timelineContext(near), siteNeighbours(near));
    expect(joined.routes.map((r) => r.sites.length)).toEqual([2]);
    expect(joined.totals.distanceM).toBe(4 * 7500); // garage, site, site, landfill, garage
    expect(checkPlan(near, joined).ok).toBe(true);
    // 5 h 30 min at each site: together 12 h 15 min > 12 h, so two trucks
    const long = inst({ sites: [site({ serviceS: 5.5 * H }), site({ serviceS: 5.5 * H })], vehicles: near.vehicles, hours: quarter });
    const apart = savingsPlan(timelineContext(long), siteNeighbours(long));
    expect(apart.routes.map((r) => r.sites.length)).toEqual([1, 1]);
    expect(checkPlan(long, apart).ok).toBe(true);
  });
});
