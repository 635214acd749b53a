/**
 * Sends a simulated day through a Wialon IPS receiver over TCP (the day simulator,
 * docs/TRACKING.md «Day simulator»): one connection per truck (simulator.ts `WialonClient`), all
 * trucks at once, each packet sent when the shared clock reaches its simulated time divided by the
 * speed-up (a truck behind the clock sends at once and the lag is reported), each answer awaited.
 * A packet's answer other than success (`#ASD#1`, `#AB#<count of its fixes>`) is counted and its
 * first occurrences reported; a refused login (`#AL#0` unknown unit, `#AL#01` password) ends that
 * truck's day and is reported; a closed connection is reopened and logged in again. Never silent:
 * every refusal reaches `log` and the result.
 */
import { WialonClient } from '../simulator';
import type { WialonVersion } from '../wialon/encode';
import { blackBoxPacket, loginPacket, shortDataPacket } from '../wialon/encode';
import type { SimPacket, TruckDay } from './day-track';

export interface DriveOptions {
  host: string;
  port: number;
  /** Simulated seconds per real second (1…600). */
  speedup: number;
  /** The tracker password of every truck ('NA': none). */
  password: string;
  version?: WialonVersion;
  log: (line: string) => void;
  /** Progress line every this many real ms (default 5 000). */
  progressMs?: number;
  /** Called after each answered packet: the vehicle, the packet, the real time it was answered (ms). */
  onSent?: (vehicleId: number, packet: SimPacket, answeredAt: number) => void;
}

export interface TruckResult {
  vehicle_id: number;
  license_plate: string;
  login: string;
  sent: number;
  refused: number;
  reconnects: number;
  /** Largest delay behind the shared clock, real ms. */
  max_lag_ms: number;
  errors: string[];
}

export interface DriveResult { trucks: TruckResult[]; packets: number; refused: number; failedLogins: number; seconds: number }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Drives every truck's packets; resolves when all are sent (or their truck was refused). */
export async function driveDay(trucks: readonly TruckDay[], o: DriveOptions): Promise<DriveResult> {
  const v = o.version ?? '2.0';
  const simStart = Math.min(...trucks.flatMap((t) => (t.packets[0] ? [t.packets[0].at] : [])));
  const realStart = Date.now();
  const due = (simAt: number) => realStart + (simAt - simStart) / o.speedup;
  let sent = 0;
  let simNow = simStart;
  const progress = setInterval(() => {
    simNow = simStart + (Date.now() - realStart) * o.speedup;
    o.log(`simulate-day: ${new Date(simNow).toISOString().slice(11, 16)} UTC simulated, ${sent} packets answered, ${results.filter((r) => r.errors.length).length} trucks with errors`);
  }, o.progressMs ?? 5000);
  progress.unref();

  const results: TruckResult[] = [];
  const one = async (truck: TruckDay): Promise<TruckResult> => {
    const r: TruckResult = { vehicle_id: truck.route.vehicleId, license_plate: truck.route.plate, login: '', sent: 0, refused: 0, reconnects: 0, max_lag_ms: 0, errors: [] };
    results.push(r);
    const fail = (msg: string) => {
      r.errors.push(msg);
      if (r.errors.length <= 3) o.log(`simulate-day: ${truck.route.plate} (vehicle ${truck.route.vehicleId}): ${msg}`);
    };
    if (!truck.route.imei) { fail('no tracker identifier (vehicle.external_identifier): not driven'); return r; }
    if (truck.packets.length === 0) return r;
    let c: WialonClient | null = null;
    const open = async (): Promise<boolean> => {
      c = await WialonClient.connect(o.port, o.host);
      r.login = await c.send(loginPacket(truck.route.imei!, o.password, v));
      if (r.login === '#AL#1') return true;
      fail(`login refused: ${r.login}${r.login === '#AL#01' ? ' (wrong or missing tracker password)' : r.login === '#AL#0' ? ' (unknown unit)' : ''}`);
      c.close();
      return false;
    };
    try {
      if (!(await open())) return r;
      for (const p of truck.packets) {
        const wait = due(p.at) - Date.now();
        if (wait > 0) await sleep(wait);
        else r.max_lag_ms = Math.max(r.max_lag_ms, -wait);
        const raw = p.fixes.length === 1 ? shortDataPacket(p.fixes[0]!, v) : blackBoxPacket(p.fixes, v);
        let answer = await c!.send(raw);
        if (answer === '<closed>') {
          r.reconnects++;
          fail('connection closed by the receiver; reconnecting');
          if (!(await open())) return r;
          answer = await c!.send(raw);
        }
        const ok = p.fixes.length === 1 ? answer === '#ASD#1' : answer === `#AB#${p.fixes.length}`;
        if (ok) { r.sent++; sent++; o.onSent?.(truck.route.vehicleId, p, Date.now()); } else { r.refused++; fail(`packet of ${p.fixes[0]!.time.toISOString()} refused: ${answer}`); }
      }
    } catch (e) {
      fail(`connection failed: ${(e as Error).message}`);
    } finally {
      (c as WialonClient | null)?.close();
    }
    return r;
  };
  await Promise.all(trucks.map(one));
  clearInterval(progress);
  return {
    trucks: results,
    packets: sent,
    refused: results.reduce((s, x) => s + x.refused, 0),
    failedLogins: results.filter((x) => x.login !== '#AL#1' && x.errors.length > 0).length,
    seconds: (Date.now() - realStart) / 1000,
  };
}
