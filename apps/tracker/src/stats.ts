/**
 * The receiver's counters (issue 22 «Devices»): logins taken and refused by reason, positions
 * stored and refused by reason, black boxes over the size limit. `tracker.stats` in the process
 * (tests read it); main.ts logs {@link TrackerStats.line} every TRACKER_STATS_EVERY_SECONDS when
 * something changed, and at exit. The last refused logins (IMEI, reason, address) are kept for the
 * line, at most 10.
 */
export type LoginRefusal = 'unknown' | 'password' | 'no_password' | 'busy' | 'checksum' | 'structure';
export type PositionRefusalReason = 'invalid' | 'old' | 'future' | 'no_partition' | 'too_many';

export class TrackerStats {
  loginsAccepted = 0;
  readonly loginsRefused: Record<LoginRefusal, number> = { unknown: 0, password: 0, no_password: 0, busy: 0, checksum: 0, structure: 0 };
  positionsStored = 0;
  readonly positionsRefused: Record<PositionRefusalReason, number> = { invalid: 0, old: 0, future: 0, no_partition: 0, too_many: 0 };
  /** The last refused logins, newest last. */
  readonly lastRefused: { imei: string; reason: LoginRefusal; address: string; at: Date }[] = [];
  private changed = false;

  refuseLogin(reason: LoginRefusal, imei: string, address: string): void {
    this.loginsRefused[reason]++;
    this.lastRefused.push({ imei: imei.slice(0, 64), reason, address, at: new Date() });
    if (this.lastRefused.length > 10) this.lastRefused.shift();
    this.changed = true;
  }

  acceptLogin(): void { this.loginsAccepted++; this.changed = true; }

  refusePositions(reason: PositionRefusalReason, n = 1): void {
    if (!n) return;
    this.positionsRefused[reason] += n;
    this.changed = true;
  }

  stored(n: number): void {
    if (!n) return;
    this.positionsStored += n;
    this.changed = true;
  }

  /** Logins refused in all. */
  get refusedLogins(): number { return Object.values(this.loginsRefused).reduce((a, b) => a + b, 0); }

  /** One log line of the totals, or null when nothing changed since the last call. */
  line(force = false): string | null {
    if (!this.changed && !force) return null;
    this.changed = false;
    const kv = (o: Record<string, number>) => Object.entries(o).map(([k, v]) => `${k}=${v}`).join(' ');
    const last = this.lastRefused.map((r) => `${r.imei}/${r.reason}@${r.address}`).join(',');
    return `tracker: logins accepted=${this.loginsAccepted} refused: ${kv(this.loginsRefused)}; positions stored=${this.positionsStored} refused: ${kv(this.positionsRefused)}${last ? `; last refused logins: ${last}` : ''}`;
  }
}
