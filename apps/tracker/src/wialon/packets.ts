/**
 * Parsing the Wialon IPS 1.1 / 2.0 packets a tracker sends over TCP (each `#TYPE#message\r\n`;
 * Gurtam's «Wialon IPS communication protocol» v1.1 and v2.0): login L, short data SD, data D,
 * black box B, ping P. Pure functions: a message in, a parsed packet or the protocol's error code out.
 *
 * Answer codes (the protocol's tables):
 * - AL: 1 accepted, 0 rejected (unknown unit / bad structure), 01 password error, 10 checksum error;
 * - ASD: -1 structure, 0 time, 1 ok, 10 coordinates, 11 speed/course/altitude, 12 satellites, 13 checksum;
 * - AD: -1 structure, 0 time, 1 ok, 10 coordinates, 11 speed/course/altitude, 12 satellites/HDOP,
 *   13 inputs/outputs, 14 ADC, 15 additional parameters, 16 checksum;
 * - AB: the number of messages stored; empty (`#AB#`) on a checksum error.
 */
import { crcMatches } from './crc';

/** One position read from SD/D: `time` null when the tracker sent NA (the server's time is used). */
export interface WialonFix {
  time: Date | null;
  lat: number;
  lng: number;
  speed: number | null;
  course: number | null;
  altitude: number | null;
  sats: number | null;
}

export type FixResult = { ok: true; fix: WialonFix } | { ok: false; code: string };

const NA = 'NA';
const isNA = (s: string) => s === NA || s === '';

/** DDMMYY + HHMMSS[.fraction] (UTC) → Date, or null when invalid. */
export function parseDateTime(date: string, time: string): Date | null {
  const d = /^(\d{2})(\d{2})(\d{2})$/.exec(date);
  const t = /^(\d{2})(\d{2})(\d{2})(?:\.(\d{1,9}))?$/.exec(time);
  if (!d || !t) return null;
  const [day, month, year] = [Number(d[1]), Number(d[2]), 2000 + Number(d[3])];
  const [h, m, s] = [Number(t[1]), Number(t[2]), Number(t[3])];
  const ms = t[4] ? Number(`${t[4]}00`.slice(0, 3)) : 0;
  if (month < 1 || month > 12 || day < 1 || h > 23 || m > 59 || s > 59) return null;
  const out = new Date(Date.UTC(year, month - 1, day, h, m, s, ms));
  return out.getUTCDate() === day ? out : null; // 310226 is not a date
}

/** DDMM.MMMM / DDDMM.MMMM + hemisphere → signed degrees, or null. */
export function parseCoordinate(value: string, sign: string, lat: boolean): number | null {
  const re = lat ? /^(\d{2})(\d{2}(?:\.\d+)?)$/ : /^(\d{3})(\d{2}(?:\.\d+)?)$/;
  const m = re.exec(value);
  if (!m) return null;
  const deg = Number(m[1]);
  const min = Number(m[2]);
  if (min >= 60) return null;
  const abs = deg + min / 60;
  if (abs > (lat ? 90 : 180)) return null;
  const hemis: Record<string, number> = lat ? { N: 1, S: -1 } : { E: 1, W: -1 };
  const k = hemis[sign];
  return k === undefined ? null : abs * k;
}

const num = (s: string): number | null | undefined => (isNA(s) ? null : /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : undefined);

/**
 * The ten fields common to SD and D: date;time;lat1;lat2;lon1;lon2;speed;course;height;sats.
 * `now` replaces an NA date/time (the protocol: «the server sets the current time»).
 */
export function parseFix(f: readonly string[], now: Date): FixResult {
  const [date, time, lat1, lat2, lon1, lon2, speedS, courseS, altS, satsS] = f as [string, string, string, string, string, string, string, string, string, string];
  let at: Date | null;
  if (isNA(date) && isNA(time)) at = now;
  else {
    at = parseDateTime(date, time);
    if (!at) return { ok: false, code: '0' };
  }
  if (isNA(lat1) || isNA(lon1)) return { ok: false, code: '10' };
  const lat = parseCoordinate(lat1, lat2, true);
  const lng = parseCoordinate(lon1, lon2, false);
  if (lat === null || lng === null) return { ok: false, code: '10' };
  const speed = num(speedS);
  const course = num(courseS);
  const altitude = num(altS);
  if (speed === undefined || course === undefined || altitude === undefined
    || (speed !== null && (speed < 0 || speed > 1000)) || (course !== null && (course < 0 || course > 360))
    || (altitude !== null && Math.abs(altitude) > 100000)) return { ok: false, code: '11' };
  const sats = num(satsS);
  if (sats === undefined || (sats !== null && (!Number.isInteger(sats) || sats < 0 || sats > 255))) return { ok: false, code: '12' };
  return {
    ok: true,
    fix: { time: at, lat, lng, speed, course: course === null ? null : Math.round(course) % 360, altitude: altitude === null ? null : Math.round(altitude), sats },
  };
}

