/**
 * The visible route's crew shift and truck (the schedule card's routes tab): leave, breaks and
 * return, the shift's length and time at the wheel (Приказ Минтранса № 424: a 45-minute break
 * after 4 h 30 min of driving, at most 9 h a day, a shift of at most 12 h), the truck's body and
 * payload and whether it fits every site of the route, and the rules the route breaks.
 */
import type { ScheduleRoute } from '@tko/contract';
import { formatNumber, LoadingType } from '@tko/contract';
import { Space, Tag, Typography } from 'antd';
import { hoursMinutes } from './route-stops';

const hm = (t: string) => t.slice(0, 5);

/** '08:31–09:16 (45 мин, перерыв после 4 ч 30 мин за рулём)' per break, joined. */
export function breaksText(r: Pick<ScheduleRoute, 'shift'>): string {
  if (r.shift.breaks.length === 0) return 'перерывов нет';
  return r.shift.breaks.map((b) => {
    const [h1, m1] = b.start.split(':').map(Number);
    const [h2, m2] = b.end.split(':').map(Number);
    const len = (h2! * 60 + m2!) - (h1! * 60 + m1!);
    return `${b.kind === 'lunch' ? 'обед' : 'перерыв'} ${hm(b.start)}–${hm(b.end)} (${len} мин)`;
  }).join(', ');
}

/** 'Смена 06:00–13:02 (7 ч 2 мин), за рулём 6 ч 0 мин; перерыв 08:31–09:16 (45 мин)'. */
export function shiftText(r: Pick<ScheduleRoute, 'shift' | 'crew'>): string {
  const crew = r.crew === 1 ? ' (второй экипаж)' : '';
  return `Смена${crew} ${hm(r.shift.start)}–${hm(r.shift.end)} (${hoursMinutes(r.shift.duration_s)}), за рулём ${hoursMinutes(r.shift.driving_s)}; ${breaksText(r)}.`;
}

/** 'Кузов: Задняя, грузоподъёмность 5 000 кг — подходит ко всем площадкам маршрута'. */
export function truckText(r: Pick<ScheduleRoute, 'loading' | 'payload_kg' | 'compatible' | 'stops'>): string {
  const body = r.loading ? LoadingType.label(r.loading) : 'не указан';
  const payload = r.payload_kg != null ? `, грузоподъёмность ${formatNumber(r.payload_kg)} кг` : ', грузоподъёмность не указана';
  const misfit = r.stops.filter((s) => s.stop_type === 'WASTE_AREA' && !s.compatible).length;
  return `Кузов: ${body}${payload} — ${r.compatible ? 'подходит ко всем площадкам маршрута' : `не подходит к площадкам: ${misfit}`}.`;
}

export function RouteShift({ route }: { route: ScheduleRoute }) {
  return (
    <Space direction="vertical" size={2} data-testid="route-shift">
      <Typography.Text>{shiftText(route)}</Typography.Text>
      <Typography.Text type={route.compatible ? undefined : 'danger'} data-testid="route-truck">{truckText(route)}</Typography.Text>
      {route.violations.length > 0 && (
        <Space wrap size={4} data-testid="route-violations">
          {route.violations.map((v) => <Tag key={v.code} color="red">{v.label}</Tag>)}
        </Space>
      )}
    </Space>
  );
}
