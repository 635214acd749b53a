/**
 * Housekeeping jobs of the `maintenance` queue (@tko/contract jobs/definitions.ts), run by a
 * schedule of the worker's registration loop (jobs/register.ts: BullMQ job schedulers, so with
 * several worker processes each run happens once; upserted at start and on every Redis 'ready'):
 * - `notification-cleanup` deletes the notifications whose live_until has passed (spec 01 §9
 *   lifetime one month), every NOTIFICATION_CLEANUP_EVERY_MS;
 * - `export-cleanup` deletes export files older than EXPORT_TTL_SECONDS and marks their
 *   export_record rows 'expired', every EXPORT_CLEANUP_EVERY_MS;
 * - `position-partitions` makes the GPS positions' day partitions of the position window
 *   (today − TRACKER_MAX_AGE_DAYS … today + 2; @tko/db position-window.ts;
 *   DECISIONS «Position window»), every hour —
 *   with the receiver's start-up the only place they are made (never from a packet);
 * - `appeal-overdue` tells the staff about appeals past their answer term, once per appeal and
 *   term (@tko/db notifyOverdueAppeals), every APPEAL_OVERDUE_EVERY_MS (default 10 min).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { ExportRecordStore, NotificationStore, PartitionKeeper, notifyOverdueAppeals, positionWindowFromEnv } from '@tko/db';
import type { Domain } from '@tko/db';
import type { Pool } from 'pg';
import { removeOldExports } from './cleanup';

/** Where the export files are and how long they live (seconds); both as in settings.ts. */
export interface ExportCleanupOptions {
  exportDir: string;
  exportTtlSeconds: number;
}

/** The handler of `notification-cleanup`: how many notifications it removed (the job's result). */
export function notificationCleanupProcessor(pool: Pool) {
  const notifications = new NotificationStore(pool);
  return async (): Promise<{ removed: number }> => ({ removed: await notifications.removeExpired() });
}

/** The handler of `export-cleanup`: files removed and export records expired (the job's result). */
export function exportCleanupProcessor(pool: Pool, exports: ExportCleanupOptions) {
  const records = new ExportRecordStore(pool);
  return async (): Promise<{ removed: number; expired: number }> => {
    const expired = await records.expire();
    for (const r of expired) await rm(path.join(exports.exportDir, path.basename(r.file)), { force: true });
    return { removed: await removeOldExports(exports.exportDir, exports.exportTtlSeconds), expired: expired.length };
  };
}

/**
 * The handler of `position-partitions`: how many day partitions it made now (the job's result).
 * Reads TRACKER_MAX_AGE_DAYS / TRACKER_MAX_AHEAD_MINUTES once; a bad value throws at start.
 */
export function positionPartitionsProcessor(pool: Pool) {
  const partitions = new PartitionKeeper(pool);
  const window = positionWindowFromEnv();
  return async (): Promise<{ created: number }> => ({ created: await partitions.ensureWindow(window) });
}

/**
 * The handler of `appeal-overdue`: appeals told about and notices stored (the job's result). Now
 * is the domain's clock; e-mail through the domain's mailer when it has one.
 */
export function appealOverdueProcessor(domain: Pick<Domain, 'pool' | 'notifier' | 'mailer' | 'clock' | 'config'>) {
  return async () => notifyOverdueAppeals({
    pool: domain.pool, notifier: domain.notifier, mailer: domain.mailer, publicUrl: domain.config.publicUrl ?? '', now: domain.clock(),
  });
}
