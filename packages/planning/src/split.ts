/**
 * Optimal split of the giant tour into vehicle days (Prins 2004, "A simple and effective
 * evolutionary algorithm for the VRP", §3.2), extended to several depots and to unloading trips:
 * a segment tour[i..j] becomes one route from the depot that makes it shortest, with the unloading
 * stops of timeline.ts, allowed only when it is back by the end of the shift. Cost = distance +
 * `vehicleCostM` per route. A site no segment can serve is skipped with a large penalty and
 * reported unserved.
 */
import { advance, closeCursor, startCursor, type TimelineContext } from './timeline';

export interface SplitRoute {
  depot: number;
  sites: number[];
  distanceM: number;
}

export interface SplitResult {
  routes: SplitRoute[];
  unserved: number[];
}

const SKIP_PENALTY = 1e12;

/**
 * `capacityByDepot[d]`: the capacity the split assumes for a vehicle of depot d (null: the depot
 * has no vehicle).
 */
export function splitTour(ctx: TimelineContext, tour: number[], capacityByDepot: (number | null)[], vehicleCostM = 0): SplitResult {
  const n = tour.length;
  const endS = ctx.inst.shift.endS;
  const best = new Float64Array(n + 1).fill(Infinity);
  const pred = new Int32Array(n + 1).fill(-1);
  const depotOf = new Int32Array(n + 1).fill(-1);
  const lengthOf = new Float64Array(n + 1);
  best[0] = 0;
  for (let i = 0; i < n; i++) {
    if (best[i] === Infinity) continue;
    for (let d = 0; d < capacityByDepot.length; d++) {
      const cap = capacityByDepot[d];
      if (cap == null) continue;
      const c = startCursor(ctx, d);
      for (let j = i; j < n; j++) {
        advance(ctx, c, tour[j]!, cap);
        if (c.timeS > endS) break;
        const closed = closeCursor(ctx, c, d);
        if (closed.timeS > endS) continue;
        const cost = best[i]! + closed.distanceM + vehicleCostM;
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
    else routes.push({ depot: depotOf[j]!, sites: tour.slice(i, j), distanceM: lengthOf[j]! });
  }
  return { routes: routes.reverse(), unserved };
}
