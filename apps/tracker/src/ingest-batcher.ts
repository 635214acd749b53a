/**
 * Groups the positions of many connections into few INSERTs (issue 10 §3, bench: 5 000
 * points/s): a batch is flushed `lingerMs` after its first position or at `maxBatch`; while one
 * flush runs the next batch fills and goes as soon as it ends (one statement in flight per
 * process), through the domain's one position ingest (@tko/db PositionIngest: store, then publish
 * live on NAVCTL_POSITIONS_TOPIC); each caller learns how many of its own were stored.
 */
import { positionKey } from '@tko/db';
import type { PositionIngest, PositionRow } from '@tko/db';

interface Pending { rows: PositionRow[]; resolve: (stored: number) => void; reject: (e: unknown) => void }

export interface BatcherOptions { lingerMs: number; maxBatch: number }
export const DEFAULT_BATCHER: BatcherOptions = { lingerMs: 5, maxBatch: 2000 };

export class IngestBatcher {
  private queue: Pending[] = [];
  private queued = 0;
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly ingest: PositionIngest, private readonly opts: BatcherOptions = DEFAULT_BATCHER) {}

  /** Stores the rows (with others'); resolves with how many of them were new; rejects on a database error. */
  add(rows: PositionRow[]): Promise<number> {
    if (!rows.length) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.queue.push({ rows, resolve, reject });
      this.queued += rows.length;
      if (this.flushing) return;
      if (this.queued >= this.opts.maxBatch) this.flushNow();
      else this.timer ??= setTimeout(() => this.flushNow(), this.opts.lingerMs);
    });
  }

  /** Waits for everything queued so far to be stored. */
  async drain(): Promise<void> {
    while (this.flushing || this.queue.length) {
      if (!this.flushing) this.flushNow();
      await this.flushing;
    }
  }

  private flushNow(): void {
    if (this.timer) { clearTimeout(this.timer); this.timer = null; }
    if (this.flushing || !this.queue.length) return;
    const batch: Pending[] = [];
    let n = 0;
    while (this.queue.length && (n === 0 || n + this.queue[0]!.rows.length <= this.opts.maxBatch)) {
      const p = this.queue.shift()!;
      batch.push(p);
      n += p.rows.length;
    }
    this.queued -= n;
    this.flushing = this.flush(batch).finally(() => {
      this.flushing = null;
      if (this.queue.length) this.flushNow();
    });
  }

  private async flush(batch: Pending[]): Promise<void> {
    const rows = batch.flatMap((p) => p.rows);
    let stored: Set<string>;
    try {
      stored = new Set(await this.ingest.write(rows));
    } catch (e) {
      for (const p of batch) p.reject(e);
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
