/**
 * The plan's objective, per route (the local searches compare the routes a move touches):
 * distance, m + the truck's fixed cost (`PlanVehicle.fixedCostM`) + `vehicleCostM` when the route
 * serves any site + `balanceM` × (shift hours)² — the square makes two 8-hour shifts cheaper than
 * a 12-hour and a 4-hour one, so a positive `balanceM` evens the shifts out.
 */
import type { PlanInstance, PlannedRoute } from './types';

export interface CostOptions {
  /** Metres added per route used (all trucks alike). */
  vehicleCostM?: number;
  /** Metres per (shift hour)²; 0 (default): shifts not balanced. */
  balanceM?: number;
}

export function routeCost(inst: PlanInstance, r: PlannedRoute, o: CostOptions = {}): number {
  if (r.sites.length === 0) return 0;
  const hours = (r.endS - (r.startS ?? inst.shift.startS)) / 3600;
  return r.distanceM + (inst.vehicles[r.vehicle]!.fixedCostM ?? 0) + (o.vehicleCostM ?? 0) + (o.balanceM ?? 0) * hours * hours;
}
