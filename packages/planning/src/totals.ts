/** Totals of a set of routes (issue 10 §4: distance, trucks, unloading trips; §5: recomputed after an edit). */
import type { PlannedRoute, PlanTotals } from './types';

export function planTotals(routes: PlannedRoute[]): PlanTotals {
  return {
    distanceM: routes.reduce((a, r) => a + r.distanceM, 0),
    vehicles: routes.filter((r) => r.sites.length > 0).length,
    unloads: routes.reduce((a, r) => a + r.unloads, 0),
    sites: routes.reduce((a, r) => a + r.sites.length, 0),
    infeasibleRoutes: routes.filter((r) => !r.feasible).length,
  };
}
