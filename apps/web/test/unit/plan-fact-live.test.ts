/**
 * The tracking screen's plan/fact parts (src/tracking/plan-fact-live.ts; issue 23 §4): the missed
 * sites come first in the table, a route's progress is its served planned sites of those due, the
 * map gets only sites with coordinates (the missed flagged), a live message counts only for the
 * schedule and date on screen, and white text stays readable on every status colour.
 */
import { describe, expect, it } from 'vitest';
import type { PlanFactRoute, PlanFactSite, PlanFactStatus } from '@tko/contract';
import { concernsDay, planFactFromUrl, planFactMapUrl, routeProgress, sitesForTable, sitesGeoJson, STATUS_COLORS, workDateOf } from '../../src/tracking/plan-fact-live';

const site = (id: number, name: string, status: PlanFactStatus, coords = true): PlanFactSite => ({
  waste_area: { id, name }, collection_request: null, coordinates: coords ? { lat: 52.5 + id / 1000, lng: 103.9 } : null,
  route_ids: [], planned_vehicles: [], window: { open: '06:00:00', close: '22:00:00' }, status, status_label: status,
  service: null, other_visits: [], events: [], note: null,
});

describe('plan/fact on the tracking screen', () => {
  it('lists the missed first, then pending, late, unplanned, served, by name within a status', () => {
    const out = sitesForTable([site(1, 'Б', 'served'), site(2, 'В', 'missed'), site(3, 'А', 'pending'), site(4, 'А', 'missed'), site(5, 'Г', 'late')]);
    expect(out.map((s) => s.waste_area!.id)).toEqual([4, 2, 3, 5, 1]);
  });

  it('opens a vehicle\'s track of a day by address (a service\'s evidence from an appeal card), and reads it back', () => {
    const url = planFactMapUrl(7, '2026-11-26', null, 42);
    expect(url).toBe('/routes/nav-ctrl/?schedule=7&day=2026-11-26&vehicle=42');
    expect(planFactFromUrl(new URLSearchParams(url.split('?')[1]), '2026-11-28')).toEqual({ scheduleId: 7, day: '2026-11-26', routeId: null, vehicleId: 42 });
    expect(planFactFromUrl(new URLSearchParams('vehicle=x'), '2026-11-28')).toEqual({ scheduleId: null, day: '2026-11-28', routeId: null, vehicleId: null });
  });

  it('draws only the sites with coordinates, the missed flagged and in red', () => {
    const fc = sitesGeoJson([site(1, 'А', 'missed'), site(2, 'Б', 'served', false), site(3, 'В', 'served')]);
    expect(fc.features.map((f) => [f.properties.name, f.properties.missed, f.properties.color])).toEqual([
      ['А', true, STATUS_COLORS.missed], ['В', false, STATUS_COLORS.served],
    ]);
    expect(fc.features[0]!.geometry.coordinates).toEqual([103.9, 52.501]);
  });

  it('gives a route its served planned sites of those due, and its missed', () => {
    const r = { fact: { sites_served: 3 }, planned: { sites: 7 }, statuses: { missed: 2, served: 3 } } as unknown as PlanFactRoute;
    expect(routeProgress(r)).toEqual({ served: 3, due: 7, missed: 2 });
  });

  it('takes a live message only for the schedule and the date on screen', () => {
    const msg = { schedule_id: 5, date: '27.11.2026', computed_at: '', totals: { due: 0, served: 0, served_unplanned: 0, late: 0, missed: 0, pending: 0 }, changed: [] };
    expect(concernsDay(msg, { schedule_id: 5, date: workDateOf('2026-11-27')! })).toBe(true);
    expect(concernsDay(msg, { schedule_id: 5, date: '26.11.2026' })).toBe(false);
    expect(concernsDay(msg, { schedule_id: 6, date: '27.11.2026' })).toBe(false);
    expect(workDateOf('27.11.2026')).toBeNull();
  });

  it('keeps white text readable on every status colour (contrast ≥ 4.5)', () => {
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const color of Object.values(STATUS_COLORS)) expect(1.05 / (lum(color) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
