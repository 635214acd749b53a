/**
 * The two reference plans of the Angarsk measurement (issue 10 §4, bench/planning.ts):
 * (a) a given vehicle → sites assignment, each vehicle's sites sequenced by nearest neighbour from
 *     its garage; (b) nearest neighbour from scratch: vehicle after vehicle, each takes the nearest
 *     unserved site while it can still unload and be home by the end of the shift.
 * Both use the same timeline (unloading when full, breaks, the shift's limits) as the solver; (b)
 * ignores bodies (every truck takes every site) and runs each truck's first crew only.
 */
import { nearestNeighbourOrder } from './giant-tour';
import { nodeOfDepot, nodeOfSite } from './matrix';
import { advance, buildRoute, closeCursor, startCursor, unitSpec, violationsOf, type TimelineContext } from './timeline';
import { planTotals } from './totals';
import type { PlannedRoute, PlanResult } from './types';

/** (a): `assignment[v]` = site indices of vehicle v. */
export function assignedNearestNeighbour(ctx: TimelineContext, assignment: number[][]): PlanResult {
  const routes: PlannedRoute[] = [];
  assignment.forEach((sites, v) => {
    if (sites.length === 0) return;
    const depot = ctx.inst.vehicles[v]!.depot;
    routes.push(buildRoute(ctx, v, nearestNeighbourOrder(ctx.inst, nodeOfDepot(ctx.inst, depot), sites)));
  });
  return { routes, unserved: [], totals: planTotals(routes) };
}

/** (b): greedy nearest neighbour over the vehicles in their given order. */
export function greedyNearestNeighbour(ctx: TimelineContext): PlanResult {
  const { inst } = ctx;
  const left = new Set(inst.sites.map((_, i) => i));
  const routes: PlannedRoute[] = [];
  for (let v = 0; v < inst.vehicles.length && left.size > 0; v++) {
    const unit = unitSpec(ctx, v);
    const c = startCursor(ctx, unit);
    const sites: number[] = [];
    for (;;) {
      let best = -1;
      let bestD = Infinity;
      for (const s of left) {
        const d = inst.matrix.distanceM(c.node, nodeOfSite(inst, s));
        if (d < bestD) {
          bestD = d;
          best = s;
        }
      }
      if (best < 0) break;
      const trial = { ...c };
      advance(ctx, trial, best, unit);
      if (violationsOf(ctx, closeCursor(ctx, trial, unit), unit).length > 0) break;
      Object.assign(c, trial);
      sites.push(best);
      left.delete(best);
    }
    if (sites.length > 0) routes.push(buildRoute(ctx, v, sites));
  }
  return { routes, unserved: [...left], totals: planTotals(routes) };
}
