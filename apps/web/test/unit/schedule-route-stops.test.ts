/** Texts of the schedule card's routes tab (apps/web/src/schedules: route-stops.ts, route-shift.tsx, plans-compare.tsx). */
import { describe, expect, it } from 'vitest';
import { compareRows } from '../../src/schedules/plans-compare';
import { shiftText, truckText } from '../../src/schedules/route-shift';
import { hoursMinutes, km, routeName, stopObject, stopTypeLabel, totalsText, travelText } from '../../src/schedules/route-stops';

const stop = { id: 1, order_in_route: 2, stop_type: 'WASTE_AREA' as const, waste_area: null, collection_request: null, waste_management_facility: null, garage: null,
  coordinates: null, arrival_time: '06:10:00', departure_time: '06:14:00', volume_m3: '1.760', load_m3: '1.760',
  break_kind: null, share: '1.000000', mass_kg: '176.0', load_kg: '176.0', bodies: ['REAR', 'SIDE', 'FRONT'], compatible: true };

describe('routes tab texts', () => {
  it('names the stop object, the route, distances and durations in Russian', () => {
    expect(stopObject({ ...stop, waste_area: { id: 5, name: 'Ангарск, 47 квл, 60' } })).toBe('Ангарск, 47 квл, 60');
    expect(stopObject({ ...stop, collection_request: 7 })).toBe('Заявка № 7');
    expect(stopObject({ ...stop, stop_type: 'LUNCH_BREAK' })).toBe('—');
    expect(routeName({ number: 2, vehicle: { id: 1, name: 'А 001 АА 38' } })).toBe('Маршрут 2 · А 001 АА 38');
    expect(km(12345)).toBe('12,3 км');
    expect(hoursMinutes(5400)).toBe('1 ч 30 мин');
    expect(hoursMinutes(600)).toBe('10 мин');
  });
  it('states where travel times come from', () => {
    expect(travelText({ source: 'great_circle', detour_factor: '1.30', speed_kmh: '25.0' })).toBe('Время в пути — по прямой × 1,30 при 25,0 км/ч (дорожного графа для этих точек нет).');
    expect(travelText({ source: 'road_graph', detour_factor: null, speed_kmh: null })).toBe('Время в пути — по дорожному графу.');
    expect(travelText(null)).toBe('');
  });
});

describe('shift, truck and plan comparison texts', () => {
  const route = {
    crew: 0, loading: 'REAR', payload_kg: 5000, compatible: true, stops: [stop],
    shift: { start: '06:00:00', end: '13:02:00', duration_s: 25320, driving_s: 21600, breaks: [{ start: '08:31:00', end: '09:16:00', kind: 'driving' as const }, { start: '12:00:00', end: '13:00:00', kind: 'lunch' as const }] },
  };
  it('says the shift with its breaks and the truck against its sites', () => {
    expect(shiftText(route)).toBe('Смена 06:00–13:02 (7 ч 2 мин), за рулём 6 ч 0 мин; перерыв 08:31–09:16 (45 мин), обед 12:00–13:00 (60 мин).');
    expect(shiftText({ ...route, crew: 1, shift: { ...route.shift, breaks: [] } })).toBe('Смена (второй экипаж) 06:00–13:02 (7 ч 2 мин), за рулём 6 ч 0 мин; перерывов нет.');
    expect(truckText(route)).toBe('Кузов: Задняя, грузоподъёмность 5\u202f000 кг — подходит ко всем площадкам маршрута.');
    expect(truckText({ ...route, compatible: false, payload_kg: null, stops: [stop, { ...stop, compatible: false }] })).toBe('Кузов: Задняя, грузоподъёмность не указана — не подходит к площадкам: 1.');
    expect(stopTypeLabel({ stop_type: 'LUNCH_BREAK', break_kind: 'driving' })).toBe('Перерыв (4 ч 30 мин за рулём)');
    expect(stopTypeLabel({ stop_type: 'LUNCH_BREAK', break_kind: 'lunch' })).toBe('Обед');
  });
  it('compares two plans with the difference', () => {
    const a = { id: 1, created_at: '2026-11-24T05:00:00Z', mode: 'keep_assignment' as const, distance_m: 200_000, vehicles: 10, shifts: 10, unloads: 20, sites: 700, unplanned: 0, shifts_s: 360_000, longest_shift_s: 43_200, driving_s: 180_000, travel_source: 'great_circle' };
    const b = { ...a, id: 2, mode: 'optimise' as const, distance_m: 170_000, vehicles: 8, shifts: 8, shifts_s: 300_000 };
    const rows = compareRows(a, b);
    expect(rows.find((r) => r.key === 'km')).toEqual({ key: 'km', label: 'Пробег', a: '200,0 км', b: '170,0 км', diff: '−30,0 км (−15,0 %)' });
    expect(rows.find((r) => r.key === 'vehicles')).toMatchObject({ a: '10', b: '8', diff: '−2 (−20,0 %)' });
    expect(rows.find((r) => r.key === 'hours')).toMatchObject({ a: '100 ч 0 мин', b: '83 ч 20 мин', diff: '−16 ч 40 мин (−16,7 %)' });
    expect(rows.find((r) => r.key === 'unplanned')).toMatchObject({ diff: '0' });
    expect(totalsText({ distance_m: 12345, duration_s: 0, vehicles: 2, unloads: 4, sites: 12, infeasible_routes: 0, shifts: 3, longest_shift_s: 25320, driving_s: 32400, unplanned: 1 }))
      .toBe('Итого: 12,3 км, машин 2, смен 3, выгрузок 4, площадок 12, не запланировано 1. Самая длинная смена 7 ч 2 мин, за рулём всего 9 ч 0 мин.');
  });
});
