/**
 * The statuses of plan/fact (docs/TRACKING.md «Plan and fact»; contract routes/plan-fact.ts), pure:
 * the day (load.ts), each vehicle's time-ordered positions of the day, the visit options, and «now».
 *
 * A site's stays are the visits of the tracking rule (@tko/db tracking findVisits: within the
 * radius, slower than the limit, at least the dwell — inside a trip or between two) of every vehicle
 * read. Its first stay is its service; the later ones are listed, not counted again. With the
 * window [open, close] of the work date (local seconds from the day's midnight):
 * - first stay arriving outside the window → `late` (before it too: the card's hours are not kept);
 * - else by a vehicle not among the site's planned ones (when it has any) → `served_unplanned`;
 * - else → `served`;
 * - no stay and `now` at or after the window's close → `missed`; before it → `pending`;
 * - no coordinates: no stay can be found; the status follows the clock (missed / pending) with a note.
 * A route's fact: the trips (splitTrips) of its vehicle, each given to the vehicle's route whose planned
 * start is the latest at or before the trip's start (the first route otherwise), summed; the
 * unloadings are its vehicle's stays at a facility in the same way. No position of the vehicle that
 * day: distance, duration and unloads are null (unknown, not zero).
 */
import type { PlanFactDay, PlanFactRoute, PlanFactSite, PlanFactStatus, PlanFactTotals, PlanFactVisit } from '@tko/contract';
import { isoToWorkDate, PLAN_FACT_STATUS_LABELS, PLAN_FACT_STATUSES } from '@tko/contract';
import { findVisits, splitTrips } from '@tko/db';
import type { TrackPoint, Trip, TripOptions, Visit, VisitOptions, VisitSite } from '@tko/db';
import type { FactDay, FactSite } from './load';
import { toSeconds } from './load';

/** Stay radius at a facility (landfill, sorting station): its gate and weighbridge are not one point; metres. */
export const FACILITY_RADIUS_M = 150;

export interface ClassifyInput {
  day: FactDay;
  points: Map<number, TrackPoint[]>;
  visits: VisitOptions;
  trips: TripOptions;
  now: number;
}

/** A site's outcome as stored in plan_fact_site. */
export interface SiteOutcome {
  key: string;
  wasteAreaId: number | null;
  requestId: number | null;
  status: PlanFactStatus;
  windowClose: Date;
  service: { vehicleId: number; arrived: Date; left: Date; dwellS: number; distanceM: number } | null;
}

export interface Classified {
  answer: Omit<PlanFactDay, 'computed_at'>;
  outcomes: SiteOutcome[];
}

const iso = (ms: number) => new Date(ms).toISOString();
const emptyCounts = (): Record<PlanFactStatus, number> => Object.fromEntries(PLAN_FACT_STATUSES.map((s) => [s, 0])) as Record<PlanFactStatus, number>;

