/**
 * The timeline of one vehicle's day (issue 10 §4): leave the garage at the shift start, visit the
 * sites in the given order, drive to the nearest facility to unload whenever the next site's waste
 * would not fit (as many times as needed), take the lunch break at the first stop reached after
 * `lunchAfterS`, unload the rest at the end and drive back to the garage.
 *
 * `RouteCursor` is the incremental form used by the split (split.ts); `buildRoute` the full one
 * with stops.
 */
import { nodeOfDepot, nodeOfFacility, nodeOfSite } from './matrix';
import type { PlanInstance, PlannedRoute, PlannedStop } from './types';

/** Precomputed per instance: node of each site and the nearest facility of every node. */
export interface TimelineContext {
  inst: PlanInstance;
  /** nearest facility (index) of every node; -1 when there is none. */
  nearestFacility: Int32Array;
}

/** State after the last served site; cheap to copy. */
export interface CursorState {
  node: number;
  timeS: number;
  distanceM: number;
  loadM3: number;
  maxLoadM3: number;
  unloads: number;
  lunchTaken: boolean;
}

/** Starts a route at a depot at the shift start. */
export function startCursor(ctx: TimelineContext, depot: number): CursorState {
  return { node: nodeOfDepot(ctx.inst, depot), timeS: ctx.inst.shift.startS, distanceM: 0, loadM3: 0, maxLoadM3: 0, unloads: 0, lunchTaken: false };
}

function lunchIfDue(ctx: TimelineContext, c: CursorState, stops?: PlannedStop[]): void {
  const { shift } = ctx.inst;
  if (c.lunchTaken || c.timeS < shift.lunchAfterS) return;
  stops?.push({ type: 'LUNCH_BREAK', index: null, arrivalS: c.timeS, departureS: c.timeS + shift.lunchS, loadM3: c.loadM3 });
  c.timeS += shift.lunchS;
  c.lunchTaken = true;
}

function drive(ctx: TimelineContext, c: CursorState, to: number): void {
  c.distanceM += ctx.inst.matrix.distanceM(c.node, to);
  c.timeS += ctx.inst.matrix.timeS(c.node, to);
  c.node = to;
}

function unload(ctx: TimelineContext, c: CursorState, stops?: PlannedStop[]): void {
  const f = ctx.nearestFacility[c.node]!;
  if (f < 0) throw new Error('Нет объекта обращения с отходами для выгрузки.');
  lunchIfDue(ctx, c, stops);
  drive(ctx, c, nodeOfFacility(ctx.inst, f));
  const arrivalS = c.timeS;
  c.timeS += ctx.inst.shift.unloadS;
  c.loadM3 = 0;
  c.unloads += 1;
  stops?.push({ type: 'WASTE_MANAGEMENT_FACILITY', index: f, arrivalS, departureS: c.timeS, loadM3: 0 });
}

/**
 * Serves site `s` (mutates `c`): unloads first when the site's waste would overflow `capacityM3`.
 * A site bigger than the whole body is still taken (the load is then over capacity and the route
 * is reported infeasible).
 */
export function advance(ctx: TimelineContext, c: CursorState, s: number, capacityM3: number, stops?: PlannedStop[]): void {
  const site = ctx.inst.sites[s]!;
  if (c.loadM3 > 0 && c.loadM3 + site.volumeM3 > capacityM3 + 1e-9) unload(ctx, c, stops);
  lunchIfDue(ctx, c, stops);
  drive(ctx, c, nodeOfSite(ctx.inst, s));
  const arrivalS = c.timeS;
  c.timeS += site.serviceS;
  c.loadM3 += site.volumeM3;
  c.maxLoadM3 = Math.max(c.maxLoadM3, c.loadM3);
  stops?.push({ type: 'WASTE_AREA', index: s, arrivalS, departureS: c.timeS, loadM3: c.loadM3 });
}

/** Closes a copy of the route: unload what is on board, drive home. Returns the closed state. */
export function closeCursor(ctx: TimelineContext, c: CursorState, depot: number, stops?: PlannedStop[]): CursorState {
  const done = { ...c };
  if (done.loadM3 > 0) unload(ctx, done, stops);
  lunchIfDue(ctx, done, stops);
  drive(ctx, done, nodeOfDepot(ctx.inst, depot));
  stops?.push({ type: 'GARAGE', index: depot, arrivalS: done.timeS, departureS: done.timeS, loadM3: 0 });
  return done;
}

/** The whole route of vehicle `v` over `sites` (in this order), with its stops and totals. */
export function buildRoute(ctx: TimelineContext, v: number, sites: number[]): PlannedRoute {
  const vehicle = ctx.inst.vehicles[v]!;
  const stops: PlannedStop[] = [];
  const c = startCursor(ctx, vehicle.depot);
  stops.push({ type: 'GARAGE', index: vehicle.depot, arrivalS: c.timeS, departureS: c.timeS, loadM3: 0 });
  for (const s of sites) advance(ctx, c, s, vehicle.capacityM3, stops);
  const done = sites.length > 0 ? closeCursor(ctx, c, vehicle.depot, stops) : c;
  if (sites.length === 0) stops.push({ type: 'GARAGE', index: vehicle.depot, arrivalS: c.timeS, departureS: c.timeS, loadM3: 0 });
  return {
    vehicle: v,
    sites: [...sites],
    stops,
    distanceM: done.distanceM,
    endS: done.timeS,
    unloads: done.unloads,
    maxLoadM3: done.maxLoadM3,
    feasible: done.timeS <= ctx.inst.shift.endS + 1e-6 && done.maxLoadM3 <= vehicle.capacityM3 + 1e-9,
  };
}
