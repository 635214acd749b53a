/**
 * Groups the positions of many connections into few INSERTs (issue 10 §3, bench: 5 000
 * points/s): a batch is flushed `lingerMs` after its first position or at `maxBatch` rows, through
 * the domain's one position ingest (@tko/db PositionIngest: store, then publish live on
 * NAVCTL_POSITIONS_TOPIC); each caller learns how many of its own were stored.
 *
 * Devices do not wait for each other (issue 22 «Devices»): up to `maxInFlight` statements run at
 * once, so a large black box (one caller's rows are never split; over `maxBatch` they go alone)
 * does not hold the small batches of other devices; and a combined batch that fails for another
 * reason than a lost database is retried caller by caller, so only the caller whose rows fail
 * gets the error.
 */
import { isDatabaseUnavailable, positionKey } from '@tko/db';
import type { PositionIngest, PositionRow } from '@tko/db';

interface Pending { rows: PositionRow[]; resolve: (stored: number) => void; reject: (e: unknown) => void }

export interface BatcherOptions { lingerMs: number; maxBatch: number; maxInFlight?: number }
export const DEFAULT_BATCHER: BatcherOptions = { lingerMs: 5, maxBatch: 2000, maxInFlight: 4 };

export class IngestBatcher {
  private queue: Pending[] = [];
  private queued = 0;
  private readonly running = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly maxInFlight: number;

  constructor(private readonly ingest: Pick<PositionIngest, 'write'>, private readonly opts: BatcherOptions = DEFAULT_BATCHER) {
    this.maxInFlight = Math.max(1, opts.maxInFlight ?? DEFAULT_BATCHER.maxInFlight!);
  }

  /** Stores the rows (with others'); resolves with how many of them were new; rejects on a database error. */
  add(rows: PositionRow[]): Promise<number> {
    if (!rows.length) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      this.queued += rows.length;
      if (this.queued >= this.opts.maxBatch) this.flushNow();
      else this.timer ??= setTimeout(() => this.flushNow(), this.opts.lingerMs);
    });
  }

  /** Statements running now. */
  get inFlight(): number { return this.running.size; }

  /** Waits for everything queued so far to be stored. */
  async drain(): Promise<void> {
    while (this.running.size || this.queue.length) {
      this.flushNow();
      await Promise.race(this.running);
    }
  }

  private flushNow(): void {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    while (this.running.size < this.maxInFlight && this.queue.length) {
      const batch: Pending[] = [];
      let n = 0;
      while (this.queue.length && (n === 0 || n + this.queue[0]!.rows.length <= this.opts.maxBatch)) {
        const p = this.queue.shift()!;
        batch.push(p);
        n += p.rows.length;
      }
      this.queued -= n;
      const run: Promise<void> = this.flush(batch).finally(() => {
        this.running.delete(run);
        if (this.queue.length) this.flushNow();
      });
      this.running.add(run);
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    let stored: Set<string>;
    try {
      stored = new Set(await this.ingest.write(batch.flatMap((p) => p.rows)));
    } catch (e) {
      if (batch.length === 1 || isDatabaseUnavailable(e)) {
        for (const p of batch) p.reject(e);
        return;
      }
      for (const p of batch) await this.flush([p]); // one caller's bad rows fail that caller only
      return;
    }
    for (const p of batch) {
      let mine = 0;
      for (const r of p.rows) {
        const key = positionKey(r);
        if (!stored.has(key)) continue;
        stored.delete(key);
        mine++;
      }
      p.resolve(mine);
    }
  }
}
