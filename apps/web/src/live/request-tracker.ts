/**
 * Pending requests over the live connection (spec 01 §7, §8): each request waits for the
 * answer carrying its correlation id; after {@link WS_REQUEST_TIMEOUT_MS} (5 s) its promise
 * rejects with `TIMEOUT`, and when the connection is lost or absent with `NOT CONNECTED`.
 * Pure: the timers are injected, so tests drive the clock.
 */
import { WS_REQUEST_TIMEOUT_MS } from '@tko/contract';

/** The two refusals of a websocket send (spec 01 §8). */
export type LiveErrorCode = 'TIMEOUT' | 'NOT CONNECTED';

/** A request over the live connection that got no answer: `message` is the code itself. */
export class LiveRequestError extends Error {
  constructor(readonly code: LiveErrorCode) {
    super(code);
    this.name = 'LiveRequestError';
  }
}

export interface TrackerTimers {
  setTimer(cb: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

interface Pending {
  resolve(body: unknown): void;
  reject(e: LiveRequestError): void;
  timer: unknown;
}

export class RequestTracker {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly timers: TrackerTimers,
    private readonly timeoutMs = WS_REQUEST_TIMEOUT_MS,
  ) {}

  /** Number of requests still waiting. */
  get size(): number {
    return this.pending.size;
  }

  /** Registers request `id`; the promise settles with its answer's body or a {@link LiveRequestError}. */
  track(id: string): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const timer = this.timers.setTimer(() => {
        this.pending.delete(id);
        reject(new LiveRequestError('TIMEOUT'));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
    });
  }

  /** An answer arrived; false when nobody waits for it (late, after the time-out, or foreign). */
  settle(id: string, body: unknown): boolean {
    const p = this.pending.get(id);
    if (!p) return false;
    this.pending.delete(id);
    this.timers.clearTimer(p.timer);
    p.resolve(body);
    return true;
  }

  /** The connection is gone: every waiting request rejects with `NOT CONNECTED`. */
  failAll(): void {
    for (const [id, p] of this.pending) {
      this.pending.delete(id);
      this.timers.clearTimer(p.timer);
      p.reject(new LiveRequestError('NOT CONNECTED'));
    }
  }
}
