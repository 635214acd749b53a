/**
 * Several API processes behind one port (issue 8 §8) with node:cluster: the primary forks
 * `apiProcessCount()` workers, each a full API (process/serve.ts) sharing nothing but PostgreSQL
 * and Redis (STOMP fan-out goes through Redis pub/sub); the primary accepts connections and
 * hands them out round-robin. A worker that exits is forked again after RestartBackoff's delay
 * (per slot). SIGINT/SIGTERM: the primary stops restarting, passes SIGTERM to the workers
 * (each closes gracefully) and exits when they have; SIGKILL after 15 s.
 */
import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { RestartBackoff } from './backoff';

/**
 * How many API processes: API_WORKERS, else WEB_CONCURRENCY (Heroku's name), else the number of
 * CPUs; 1 when NODE_ENV=test. A value that is not a positive integer throws.
 */
export function apiProcessCount(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.API_WORKERS ?? env.WEB_CONCURRENCY;
  if (raw === undefined || raw === '') return env.NODE_ENV === 'test' ? 1 : availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`API_WORKERS / WEB_CONCURRENCY: ожидается целое число ≥ 1, получено «${raw}»`);
  return n;
}

export function runPrimary(count: number): void {
  let stopping = false;
  const slots = Array.from({ length: count }, () => ({ backoff: new RestartBackoff(), startedAt: 0 }));
  const slotOf = new Map<Worker, number>();

  const fork = (slot: number) => {
    if (stopping) return;
    slots[slot]!.startedAt = Date.now();
    slotOf.set(cluster.fork({ API_PROCESS_SLOT: String(slot) }), slot);
  };

  cluster.on('exit', (worker, code, signal) => {
    const slot = slotOf.get(worker)!;
    slotOf.delete(worker);
    if (stopping) {
      if (slotOf.size === 0) process.exit(0);
      return;
    }
    const delay = slots[slot]!.backoff.delayAfter(Date.now() - slots[slot]!.startedAt);
    console.error(`api: process ${worker.process.pid} (slot ${slot}) exited (${signal ?? code}); restarting in ${delay / 1000} s`);
    setTimeout(() => fork(slot), delay).unref();
  });

  // Logged so an operator (and the cluster test) can tell when every slot takes connections:
  // until its first `listen`, a forked process is up but receives nothing.
  cluster.on('listening', (worker) => {
    console.log(`api: process ${worker.process.pid} (slot ${slotOf.get(worker)}) listening`);
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (slotOf.size === 0) process.exit(0);
    for (const worker of slotOf.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of slotOf.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, 15_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  console.log(`api: primary ${process.pid} starting ${count} processes`);
  for (let slot = 0; slot < count; slot++) fork(slot);
}
