/**
 * The daily collection plan: for every group of sites needing the same bodies (bodies.ts; the
 * groups with the fewest trucks first), giant tour → optimal split over the free crew-shifts'
 * templates (garage, start, largest body) → a free compatible crew-shift for each route → 2-opt
 * in every route and relocation between routes → the sites left over inserted where they fit.
 * Every rule of timeline.ts holds on every route (shift ≤ 12 h, driving breaks, daily driving,
 * windows, capacity in m³ / kg / containers, compatible body). Deterministic.
 *
 * Nothing is dropped silently: every site not planned comes back in `unplanned` with its reason —
 * NO_COMPATIBLE_VEHICLE (no truck of the fleet has a body for its containers), WINDOW_UNREACHABLE
 * (no crew-shift could serve it even alone: its window, the shift or the facility's hours),
 * FLEET_TOO_SMALL (each could alone, but the fleet's shifts are full).
 *
 * `keepAssignment`: the current truck → sites assignment is kept (each truck's own sites are only
 * re-sequenced; sites a legal shift cannot hold go to the free trucks, else unplanned), so an
 * operator can adopt the optimiser gradually and compare. Why our own solver and not a library:
 * docs/DECISIONS.md «Daily collection routes».
 *
 * `onProgress(fraction 0…1, stage)` is called between the stages (the queued job reports it).
 */
import { compatible } from './bodies';
import { routeCost, type CostOptions } from './cost';
import { nearestNeighbourOrder, twoOptSequence } from './giant-tour';
import { hgsTourSteps } from './hgs-tour';
import { drain, drainAsync } from './steps';
import { improveRoute, relocateBetweenRoutes } from './improve';
import { nearestFacilities, nodeOfDepot } from './matrix';
import { siteNeighbours } from './neighbours';
import { splitTour, type SplitTemplate } from './split';
import { buildRoute, unitSpec, unitsOf, type TimelineContext } from './timeline';
import { planTotals } from './totals';
import { describeViolations } from './violations';
import type { PlanInstance, PlannedRoute, PlanResult, PlanUnit, UnplannedSite } from './types';

export interface SolveOptions extends CostOptions {
  /** Neighbour list length of the local searches. */
  neighbours?: number;
  /**
   * Seconds of hybrid genetic search (hgs-tour.ts) for a second giant tour of whole loads, shared
   * among the groups of sites by their number of sites; the plan from whichever tour costs less is
   * kept. 0 (default): the nearest-neighbour + 2-opt tour only.
   */
  hgsSeconds?: number;
  /** Ends each group's search after this many iterations without a better solution (default SEARCH_MAX_STALL). */
  hgsMaxStall?: number;
  seed?: number;
  /** Keep this truck → sites assignment (`vehicle` index, its crew, site indices) and only re-sequence each. */
  keepAssignment?: { vehicle: number; crew?: number; sites: number[] }[];
  onProgress?: (fraction: number, stage: string) => void;
}

/** HGS-CVRP's stopping rule (Vidal 2022): 20 000 generations in a row without a better solution end the search. */
export const SEARCH_MAX_STALL = 20_000;

export function timelineContext(inst: PlanInstance): TimelineContext {
  return { inst, nearestFacility: nearestFacilities(inst) };
}

const unitKey = (u: Pick<PlanUnit, 'vehicle' | 'crew'>) => `${u.vehicle}/${u.crew}`;

/** Plans the day. Throws when the instance has sites but no facility (nowhere to unload). */
export function solvePlan(inst: PlanInstance, options: SolveOptions = {}): PlanResult {
  return drain(planSteps(inst, options));
}

/**
 * solvePlan without blocking the event loop for the search's time limit: a turn is given at least
 * every 50 ms of the search (steps.ts; the worker's planning job). Same answers as solvePlan.
 */
export function solvePlanAsync(inst: PlanInstance, options: SolveOptions = {}): Promise<PlanResult> {
  return drainAsync(planSteps(inst, options));
}

