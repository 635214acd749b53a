/** The worker's environment: defaults, overrides, and a Russian refusal naming a bad variable. */
import { describe, expect, it } from 'vitest';
import { readSettings, recoveryOptions } from '../src/settings';

const base = { DATABASE_URL: 'postgresql://x@h/db', REDIS_URL: 'redis://h:6379' };

describe('readSettings', () => {
  it('has the documented defaults', () => {
    const s = readSettings(base);
    expect(recoveryOptions(s)).toEqual({ prefix: 'bull', lockDuration: 30000, stalledInterval: 15000, maxStalledCount: 2 });
    expect(s.exportTtlSeconds).toBe(86400);
    expect(s.notificationCleanupEveryMs).toBe(3600000);
    expect(s.exportCleanupEveryMs).toBe(600000);
    expect(readSettings({ ...base, EXPORT_CLEANUP_EVERY_MS: '1000' }).exportCleanupEveryMs).toBe(1000);
    expect(s.appealOverdueEveryMs).toBe(600000);
    expect(readSettings({ ...base, APPEAL_OVERDUE_EVERY_MS: '2000' }).appealOverdueEveryMs).toBe(2000);
  });

  it('takes the lock and stalled settings from the environment', () => {
    const s = readSettings({ ...base, QUEUE_PREFIX: 'p', WORKER_LOCK_DURATION_MS: '6000', WORKER_STALLED_INTERVAL_MS: '1000', WORKER_MAX_STALLED_COUNT: '3', EXPORT_TTL_SECONDS: '60' });
    expect(recoveryOptions(s)).toEqual({ prefix: 'p', lockDuration: 6000, stalledInterval: 1000, maxStalledCount: 3 });
    expect(s.exportTtlSeconds).toBe(60);
  });

  it('refuses a missing URL or a bad number in Russian', () => {
    expect(() => readSettings({ DATABASE_URL: base.DATABASE_URL })).toThrow('DATABASE_URL и REDIS_URL обязательны');
    expect(() => readSettings({ ...base, WORKER_LOCK_DURATION_MS: '5s' })).toThrow('WORKER_LOCK_DURATION_MS должно быть целым положительным числом, получено «5s».');
    expect(() => readSettings({ ...base, WORKER_STALLED_INTERVAL_MS: '0' })).toThrow(/WORKER_STALLED_INTERVAL_MS/);
  });
});
