/**
 * Starts the API (and the built web app) on HOST:PORT. Closes the pool, Prisma and the
 * queues on SIGINT/SIGTERM.
 */
import { createPool, createPrisma } from '@tko/db';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openQueues } from './modules/jobs/queue';
import { openImportQueue } from './modules/import/import-queue';
import { Redis } from 'ioredis';
import { redisPublisher } from '@tko/realtime';

const config = loadConfig();
const pool = createPool(config.databaseUrl);
const prisma = createPrisma(config.databaseUrl);
const queues = openQueues(config.redisUrl, config.queuePrefix);
// Live messages (notifications, job progress, registry changes) to every API instance.
const publisherRedis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
publisherRedis?.on('error', () => undefined); // a lost live message is logged by the publisher
const publisher = publisherRedis ? redisPublisher(publisherRedis, (m) => console.error(m)) : undefined;
const imports = openImportQueue(config.redisUrl, config.queuePrefix);
const app = await buildApp({ config, pool, prisma, queues, publisher, imports });

const stop = async () => {
  await app.close();
  await queues?.close();
  await imports?.close();
  publisherRedis?.disconnect();
  await prisma.$disconnect();
  await pool.end();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

await app.listen({ host: config.host, port: config.port });
