/**
 * The daily collection plan (issue 10 §4): giant tour → optimal split over the depots → vehicles
 * assigned per depot (largest body first; another depot's spare vehicle when a depot runs out) →
 * 2-opt in every route and relocation between routes. Deterministic: the same instance gives the
 * same plan. Why our own solver and not a library: docs/DECISIONS.md «Daily collection routes».
 *
 * `onProgress(fraction 0…1, stage)` is called between the stages (the queued job reports it).
 */
import { giantTour } from './giant-tour';
import { improveRoute, relocateBetweenRoutes } from './improve';
import { nearestFacilities } from './matrix';
import { siteNeighbours } from './neighbours';
import { splitTour } from './split';
import { buildRoute, type TimelineContext } from './timeline';
import { planTotals } from './totals';
import type { PlanInstance, PlannedRoute, PlanResult } from './types';


export interface SolveOptions {
  /** Added to a route's distance in the split, m: a higher value prefers fewer vehicles. */
  vehicleCostM?: number;
  /** Neighbour list length of the local searches. */
  neighbours?: number;
  /** Giant tours tried (nearest neighbour from depot 0, 1, …; the shortest plan wins). Default 1 (3 gave 0.5 % on Angarsk at 3× the time). */
  starts?: number;
  onProgress?: (fraction: number, stage: string) => void;
}

export function timelineContext(inst: PlanInstance): TimelineContext {
  return { inst, nearestFacility: nearestFacilities(inst) };
}

/** Plans the day. Throws when the instance has sites but no facility (nowhere to unload). */
export function solvePlan(inst: PlanInstance, options: SolveOptions = {}): PlanResult {
  const progress = options.onProgress ?? (() => undefined);
  if (inst.sites.length === 0) return { routes: [], unserved: [], totals: planTotals([]) };
  if (inst.facilities.length === 0) throw new Error('Нет объекта обращения с отходами для выгрузки.');
  const ctx = timelineContext(inst);
  const neighbours = siteNeighbours(inst, options.neighbours ?? 10);
  progress(0.1, 'neighbours');
  const capacityByDepot = inst.depots.map((_, d) => {
    const caps = inst.vehicles.filter((v) => v.depot === d).map((v) => v.capacityM3);
    return caps.length > 0 ? Math.max(...caps) : null;
  });
  const starts = Math.max(1, Math.min(options.starts ?? 1, inst.depots.length));
  let best: PlanResult | null = null;
  for (let k = 0; k < starts; k++) {
    const plan = fromTour(ctx, giantTour(inst, neighbours, k), neighbours, capacityByDepot, options.vehicleCostM ?? 0);
    // fewer unserved sites first, then the shorter distance
    if (!best || plan.unserved.length < best.unserved.length
      || (plan.unserved.length === best.unserved.length && plan.totals.distanceM < best.totals.distanceM)) best = plan;
    progress(0.1 + (0.9 * (k + 1)) / starts, 'plan');
  }
  return best!;
}

/** Split one giant tour, give the routes vehicles, improve them. */
function fromTour(ctx: TimelineContext, tour: number[], neighbours: number[][], capacityByDepot: (number | null)[], vehicleCostM: number): PlanResult {
  const split = splitTour(ctx, tour, capacityByDepot, vehicleCostM);
  const { routes: assigned, unserved } = assignVehicles(ctx, split.routes);
  let routes = assigned.map((r) => improveRoute(ctx, r, neighbours));
  routes = relocateBetweenRoutes(ctx, routes, neighbours);
  routes = routes.map((r) => improveRoute(ctx, r, neighbours));
  return { routes, unserved: [...split.unserved, ...unserved], totals: planTotals(routes) };
}

/** Gives each split route a vehicle: its depot's largest free one, else any free one. */
function assignVehicles(ctx: TimelineContext, routes: { depot: number; sites: number[] }[]): { routes: PlannedRoute[]; unserved: number[] } {
  const free = ctx.inst.vehicles.map((v, i) => ({ ...v, i })).sort((a, b) => b.capacityM3 - a.capacityM3);
  const out: PlannedRoute[] = [];
  const unserved: number[] = [];
  for (const r of routes) {
    let k = free.findIndex((v) => v.depot === r.depot);
    if (k < 0) {
      // another depot's vehicle: the one whose route is shortest
      let bestLen = Infinity;
      free.forEach((v, idx) => {
        const len = buildRoute(ctx, v.i, r.sites).distanceM;
        if (len < bestLen) {
          bestLen = len;
          k = idx;
        }
      });
    }
    if (k < 0) {
      unserved.push(...r.sites);
      continue;
    }
    const [v] = free.splice(k, 1);
    out.push(buildRoute(ctx, v!.i, r.sites));
  }
  return { routes: out, unserved };
}
