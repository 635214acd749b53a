/**
 * A simulated tracker (issue 10 §3 tests, bench, browser test): drives along a polyline at a
 * speed and sends Wialon IPS packets through a real TCP socket, waiting for each answer as a
 * tracker does. `fixesAlong` turns a polyline into fixes every `stepS` seconds (with optional
 * standstills), `WialonClient` is the socket, `replay` logs in with the vehicle's tracker password
 * (`setTrackerPassword` sets it as the card does). NEVSKY is a real street: Nevsky prospekt from the
 * Admiralty to Vosstaniya square (St Petersburg; points read off the OSM extract of shared/data).
 */
import net from 'node:net';
import type { Pool } from 'pg';
import { hashSecret, haversineM } from '@tko/db';
import type { FixInput, WialonVersion } from './wialon/encode';
import { blackBoxPacket, dataPacket, loginPacket, shortDataPacket } from './wialon/encode';

/** [lat, lng] along Nevsky prospekt, west to east. */
export const NEVSKY: readonly [number, number][] = [
  [59.93634, 30.31326], [59.93560, 30.31800], [59.93520, 30.32290], [59.93470, 30.32820], [59.93410, 30.33350],
  [59.93350, 30.33900], [59.93305, 30.34420], [59.93250, 30.34960], [59.93190, 30.35520], [59.93130, 30.36050],
];

/** Fixes every `stepS` s along `path` at `speedKmh`, starting at `start`; `stopAt` adds standstills (after vertex i, seconds). */
export function fixesAlong(path: readonly [number, number][], start: Date, o: { speedKmh: number; stepS: number; stops?: Record<number, number> }): FixInput[] {
  const out: FixInput[] = [];
  let t = start.getTime();
  const mps = o.speedKmh / 3.6;
  out.push({ time: new Date(t), lat: path[0]![0], lng: path[0]![1], speed: 0, course: 90 });
  for (let i = 1; i < path.length; i++) {
    const [aLat, aLng] = path[i - 1]!;
    const [bLat, bLng] = path[i]!;
    const len = haversineM(aLat, aLng, bLat, bLng);
    const steps = Math.max(1, Math.round(len / (mps * o.stepS)));
    const course = Math.round((Math.atan2((bLng - aLng) * Math.cos(aLat * Math.PI / 180), bLat - aLat) * 180 / Math.PI + 360) % 360);
    for (let k = 1; k <= steps; k++) {
      t += o.stepS * 1000;
      out.push({ time: new Date(t), lat: aLat + ((bLat - aLat) * k) / steps, lng: aLng + ((bLng - aLng) * k) / steps, speed: o.speedKmh, course });
    }
    const stand = o.stops?.[i] ?? 0;
    for (let s = o.stepS; s <= stand; s += o.stepS) {
      t += o.stepS * 1000;
      out.push({ time: new Date(t), lat: bLat, lng: bLng, speed: 0, course });
    }
  }
  return out;
}

/** One tracker connection: send a line, await the answer line. */
export class WialonClient {
  private buffer = '';
  private waiting: ((line: string) => void)[] = [];
  readonly lines: string[] = [];
  closed = false;

  private constructor(readonly socket: net.Socket) {
    socket.setEncoding('latin1');
    socket.setNoDelay(true);
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      let nl: number;
      while ((nl = this.buffer.indexOf('\r\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 2);
        const w = this.waiting.shift();
        if (w) w(line); else this.lines.push(line);
      }
    });
    socket.on('close', () => { this.closed = true; for (const w of this.waiting.splice(0)) w('<closed>'); });
    socket.on('error', () => undefined);
  }

  static connect(port: number, host = '127.0.0.1'): Promise<WialonClient> {
    return new Promise((resolve, reject) => {
      const s = net.connect(port, host, () => resolve(new WialonClient(s)));
      s.once('error', reject);
    });
  }

  /** The next answer line ('<closed>' if the server closed the connection). */
  next(): Promise<string> {
    const l = this.lines.shift();
    if (l !== undefined) return Promise.resolve(l);
    if (this.closed) return Promise.resolve('<closed>');
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** Sends raw text and waits for one answer. */
  async send(raw: string): Promise<string> {
    this.socket.write(raw);
    return this.next();
  }

  close(): void { this.socket.destroy(); }
}

/**
 * Sets a vehicle's tracker password as the card does (argon2id hash in
 * vehicle.tracker_password_hash; @tko/db secrets.ts) — for tests and the bench, which
 * make their vehicles in SQL. A running receiver sees it after its directory refresh.
 */
export async function setTrackerPassword(pool: Pool, vehicleId: number, password: string | null): Promise<void> {
  await pool.query('UPDATE vehicle SET tracker_password_hash = $2 WHERE id = $1', [vehicleId, password === null ? null : await hashSecret(password)]);
}

/**
 * Logs in with `password` (the vehicle card's tracker password; 'NA' = none) and sends every fix
 * (SD, D or one black box), each answer awaited; returns the answers.
 */
export async function replay(port: number, imei: string, fixes: readonly FixInput[],
  o: { password?: string; version?: WialonVersion; kind?: 'SD' | 'D' | 'B'; delayMs?: number } = {}): Promise<string[]> {
  const v = o.version ?? '2.0';
  const c = await WialonClient.connect(port);
  try {
    const login = await c.send(loginPacket(imei, o.password ?? 'NA', v));
    if (login !== '#AL#1') return [login];
    if (o.kind === 'B') return [await c.send(blackBoxPacket(fixes, v))];
    const answers: string[] = [];
    for (const f of fixes) {
      answers.push(await c.send(o.kind === 'D' ? dataPacket(f, v) : shortDataPacket(f, v)));
      if (o.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
    }
    return answers;
  } finally {
    c.close();
  }
}
