/**
 * The timeline of one crew's shift: leave the garage at the crew's start, visit the sites in the
 * given order, drive to the nearest facility to unload whenever the next site's waste would not
 * fit (volume m³, mass kg, containers per trip — whichever binds first), serve a site bigger than
 * the body in several trips (there and back to the facility), wait for a site's or a facility's
 * opening, take the lunch at the first stop `lunchAfterS − startS` after the crew's start, take
 * the 45-minute driving break before a leg that would pass 4 h 30 min of driving since the last
 * break (Приказ Минтранса № 424 п. 32; rules.ts), unload the rest at the end and drive home.
 *
 * A route that breaks a rule is still built and carries its `violations` (the solver keeps only
 * routes without; a manual move may make one). `CursorState` is the incremental form the split
 * uses (split.ts); `buildRoute` the full one with stops.
 */
import { carriesContainers, compatible } from './bodies';
import { nodeOfDepot, nodeOfFacility, nodeOfSite } from './matrix';
import { planUnits, rulesOf } from './rules';
import type { PlanInstance, PlannedRoute, PlannedStop, PlanUnit, ViolationCode, WorkRules } from './types';

/** Precomputed per instance: the nearest facility of every node, the crews' shifts, the rules. */
export interface TimelineContext {
  inst: PlanInstance;
  /** nearest facility (index) of every node; -1 when there is none. */
  nearestFacility: Int32Array;
  /** Every crew-shift of the fleet (rules.ts planUnits); built on first use when absent. */
  units?: PlanUnit[];
  rules?: WorkRules;
}

/** What the timeline needs of a crew-shift: its truck's body and garage, its start and latest return. */
export interface UnitSpec {
  depot: number;
  startS: number;
  endS: number;
  capacityM3: number;
  payloadKg?: number;
  containersPerTrip?: number;
  loading?: string;
}

/** State after the last served site; cheap to copy. */
export interface CursorState {
  node: number;
  timeS: number;
  startS: number;
  distanceM: number;
  loadM3: number;
  loadKg: number;
  loadContainers: number;
  maxLoadM3: number;
  overCapacity: boolean;
  unloads: number;
  lunchTaken: boolean;
  drivingS: number;
  /** Driving since the last break of at least 45 min, s. */
  stretchS: number;
  /** A single leg longer than the driving stretch allows (no stop to break at). */
  longLeg: boolean;
  siteLateS: number;
  facilityLateS: number;
}

const rules = (ctx: TimelineContext) => (ctx.rules ??= rulesOf(ctx.inst));

/** The crew-shifts of the context's instance. */
export function unitsOf(ctx: TimelineContext): PlanUnit[] {
  return (ctx.units ??= planUnits(ctx.inst));
}

/** The spec of vehicle `v`'s crew `crew` (crew 0 when the truck has one). */
export function unitSpec(ctx: TimelineContext, v: number, crew = 0): UnitSpec {
  const units = unitsOf(ctx);
  const unit = units.find((u) => u.vehicle === v && u.crew === crew) ?? units.find((u) => u.vehicle === v)!;
  const vehicle = ctx.inst.vehicles[v]!;
  return {
    depot: vehicle.depot, startS: unit.startS, endS: unit.endS, capacityM3: vehicle.capacityM3, payloadKg: vehicle.payloadKg,
    containersPerTrip: vehicle.containersPerTrip ?? (carriesContainers(vehicle.loading) ? 1 : undefined), loading: vehicle.loading,
  };
}

/** Starts a route at the unit's garage at the crew's start. */
export function startCursor(ctx: TimelineContext, unit: UnitSpec): CursorState {
  return {
    node: nodeOfDepot(ctx.inst, unit.depot), timeS: unit.startS, startS: unit.startS, distanceM: 0, loadM3: 0, loadKg: 0, loadContainers: 0,
    maxLoadM3: 0, overCapacity: false, unloads: 0, lunchTaken: false, drivingS: 0, stretchS: 0, longLeg: false, siteLateS: 0, facilityLateS: 0,
  };
}

function lunchIfDue(ctx: TimelineContext, c: CursorState, stops?: PlannedStop[]): void {
  const { shift } = ctx.inst;
  if (c.lunchTaken || c.timeS < c.startS + (shift.lunchAfterS - shift.startS)) return;
  stops?.push({ type: 'LUNCH_BREAK', index: null, arrivalS: c.timeS, departureS: c.timeS + shift.lunchS, loadM3: c.loadM3, loadKg: c.loadKg, breakKind: 'lunch' });
  c.timeS += shift.lunchS;
  c.lunchTaken = true;
  if (shift.lunchS >= rules(ctx).drivingBreakS) c.stretchS = 0;
}

