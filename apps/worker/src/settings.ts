/**
 * The worker's configuration from the environment (docs/CONFIGURATION.md). Throws a Russian
 * message naming the variable when a value is invalid.
 *
 * Crash recovery (issue 3 §3): a worker renews the lock of its running job every
 * lockDuration/2; a worker that dies (SIGKILL, power loss) stops renewing, and once the lock has
 * expired the stalled check of any live worker (every stalledInterval) moves the job back to
 * the queue, where it runs again from scratch. So a job is picked up again within about
 * lockDuration + 2 × stalledInterval after its worker died; it fails for good after
 * maxStalledCount such recoveries.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMailSettings } from '@tko/mail';
import type { MailSettings } from '@tko/mail';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface WorkerSettings {
  databaseUrl: string;
  redisUrl: string;
  /** BullMQ key prefix (QUEUE_PREFIX); the API must use the same. Default 'bull'. */
  queuePrefix: string;
  exportDir: string;
  /** BASEMAP_DIR: where the region load writes the base map (the API's, shared with it; default <repo>/.data/basemap). */
  basemapDir: string;
  /** Export files (and their jobs) are kept this long, then removed. Default 86 400 s. */
  exportTtlSeconds: number;
  /** WORKER_LOCK_DURATION_MS, default 30 000. */
  lockDurationMs: number;
  /** WORKER_STALLED_INTERVAL_MS, default 15 000. */
  stalledIntervalMs: number;
  /** WORKER_MAX_STALLED_COUNT, default 2. */
  maxStalledCount: number;
  /** NOTIFICATION_CLEANUP_EVERY_MS: how often expired notifications are deleted; default 1 h. */
  notificationCleanupEveryMs: number;
  /** EXPORT_CLEANUP_EVERY_MS: how often expired export files are deleted; default 10 min. */
  exportCleanupEveryMs: number;
  /** APPEAL_OVERDUE_EVERY_MS: how often overdue appeals are looked for; default 10 min. */
  appealOverdueEveryMs: number;
  /** PUBLIC_URL (the API's): the links in e-mailed notices start with it; default http://localhost:<PORT or 8080>. */
  publicUrl: string;
  /** SMTP_URL, MAIL_FROM, MAIL_LIMIT_*: the mail settings of every process (@tko/mail). */
  mail: MailSettings;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} должно быть целым положительным числом, получено «${raw}».`);
  return n;
}

/** Reads the settings; throws when DATABASE_URL or REDIS_URL is missing or a number is invalid. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): WorkerSettings {
  if (!env.DATABASE_URL || !env.REDIS_URL) throw new Error('DATABASE_URL и REDIS_URL обязательны для фонового обработчика.');
  return {
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    queuePrefix: env.QUEUE_PREFIX || 'bull',
    exportDir: env.EXPORT_DIR ?? path.join(repoRoot, '.data/exports'),
    basemapDir: env.BASEMAP_DIR ?? path.join(repoRoot, '.data/basemap'),
    exportTtlSeconds: positiveInt(env, 'EXPORT_TTL_SECONDS', 86400),
    lockDurationMs: positiveInt(env, 'WORKER_LOCK_DURATION_MS', 30000),
    stalledIntervalMs: positiveInt(env, 'WORKER_STALLED_INTERVAL_MS', 15000),
    maxStalledCount: positiveInt(env, 'WORKER_MAX_STALLED_COUNT', 2),
    notificationCleanupEveryMs: positiveInt(env, 'NOTIFICATION_CLEANUP_EVERY_MS', 3600000),
    exportCleanupEveryMs: positiveInt(env, 'EXPORT_CLEANUP_EVERY_MS', 600000),
    appealOverdueEveryMs: positiveInt(env, 'APPEAL_OVERDUE_EVERY_MS', 600000),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${env.PORT || 8080}`).replace(/\/+$/, ''),
    mail: readMailSettings(env),
  };
}

/** BullMQ Worker options that make a dead worker's job run again (see the module comment). */
export function recoveryOptions(s: WorkerSettings) {
  return { prefix: s.queuePrefix, lockDuration: s.lockDurationMs, stalledInterval: s.stalledIntervalMs, maxStalledCount: s.maxStalledCount };
}
