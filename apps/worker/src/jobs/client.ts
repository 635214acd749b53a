/**
 * The worker's job client (@tko/db JobClient): its queues are opened once each, on the worker's
 * Redis connection and QUEUE_PREFIX. The registration loop upserts the schedules through it and
 * the handlers enqueue their follow-up jobs with it (domain.jobs). A lost connection is retried
 * by ioredis; the loop re-schedules on 'ready'.
 */
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { JobClient } from '@tko/db';

export function workerJobClient(connection: Redis, prefix: string): JobClient<Queue> {
  return new JobClient((name) => {
    const queue = new Queue(name, { connection, prefix });
    queue.on('error', () => undefined); // reported by the loop's workers, once per outage
    return queue;
  });
}
