/**
 * A route event's stops against the vehicle's GPS track (issue 11 §2 with issue 10 §3's visits,
 * apps/api operations module's check-visits/). Pure: the caller reads the points and the stops.
 *
 * Rule: a stop with a point (degrees) that the track comes within `radiusM` metres of (findVisits:
 * a run of consecutive positions in the radius) is DONE, visited at the first such run's arrival
 * (ms since the epoch); a stop with a point and no visit is MISSED when `periodOver` (the work date
 * has ended), otherwise left as it is; a stop without a point is left as it is.
 */
import { findVisits } from './trips';
import type { TrackPoint, VisitSite } from './trips';

export interface StopToCheck { position: number; lat: number | null; lng: number | null }
export type StopVerdict = { position: number; status: 'DONE'; visitedAt: number } | { position: number; status: 'MISSED' | null; visitedAt: null };

/** One verdict per stop, in the stops' order; status null = leave the stop as it is. */
export function checkStopVisits(points: readonly TrackPoint[], stops: readonly StopToCheck[], radiusM: number, periodOver: boolean): StopVerdict[] {
  const sites: VisitSite[] = stops
    .filter((s) => s.lat !== null && s.lng !== null)
    .map((s) => ({ id: s.position, name: '', kind: '', lat: s.lat!, lng: s.lng! }));
  const first = new Map<number, number>();
  if (points.length) {
    for (const v of findVisits(points, 0, points.length - 1, sites, radiusM)) {
      if (!first.has(v.site.id)) first.set(v.site.id, v.arrived);
    }
  }
  return stops.map((s): StopVerdict => {
    const at = first.get(s.position);
    if (at !== undefined) return { position: s.position, status: 'DONE', visitedAt: at };
    const missed = periodOver && s.lat !== null && s.lng !== null;
    return { position: s.position, status: missed ? 'MISSED' : null, visitedAt: null };
  });
}
