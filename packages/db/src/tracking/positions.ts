/**
 * Storing GPS positions (issue 10 §3): one statement per batch into the day-partitioned
 * `vehicle_position` (migration 20261125030000), creating the partitions a batch needs first, and
 * keeping `vehicle.last_online_at` / `vehicle.last_position` at the newest position. Used by the
 * Wialon IPS receiver (apps/tracker) and the REST ingest (POST /api/navctl/positions/).
 */
import type { Pool } from 'pg';

/** One position. `time` UTC; lat/lng WGS 84 degrees; speed km/h; course degrees 0–359; altitude m. */
export interface PositionRow {
  vehicle_id: number;
  time: Date;
  lat: number;
  lng: number;
  speed?: number | null;
  course?: number | null;
  altitude?: number | null;
  sats?: number | null;
}

/** Earliest accepted position time (older is refused as a wrong clock). */
export const POSITION_MIN_TIME = Date.UTC(2000, 0, 1);
/** A position may be at most this far in the future (device clocks drift a little). */
export const POSITION_MAX_AHEAD_MS = 24 * 3600 * 1000;

/** Whether a position time is plausible: 2000-01-01 … now + 1 day (Wialon answers «0» otherwise). */
export function plausibleTime(t: Date, now = Date.now()): boolean {
  const ms = t.getTime();
  return Number.isFinite(ms) && ms >= POSITION_MIN_TIME && ms <= now + POSITION_MAX_AHEAD_MS;
}

/** UTC day (YYYY-MM-DD) of a time: the partition it goes to. */
export const utcDay = (t: Date): string => t.toISOString().slice(0, 10);

/**
 * Creates the day partitions on demand and remembers which exist (per process). Safe with
 * several processes: ensure_vehicle_position_partition() swallows the loser's duplicate.
 */
export class PartitionKeeper {
  private readonly known = new Set<string>();
  constructor(private readonly pool: Pool) {}

  /** Makes sure the partitions of these UTC days (YYYY-MM-DD) exist. */
  async ensure(days: Iterable<string>): Promise<void> {
    for (const day of days) {
      if (this.known.has(day)) continue;
      await this.pool.query('SELECT ensure_vehicle_position_partition($1::date)', [day]);
      this.known.add(day);
    }
  }

  /** Today's and the next `ahead` days' partitions (start-up and a daily timer). */
  async ensureAhead(ahead = 1, now = new Date()): Promise<void> {
    const days: string[] = [];
    for (let i = 0; i <= ahead; i++) days.push(utcDay(new Date(now.getTime() + i * 86_400_000)));
    await this.ensure(days);
  }
}

const INSERT_SQL = `
WITH ins AS (
  INSERT INTO vehicle_position (vehicle_id, time, lat, lng, speed, course, altitude, sats)
  SELECT * FROM unnest($1::int[], $2::timestamptz[], $3::float8[], $4::float8[], $5::real[], $6::int[], $7::int[], $8::int[])
  ON CONFLICT DO NOTHING
  RETURNING vehicle_id, time, lat, lng
), newest AS (
  SELECT DISTINCT ON (vehicle_id) vehicle_id, time, lat, lng FROM ins ORDER BY vehicle_id, time DESC
), upd AS (
  UPDATE vehicle v SET last_online_at = n.time, last_position = ST_SetSRID(ST_MakePoint(n.lng, n.lat), 4326)
    FROM newest n
   WHERE v.id = n.vehicle_id AND (v.last_online_at IS NULL OR v.last_online_at < n.time)
  RETURNING v.id
)
SELECT vehicle_id, time FROM ins`;

/** Stores batches of positions. */
export class PositionStore {
  readonly partitions: PartitionKeeper;
  constructor(private readonly pool: Pool) {
    this.partitions = new PartitionKeeper(pool);
  }

  /**
   * Inserts a batch (any vehicles, any days) in one statement; a position already stored for
   * the same vehicle and time is skipped (a black box sent twice). Returns the keys
   * `${vehicle_id}@${time ms}` of the rows stored now. Throws what PostgreSQL throws (the
   * caller answers its protocol's error); a deadlock with a concurrent batch is retried once.
   */
  async insert(rows: readonly PositionRow[]): Promise<Set<string>> {
    if (!rows.length) return new Set();
    await this.partitions.ensure(new Set(rows.map((r) => utcDay(r.time))));
    const cols: unknown[][] = [[], [], [], [], [], [], [], []];
    for (const r of rows) {
      cols[0]!.push(r.vehicle_id); cols[1]!.push(r.time); cols[2]!.push(r.lat); cols[3]!.push(r.lng);
      cols[4]!.push(r.speed ?? null); cols[5]!.push(r.course ?? null); cols[6]!.push(r.altitude ?? null); cols[7]!.push(r.sats ?? null);
    }
    const run = () => this.pool.query<{ vehicle_id: number; time: Date }>(INSERT_SQL, cols);
    let res;
    try {
      res = await run();
    } catch (e) {
      if ((e as { code?: string }).code !== '40P01') throw e;
      res = await run();
    }
    return new Set(res.rows.map((r) => `${r.vehicle_id}@${r.time.getTime()}`));
  }
}
