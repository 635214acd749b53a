/**
 * The GPS receiver process (issue 10 §3): a Wialon IPS 1.1/2.0 TCP server on TRACKER_PORT
 * (default 20332) writing positions to PostgreSQL (DATABASE_URL) and publishing them live through
 * Redis (REDIS_URL; without it nothing is published). TRACKER_HOST (default 0.0.0.0). Stops on
 * SIGTERM/SIGINT after storing what it received; a lost database is logged, never fatal: the
 * connections whose data could not be stored are closed unanswered, the trackers resend.
 */
import { Redis } from 'ioredis';
import { createPool, isDatabaseUnavailable } from '@tko/db';
import { nullPublisher, redisPublisher } from '@tko/realtime';
import { startTracker } from './tracker';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('tracker: DATABASE_URL is required');
  process.exit(1);
}
const port = Number(process.env.TRACKER_PORT ?? 20332);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`tracker: TRACKER_PORT must be a port number, got ${process.env.TRACKER_PORT}`);
  process.exit(1);
}
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) return void console.error(`tracker: postgres unavailable: ${(reason as Error).message}`);
  throw reason;
});
const pool = createPool(databaseUrl);
let redis: Redis | null = null;
if (process.env.REDIS_URL) {
  redis = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined); // each lost message is logged by the publisher
}
const publisher = redis ? redisPublisher(redis, (m) => console.error(m)) : nullPublisher;
const tracker = await startTracker({ pool, publisher, port, host: process.env.TRACKER_HOST ?? '0.0.0.0', log: (m) => console.error(m) });
console.log(`tracker: Wialon IPS receiver on port ${tracker.port}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await tracker.close();
  redis?.disconnect();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
