/**
 * The worker process: builds the domain runtime (@tko/db createDomain: the registries, the one
 * write pipeline, the notifier, and the job client of jobs/client.ts) and starts a consumer for
 * every job of the contract's table (jobs/register.ts over jobs/table.ts: xlsx exports, system
 * imports, flow recounts, day planning, and the scheduled dashboard refresh, problem detector and
 * housekeeping, re-scheduled whenever Redis reconnects). Env (settings.ts, docs/CONFIGURATION.md):
 * DATABASE_URL, REDIS_URL, QUEUE_PREFIX, EXPORT_DIR, IMPORT_DIR, BASEMAP_DIR, EXPORT_TTL_SECONDS, WORKER_LOCK_DURATION_MS,
 * WORKER_STALLED_INTERVAL_MS, WORKER_MAX_STALLED_COUNT, NOTIFICATION_CLEANUP_EVERY_MS, EXPORT_CLEANUP_EVERY_MS, APPEAL_OVERDUE_EVERY_MS,
 * DASHBOARD_REFRESH_EVERY_MS, PROBLEM_DETECT_EVERY_MS, GEOCODER, IMPORT_GEOCODING, and the mail settings SMTP_URL, MAIL_FROM,
 * PUBLIC_URL (mail.ts: notices by e-mail; without SMTP_URL in-app only).
 * Stops cleanly on SIGTERM/SIGINT (the running job is finished or handed back to the queue);
 * after a SIGKILL the running job is recovered by the next live worker (settings.ts).
 */
import { Redis } from 'ioredis';
import { JOB_QUEUES } from '@tko/contract';
import { createDomain, createPool, isDatabaseUnavailable } from '@tko/db';
import { redisPublisher } from '@tko/realtime';
import { readSettings, recoveryOptions } from './settings';
import type { WorkerSettings } from './settings';
import { importDir, importGeocoder } from './import-worker';
import { dashboardRefreshEveryMs } from './dashboard-refresh';
import { problemDetectEveryMs } from './problem-detect';
import { workerJobClient } from './jobs/client';
import { startJobs } from './jobs/register';
import { workerJobTable } from './jobs/table';
import { workerMailer } from './mail';

let settings: WorkerSettings;
let every: { dashboardRefresh: number; problemDetect: number };
try {
  settings = readSettings();
  every = { dashboardRefresh: dashboardRefreshEveryMs(), problemDetect: problemDetectEveryMs() };
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const { databaseUrl, redisUrl, exportDir, exportTtlSeconds } = settings;

// A lost database never ends the worker (issue 8 §1): the pool logs connection errors and
// reconnects on the next query; a job that failed meanwhile is retried or reported by BullMQ;
// a database rejection outside any job is logged. Anything else unhandled still ends the
// process (start.sh / docker-compose restart it).
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) return void console.error(`worker: postgres unavailable: ${(reason as Error).message}`);
  throw reason;
});
const pool = createPool(databaseUrl);
const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
// Live messages (job progress, notifications): a plain connection of its own (BullMQ's blocks).
const publisherRedis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
publisherRedis.on('error', () => undefined); // each lost message is logged by the publisher
const publisher = redisPublisher(publisherRedis, (m) => console.error(m));
const jobs = workerJobClient(connection, settings.queuePrefix);
const mailer = workerMailer(settings.mail);
// The domain runtime (packages/db domain/): the worker's one write pipeline, repositories, notifier, job client, mailer.
const domain = createDomain({ pool, publisher, jobs, mailer, config: { publicUrl: settings.publicUrl }, onHookError: (e) => console.error(`after-commit hook failed: ${(e as Error).message}`) });
const table = workerJobTable({
  domain, exportDir, exportTtlSeconds, importDir: importDir(), geocoder: importGeocoder(pool), region: { databaseUrl, basemapDir: settings.basemapDir },
  every: { ...every, notificationCleanup: settings.notificationCleanupEveryMs, exportCleanup: settings.exportCleanupEveryMs, appealOverdue: settings.appealOverdueEveryMs },
});
const running = await startJobs({ connection, client: jobs, table, workerOptions: recoveryOptions(settings) });
console.log(`worker: queues ${JOB_QUEUES.map((q) => `"${q}"`).join(', ')}; exports in ${exportDir}`);

const stop = async () => {
  await running.close();
  await jobs.close();
  mailer.close();
  publisherRedis.disconnect();
  connection.disconnect();
  await pool.end();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
