/**
 * The tracking screen's pure parts (issue 10 §3, §5): the last-online bucket colours and labels,
 * folding live positions into the vehicle list, and the UTC day of a date input.
 */
import { navLastOnlineBucket, type LivePosition, type NavVehicle } from '@tko/contract';

/**
 * A list's own scroll inside its panel (a focusable wrapper, not antd's `scroll.y`: that splits the
 * header into a second table and the cells lose their headers for screen readers — axe td-has-header).
 */
export const PANEL_SCROLL = { maxHeight: 300, overflowY: 'auto' } as const;

/** Colour of a vehicle by its last-online bucket (spec 02 §3 «Last online»); white text on each has contrast ≥ 4.5. */
export const BUCKET_COLORS: Record<string, string> = {
  RECENTLY: '#237804', HOUR: '#0958d9', FEW_HOUR: '#ad4e00', DAY: '#cf1322', FAR_AGO: '#434343', NO_DATA: '#6b6b6b',
};
export const BUCKET_LABELS: Record<string, string> = {
  NO_DATA: 'Нет данных', RECENTLY: 'Недавно', HOUR: 'В течение часа', FEW_HOUR: 'Несколько часов назад', DAY: 'В течение суток', FAR_AGO: 'Давно',
};

/**
 * Applies live positions to the vehicles (newest per vehicle wins, older ones are ignored):
 * last position, time, bucket and the online flag (a position newer than `onlineMinutes`).
 */
export function applyLive(vehicles: readonly NavVehicle[], positions: readonly LivePosition[], now = Date.now(), onlineMinutes = 10): NavVehicle[] {
  const newest = new Map<number, LivePosition>();
  for (const p of positions) {
    const cur = newest.get(p.vehicle_id);
    if (!cur || Date.parse(p.time) > Date.parse(cur.time)) newest.set(p.vehicle_id, p);
  }
  return vehicles.map((v) => {
    const p = newest.get(v.id);
    if (!p || (v.last_online_at && Date.parse(v.last_online_at) >= Date.parse(p.time))) return v;
    return {
      ...v,
      last_online_at: p.time,
      last_position: { lat: p.lat, lng: p.lng },
      last_online: navLastOnlineBucket(p.time, now),
      online: now - Date.parse(p.time) <= onlineMinutes * 60_000,
    };
  });
}

/** Online and offline counts of a list. */
export function countOnline(vehicles: readonly NavVehicle[]): { online: number; offline: number } {
  const online = vehicles.filter((v) => v.online).length;
  return { online, offline: vehicles.length - online };
}
