/**
 * Cooperative computations: a long search written as a generator yields at its progress points
 * (about once a second, hgs/solve.ts) so that a caller with an event loop to keep alive (the
 * worker's planning job: BullMQ renews its job lock on a timer, progress goes out on STOMP) can
 * run it without blocking for the whole time limit; a script or a test drains it synchronously.
 * The yielded values carry nothing the caller needs: progress goes through the callbacks.
 */

/** Runs `g` to its end synchronously; returns its result. */
export function drain<T>(g: Generator<unknown, T, void>): T {
  for (;;) {
    const step = g.next();
    if (step.done) return step.value;
  }
}

/** Runs `g` to its end, giving the event loop a turn (setImmediate) at every yield. */
export async function drainAsync<T>(g: Generator<unknown, T, void>): Promise<T> {
  for (;;) {
    const step = g.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
