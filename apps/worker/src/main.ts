/**
 * The worker process: consumes the BullMQ queues of @tko/contract jobs/ (now: xlsx exports)
 * and removes expired export files every 10 minutes. Env: DATABASE_URL, REDIS_URL,
 * EXPORT_DIR, EXPORT_TTL_SECONDS (docs/CONFIGURATION.md). Stops cleanly on SIGTERM/SIGINT
 * (the running job is finished or handed back to the queue).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { QUEUE_EXPORTS } from '@tko/contract';
import { createPool } from '@tko/db';
import { removeOldExports } from './cleanup';
import { xlsxExportProcessor } from './processors/xlsx-export';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) {
  console.error('DATABASE_URL и REDIS_URL обязательны для фонового обработчика.');
  process.exit(1);
}
const exportDir = process.env.EXPORT_DIR ?? path.join(repoRoot, '.data/exports');
const ttl = Number(process.env.EXPORT_TTL_SECONDS ?? 86400);

const pool = createPool(databaseUrl);
const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
const worker = new Worker(QUEUE_EXPORTS, xlsxExportProcessor(pool, exportDir), { connection, concurrency: 1 });
worker.on('failed', (job, err) => console.error(`job ${job?.id} failed: ${err.message}`));
worker.on('completed', (job) => console.log(`job ${job.id} completed`));

const timer = setInterval(() => void removeOldExports(exportDir, ttl), 10 * 60 * 1000);
void removeOldExports(exportDir, ttl);
console.log(`worker: queue "${QUEUE_EXPORTS}", exports in ${exportDir}`);

const stop = async () => {
  clearInterval(timer);
  await worker.close();
  connection.disconnect();
  await pool.end();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
