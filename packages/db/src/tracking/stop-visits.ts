/**
 * A route event's stops against the vehicle's GPS track (issue 11 §2; apps/api operations module's
 * check-visits/), by the one visit rule of visits.ts (issue 23 §2: a stay within the radius, slower
 * than the speed limit, at least the minimum dwell). Pure: the caller reads the points and the stops.
 *
 * Rule: a stop with a point (degrees) that has a visit is DONE, visited at the first visit's
 * arrival (ms since the epoch); a stop with a point and no visit is MISSED when `periodOver` (the
 * work date has ended), otherwise left as it is; a stop without a point is left as it is. A stop's
 * `radiusM` (its waste area's `service_radius_m`) wins over the options' default radius.
 */
import { findVisits } from './visits';
import type { VisitOptions, VisitSite } from './visits';
import type { TrackPoint } from './trips';

export interface StopToCheck { position: number; lat: number | null; lng: number | null; radiusM?: number | null }
export type StopVerdict =
  | { position: number; status: 'DONE'; visitedAt: number; leftAt: number; dwellS: number; distanceM: number }
  | { position: number; status: 'MISSED' | null; visitedAt: null };

/** One verdict per stop, in the stops' order; status null = leave the stop as it is. */
export function checkStopVisits(points: readonly TrackPoint[], stops: readonly StopToCheck[], opts: VisitOptions, periodOver: boolean): StopVerdict[] {
  const sites: VisitSite[] = stops
    .filter((s) => s.lat !== null && s.lng !== null)
    .map((s) => ({ id: s.position, name: '', kind: '', lat: s.lat!, lng: s.lng!, radiusM: s.radiusM ?? null }));
  const first = new Map<number, { arrived: number; left: number; dwell_s: number; distance_m: number }>();
  for (const v of findVisits(points, sites, opts)) if (!first.has(v.site.id)) first.set(v.site.id, v);
  return stops.map((s): StopVerdict => {
    const v = first.get(s.position);
    if (v) return { position: s.position, status: 'DONE', visitedAt: v.arrived, leftAt: v.left, dwellS: v.dwell_s, distanceM: v.distance_m };
    const missed = periodOver && s.lat !== null && s.lng !== null;
    return { position: s.position, status: missed ? 'MISSED' : null, visitedAt: null };
  });
}
