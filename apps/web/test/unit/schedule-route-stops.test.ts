/** Texts of the schedule card's routes tab (apps/web/src/schedules/route-stops.ts). */
import { describe, expect, it } from 'vitest';
import { hoursMinutes, km, routeName, stopObject, travelText } from '../../src/schedules/route-stops';

const stop = { id: 1, order_in_route: 2, stop_type: 'WASTE_AREA' as const, waste_area: null, collection_request: null, waste_management_facility: null, garage: null,
  coordinates: null, arrival_time: '06:10:00', departure_time: '06:14:00', volume_m3: '1.760', load_m3: '1.760' };

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
