/**
 * The two reference plans of the Angarsk measurement (issue 10 §4, bench/planning.ts):
 * (a) a given vehicle → sites assignment, each vehicle's sites sequenced by nearest neighbour from
 *     its garage; (b) nearest neighbour from scratch: vehicle after vehicle, each takes the nearest
 *     unserved site while it can still unload and be home by the end of the shift.
 * Both use the same timeline (unloading when full, breaks, the shift's limits) as the solver; (b)
 * ignores bodies (every truck takes every site) and runs each truck's first crew only.
 */
import { nearestNeighbourOrder } from './giant-tour';
import { improveRoute, relocateBetweenRoutes } from './improve';
import { nodeOfDepot, nodeOfSite } from './matrix';
import { advance, buildRoute, closeCursor, startCursor, unitSpec, unitsOf, violationsOf, type TimelineContext } from './timeline';
import { planTotals } from './totals';
import type { PlannedRoute, PlanResult, UnplannedSite } from './types';

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

/**
 * (b) of issue 24 §4: Clarke & Wright's savings (1964) from scratch under the same model, then
 * the same local search as the solver (2-opt in routes, relocation between them). Every site
 * starts on its own route from the garage of the first crew-shift that can serve it alone; two
 * routes are joined end to start in decreasing order of the saving d(i,0) + d(0,j) − d(i,j)
 * (pairs from the neighbour lists) when the joined route breaks no rule on that crew-shift's
 * truck. Routes are then matched to free crew-shifts (largest first); what finds none is
 * unplanned (FLEET_TOO_SMALL), a site no crew-shift can serve alone WINDOW_UNREACHABLE.
 */
export function savingsPlan(ctx: TimelineContext, neighbours: number[][]): PlanResult {
  const { inst } = ctx;
  const units = unitsOf(ctx);
  type R = { sites: number[]; unit: number };
  const routeOf = new Int32Array(inst.sites.length).fill(-1);
  const routes: (R | null)[] = [];
  const unplanned: UnplannedSite[] = [];
  inst.sites.forEach((_, s) => {
    const u = units.findIndex((x) => buildRoute(ctx, x.vehicle, [s], x.crew).feasible);
    if (u < 0) {
      unplanned.push({ site: s, reason: 'WINDOW_UNREACHABLE', detail: 'Ни одна смена не успевает обслужить площадку.' });
      return;
    }
    routeOf[s] = routes.length;
    routes.push({ sites: [s], unit: u });
  });
  const d = (a: number, b: number) => inst.matrix.distanceM(a, b);
  const savings: [number, number, number][] = [];
  for (let i = 0; i < inst.sites.length; i++) {
    for (const j of neighbours[i]!) {
      if (routeOf[i]! < 0 || routeOf[j]! < 0) continue;
      const depot = nodeOfDepot(inst, inst.vehicles[units[routes[routeOf[i]!]!.unit]!.vehicle]!.depot);
      savings.push([d(nodeOfSite(inst, i), depot) + d(depot, nodeOfSite(inst, j)) - d(nodeOfSite(inst, i), nodeOfSite(inst, j)), i, j]);
    }
  }
  savings.sort((a, b) => b[0] - a[0]);
  for (const [saving, i, j] of savings) {
    if (saving <= 0) break;
    const ri = routeOf[i]!;
    const rj = routeOf[j]!;
    if (ri === rj) continue;
    const a = routes[ri]!;
    const b = routes[rj]!;
    if (a.sites.at(-1) !== i || b.sites[0] !== j) continue; // i ends its route, j starts its own
    const unit = units[a.unit]!;
    const joined = [...a.sites, ...b.sites];
    if (!buildRoute(ctx, unit.vehicle, joined, unit.crew).feasible) continue;
    a.sites = joined;
    routes[rj] = null;
    for (const s of b.sites) routeOf[s] = ri;
  }
  // match routes to distinct crew-shifts (longest routes first), then the same local search as the solver
  const free = [...units].sort((x, y) => inst.vehicles[y.vehicle]!.capacityM3 - inst.vehicles[x.vehicle]!.capacityM3);
  const built: PlannedRoute[] = [];
  for (const r of routes.filter((x): x is R => x !== null).sort((x, y) => y.sites.length - x.sites.length)) {
    const k = free.findIndex((u) => buildRoute(ctx, u.vehicle, r.sites, u.crew).feasible);
    if (k < 0) {
      for (const s of r.sites) unplanned.push({ site: s, reason: 'FLEET_TOO_SMALL', detail: 'Не хватило машин и смен.' });
      continue;
    }
    const [u] = free.splice(k, 1);
    built.push(improveRoute(ctx, buildRoute(ctx, u!.vehicle, r.sites, u!.crew), neighbours));
  }
  const improved = relocateBetweenRoutes(ctx, built, neighbours).map((r) => improveRoute(ctx, r, neighbours));
  unplanned.sort((x, y) => x.site - y.site);
  return { routes: improved, unserved: unplanned.map((u) => u.site), unplanned, totals: planTotals(improved) };
}
