/**
 * Restart delay of a supervised process (issue 8 §1, §8): 1 s after the first exit, doubling
 * up to 30 s while it keeps dying; back to 1 s once it has run for a minute. The same rule as
 * scripts/lib/supervise.sh.
 */
export const BACKOFF = { firstMs: 1000, maxMs: 30_000, stableMs: 60_000 } as const;

export class RestartBackoff {
  private nextMs: number = BACKOFF.firstMs;

  /** The delay before the next start of a process that ran for `uptimeMs`. */
  delayAfter(uptimeMs: number): number {
    if (uptimeMs >= BACKOFF.stableMs) this.nextMs = BACKOFF.firstMs;
    const delay = this.nextMs;
    this.nextMs = Math.min(this.nextMs * 2, BACKOFF.maxMs);
    return delay;
  }
}
