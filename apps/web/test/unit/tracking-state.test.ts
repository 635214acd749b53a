/**
 * The tracking screen's live folding (src/tracking/tracking-state.ts; issue 10 §3): the newest
 * live position of a vehicle moves it, an older one does not, the bucket and the online flag
 * follow the position's age, the counts follow the flags; white text on every bucket colour
 * keeps WCAG AA contrast.
 */
import { describe, expect, it } from 'vitest';
import type { NavVehicle } from '@tko/contract';
import { applyLive, BUCKET_COLORS, countOnline } from '../../src/tracking/tracking-state';

const NOW = Date.parse('2026-11-24T06:00:00Z');
const vehicle = (id: number, at: string | null): NavVehicle => ({
  id, license_plate: `А${id}00АА38`, garage: null, status: 'ACTIVE', external_identifier: null,
  last_online_at: at, last_position: at ? { lat: 52.5, lng: 103.8 } : null, online: false, last_online: at ? 'FAR_AGO' : 'NO_DATA',
});
const live = (vehicle_id: number, time: string, lat: number) => ({ vehicle_id, time, lat, lng: 103.9, speed: 20, course: 90 });

describe('applyLive', () => {
  it('moves a vehicle to its newest live position and marks it online', () => {
    const [a, b] = applyLive([vehicle(1, '2026-11-20T00:00:00Z'), vehicle(2, null)], [
      live(1, '2026-11-24T05:59:00Z', 52.6), live(1, '2026-11-24T05:59:30Z', 52.7), live(1, '2026-11-24T05:58:00Z', 52.1),
    ], NOW);
    expect(a).toMatchObject({ last_position: { lat: 52.7, lng: 103.9 }, last_online_at: '2026-11-24T05:59:30Z', last_online: 'RECENTLY', online: true });
    expect(b).toMatchObject({ last_position: null, last_online: 'NO_DATA', online: false });
    expect(countOnline([a!, b!])).toEqual({ online: 1, offline: 1 });
  });

  it('ignores a live position older than the listed one and marks old ones offline', () => {
    const listed = vehicle(1, '2026-11-24T05:59:50Z');
    expect(applyLive([listed], [live(1, '2026-11-24T05:59:00Z', 52.9)], NOW)[0]).toBe(listed);
    const stale = applyLive([vehicle(3, null)], [live(3, '2026-11-24T05:30:00Z', 52.2)], NOW)[0]!;
    expect(stale).toMatchObject({ online: false, last_online: 'HOUR' });
  });

  it('keeps white text readable on every bucket colour (contrast ≥ 4.5)', () => {
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (const color of Object.values(BUCKET_COLORS)) expect(1.05 / (lum(color) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
