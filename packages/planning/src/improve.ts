/**
 * Local search on whole vehicle days, every move re-measured with the timeline (so unloading
 * trips, the lunch break and the end of the shift are always exact):
 * - 2-opt inside a route (reverse the sites between a site and one of its neighbours);
 * - relocate a site into another route, next to one of its neighbours (Or 1976), also emptying a
 *   route (its vehicle then stays in the garage).
 * A move is kept only when the cost (cost.ts: distance, fixed cost per truck, shift balance) falls
 * and every route it touches stays feasible (a body that cannot serve a site makes a route
 * infeasible, so a move never puts a site on a wrong truck).
 */
import { routeCost, type CostOptions } from './cost';
import { buildRoute, type TimelineContext } from './timeline';
import type { PlannedRoute } from './types';

const EPS = 1e-3;

/** 2-opt inside one route; returns the improved route (or the same object). A route that breaks a rule may become legal. */
export function improveRoute(ctx: TimelineContext, route: PlannedRoute, neighbours: number[][], maxPasses = 20, costs: CostOptions = {}): PlannedRoute {
  const cost = (r: PlannedRoute) => routeCost(ctx.inst, r, costs);
  let best = route;
  for (let pass = 0; pass < maxPasses; pass++) {
    let improved = false;
    const sites = best.sites;
    const pos = new Map(sites.map((s, i) => [s, i]));
    for (let i = 0; i < sites.length && !improved; i++) {
      for (const c of neighbours[sites[i]!]!) {
        const j = pos.get(c);
        if (j === undefined || j === i) continue;
        const [a, b] = i < j ? [i + 1, j] : [j + 1, i];
        if (b - a < 1) continue;
        const next = [...sites.slice(0, a), ...sites.slice(a, b + 1).reverse(), ...sites.slice(b + 1)];
        const candidate = buildRoute(ctx, best.vehicle, next, best.crew);
        // a legal route beats an illegal one; between two of a kind the cheaper wins
        if ((candidate.feasible && !best.feasible) || (candidate.feasible === best.feasible && cost(candidate) < cost(best) - EPS)) {
          best = candidate;
          improved = true;
          break;
        }
      }
    }
    if (!improved) break;
  }
  return best;
}

/**
 * Relocate moves between routes until none improves (or `maxMoves`). Routes left without sites
 * are dropped. Returns the new route list.
 */
export function relocateBetweenRoutes(ctx: TimelineContext, routes: PlannedRoute[], neighbours: number[][], maxMoves = 100_000, costs: CostOptions = {}): PlannedRoute[] {
  const cost = (r: PlannedRoute | null) => (r ? routeCost(ctx.inst, r, costs) : 0);
  const list = [...routes];
  const owner = new Map<number, number>();
  const reindex = () => {
    owner.clear();
    list.forEach((r, k) => r.sites.forEach((s) => owner.set(s, k)));
  };
  reindex();
  let moves = 0;
  let improved = true;
  while (improved && moves < maxMoves) {
    improved = false;
    for (const [s, from] of [...owner]) {
      const src = list[from]!;
      const without = src.sites.filter((x) => x !== s);
      const srcAfter = without.length > 0 ? buildRoute(ctx, src.vehicle, without, src.crew) : null;
      const saving = cost(src) - cost(srcAfter);
      if (srcAfter && !srcAfter.feasible) continue;
      let done = false;
      for (const nb of neighbours[s]!) {
        const to = owner.get(nb);
        if (to === undefined || to === from) continue;
        const dst = list[to]!;
        const at = dst.sites.indexOf(nb);
        for (const insertAt of [at, at + 1]) {
          const withSite = [...dst.sites.slice(0, insertAt), s, ...dst.sites.slice(insertAt)];
          const dstAfter = buildRoute(ctx, dst.vehicle, withSite, dst.crew);
          if (!dstAfter.feasible) continue;
          if (cost(dstAfter) - cost(dst) < saving - EPS) {
            list[to] = dstAfter;
            if (srcAfter) list[from] = srcAfter;
            else list.splice(from, 1);
            reindex();
            moves++;
            improved = true;
            done = true;
            break;
          }
        }
        if (done) break;
      }
      if (done && !srcAfter) break; // indices shifted: restart the scan
    }
  }
  return list;
}
