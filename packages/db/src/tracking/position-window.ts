/**
 * Which position times are taken (issue 22 «Devices»), the one rule of both ways positions arrive
 * (the Wialon IPS receiver and POST /api/navctl/positions/, through PositionIngest):
 *
 *   now − maxAgeDays × 24 h  ≤  time  ≤  now + maxAheadMs
 *
 * Older is a replayed or wrong-clock black box, later a wrong clock; both are refused (counted by
 * the receiver, a 400 per row from the REST ingest) — never stored, never a new partition.
 * The day partitions of `vehicle_position` are made ahead for exactly the days this window can
 * touch ({@link partitionDays}: today − maxAgeDays … today + 2 days) by the worker's maintenance job
 * and the receiver's start-up, never from a packet (docs/DECISIONS.md «Position window»).
 *
 * Settings (docs/CONFIGURATION.md): TRACKER_MAX_AGE_DAYS (default 30, 1…3650),
 * TRACKER_MAX_AHEAD_MINUTES (default 5, 0…1440: the partitions are made one day further than the
 * largest allowed step ahead).
 */

export interface PositionWindow {
  /** Oldest accepted position, days before now. */
  maxAgeDays: number;
  /** Latest accepted position, ms after now (a device clock a little fast). */
  maxAheadMs: number;
}

export const DEFAULT_POSITION_WINDOW: PositionWindow = { maxAgeDays: 30, maxAheadMs: 5 * 60_000 };

/** Days after today whose partitions are kept ready (the allowed step ahead is at most one day). */
export const PARTITION_DAYS_AHEAD = 2;

const DAY_MS = 86_400_000;

/**
 * Reads TRACKER_MAX_AGE_DAYS and TRACKER_MAX_AHEAD_MINUTES (empty = default). Throws an Error
 * naming the variable for a value that is not an integer in its range (a process fails at start).
 */
export function positionWindowFromEnv(env: NodeJS.ProcessEnv = process.env): PositionWindow {
  const int = (name: string, def: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return def;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer ${min}…${max}, got «${raw}»`);
    return n;
  };
  return {
    maxAgeDays: int('TRACKER_MAX_AGE_DAYS', DEFAULT_POSITION_WINDOW.maxAgeDays, 1, 3650),
    maxAheadMs: int('TRACKER_MAX_AHEAD_MINUTES', DEFAULT_POSITION_WINDOW.maxAheadMs / 60_000, 0, 1440) * 60_000,
  };
}

/** Why a position time is refused. */
export type TimeRefusal = 'invalid' | 'old' | 'future';

/** Null when `t` is inside the window at `now` (ms), else why not. */
export function timeRefusal(t: Date, now: number, w: PositionWindow): TimeRefusal | null {
  const ms = t.getTime();
  if (!Number.isFinite(ms)) return 'invalid';
  if (ms < now - w.maxAgeDays * DAY_MS) return 'old';
  if (ms > now + w.maxAheadMs) return 'future';
  return null;
}

/**
 * The Russian message of a refused position (the REST ingest's 400 on `positions.N.time`): its
 * time, or `no_partition` — its day has no partition (the maintenance job has not made it yet).
 */
export function timeRefusalMessage(r: TimeRefusal | 'no_partition', w: PositionWindow): string {
  if (r === 'no_partition') return 'День этой позиции ещё не подготовлен к приёму: повторите позже.';
  if (r === 'old') return `Позиция старше ${w.maxAgeDays} сут.: такие позиции не принимаются (TRACKER_MAX_AGE_DAYS).`;
  if (r === 'future') return `Время позиции впереди текущего более чем на ${Math.round(w.maxAheadMs / 60_000)} мин.: проверьте часы устройства.`;
  return 'Неверное время позиции.';
}

/** UTC day (YYYY-MM-DD) of a time: the partition it goes to. */
export const utcDay = (t: Date): string => t.toISOString().slice(0, 10);

/** The UTC days (YYYY-MM-DD) whose partitions must exist at `now`: today − maxAgeDays … today + 2. */
export function partitionDays(now: Date, w: PositionWindow): string[] {
  const today = Date.parse(`${utcDay(now)}T00:00:00Z`);
  const days: string[] = [];
  for (let d = -w.maxAgeDays; d <= PARTITION_DAYS_AHEAD; d++) days.push(utcDay(new Date(today + d * DAY_MS)));
  return days;
}
