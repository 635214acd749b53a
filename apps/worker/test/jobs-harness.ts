/**
 * Runs the worker's registration loop in-process (jobs/register.ts over jobs/table.ts) on a test
 * database, real Redis and a BullMQ prefix of the test file's own: the same code main.ts runs,
 * for all kinds or `only` some. The domain's publisher is the caller's (a Redis publisher, or a
 * recorder of envelopes).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import type { JobName, RealtimeEnvelope } from '@tko/contract';
import { createDomain } from '@tko/db';
import type { Domain, EffectMailer, EnvelopePublisher, JobClient } from '@tko/db';
import { workerJobClient } from '../src/jobs/client';
import { startJobs } from '../src/jobs/register';
import type { RunningJobs } from '../src/jobs/register';
import { workerJobTable } from '../src/jobs/table';
import { REDIS_URL } from './helpers';

export interface JobsHarness {
  client: JobClient<Queue>;
  domain: Domain;
  running: RunningJobs;
  connection: Redis;
  exportDir: string;
  /** Everything the domain published (when no publisher was given). */
  published: RealtimeEnvelope[];
  /** Stops the loop, removes the prefix's keys and closes the connection. */
  close(): Promise<void>;
}

export async function startJobsHarness(o: {
  pool: Pool; prefix: string; only?: readonly JobName[]; publisher?: EnvelopePublisher; exportDir?: string; importDir?: string;
  every?: Partial<{ notificationCleanup: number; exportCleanup: number; dashboardRefresh: number; problemDetect: number; positionPartitions: number; appealOverdue: number }>;
  redisUrl?: string; workerOptions?: Record<string, unknown>;
  /** The domain's mailer (main.ts: workerMailer) and PUBLIC_URL; none = in-app notices only. */
  mailer?: EffectMailer; publicUrl?: string;
}): Promise<JobsHarness> {
  const connection = new Redis(o.redisUrl ?? REDIS_URL, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  const published: RealtimeEnvelope[] = [];
  const publisher = o.publisher ?? { publish: async (e: RealtimeEnvelope) => void published.push(e) };
  const client = workerJobClient(connection, o.prefix);
  const domain = createDomain({ pool: o.pool, publisher, jobs: client, mailer: o.mailer, config: { publicUrl: o.publicUrl } });
  const exportDir = o.exportDir ?? mkdtempSync(path.join(tmpdir(), 'tko-jobs-'));
  const hour = 3_600_000;
  const table = workerJobTable({
    domain, exportDir, exportTtlSeconds: 3600, importDir: o.importDir ?? exportDir, geocoder: null, log: () => undefined,
    every: { notificationCleanup: hour, exportCleanup: hour, dashboardRefresh: hour, problemDetect: hour, ...o.every },
  });
  const running = await startJobs({ connection, client, table, only: o.only, workerOptions: { prefix: o.prefix, ...o.workerOptions }, log: () => undefined });
  return {
    client, domain, running, connection, exportDir, published,
    async close() {
      await running.close();
      for (const q of client.opened()) await q.obliterate({ force: true }).catch(() => undefined);
      await client.close();
      connection.disconnect();
    },
  };
}