function drive(ctx: TimelineContext, c: CursorState, to: number, stops?: PlannedStop[]): void {
  const legS = ctx.inst.matrix.timeS(c.node, to);
  const r = rules(ctx);
  if (c.stretchS > 0 && c.stretchS + legS > r.maxDrivingStretchS) {
    stops?.push({ type: 'LUNCH_BREAK', index: null, arrivalS: c.timeS, departureS: c.timeS + r.drivingBreakS, loadM3: c.loadM3, loadKg: c.loadKg, breakKind: 'driving' });
    c.timeS += r.drivingBreakS;
    c.stretchS = 0;
  }
  if (legS > r.maxDrivingStretchS) c.longLeg = true;
  c.distanceM += ctx.inst.matrix.distanceM(c.node, to);
  c.timeS += legS;
  c.drivingS += legS;
  c.stretchS += legS;
  c.node = to;
}

function unload(ctx: TimelineContext, c: CursorState, stops?: PlannedStop[]): void {
  const f = ctx.nearestFacility[c.node]!;
  if (f < 0) throw new Error('Нет объекта обращения с отходами для выгрузки.');
  lunchIfDue(ctx, c, stops);
  drive(ctx, c, nodeOfFacility(ctx.inst, f), stops);
  const hours = ctx.inst.facilities[f]!.hours;
  if (hours && c.timeS < hours.openS) c.timeS = hours.openS;
  const arrivalS = c.timeS;
  c.timeS += ctx.inst.shift.unloadS;
  if (hours && c.timeS > hours.closeS) c.facilityLateS += c.timeS - hours.closeS;
  c.loadM3 = 0;
  c.loadKg = 0;
  c.loadContainers = 0;
  c.unloads += 1;
  stops?.push({ type: 'WASTE_MANAGEMENT_FACILITY', index: f, arrivalS, departureS: c.timeS, loadM3: 0, loadKg: 0 });
}

const EPS = 1e-9;

/** The largest share (≤ `left`) of site `s`'s waste that still fits on board. */
function shareThatFits(ctx: TimelineContext, c: CursorState, s: number, unit: UnitSpec, left: number): number {
  const site = ctx.inst.sites[s]!;
  let share = left;
  if (site.volumeM3 > 0) share = Math.min(share, (unit.capacityM3 - c.loadM3) / site.volumeM3);
  if (unit.payloadKg != null && (site.massKg ?? 0) > 0) share = Math.min(share, (unit.payloadKg - c.loadKg) / site.massKg!);
  if (unit.containersPerTrip != null) {
    const n = Math.max(1, site.containers ?? 1);
    share = Math.min(share, (unit.containersPerTrip - c.loadContainers) / n);
    share = Math.floor(share * n + EPS) / n; // whole containers only
  }
  return Math.max(0, share);
}

function take(ctx: TimelineContext, c: CursorState, s: number, share: number, unit: UnitSpec): void {
  const site = ctx.inst.sites[s]!;
  c.loadM3 += site.volumeM3 * share;
  c.loadKg += (site.massKg ?? 0) * share;
  c.loadContainers += Math.max(1, site.containers ?? 1) * share;
  c.maxLoadM3 = Math.max(c.maxLoadM3, c.loadM3);
  if (c.loadM3 > unit.capacityM3 + 1e-6 || (unit.payloadKg != null && c.loadKg > unit.payloadKg + 1e-6)
    || (unit.containersPerTrip != null && c.loadContainers > unit.containersPerTrip + 1e-6)) c.overCapacity = true;
}

/**
 * Serves site `s` (mutates `c`): unloads first when its waste would not fit; when even an empty
 * body cannot take it all, takes what fits, unloads and comes back (as often as needed). A site
 * of which an empty body cannot take anything (a container over the body) is taken whole and
 * marks the route over capacity.
 */