/** solvePlan as a cooperative computation (steps.ts). */
function* planSteps(inst: PlanInstance, options: SolveOptions): Generator<unknown, PlanResult, void> {
  const progress = options.onProgress ?? (() => undefined);
  if (inst.sites.length === 0) return { routes: [], unserved: [], unplanned: [], totals: planTotals([]) };
  if (inst.facilities.length === 0) throw new Error('Нет объекта обращения с отходами для выгрузки.');
  const ctx = timelineContext(inst);
  const units = unitsOf(ctx);
  const neighbours = siteNeighbours(inst, options.neighbours ?? 10);
  progress(0.1, 'neighbours');

  const unplanned: UnplannedSite[] = [];
  const plannable = new Set<number>();
  for (let s = 0; s < inst.sites.length; s++) {
    const why = aloneReason(ctx, s);
    if (why) unplanned.push(why);
    else plannable.add(s);
  }
  progress(0.2, 'reasons');

  const free = new Map(units.map((u) => [unitKey(u), u]));
  let kept: PlannedRoute[] = [];
  if (options.keepAssignment) {
    kept = keptRoutes(ctx, options.keepAssignment.map((a) => ({ ...a, sites: a.sites.filter((s) => plannable.has(s)) })), neighbours, options);
    for (const r of kept) {
      free.delete(unitKey({ vehicle: r.vehicle, crew: r.crew ?? 0 }));
      for (const s of r.sites) plannable.delete(s);
    }
  }

  // groups of sites by the bodies they need, the group with the fewest compatible crew-shifts first
  const groups = new Map<string, number[]>();
  for (const s of plannable) {
    const key = inst.sites[s]!.bodies?.join(',') ?? '*';
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const compatibleUnits = (s: number) => [...free.values()].filter((u) => compatible(inst.vehicles[u.vehicle]!.loading, inst.sites[s]!.bodies));
  const ordered = [...groups.values()].sort((a, b) => units.filter((u) => compatible(inst.vehicles[u.vehicle]!.loading, inst.sites[a[0]!]!.bodies)).length
    - units.filter((u) => compatible(inst.vehicles[u.vehicle]!.loading, inst.sites[b[0]!]!.bodies)).length);
  let routes: PlannedRoute[] = [];
  const left: number[] = [];
  const toPlan = ordered.reduce((a, g) => a + g.length, 0);
  for (const [g, sites] of ordered.entries()) {
    const pool = compatibleUnits(sites[0]!);
    const seconds = ((options.hgsSeconds ?? 0) * sites.length) / toPlan;
    const searchProgress = (f: number) => progress(0.2 + (0.5 * (g + f)) / ordered.length, 'search');
    const planned = yield* planGroup(ctx, sites, pool, neighbours, { ...options, hgsSeconds: seconds }, searchProgress);
    for (const r of planned.routes) free.delete(unitKey({ vehicle: r.vehicle, crew: r.crew ?? 0 }));
    routes.push(...planned.routes);
    left.push(...planned.left);
    progress(0.2 + (0.5 * (g + 1)) / ordered.length, 'plan');
  }
  routes = relocateBetweenRoutes(ctx, routes, neighbours, 100_000, options).map((r) => improveRoute(ctx, r, neighbours, 20, options));
  progress(0.85, 'improve');

  // what is left: the cheapest legal insertion into a route or an unused crew-shift
  const all = [...kept, ...routes];
  const keptCount = kept.length;
  for (const s of left) {
    const placed = insertCheapest(ctx, all, s, neighbours, [...free.values()], options, keptCount);
    if (placed?.unit) free.delete(unitKey(placed.unit));
    if (!placed) {
      unplanned.push({ site: s, reason: 'FLEET_TOO_SMALL', detail: 'Не хватило машин и смен: все подходящие машины заняты полной сменой.' });
    }
  }
  progress(1, 'done');
  const final = all.filter((r) => r.sites.length > 0);
  unplanned.sort((a, b) => a.site - b.site);
  return { routes: final, unserved: unplanned.map((u) => u.site), unplanned, totals: planTotals(final) };
}

/**
 * Why site `s` cannot be planned even alone, or null: no truck has a compatible body, or no
 * compatible crew-shift can serve it as its only site (the rules it would break are named).
 */
function aloneReason(ctx: TimelineContext, s: number): UnplannedSite | null {
  const { inst } = ctx;
  const site = inst.sites[s]!;
  const units = unitsOf(ctx).filter((u) => compatible(inst.vehicles[u.vehicle]!.loading, site.bodies));
  if (units.length === 0) {
    const bodies = site.bodies?.join(', ') ?? '';
    return { site: s, reason: 'NO_COMPATIBLE_VEHICLE', detail: `Нет машины с подходящим кузовом (нужна загрузка: ${bodies}).` };
  }
  const seen = new Set<string>();
  let broken: string[] = [];
  for (const u of units) {
    const v = inst.vehicles[u.vehicle]!;
    const key = [v.depot, u.startS, u.endS, v.capacityM3, v.payloadKg, v.loading, v.containersPerTrip].join('|');
    if (seen.has(key)) continue;
    seen.add(key);
    const r = buildRoute(ctx, u.vehicle, [s], u.crew);
    if (r.feasible) return null;
    broken = r.violations ?? [];
  }
  return { site: s, reason: 'WINDOW_UNREACHABLE', detail: `Ни одна смена не успевает обслужить площадку: ${describeViolations(broken)}.` };
}

/** One group of sites over its compatible free crew-shifts: giant tour, split, crews matched, 2-opt. */
function* planGroup(
  ctx: TimelineContext, sites: number[], pool: PlanUnit[], neighbours: number[][], options: SolveOptions, onSearch: (fraction: number) => void,
): Generator<unknown, { routes: PlannedRoute[]; left: number[] }, void> {
  const { inst } = ctx;
  if (pool.length === 0) return { routes: [], left: sites };
  // a template per (garage, start, return): the largest body among its free crew-shifts
  const byKey = new Map<string, PlanUnit[]>();
  for (const u of pool) {
    const key = `${inst.vehicles[u.vehicle]!.depot}|${u.startS}|${u.endS}`;
    byKey.set(key, [...(byKey.get(key) ?? []), u]);
  }
  const groups = [...byKey.values()].map((us) => us.sort((a, b) => inst.vehicles[b.vehicle]!.capacityM3 - inst.vehicles[a.vehicle]!.capacityM3));
  const templates: SplitTemplate[] = groups.map((us) => ({ unit: unitSpec(ctx, us[0]!.vehicle, us[0]!.crew), fixedCostM: inst.vehicles[us[0]!.vehicle]!.fixedCostM ?? 0 }));
  const fromNode = nodeOfDepot(inst, templates[0]!.unit.depot);
  const tours = [twoOptSequence(inst, nearestNeighbourOrder(inst, fromNode, sites), neighbours)];
  if ((options.hgsSeconds ?? 0) > 0 && sites.length >= 3) {
    const body = templates[0]!.unit;
    tours.push(yield* hgsTourSteps(inst, sites, {
      timeLimitS: options.hgsSeconds!, seed: options.seed, capacityM3: body.capacityM3, payloadKg: body.payloadKg, fromNode, facility: Math.max(0, ctx.nearestFacility[fromNode]!),
      maxStall: options.hgsMaxStall ?? SEARCH_MAX_STALL, onProgress: onSearch,
    }));
  }
  let best: { routes: PlannedRoute[]; left: number[]; cost: number } | null = null;
  for (const tour of tours) {
    const planned = fromTour(ctx, tour, templates, groups, pool, neighbours, options);
    const cost = planned.routes.reduce((a, r) => a + routeCost(inst, r, options), 0) + planned.left.length * 1e9;
    if (!best || cost < best.cost) best = { ...planned, cost };
  }
  return { routes: best!.routes, left: best!.left };
}

/** One giant tour split and matched to free compatible crew-shifts, each route 2-opted. */
function fromTour(
  ctx: TimelineContext, tour: number[], templates: SplitTemplate[], groups: PlanUnit[][], pool: PlanUnit[], neighbours: number[][], options: SolveOptions,
): { routes: PlannedRoute[]; left: number[] } {
  const { inst } = ctx;
  const split = splitTour(ctx, tour, templates, options.vehicleCostM ?? 0);
  const taken = new Set<string>();
  const routes: PlannedRoute[] = [];
  const left = [...split.unserved];
  for (const r of split.routes) {
    const own = groups[r.template]!.filter((u) => !taken.has(unitKey(u)));
    const others = pool.filter((u) => !taken.has(unitKey(u)) && !own.includes(u));
    let chosen: PlannedRoute | null = null;
    for (const u of own) {
      const built = buildRoute(ctx, u.vehicle, r.sites, u.crew);
      if (built.feasible) { chosen = built; break; }
    }
    if (!chosen) {
      for (const u of others) {
        const built = buildRoute(ctx, u.vehicle, r.sites, u.crew);
        if (built.feasible && (!chosen || routeCost(inst, built, options) < routeCost(inst, chosen, options))) chosen = built;
      }
    }
    if (!chosen) {
      left.push(...r.sites);
      continue;
    }
    taken.add(unitKey({ vehicle: chosen.vehicle, crew: chosen.crew ?? 0 }));
    routes.push(improveRoute(ctx, chosen, neighbours, 20, options));
  }
  return { routes, left };
}

/** Each kept truck's own sites, re-sequenced; sites a legal shift cannot hold are dropped from its end. */
function keptRoutes(ctx: TimelineContext, assignment: NonNullable<SolveOptions['keepAssignment']>, neighbours: number[][], options: SolveOptions): PlannedRoute[] {
  const out: PlannedRoute[] = [];
  for (const a of assignment) {
    if (a.sites.length === 0) continue;
    const depot = ctx.inst.vehicles[a.vehicle]!.depot;
    let seq = nearestNeighbourOrder(ctx.inst, nodeOfDepot(ctx.inst, depot), a.sites);
    let r = improveRoute(ctx, buildRoute(ctx, a.vehicle, seq, a.crew ?? 0), neighbours, 20, options);
    while (!r.feasible && r.sites.length > 0) {
      seq = r.sites.slice(0, -1);
      r = improveRoute(ctx, buildRoute(ctx, a.vehicle, seq, a.crew ?? 0), neighbours, 20, options);
    }
    if (r.sites.length > 0) out.push(r);
  }
  return out;
}

/**
 * Inserts site `s` where it adds the least cost and every rule still holds: next to a neighbour
 * in one of `routes` (the first `frozen` routes are kept assignments and are not touched), else as
 * the only site of an unused crew-shift. Mutates `routes`; returns what it did or null.
 */
function insertCheapest(ctx: TimelineContext, routes: PlannedRoute[], s: number, neighbours: number[][], unused: PlanUnit[], options: CostOptions, frozen: number): { unit?: PlanUnit } | null {
  const cost = (r: PlannedRoute) => routeCost(ctx.inst, r, options);
  let best: { k: number; route: PlannedRoute; delta: number; unit?: PlanUnit } | null = null;
  for (let k = frozen; k < routes.length; k++) {
    const r = routes[k]!;
    const positions = new Set<number>([0, r.sites.length]);
    for (const nb of neighbours[s]!) {
      const at = r.sites.indexOf(nb);
      if (at >= 0) { positions.add(at); positions.add(at + 1); }
    }
    for (const at of positions) {
      const built = buildRoute(ctx, r.vehicle, [...r.sites.slice(0, at), s, ...r.sites.slice(at)], r.crew);
      if (!built.feasible) continue;
      const delta = cost(built) - cost(r);
      if (!best || delta < best.delta) best = { k, route: built, delta };
    }
  }
  for (const u of unused) {
    if (!compatible(ctx.inst.vehicles[u.vehicle]!.loading, ctx.inst.sites[s]!.bodies)) continue;
    const built = buildRoute(ctx, u.vehicle, [s], u.crew);
    if (built.feasible && (!best || cost(built) < best.delta)) best = { k: -1, route: built, delta: cost(built), unit: u };
  }
  if (!best) return null;
  if (best.k < 0) routes.push(best.route);
  else routes[best.k] = best.route;
  return { unit: best.unit };
}