/** The extra fields of D after the ten common ones: hdop;inputs;outputs;adc;ibutton;params. Error code or null. */
export function checkExtended(f: readonly string[]): string | null {
  const [hdop, inputs, outputs, adc, , params] = f as [string, string, string, string, string, string];
  if (num(hdop) === undefined) return '12';
  const intOrNA = (s: string) => isNA(s) || /^\d+$/.test(s);
  if (!intOrNA(inputs) || !intOrNA(outputs)) return '13';
  if (!isNA(adc) && !adc.split(',').every((a) => /^-?\d+(\.\d+)?$/.test(a))) return '14';
  if (!isNA(params)) {
    for (const p of params.split(',')) {
      const m = /^([^:]+):([123]):(.*)$/.exec(p);
      if (!m) return '15';
      if (m[2] === '1' && !/^-?\d+$/.test(m[3]!)) return '15';
      if (m[2] === '2' && !/^-?\d+(\.\d+)?$/.test(m[3]!)) return '15';
    }
  }
  return null;
}

/** Splits `msg` into fields, checking and removing the trailing checksum field when `withCrc`. */
function fieldsOf(msg: string, withCrc: boolean): { fields: string[]; crcOk: boolean } {
  const fields = msg.split(';');
  if (!withCrc) return { fields, crcOk: true };
  const crc = fields.pop() ?? '';
  const body = msg.slice(0, msg.length - crc.length);
  return { fields, crcOk: crcMatches(body, crc) };
}

export type LoginResult = { ok: true; version: '1.1' | '2.0'; imei: string; password: string } | { ok: false; code: '0' | '10' };

/** `#L#` body: v2.0 `2.0;imei;password;crc16`, v1.1 `imei;password`. */
export function parseLogin(msg: string): LoginResult {
  const parts = msg.split(';');
  if (parts.length === 4 && /^\d+\.\d+$/.test(parts[0]!)) {
    const { fields, crcOk } = fieldsOf(msg, true);
    if (!crcOk) return { ok: false, code: '10' };
    const [, imei, password] = fields as [string, string, string];
    if (!imei || imei.length > 64) return { ok: false, code: '0' };
    return { ok: true, version: '2.0', imei, password };
  }
  if (parts.length === 2 && parts[0] && parts[0].length <= 64) return { ok: true, version: '1.1', imei: parts[0], password: parts[1]! };
  return { ok: false, code: '0' };
}

/** `#SD#` body → fix or ASD code. */
export function parseShortData(msg: string, withCrc: boolean, now: Date): FixResult {
  const { fields, crcOk } = fieldsOf(msg, withCrc);
  if (fields.length !== 10) return { ok: false, code: '-1' };
  if (!crcOk) return { ok: false, code: '13' };
  return parseFix(fields, now);
}

/** `#D#` body → fix or AD code. */
export function parseData(msg: string, withCrc: boolean, now: Date): FixResult {
  const { fields, crcOk } = fieldsOf(msg, withCrc);
  if (fields.length !== 16) return { ok: false, code: '-1' };
  if (!crcOk) return { ok: false, code: '16' };
  const fix = parseFix(fields.slice(0, 10), now);
  if (!fix.ok) return fix;
  const ext = checkExtended(fields.slice(10));
  return ext ? { ok: false, code: ext } : fix;
}

/**
 * `#B#` body: messages in SD (10 fields) or D (16 fields) form separated by `|`; in 2.0 the last
 * element is the checksum of everything before it (including the last `|`). Returns the valid
 * fixes, or `crcError` (answer `#AB#`).
 */
export function parseBlackBox(msg: string, withCrc: boolean, now: Date): { crcError: boolean; fixes: WialonFix[] } {
  const items = msg.split('|');
  if (withCrc) {
    const crc = items.pop() ?? '';
    if (!crcMatches(msg.slice(0, msg.length - crc.length), crc)) return { crcError: true, fixes: [] };
  }
  const fixes: WialonFix[] = [];
  for (const item of items) {
    if (!item) continue;
    const f = item.split(';');
    if (f.length !== 10 && f.length !== 16) continue;
    const r = parseFix(f.slice(0, 10), now);
    if (r.ok && (f.length === 10 || checkExtended(f.slice(10)) === null)) fixes.push(r.fix);
  }
  return { crcError: false, fixes };
}
