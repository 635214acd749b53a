/**
 * The tracking screen's plan/fact parts that need no React (issue 23 §4): the colour of each
 * service status (contract routes/plan-fact.ts PLAN_FACT_STATUSES; labels are the contract's
 * PLAN_FACT_STATUS_LABELS), each route's progress of the day, the missed sites first, the sites as
 * GeoJSON for the map, and whether a live message concerns the date on screen.
 */
import { TRACKING_PATH } from '../app/navigation';
import type { PlanFactDay, PlanFactMessage, PlanFactRoute, PlanFactSite, PlanFactStatus } from '@tko/contract';

/** Status colours on the map and in the table; white text on each has contrast ≥ 4.5. */
export const STATUS_COLORS: Record<PlanFactStatus, string> = {
  served: '#237804',
  served_unplanned: '#0958d9',
  late: '#ad4e00',
  missed: '#cf1322',
  pending: '#595959',
};

/** Statuses that count as served on a route (contract: sites_served = served, served_unplanned, late). */
export const SERVED_STATUSES: readonly PlanFactStatus[] = ['served', 'served_unplanned', 'late'];

/** A route's progress: its planned sites served by any vehicle, of those due. */
export function routeProgress(r: PlanFactRoute): { served: number; due: number; missed: number } {
  return { served: r.fact.sites_served, due: r.planned.sites, missed: r.statuses.missed ?? 0 };
}

/** The site's name as the table and the map show it. */
export function siteName(s: PlanFactSite): string {
  if (s.waste_area) return s.waste_area.name;
  return s.collection_request === null ? '—' : `Заявка № ${s.collection_request}`;
}

/** The day's sites with the missed first, then pending, late, unplanned, served; by name within a status. */
export function sitesForTable(sites: readonly PlanFactSite[]): PlanFactSite[] {
  const rank: Record<PlanFactStatus, number> = { missed: 0, pending: 1, late: 2, served_unplanned: 3, served: 4 };
  return [...sites].sort((a, b) => rank[a.status] - rank[b.status] || siteName(a).localeCompare(siteName(b), 'ru'));
}

/** Sites with coordinates as GeoJSON points (properties: status, colour, name, missed flag) for the map's status layer. */
export function sitesGeoJson(sites: readonly PlanFactSite[]) {
  return {
    type: 'FeatureCollection' as const,
    features: sites.flatMap((s) => (s.coordinates ? [{
      type: 'Feature' as const,
      properties: { status: s.status, color: STATUS_COLORS[s.status], name: siteName(s), missed: s.status === 'missed' },
      geometry: { type: 'Point' as const, coordinates: [s.coordinates.lng, s.coordinates.lat] as [number, number] },
    }] : [])),
  };
}

/** YYYY-MM-DD → DD.MM.YYYY (the schedule calls' work date); null when not a date. */
export function workDateOf(isoDay: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : null;
}

/** Whether a message on the schedule's plan/fact topic is about the day on screen (both DD.MM.YYYY). */
export function concernsDay(msg: PlanFactMessage, day: Pick<PlanFactDay, 'schedule_id' | 'date'> | { schedule_id: number; date: string }): boolean {
  return msg.schedule_id === day.schedule_id && msg.date === day.date;
}

/** The tracking screen showing a schedule's day (YYYY-MM-DD) and, when given, one route's planned path and track, and one vehicle's trips of the day. */
export function planFactMapUrl(scheduleId: number | string, isoDay: string, routeId?: number | null, vehicleId?: number | null): string {
  const q = new URLSearchParams({ schedule: String(scheduleId), day: isoDay });
  if (routeId) q.set('route', String(routeId));
  if (vehicleId) q.set('vehicle', String(vehicleId));
  return `${TRACKING_PATH}?${q.toString()}`;
}

/** The screen's starting schedule, day, route and vehicle (its trips of the day shown) from its address (planFactMapUrl); the day defaults to `today`. */
export function planFactFromUrl(search: URLSearchParams, today: string): { scheduleId: number | null; day: string; routeId: number | null; vehicleId: number | null } {
  const id = (k: string) => (/^\d+$/.test(search.get(k) ?? '') ? Number(search.get(k)) : null);
  const day = search.get('day') ?? '';
  return { scheduleId: id('schedule'), day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : today, routeId: id('route'), vehicleId: id('vehicle') };
}
