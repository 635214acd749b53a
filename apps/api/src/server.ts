/**
 * Starts the API (and the built web app) on HOST:PORT. Closes the pool, Prisma and the
 * queues on SIGINT/SIGTERM.
 */
import { createPool, createPrisma } from '@tko/db';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openQueues } from './modules/jobs/queue';

const config = loadConfig();
const pool = createPool(config.databaseUrl);
const prisma = createPrisma(config.databaseUrl);
const queues = openQueues(config.redisUrl);
const app = await buildApp({ config, pool, prisma, queues });

const stop = async () => {
  await app.close();
  await queues?.close();
  await prisma.$disconnect();
  await pool.end();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

await app.listen({ host: config.host, port: config.port });
