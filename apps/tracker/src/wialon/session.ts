/**
 * One tracker connection's conversation (Wialon IPS, packets.ts): login first, then data. Each
 * line in, one answer line out (null = no answer: unknown packet type). A database failure while
 * storing rejects, and the server closes the connection without answering so that the tracker
 * sends the data again from its black box.
 *
 * Issue 22 «Devices»: a login must name a known unit and carry its password (`login`, the
 * receiver's DeviceDirectory); a refused login is answered with the protocol's code — `#AL#0`
 * unknown unit or bad structure, `#AL#01` wrong or missing password, `#AL#10` bad checksum — and
 * the connection is closed after the answer (`closeAfterAnswer`). Positions go through `admit`
 * (the one PositionIngest rule: time window, existing partition); a refused SD/D is answered with
 * the time code `0` (#ASD#0 / #AD#0: «incorrect time»), a black box with the number taken
 * (`#AB#n`, 0 when none); a black box of more than `maxBlackBox` messages is refused whole
 * (`#AB#0`) before its messages are read. Every refusal is counted in `stats`.
 */
import type { Admission, PositionRow } from '@tko/db';
import type { LoginVerdict } from '../devices';
import type { LoginRefusal, TrackerStats } from '../stats';
import type { WialonFix } from './packets';
import { parseBlackBox, parseData, parseLogin, parseShortData } from './packets';

/** Checks a login's unit id and password. */
export type LoginCheck = (imei: string, password: string) => Promise<LoginVerdict>;
/** Which positions are taken (PositionIngest.admit). */
export type PositionAdmit = (rows: PositionRow[], now: number) => Promise<Admission>;
/** Stores positions; resolves with how many were new. */
export type PositionSink = (rows: PositionRow[]) => Promise<number>;

export interface SessionDeps {
  login: LoginCheck;
  admit: PositionAdmit;
  sink: PositionSink;
  stats: TrackerStats;
  clock?: () => Date;
  /** Most messages in one black box (TRACKER_MAX_BLACK_BOX, default 5 000). */
  maxBlackBox?: number;
  /** The peer, for the refused-login record. */
  address?: string;
}

export const DEFAULT_MAX_BLACK_BOX = 5000;

const LOGIN_CODE: Record<LoginRefusal, string> = { unknown: '0', structure: '0', busy: '0', password: '01', no_password: '01', checksum: '10' };

export class WialonSession {
  vehicleId: number | null = null;
  version: '1.1' | '2.0' = '1.1';
  /** Consecutive lines that were not packets (the server closes the connection after too many). */
  garbage = 0;
  /** Set after a refused login: the server closes the connection once the answer is written. */
  closeAfterAnswer = false;
  private readonly clock: () => Date;
  private readonly maxBlackBox: number;

  constructor(private readonly d: SessionDeps) {
    this.clock = d.clock ?? (() => new Date());
    this.maxBlackBox = d.maxBlackBox ?? DEFAULT_MAX_BLACK_BOX;
  }

  private row(fix: WialonFix): PositionRow {
    return { vehicle_id: this.vehicleId!, time: fix.time!, lat: fix.lat, lng: fix.lng, speed: fix.speed, course: fix.course, altitude: fix.altitude, sats: fix.sats };
  }

  private refuseLogin(reason: LoginRefusal, imei: string): string {
    this.d.stats.refuseLogin(reason, imei, this.d.address ?? '');
    this.vehicleId = null;
    this.closeAfterAnswer = true;
    return `#AL#${LOGIN_CODE[reason]}`;
  }

  /** Admits and stores rows; returns how many were taken (stored now or already stored). */
  private async take(rows: PositionRow[], now: Date): Promise<number> {
    const a = await this.d.admit(rows, now.getTime());
    for (const r of a.refused) this.d.stats.refusePositions(r.reason);
    if (a.rows.length) this.d.stats.stored(await this.d.sink(a.rows));
    return a.rows.length;
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
        if (!r.ok) return this.refuseLogin(r.code === '10' ? 'checksum' : 'structure', msg.split(';')[r.code === '10' ? 1 : 0] ?? '');
        const v = await this.d.login(r.imei, r.password);
        if (!v.ok) return this.refuseLogin(v.reason, r.imei);
        this.d.stats.acceptLogin();
        this.vehicleId = v.vehicleId;
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
        return `${prefix}${(await this.take([this.row(r.fix)], now)) ? '1' : '0'}`;
      }
      case 'B': {
        if (this.vehicleId === null) return '#AB#0';
        // Counted before anything is parsed: the work of one packet is bounded.
        let items = 1;
        for (let i = msg.indexOf('|'); i >= 0 && items <= this.maxBlackBox + 1; i = msg.indexOf('|', i + 1)) items++;
        if (items - (withCrc ? 1 : 0) > this.maxBlackBox) {
          this.d.stats.refusePositions('too_many', 1);
          return '#AB#0';
        }
        const r = parseBlackBox(msg, withCrc, now);
        if (r.crcError) return '#AB#';
        return `#AB#${await this.take(r.fixes.map((f) => this.row(f)), now)}`;
      }
      default:
        return null;
    }
  }
}
