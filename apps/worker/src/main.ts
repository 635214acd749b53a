/**
 * The worker process: consumes the BullMQ queues of @tko/contract jobs/ (xlsx exports, system
 * imports) and runs the scheduled housekeeping jobs (maintenance.ts: expired notifications,
 * expired export files; re-scheduled whenever Redis reconnects). Env (settings.ts, docs/CONFIGURATION.md):
 * DATABASE_URL, REDIS_URL, QUEUE_PREFIX, EXPORT_DIR, IMPORT_DIR, EXPORT_TTL_SECONDS, WORKER_LOCK_DURATION_MS,
 * WORKER_STALLED_INTERVAL_MS, WORKER_MAX_STALLED_COUNT, NOTIFICATION_CLEANUP_EVERY_MS, EXPORT_CLEANUP_EVERY_MS.
 * Stops cleanly on SIGTERM/SIGINT (the running job is finished or handed back to the queue);
 * after a SIGKILL the running job is recovered by the next live worker (settings.ts).
 */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_EXPORTS } from '@tko/contract';
import { createPool, isDatabaseUnavailable } from '@tko/db';
import { exportFailureHandler, xlsxExportProcessor } from './processors/xlsx-export';
import { redisPublisher } from '@tko/realtime';
import { startMaintenance } from './maintenance';
import { readSettings, recoveryOptions } from './settings';
import type { WorkerSettings } from './settings';
import { importGeocoder, startImportWorker } from './import-worker';
import { dashboardRefreshEveryMs, startDashboardRefresh } from './dashboard-refresh';
import { problemDetectEveryMs, startProblemDetect } from './problem-detect';
import { startFlowsWorker } from './flows-generate';
import { createDomain } from '@tko/db';
import { startPlanningWorker } from './planning-worker';

let settings: WorkerSettings;
try {
  settings = readSettings();
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
const { databaseUrl, redisUrl, exportDir, exportTtlSeconds: ttl } = settings;

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
// The domain runtime (packages/db domain/): the worker's one write pipeline, repositories, notifier.
const domain = createDomain({ pool, publisher, onHookError: (e) => console.error(`after-commit hook failed: ${(e as Error).message}`) });
const worker = new Worker(QUEUE_EXPORTS, xlsxExportProcessor(pool, exportDir, { publisher, exportTtlSeconds: ttl }), { ...recoveryOptions(settings), connection, concurrency: 1 });
const onExportFailed = exportFailureHandler(pool, publisher);
worker.on('failed', (job, err) => {
  console.error(`job ${job?.id} failed: ${err.message}`);
  void onExportFailed(job, err).catch((e: unknown) => console.error(`job ${job?.id} failure report: ${(e as Error).message}`));
});
const maintenance = await startMaintenance(pool, connection, {
  prefix: settings.queuePrefix,
  notificationCleanupEveryMs: settings.notificationCleanupEveryMs,
  exports: { exportDir, exportTtlSeconds: ttl, everyMs: settings.exportCleanupEveryMs },
  workerOptions: recoveryOptions(settings),
});
worker.on('completed', (job) => console.log(`job ${job.id} completed`));
// System import runs (QUEUE_IMPORTS, IMPORT_DIR): import-worker.ts.
const importWorker = startImportWorker({ domain, connection, geocoder: importGeocoder(pool) }, recoveryOptions(settings));

// Dashboard summary (issue 12 §2): every DASHBOARD_REFRESH_EVERY_MS and after each import run.
const dashboard = await startDashboardRefresh(pool, connection, { prefix: settings.queuePrefix, everyMs: dashboardRefreshEveryMs(), workerOptions: recoveryOptions(settings) });
importWorker.on('completed', () => void dashboard.refreshNow().catch(() => undefined));
// Problem detector (issue 12 §1): every PROBLEM_DETECT_EVERY_MS and after each import run.
const problems = await startProblemDetect(pool, connection, {
  prefix: settings.queuePrefix, everyMs: problemDetectEveryMs(), workerOptions: recoveryOptions(settings), announce: (events) => domain.pipeline.announce(events),
});
importWorker.on('completed', () => void problems.detectNow('IMPORT').catch(() => undefined));
// Predicted-flow recounts (issue 11 §1): POST /api/flows/predicted/generate/.
const flowsWorker = startFlowsWorker(domain, connection, { prefix: settings.queuePrefix, workerOptions: recoveryOptions(settings) });
// Day planning of schedules (issue 10 §4): planning-worker.ts.
const planningWorker = startPlanningWorker(pool, connection, { prefix: settings.queuePrefix, publisher, workerOptions: recoveryOptions(settings) });
console.log(`worker: queue "${QUEUE_EXPORTS}", exports in ${exportDir}`);

const stop = async () => {
  await worker.close();
  await importWorker.close();
  await maintenance.close();
  await dashboard.close();
  await problems.close();
  await flowsWorker.close();
  await planningWorker.close();
  publisherRedis.disconnect();
  connection.disconnect();
  await pool.end();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
