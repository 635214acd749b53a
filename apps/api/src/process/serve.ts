/**
 * One API process: opens the pool, Prisma, the job client (queues) and the live-message publisher, builds
 * the app and listens on HOST:PORT (several such processes share the port under node:cluster,
 * process/cluster.ts). Closes everything on SIGINT/SIGTERM.
 *
 * A lost database never ends the process (issue 8 §1): connection errors are logged by the
 * pool (@tko/db createPool), requests meanwhile answer 503 (plugins/database-unavailable.ts),
 * and a promise rejected by the database outside any request is logged, not fatal. Any other
 * unhandled rejection still ends the process, which its supervisor restarts.
 */
import { createPool, createPrisma, isDatabaseUnavailable } from '@tko/db';
import { Redis } from 'ioredis';
import { redisPublisher } from '@tko/realtime';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openQueues } from '../modules/jobs/queue';
import { importQueueOn } from '../modules/import/import-queue';

export async function serveApi(): Promise<void> {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) return void console.error(`postgres unavailable outside a request: ${(reason as Error).message}`);
    throw reason;
  });
  const config = loadConfig();
  const pool = createPool(config.databaseUrl);
  const prisma = createPrisma(config.databaseUrl);
  const queues = openQueues(config.redisUrl, config.queuePrefix);
  // Live messages (notifications, job progress, registry changes) to every API instance.
  const publisherRedis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  publisherRedis?.on('error', () => undefined); // a lost live message is logged by the publisher
  const publisher = publisherRedis ? redisPublisher(publisherRedis, (m) => console.error(m)) : undefined;
  // Import runs go through the same job client (one connection, each queue opened once).
  const imports = queues ? importQueueOn(queues) : null;
  const app = await buildApp({ config, pool, prisma, queues, publisher, imports });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await queues?.close();
    publisherRedis?.disconnect();
    await prisma.$disconnect();
    await pool.end();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  await app.listen({ host: config.host, port: config.port });
}
