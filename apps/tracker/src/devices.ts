/**
 * Who a tracker is and whether it proves it (issue 22 «Devices»): the Wialon IPS login's IMEI /
 * unit id names a vehicle (`vehicle.external_identifier`, @tko/db PositionIngest's rule: the
 * ACTIVE card first, then the lowest id) and its password must match the card's
 * `tracker_password` (argon2id hash, @tko/db secrets.ts).
 *
 * - The directory of every identifier (vehicle, password hash) is loaded in one query at start and
 *   again every `refreshMs` (TRACKER_DEVICES_REFRESH_SECONDS, default 30): a login — known or
 *   unknown IMEI — costs no query; a card's new identifier or password takes effect within
 *   `refreshMs` (docs/DECISIONS.md «Tracker credentials»). A failed refresh keeps the last directory.
 * - A vehicle with no password set: refused (unknown is not compliant), unless `allowNoPassword`
 *   (TRACKER_ALLOW_NO_PASSWORD=true) — then any password is taken.
 * - argon2 verifies are bounded: at most `verifyConcurrency` at once and `maxWaiting` waiting
 *   (more logins are answered «busy» at once); a successful verify is remembered per (stored hash,
 *   SHA-256 of the password) for `verifiedTtlMs`, so a reconnecting tracker costs no verify, and a
 *   changed password (another hash) is never matched by a remembered one.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import type { DeviceCredentials, PositionIngest } from '@tko/db';
import { verifySecret } from '@tko/db';

/** The answer to a login: the vehicle, or why not (unknown unit, wrong or missing password, too many verifies waiting). */
export type LoginVerdict = { ok: true; vehicleId: number } | { ok: false; reason: 'unknown' | 'password' | 'no_password' | 'busy' };

export interface DeviceDirectoryOptions {
  refreshMs?: number;
  allowNoPassword?: boolean;
  verifyConcurrency?: number;
  maxWaiting?: number;
  verifiedTtlMs?: number;
  log?: (msg: string) => void;
}

export class DeviceDirectory {
  private devices = new Map<string, DeviceCredentials>();
  private readonly verified: LRUCache<string, true>;
  private readonly limit: ReturnType<typeof pLimit>;
  private timer: NodeJS.Timeout | null = null;
  private readonly o: Required<Omit<DeviceDirectoryOptions, 'log'>> & Pick<DeviceDirectoryOptions, 'log'>;

  constructor(private readonly ingest: Pick<PositionIngest, 'devices'>, o: DeviceDirectoryOptions = {}) {
    this.o = { refreshMs: 30_000, allowNoPassword: false, verifyConcurrency: 2, maxWaiting: 200, verifiedTtlMs: 3600_000, ...o };
    this.verified = new LRUCache({ max: 100_000, ttl: this.o.verifiedTtlMs });
    this.limit = pLimit(this.o.verifyConcurrency);
  }

  /** Loads the directory (one query); throws what PostgreSQL throws. */
  async refresh(): Promise<void> {
    this.devices = await this.ingest.devices();
  }

  /** Loads now, then every refreshMs (a failed refresh is logged and the last directory kept). */
  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh().catch((e: Error) => this.o.log?.(`tracker: device directory refresh failed: ${e.message}`)), this.o.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** How many identifiers the directory holds. */
  get size(): number { return this.devices.size; }

  /** Checks a login (rules in the module comment). Never throws. */
  async login(imei: string, password: string): Promise<LoginVerdict> {
    const d = this.devices.get(imei);
    if (!d) return { ok: false, reason: 'unknown' };
    if (d.passwordHash === null) return this.o.allowNoPassword ? { ok: true, vehicleId: d.vehicleId } : { ok: false, reason: 'no_password' };
    const key = `${d.passwordHash}\u0000${createHash('sha256').update(password, 'latin1').digest('base64')}`;
    if (this.verified.has(key)) return { ok: true, vehicleId: d.vehicleId };
    if (this.limit.pendingCount >= this.o.maxWaiting) return { ok: false, reason: 'busy' };
    const ok = await this.limit(() => verifySecret(d.passwordHash!, password));
    if (!ok) return { ok: false, reason: 'password' };
    this.verified.set(key, true);
    return { ok: true, vehicleId: d.vehicleId };
  }
}
