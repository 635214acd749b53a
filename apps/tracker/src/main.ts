/**
 * The GPS receiver process (issue 10 §3): a Wialon IPS 1.1/2.0 TCP server on TRACKER_PORT
 * (default 20332) writing positions to PostgreSQL (DATABASE_URL) and publishing them live through
 * Redis (REDIS_URL; without it nothing is published). TRACKER_HOST (default 0.0.0.0). Stops on
 * SIGTERM/SIGINT after storing what it received; a lost database is logged, never fatal: the
 * connections whose data could not be stored are closed unanswered, the trackers resend.
 * Devices (issue 22, docs/CONFIGURATION.md): TRACKER_ALLOW_NO_PASSWORD (false: a vehicle with no
 * tracker password set is refused), TRACKER_DEVICES_REFRESH_SECONDS (30), TRACKER_MAX_BLACK_BOX
 * (5 000), TRACKER_MAX_AGE_DAYS / TRACKER_MAX_AHEAD_MINUTES (@tko/db position-window.ts),
 * TRACKER_STATS_EVERY_SECONDS (60: the counters' log line, when something changed). With REDIS_URL the
 * stored positions also queue plan/fact recomputes (QUEUE_PREFIX, docs/TRACKING.md «Plan and fact»).
 */
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import { createPool, isDatabaseUnavailable, JobClient } from '@tko/db';
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
/** A positive integer setting (empty = default); exits naming the variable otherwise. */
function intSetting(name: string, def: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    console.error(`tracker: ${name} must be an integer 1…${max}, got ${raw}`);
    process.exit(1);
  }
  return n;
}
const allowRaw = process.env.TRACKER_ALLOW_NO_PASSWORD ?? '';
if (!['', 'true', 'false'].includes(allowRaw)) {
  console.error(`tracker: TRACKER_ALLOW_NO_PASSWORD must be true or false, got ${allowRaw}`);
  process.exit(1);
}
const devices = { allowNoPassword: allowRaw === 'true', refreshMs: intSetting('TRACKER_DEVICES_REFRESH_SECONDS', 30, 3600) * 1000 };
const maxBlackBox = intSetting('TRACKER_MAX_BLACK_BOX', 5000, 100_000);
const statsEveryMs = intSetting('TRACKER_STATS_EVERY_SECONDS', 60, 86_400) * 1000;
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
// Plan/fact recomputes (docs/TRACKING.md «Plan and fact») on the API's and worker's QUEUE_PREFIX.
const jobs = redis ? new JobClient((name) => {
  const queue = new Queue(name, { connection: redis!, prefix: process.env.QUEUE_PREFIX || 'bull' });
  queue.on('error', () => undefined); // a lost enqueue is logged by the ingest
  return queue;
}) : null;
const tracker = await startTracker({ pool, publisher, jobs, port, host: process.env.TRACKER_HOST ?? '0.0.0.0', devices, maxBlackBox, log: (m) => console.error(m) });
console.log(`tracker: Wialon IPS receiver on port ${tracker.port}, ${tracker.devices.size} device identifiers${devices.allowNoPassword ? ', vehicles without a tracker password accepted (TRACKER_ALLOW_NO_PASSWORD)' : ''}`);
const statsTimer = setInterval(() => {
  const line = tracker.stats.line();
  if (line) console.log(line);
}, statsEveryMs);
statsTimer.unref();

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  clearInterval(statsTimer);
  await tracker.close();
  await jobs?.close();
  console.log(tracker.stats.line(true));
  redis?.disconnect();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
