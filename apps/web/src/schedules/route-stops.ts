/**
 * Texts of the schedule card's routes tab (pure, unit-testable): stop type labels, the stop's
 * object, distances and durations, where travel times come from (issue 10 §4: "stated in the
 * answer").
 */
import { formatNumber, type DayRoutes, type ScheduleRoute, type ScheduleRouteStop } from '@tko/contract';

export const STOP_TYPE_LABELS: Record<ScheduleRouteStop['stop_type'], string> = {
  GARAGE: 'Гараж',
  WASTE_AREA: 'Место накопления',
  LUNCH_BREAK: 'Обед',
  WASTE_MANAGEMENT_FACILITY: 'Выгрузка на объекте',
};

/** The stop's kind; a break after 4 h 30 min of driving (Приказ Минтранса № 424) is not a lunch. */
export const stopTypeLabel = (s: Pick<ScheduleRouteStop, 'stop_type' | 'break_kind'>): string =>
  s.stop_type === 'LUNCH_BREAK' && s.break_kind === 'driving' ? 'Перерыв (4 ч 30 мин за рулём)' : STOP_TYPE_LABELS[s.stop_type];

/** 'Итого: 12,3 км, машин 2, смен 3, выгрузок 4, площадок 12, не запланировано 1. Самая длинная смена 7 ч 2 мин, за рулём 9 ч 0 мин.' */
export function totalsText(t: DayRoutes['totals']): string {
  const parts = [`Итого: ${km(t.distance_m)}`, `машин ${t.vehicles}`, `смен ${t.shifts}`, `выгрузок ${t.unloads}`, `площадок ${t.sites}`];
  if (t.unplanned > 0) parts.push(`не запланировано ${t.unplanned}`);
  if (t.infeasible_routes > 0) parts.push(`маршрутов с нарушениями: ${t.infeasible_routes}`);
  return `${parts.join(', ')}. Самая длинная смена ${hoursMinutes(t.longest_shift_s)}, за рулём всего ${hoursMinutes(t.driving_s)}.`;
}

/** What the stop is: the site, the request, the facility or the garage by name. */
export function stopObject(s: ScheduleRouteStop): string {
  if (s.waste_area) return s.waste_area.name;
  if (s.collection_request !== null) return `Заявка № ${s.collection_request}`;
  if (s.waste_management_facility) return s.waste_management_facility.name;
  if (s.garage) return s.garage.name;
  return '—';
}

/** 12 345 m → '12,3 км'. */
export const km = (m: number): string => `${formatNumber(m / 1000, { minFraction: 1, maxFraction: 1 })} км`;

/** 5 400 s → '1 ч 30 мин'. */
export function hoursMinutes(s: number): string {
  const h = Math.floor(s / 3600);
  const m = Math.round((s % 3600) / 60);
  return h > 0 ? `${h} ч ${m} мин` : `${m} мин`;
}

/** The route's name in the selector: 'Маршрут 2 · А 001 АА 38'. */
export const routeName = (r: Pick<ScheduleRoute, 'number' | 'vehicle'>): string => `Маршрут ${r.number}${r.vehicle ? ` · ${r.vehicle.name}` : ''}`;

/** Where the times come from, in words. */
export function travelText(t: DayRoutes['travel']): string {
  if (!t) return '';
  const gc = `по прямой × ${String(t.detour_factor ?? '').replace('.', ',')} при ${String(t.speed_kmh ?? '').replace('.', ',')} км/ч`;
  if (t.source === 'road_graph') return 'Время в пути — по дорожному графу.';
  if (t.source === 'mixed') return `Время в пути — по дорожному графу, где он связывает точки, иначе ${gc}.`;
  return `Время в пути — ${gc} (дорожного графа для этих точек нет).`;
}
