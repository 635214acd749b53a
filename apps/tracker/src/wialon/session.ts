/**
 * One tracker connection's conversation (Wialon IPS, packets.ts): login first, then data. Each
 * line in, one answer line out (null = no answer: unknown packet type). A database failure while
 * storing rejects, and the server closes the connection without answering so that the tracker
 * sends the data again from its black box.
 */
import type { PositionRow } from '@tko/db';
import { plausibleTime } from '@tko/db';
import type { WialonFix } from './packets';
import { parseBlackBox, parseData, parseLogin, parseShortData } from './packets';

/** Finds the vehicle of a tracker's IMEI / identifier; null when unknown. */
export type UnitLookup = (imei: string) => Promise<number | null>;
/** Stores positions; resolves with how many were new. */
export type PositionSink = (rows: PositionRow[]) => Promise<number>;

export class WialonSession {
  vehicleId: number | null = null;
  version: '1.1' | '2.0' = '1.1';
  /** Consecutive lines that were not packets (the server closes the connection after too many). */
  garbage = 0;

  constructor(private readonly lookup: UnitLookup, private readonly sink: PositionSink, private readonly clock: () => Date = () => new Date()) {}

  private row(fix: WialonFix): PositionRow {
    return { vehicle_id: this.vehicleId!, time: fix.time!, lat: fix.lat, lng: fix.lng, speed: fix.speed, course: fix.course, altitude: fix.altitude, sats: fix.sats };
  }

  /** Answers one line (without CR LF). */
  async handle(line: string): Promise<string | null> {
    const m = /^#([A-Z]{1,3})#([\s\S]*)$/.exec(line);
    if (!m) { this.garbage++; return null; }
    this.garbage = 0;
    const [, type, msg] = m as unknown as [string, string, string];
    const now = this.clock();
    const withCrc = this.version === '2.0';
    switch (type) {
      case 'L': {
        const r = parseLogin(msg);
        if (!r.ok) return `#AL#${r.code}`;
        const id = await this.lookup(r.imei);
        if (id === null) return '#AL#0';
        this.vehicleId = id;
        this.version = r.version;
        return '#AL#1';
      }
      case 'P':
        return '#AP#';
      case 'SD':
      case 'D': {
        const prefix = type === 'SD' ? '#ASD#' : '#AD#';
        if (this.vehicleId === null) return `${prefix}-1`;
        const r = type === 'SD' ? parseShortData(msg, withCrc, now) : parseData(msg, withCrc, now);
        if (!r.ok) return `${prefix}${r.code}`;
        if (!plausibleTime(r.fix.time!, now.getTime())) return `${prefix}0`;
        await this.sink([this.row(r.fix)]);
        return `${prefix}1`;
      }
      case 'B': {
        if (this.vehicleId === null) return '#AB#0';
        const r = parseBlackBox(msg, withCrc, now);
        if (r.crcError) return '#AB#';
        const rows = r.fixes.filter((f) => plausibleTime(f.time!, now.getTime())).map((f) => this.row(f));
        await this.sink(rows);
        return `#AB#${rows.length}`;
      }
      default:
        return null;
    }
  }
}
