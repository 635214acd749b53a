/** Totals of a set of routes (distance, trucks, unloading trips, shifts; recomputed after an edit). */
import type { PlannedRoute, PlanTotals } from './types';

export function planTotals(routes: PlannedRoute[]): PlanTotals {
  const used = routes.filter((r) => r.sites.length > 0);
  const shift = (r: PlannedRoute) => r.endS - (r.startS ?? r.stops[0]?.departureS ?? r.endS);
  return {
    distanceM: routes.reduce((a, r) => a + r.distanceM, 0),
    vehicles: new Set(used.map((r) => r.vehicle)).size,
    unloads: routes.reduce((a, r) => a + r.unloads, 0),
    sites: routes.reduce((a, r) => a + r.sites.length, 0),
    infeasibleRoutes: routes.filter((r) => !r.feasible).length,
    longestShiftS: used.reduce((a, r) => Math.max(a, shift(r)), 0),
    shiftsS: used.reduce((a, r) => a + shift(r), 0),
    drivingS: used.reduce((a, r) => a + (r.drivingS ?? 0), 0),
  };
}
