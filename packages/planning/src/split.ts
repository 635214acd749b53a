/**
 * Optimal split of the giant tour into vehicle days (Prins 2004, "A simple and effective
 * evolutionary algorithm for the VRP", §3.2), extended to several depots and to unloading trips:
 * a segment tour[i..j] becomes one route of the crew-shift template (a garage, a start, a body)
 * that makes it shortest, with the unloading stops and breaks of timeline.ts, allowed only when it
 * breaks no rule (shift length, driving, windows, return). Cost = distance + the template's
 * `fixedCostM` + `vehicleCostM` per route. A site no segment can serve is skipped with a large
 * penalty and reported unserved.
 */
import { advance, closeCursor, startCursor, stillPossible, violationsOf, type TimelineContext, type UnitSpec } from './timeline';

/** A kind of crew-shift the split may use (the largest free body of a garage and start). */
export interface SplitTemplate {
  unit: UnitSpec;
  /** Added to the route's cost, m. */
  fixedCostM: number;
}

export interface SplitRoute {
  /** Index into the templates. */
  template: number;
  depot: number;
  sites: number[];
  distanceM: number;
}

export interface SplitResult {
  routes: SplitRoute[];
  unserved: number[];
}

const SKIP_PENALTY = 1e12;

/** Splits `tour` over the `templates` (each may be used any number of times; the fleet is matched after). */
export function splitTour(ctx: TimelineContext, tour: number[], templates: SplitTemplate[], vehicleCostM = 0): SplitResult {
  const n = tour.length;
  const best = new Float64Array(n + 1).fill(Infinity);
  const pred = new Int32Array(n + 1).fill(-1);
  const depotOf = new Int32Array(n + 1).fill(-1);
  const lengthOf = new Float64Array(n + 1);
  best[0] = 0;
  for (let i = 0; i < n; i++) {
    if (best[i] === Infinity) continue;
    for (let d = 0; d < templates.length; d++) {
      const { unit, fixedCostM } = templates[d]!;
      const c = startCursor(ctx, unit);
      for (let j = i; j < n; j++) {
        advance(ctx, c, tour[j]!, unit);
        if (!stillPossible(ctx, c, unit)) break;
        const closed = closeCursor(ctx, c, unit);
        if (violationsOf(ctx, closed, unit).length > 0) continue;
        const cost = best[i]! + closed.distanceM + vehicleCostM + fixedCostM;
        if (cost < best[j + 1]!) {
          best[j + 1] = cost;
          pred[j + 1] = i;
          depotOf[j + 1] = d;
          lengthOf[j + 1] = closed.distanceM;
        }
      }
    }
    if (best[i]! + SKIP_PENALTY < best[i + 1]!) {
      best[i + 1] = best[i]! + SKIP_PENALTY;
      pred[i + 1] = i;
      depotOf[i + 1] = -1;
    }
  }
  const routes: SplitRoute[] = [];
  const unserved: number[] = [];
  for (let j = n; j > 0; j = pred[j]!) {
    const i = pred[j]!;
    if (depotOf[j] === -1) unserved.push(tour[i]!);
    else routes.push({ template: depotOf[j]!, depot: templates[depotOf[j]!]!.unit.depot, sites: tour.slice(i, j), distanceM: lengthOf[j]! });
  }
  return { routes: routes.reverse(), unserved };
}
