/**
 * Jobs this tab follows with a toast of its own (an export's progress bar): the notification
 * that ends such a job (its `documentData.job_id`) adds no second toast — it only joins the
 * notification centre. A small job may end, and its notification arrive over the websocket,
 * before the call that started it has answered with the job id; so the calls that start jobs
 * are tracked ({@link watchedJobs.begin}) and a notification naming a job waits for them
 * ({@link watchedJobs.settled}) before the toast is decided.
 */
const watched = new Set<string>();
let starting = 0;
let waiters: (() => void)[] = [];

export const watchedJobs = {
  add(id: string): void {
    watched.add(id);
  },
  delete(id: string): void {
    watched.delete(id);
  },
  has(id: string): boolean {
    return watched.has(id);
  },
  /** A call that may start a job is under way; call the returned function once it has settled (its job added). */
  begin(): () => void {
    starting += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      starting -= 1;
      if (starting === 0) {
        const ready = waiters;
        waiters = [];
        for (const w of ready) w();
      }
    };
  },
  /** Resolves when no call that may start a job is under way. */
  settled(): Promise<void> {
    return starting === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
  },
};