export function advance(ctx: TimelineContext, c: CursorState, s: number, unit: UnitSpec, stops?: PlannedStop[]): void {
  const site = ctx.inst.sites[s]!;
  const onBoard = c.loadM3 > EPS || c.loadKg > EPS || c.loadContainers > EPS;
  if (onBoard && shareThatFits(ctx, c, s, unit, 1) < 1 - EPS) unload(ctx, c, stops);
  let left = 1;
  for (let trip = 0; left > EPS; trip++) {
    if (trip > 0) unload(ctx, c, stops);
    lunchIfDue(ctx, c, stops);
    drive(ctx, c, nodeOfSite(ctx.inst, s), stops);
    if (site.window && c.timeS < site.window.openS) c.timeS = site.window.openS;
    let share = shareThatFits(ctx, c, s, unit, left);
    if (share <= EPS) share = unit.containersPerTrip != null ? Math.min(left, 1 / Math.max(1, site.containers ?? 1)) : left;
    const arrivalS = c.timeS;
    c.timeS += site.serviceS * share;
    take(ctx, c, s, share, unit);
    left -= share;
    stops?.push({ type: 'WASTE_AREA', index: s, arrivalS, departureS: c.timeS, loadM3: c.loadM3, loadKg: c.loadKg, share });
  }
  if (site.window && c.timeS > site.window.closeS) c.siteLateS += c.timeS - site.window.closeS;
}

/** Closes a copy of the route: unload what is on board, drive home. Returns the closed state. */
export function closeCursor(ctx: TimelineContext, c: CursorState, unit: UnitSpec, stops?: PlannedStop[]): CursorState {
  const done = { ...c };
  if (done.loadM3 > EPS || done.loadKg > EPS || done.loadContainers > EPS) unload(ctx, done, stops);
  lunchIfDue(ctx, done, stops);
  drive(ctx, done, nodeOfDepot(ctx.inst, unit.depot), stops);
  stops?.push({ type: 'GARAGE', index: unit.depot, arrivalS: done.timeS, departureS: done.timeS, loadM3: 0, loadKg: 0 });
  return done;
}

/** The rules a closed cursor breaks (the compatibility of bodies is checked by buildRoute). */
export function violationsOf(ctx: TimelineContext, done: CursorState, unit: UnitSpec): ViolationCode[] {
  const r = rules(ctx);
  const out: ViolationCode[] = [];
  if (done.timeS - done.startS > r.maxShiftS + 1e-6) out.push('SHIFT_TOO_LONG');
  if (done.timeS > unit.endS + 1e-6) out.push('RETURN_LATE');
  if (done.drivingS > r.maxDailyDrivingS + 1e-6) out.push('DAILY_DRIVING');
  if (done.longLeg) out.push('DRIVING_STRETCH');
  if (done.siteLateS > 1e-6) out.push('SITE_WINDOW');
  if (done.facilityLateS > 1e-6) out.push('FACILITY_HOURS');
  if (done.overCapacity) out.push('OVER_CAPACITY');
  return out;
}

/**
 * true while an open cursor can still become a legal route: not yet past the crew's return,
 * the shift limit or the daily driving, and no window missed (later sites cannot repair those).
 */
export function stillPossible(ctx: TimelineContext, c: CursorState, unit: UnitSpec): boolean {
  const r = rules(ctx);
  return c.timeS <= unit.endS && c.timeS - c.startS <= r.maxShiftS && c.drivingS <= r.maxDailyDrivingS
    && c.siteLateS <= 1e-6 && c.facilityLateS <= 1e-6 && !c.overCapacity && !c.longLeg;
}

/** The whole route of vehicle `v`'s crew `crew` over `sites` (in this order), with its stops and totals. */
export function buildRoute(ctx: TimelineContext, v: number, sites: number[], crew = 0): PlannedRoute {
  const unit = unitSpec(ctx, v, crew);
  const stops: PlannedStop[] = [];
  const c = startCursor(ctx, unit);
  stops.push({ type: 'GARAGE', index: unit.depot, arrivalS: c.timeS, departureS: c.timeS, loadM3: 0, loadKg: 0 });
  for (const s of sites) advance(ctx, c, s, unit, stops);
  const done = sites.length > 0 ? closeCursor(ctx, c, unit, stops) : c;
  if (sites.length === 0) stops.push({ type: 'GARAGE', index: unit.depot, arrivalS: c.timeS, departureS: c.timeS, loadM3: 0, loadKg: 0 });
  const violations = violationsOf(ctx, done, unit);
  if (sites.some((s) => !compatible(unit.loading, ctx.inst.sites[s]!.bodies))) violations.push('INCOMPATIBLE_BODY');
  return {
    vehicle: v,
    crew,
    sites: [...sites],
    stops,
    distanceM: done.distanceM,
    startS: unit.startS,
    endS: done.timeS,
    drivingS: done.drivingS,
    unloads: done.unloads,
    maxLoadM3: done.maxLoadM3,
    feasible: violations.length === 0,
    violations,
  };
}
