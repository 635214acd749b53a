/**
 * Storing GPS positions (issue 10 §3): one statement per batch into the day-partitioned
 * `vehicle_position` (migration 20261125030000; the partitions are made ahead, PartitionKeeper), and
 * keeping `vehicle.last_online_at` / `vehicle.last_position` at the newest position. Used by the
 * Wialon IPS receiver (apps/tracker) and the REST ingest (POST /api/navctl/positions/).
 */
import type { Pool } from 'pg';
import type { PositionWindow } from './position-window';
import { partitionDays } from './position-window';

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

/**
 * The day partitions of `vehicle_position` (migration 20261125030000: ensure_vehicle_position_partition,
 * race-safe between processes). Made ahead for the position window (position-window.ts
 * partitionDays) by the worker's maintenance job, the receiver's start-up and an ingest that finds
 * a day of the window without one (position-ingest.ts admit) — always the window's days, never a
 * day a packet names; the ingest asks {@link existing} and refuses a position whose day has none.
 */
export class PartitionKeeper {
  /** Days known to have a partition (they are never dropped while a process runs). */
  private readonly known = new Set<string>();
  /** Days found without one, and until when (ms) that answer is reused. */
  private readonly missing = new Map<string, number>();

  constructor(private readonly pool: Pool, private readonly missingTtlMs = 60_000) {}

  /** Makes sure the partitions of these UTC days (YYYY-MM-DD) exist; returns how many were created now. */
  async ensure(days: Iterable<string>): Promise<number> {
    const want = [...new Set(days)].filter((d) => !this.known.has(d));
    if (!want.length) return 0;
    const before = await this.existing(want);
    for (const day of want) {
      if (before.has(day)) continue;
      await this.pool.query('SELECT ensure_vehicle_position_partition($1::date)', [day]);
      this.known.add(day);
      this.missing.delete(day);
    }
    return want.length - before.size;
  }

  /** The window's partitions (position-window.ts partitionDays); returns how many were created now. */
  ensureWindow(w: PositionWindow, now = new Date()): Promise<number> {
    return this.ensure(partitionDays(now, w));
  }

  /** Which of these UTC days have a partition: from memory, else one catalogue query for the rest. */
  async existing(days: Iterable<string>): Promise<Set<string>> {
    const out = new Set<string>();
    const ask: string[] = [];
    const now = Date.now();
    for (const d of new Set(days)) {
      if (this.known.has(d)) out.add(d);
      else if ((this.missing.get(d) ?? 0) <= now) ask.push(d);
    }
    if (!ask.length) return out;
    const { rows } = await this.pool.query<{ day: string }>(
      `SELECT d AS day FROM unnest($1::text[]) d
        WHERE to_regclass(format('vehicle_position_part.%I', 'vehicle_position_' || replace(d, '-', ''))) IS NOT NULL`, [ask]);
    const found = new Set(rows.map((r) => r.day));
    for (const d of ask) {
      if (found.has(d)) { this.known.add(d); out.add(d); this.missing.delete(d); }
      else this.missing.set(d, now + this.missingTtlMs);
    }
    return out;
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

/** Stores batches of positions (into existing partitions only: PartitionKeeper). */
export class PositionStore {
  readonly partitions: PartitionKeeper;
  constructor(private readonly pool: Pool) {
    this.partitions = new PartitionKeeper(pool);
  }

  /**
   * Inserts a batch (any vehicles, any days) in one statement; a position already stored for
   * the same vehicle and time is skipped (a black box sent twice). The rows' partitions must
   * exist (PositionIngest.admit checks; a missing one fails the statement). Returns the keys
   * `${vehicle_id}@${time ms}` of the rows stored now. Throws what PostgreSQL throws (the
   * caller answers its protocol's error); a deadlock with a concurrent batch is retried once.
   */
  async insert(rows: readonly PositionRow[]): Promise<Set<string>> {
    if (!rows.length) return new Set();
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
