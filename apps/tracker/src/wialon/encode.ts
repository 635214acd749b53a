/**
 * Building Wialon IPS packets as a tracker sends them (the simulator, the tests and
 * bench/tracker.ts): login, short data, data and black box, 1.1 (no checksum) or 2.0 (CRC-16/ARC).
 */
import { wialonCrc } from './crc';

export type WialonVersion = '1.1' | '2.0';

export interface FixInput { time: Date; lat: number; lng: number; speed?: number; course?: number; altitude?: number; sats?: number }

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/** DDMMYY;HHMMSS of a UTC time; with milliseconds HHMMSS.mmm (the fraction of IPS 2.1). */
export function dateTimeFields(t: Date): string {
  const ms = t.getUTCMilliseconds();
  return `${pad(t.getUTCDate(), 2)}${pad(t.getUTCMonth() + 1, 2)}${pad(t.getUTCFullYear() % 100, 2)};`
    + `${pad(t.getUTCHours(), 2)}${pad(t.getUTCMinutes(), 2)}${pad(t.getUTCSeconds(), 2)}${ms ? `.${pad(ms, 3)}` : ''}`;
}

/** Degrees → DDMM.MMMM;N (lat) or DDDMM.MMMM;E (lng). */
export function coordinateFields(value: number, lat: boolean): string {
  const abs = Math.abs(value);
  let deg = Math.floor(abs);
  let min = Number(((abs - deg) * 60).toFixed(6));
  if (min >= 60) { deg += 1; min = 0; }
  const [mi, mf] = min.toFixed(6).split('.') as [string, string];
  const sign = lat ? (value < 0 ? 'S' : 'N') : (value < 0 ? 'W' : 'E');
  return `${pad(deg, lat ? 2 : 3)}${mi.padStart(2, '0')}.${mf};${sign}`;
}

/** The ten common fields of SD/D. */
export function fixFields(f: FixInput): string {
  return `${dateTimeFields(f.time)};${coordinateFields(f.lat, true)};${coordinateFields(f.lng, false)};`
    + `${Math.round(f.speed ?? 0)};${Math.round(f.course ?? 0)};${Math.round(f.altitude ?? 0)};${f.sats ?? 10}`;
}

const withCrc = (v: WialonVersion, body: string) => (v === '2.0' ? `${body};${wialonCrc(`${body};`)}` : body);

export function loginPacket(imei: string, password = 'NA', v: WialonVersion = '2.0'): string {
  return v === '2.0' ? `#L#${withCrc(v, `2.0;${imei};${password}`)}\r\n` : `#L#${imei};${password}\r\n`;
}
export function shortDataPacket(f: FixInput, v: WialonVersion = '2.0'): string {
  return `#SD#${withCrc(v, fixFields(f))}\r\n`;
}
export function dataPacket(f: FixInput, v: WialonVersion = '2.0', params = 'NA'): string {
  return `#D#${withCrc(v, `${fixFields(f)};1.0;0;0;;NA;${params}`)}\r\n`;
}
export function blackBoxPacket(fixes: readonly FixInput[], v: WialonVersion = '2.0'): string {
  const body = fixes.map(fixFields).join('|');
  return v === '2.0' ? `#B#${body}|${wialonCrc(`${body}|`)}\r\n` : `#B#${body}\r\n`;
}
export const PING_PACKET = '#P#\r\n';