export function classifyDay(input: ClassifyInput): Classified {
  const { day, now } = input;
  const at = (s: number) => day.dayStart + s * 1000;
  const tripsOf = new Map<number, Trip[]>();
  const stays = new Map<string, { vehicleId: number; v: Visit; trip: number | null }[]>();
  const unloadsOf = new Map<number, number[]>(); // vehicle → arrival ms of each facility stay
  const siteList: VisitSite[] = day.sites.filter((s) => s.lat !== null && s.lng !== null)
    .map((s, i) => ({ id: i, name: s.key, kind: 'site', lat: s.lat!, lng: s.lng!, radiusM: s.radiusM }));
  const facilities: VisitSite[] = day.facilities.map((f, i) => ({ id: -1 - i, name: f.name, kind: 'facility', lat: f.lat, lng: f.lng, radiusM: FACILITY_RADIUS_M }));
  for (const [vehicleId, pts] of input.points) {
    const trips = splitTrips(pts, input.trips);
    tripsOf.set(vehicleId, trips);
    for (const v of findVisits(pts, [...siteList, ...facilities], input.visits)) {
      if (v.site.kind === 'facility') {
        const list = unloadsOf.get(vehicleId) ?? [];
        list.push(v.arrived);
        unloadsOf.set(vehicleId, list);
        continue;
      }
      const trip = trips.findIndex((t) => t.start <= v.arrived && v.arrived <= t.end);
      const list = stays.get(v.site.name) ?? [];
      list.push({ vehicleId, v, trip: trip < 0 ? null : trip + 1 });
      stays.set(v.site.name, list);
    }
  }
  const visitOf = (s: { vehicleId: number; v: Visit; trip: number | null }): PlanFactVisit => ({
    vehicle: { id: s.vehicleId, name: day.vehicles.get(s.vehicleId) ?? day.unplanned.get(s.vehicleId) ?? String(s.vehicleId) },
    arrived_at: iso(s.v.arrived), left_at: iso(s.v.left), dwell_s: s.v.dwell_s, distance_m: s.v.distance_m, trip: s.trip,
    track: { vehicle_id: s.vehicleId, from: iso(s.v.arrived), to: iso(s.v.left) },
  });

  const totals: PlanFactTotals = { due: day.sites.length, ...emptyCounts() };
  const outcomes: SiteOutcome[] = [];
  const sites: PlanFactSite[] = day.sites.map((site: FactSite) => {
    const closeS = site.closeS > site.openS ? site.closeS : site.closeS + 86_400;
    const open = at(site.openS);
    const close = at(closeS);
    const mine = (stays.get(site.key) ?? []).sort((a, b) => a.v.arrived - b.v.arrived || a.vehicleId - b.vehicleId);
    const first = mine[0];
    let status: PlanFactStatus;
    if (first) {
      if (first.v.arrived < open || first.v.arrived > close) status = 'late';
      else if (site.planned.length > 0 && !site.planned.some((p) => p.id === first.vehicleId)) status = 'served_unplanned';
      else status = 'served';
    } else status = now >= close ? 'missed' : 'pending';
    totals[status]++;
    outcomes.push({
      key: site.key, wasteAreaId: site.wasteArea?.id ?? null, requestId: site.requestId, status, windowClose: new Date(close),
      service: first ? { vehicleId: first.vehicleId, arrived: new Date(first.v.arrived), left: new Date(first.v.left), dwellS: first.v.dwell_s, distanceM: first.v.distance_m } : null,
    });
    return {
      waste_area: site.wasteArea, collection_request: site.requestId,
      coordinates: site.lat !== null && site.lng !== null ? { lat: site.lat, lng: site.lng } : null,
      route_ids: site.routeIds, planned_vehicles: site.planned,
      window: { open: hms(site.openS), close: hms(site.closeS) },
      status, status_label: PLAN_FACT_STATUS_LABELS[status],
      service: first ? visitOf(first) : null,
      other_visits: mine.slice(1).map(visitOf),
      events: [],
      note: site.lat === null || site.lng === null ? 'У площадки нет координат: обслуживание по GPS не определить.' : null,
    };
  });

  const statusOf = new Map(outcomes.map((o) => [o.key, o.status]));
  const routes: PlanFactRoute[] = day.routes.map((r) => {
    const statuses = emptyCounts();
    for (const k of r.sites) statuses[statusOf.get(k)!]++;
    const vid = r.vehicle?.id;
    const pts = vid !== undefined ? input.points.get(vid) : undefined;
    const hasTrack = pts !== undefined && pts.length > 0;
    const siblings = day.routes.filter((x) => x.vehicle?.id === vid);
    const owns = (t: number) => ownerRoute(siblings, t - day.dayStart) === r.id;
    const trips = hasTrack ? (tripsOf.get(vid!) ?? []).filter((t) => owns(t.start)) : [];
    return {
      route_id: r.id, number: r.number, crew: r.crew, vehicle: r.vehicle,
      planned: { distance_m: r.distanceM, duration_s: r.durationS, sites: r.sites.length, unloads: r.unloads, start: r.start, end: r.end },
      fact: {
        distance_m: hasTrack ? trips.reduce((a, t) => a + t.distance_m, 0) : null,
        duration_s: hasTrack ? trips.reduce((a, t) => a + t.duration_s, 0) : null,
        sites_served: statuses.served + statuses.served_unplanned + statuses.late,
        unloads: hasTrack ? (unloadsOf.get(vid!) ?? []).filter(owns).length : null,
        start: trips.length ? iso(trips[0]!.start) : null,
        end: trips.length ? iso(trips.at(-1)!.end) : null,
      },
      statuses,
    };
  });

  return {
    answer: { schedule_id: day.scheduleId, date: isoToWorkDate(day.workDate), source: day.source, totals, routes, sites },
    outcomes,
  };
}

/** The route of a vehicle that owns a moment `ms` after local midnight: the latest planned start at or before it, else the first. */
export function ownerRoute(routes: readonly { id: number; start: string }[], ms: number): number | undefined {
  let owner = routes[0]?.id;
  let best = -1;
  for (const r of routes) {
    const s = toSeconds(r.start) * 1000;
    if (s <= ms && s > best) { best = s; owner = r.id; }
  }
  return owner;
}

const hms = (s: number) => [Math.floor(s / 3600) % 24, Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0')).join(':');
