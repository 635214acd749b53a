/**
 * The one position ingest (issue 10 §3, issue 21 §1) used by both ways positions arrive — the
 * Wialon IPS receiver (apps/tracker: a tracker's login IMEI) and the REST ingest (POST
 * /api/navctl/positions/: a vehicle id or an external identifier) — so both attribute a position
 * to the same vehicle, refuse the same times and store and announce it the same way.
 *
 * Which vehicle an identifier is: `vehicle.external_identifier` equal to it (the Wialon unit id
 * of the vehicle card); when several cards carry it, the ACTIVE one, then the lowest id.
 * Which positions are taken: {@link admit} — the time window (position-window.ts, issue 22) and
 * an existing day partition (made ahead, never from a packet: PartitionKeeper).
 * Storing: PositionStore (one statement per batch, `vehicle.last_online_at` / `last_position`);
 * the rows stored now (not duplicates of a black box) are published on NAVCTL_POSITIONS_TOPIC
 * after the statement.
 * Plan and fact (docs/TRACKING.md «Plan and fact»): for the rows stored, each (schedule of the
 * vehicle, region's work date of the time) — and each schedule with a site of that date still missed
 * or pending, which any truck may serve — gets a `plan-fact-recompute` job, deduplicated in BullMQ
 * while one waits and delayed PLAN_FACT_DEBOUNCE_MS, so a burst of positions is one recompute; a
 * (vehicle, hour) asked for within that time is not looked up again. A failure to enqueue (Redis
 * down) does not refuse the positions: the GET computes a date itself when its answer is stale.
 */
import type { LivePosition } from '@tko/contract';
import { DEFAULT_REGION_TIME_ZONE, NAVCTL_POSITIONS_TOPIC, PLAN_FACT_DEBOUNCE_MS, PLAN_FACT_JOB } from '@tko/contract';
import type { JobClient } from '../domain/jobs';
import type { Pool } from 'pg';
import type { EnvelopePublisher } from '../notifications/notify';
import { PositionStore } from './positions';
import type { PositionRow } from './positions';
import type { PositionWindow, TimeRefusal } from './position-window';
import { DEFAULT_POSITION_WINDOW, timeRefusal, utcDay } from './position-window';

/** The key of a stored position, as PositionStore.insert answers it. */
export const positionKey = (r: Pick<PositionRow, 'vehicle_id' | 'time'>): string => `${r.vehicle_id}@${r.time.getTime()}`;

/** Why a position is not taken: its time (position-window.ts) or no partition for its day. */
export type PositionRefusal = TimeRefusal | 'no_partition';

/** What {@link PositionIngest.admit} says of a batch: the rows taken, and the index and reason of each refused one. */
export interface Admission {
  rows: PositionRow[];
  refused: { index: number; reason: PositionRefusal }[];
}

/** A tracker's credentials as the receiver checks them: its vehicle and password hash (null = none set). */
export interface DeviceCredentials {
  vehicleId: number;
  passwordHash: string | null;
}

// The rule «ACTIVE first, then the lowest id» of an identifier carried by several cards.
const BY_IDENTIFIER = `SELECT DISTINCT ON (external_identifier) external_identifier, id, tracker_password_hash FROM vehicle
  WHERE external_identifier IS NOT NULL AND external_identifier <> ''`;
const BY_IDENTIFIER_ORDER = `ORDER BY external_identifier, (status = 'ACTIVE') DESC, id`;

export class PositionIngest {
  readonly store: PositionStore;

  /** (vehicle, UTC hour) → when a recompute was last asked for it, ms. */
  private readonly asked = new Map<string, number>();

  constructor(
    private readonly pool: Pool,
    private readonly publisher: EnvelopePublisher | null,
    readonly window: PositionWindow = DEFAULT_POSITION_WINDOW,
    store?: PositionStore,
    private readonly planFact: { jobs: JobClient | null; timeZone: string; onError?: (e: unknown) => void } = { jobs: null, timeZone: DEFAULT_REGION_TIME_ZONE },
  ) {
    this.store = store ?? new PositionStore(pool);
  }

  /** The vehicle of each identifier found (rule above); identifiers of no vehicle are absent. */
  async vehiclesByIdentifier(identifiers: readonly string[]): Promise<Map<string, number>> {
    if (!identifiers.length) return new Map();
    const { rows } = await this.pool.query<{ external_identifier: string; id: number }>(
      `${BY_IDENTIFIER} AND external_identifier = ANY($1::text[]) ${BY_IDENTIFIER_ORDER}`, [[...new Set(identifiers)]]);
    return new Map(rows.map((r) => [r.external_identifier, r.id]));
  }

  /**
   * Every identifier's vehicle and tracker password hash (same rule), in one query: the
   * receiver's directory of devices (apps/tracker units.ts), so a login costs no query.
   */
  async devices(): Promise<Map<string, DeviceCredentials>> {
    const { rows } = await this.pool.query<{ external_identifier: string; id: number; tracker_password_hash: string | null }>(
      `${BY_IDENTIFIER} ${BY_IDENTIFIER_ORDER}`);
    return new Map(rows.map((r) => [r.external_identifier, { vehicleId: r.id, passwordHash: r.tracker_password_hash }]));
  }

  /** The ids among `ids` that are vehicles. */
  async existingVehicles(ids: readonly number[]): Promise<Set<number>> {
    if (!ids.length) return new Set();
    const { rows } = await this.pool.query<{ id: number }>('SELECT id FROM vehicle WHERE id = ANY($1::int[])', [[...new Set(ids)]]);
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Splits rows into those taken and those refused (index in `rows`, reason): a time outside the
   * window at `now` (ms), or a day without a partition (one catalogue query for days not yet
   * known to the process, none otherwise). When a day of the window has no partition yet (a
   * process that started before the worker's position-partitions job ran, an API without a
   * receiver), the window's partitions are made — only the window's days (position-window.ts
   * partitionDays), never a day a row names — and the day is looked at again.
   */
  async admit(rows: readonly PositionRow[], now = Date.now()): Promise<Admission> {
    const refused: Admission['refused'] = [];
    const timely: { row: PositionRow; index: number }[] = [];
    rows.forEach((row, index) => {
      const reason = timeRefusal(row.time, now, this.window);
      if (reason) refused.push({ index, reason });
      else timely.push({ row, index });
    });
    const wanted = timely.map((t) => utcDay(t.row.time));
    let days = timely.length ? await this.store.partitions.existing(wanted) : new Set<string>();
    if (wanted.some((d) => !days.has(d))) {
      await this.store.partitions.ensureWindow(this.window, new Date(now));
      days = await this.store.partitions.existing(wanted);
    }
    const taken: PositionRow[] = [];
    for (const t of timely) {
      if (days.has(utcDay(t.row.time))) taken.push(t.row);
      else refused.push({ index: t.index, reason: 'no_partition' });
    }
    refused.sort((a, b) => a.index - b.index);
    return { rows: taken, refused };
  }

  /**
   * Stores admitted rows (one statement) and publishes the ones stored now; returns their keys
   * ({@link positionKey}). Throws what PostgreSQL throws (nothing is published then).
   */
  async write(rows: readonly PositionRow[]): Promise<Set<string>> {
    const stored = await this.store.insert(rows);
    if (stored.size && this.planFact.jobs) {
      await this.askPlanFact(rows.filter((r) => stored.has(positionKey(r)))).catch((e: unknown) => this.planFact.onError?.(e));
    }
    if (!stored.size || !this.publisher) return stored;
    const live: LivePosition[] = [];
    const seen = new Set<string>();
    for (const r of rows) {
      const k = positionKey(r);
      if (!stored.has(k) || seen.has(k)) continue;
      seen.add(k);
      live.push({ vehicle_id: r.vehicle_id, time: r.time.toISOString(), lat: r.lat, lng: r.lng, speed: r.speed ?? null, course: r.course ?? null });
    }
    await this.publisher.publish({ destination: NAVCTL_POSITIONS_TOPIC, body: { positions: live } });
    return stored;
  }

  /** Enqueues the plan/fact recompute of each (schedule, work date) the rows touch (module comment). */
  private async askPlanFact(rows: readonly PositionRow[]): Promise<void> {
    const now = Date.now();
    const fresh = new Map<string, PositionRow>();
    for (const r of rows) {
      const k = `${r.vehicle_id}@${Math.floor(r.time.getTime() / 3_600_000)}`;
      if (!fresh.has(k) && now - (this.asked.get(k) ?? -Infinity) >= PLAN_FACT_DEBOUNCE_MS) fresh.set(k, r);
    }
    if (!fresh.size) return;
    for (const k of fresh.keys()) this.asked.set(k, now);
    if (this.asked.size > 10_000) for (const [k, t] of this.asked) if (now - t >= PLAN_FACT_DEBOUNCE_MS) this.asked.delete(k);
    const picked = [...fresh.values()];
    // The vehicle's own schedules, and every schedule with a site of that date still missed or
    // pending: any truck's stay there serves it (served_unplanned), whatever its schedule.
    const { rows: days } = await this.pool.query<{ schedule_id: number; d: string }>(
      `WITH x AS (SELECT v, ((t AT TIME ZONE $3)::date) AS d FROM unnest($1::int[], $2::timestamptz[]) AS x(v, t))
       SELECT sv.schedule_id, x.d::text AS d FROM x JOIN schedule_vehicle sv ON sv.vehicle_id = x.v
       UNION
       SELECT DISTINCT s.schedule_id, s.work_date::text FROM plan_fact_site s
        WHERE s.work_date IN (SELECT d FROM x) AND s.status IN ('missed', 'pending')`,
      [picked.map((r) => r.vehicle_id), picked.map((r) => r.time), this.planFact.timeZone]);
    for (const { schedule_id, d } of days) {
      await this.planFact.jobs!.enqueue(PLAN_FACT_JOB, { schedule_id, work_date: d }, {
        delay: PLAN_FACT_DEBOUNCE_MS, deduplication: { id: `plan-fact-${schedule_id}-${d}`, ttl: PLAN_FACT_DEBOUNCE_MS },
      });
    }
  }
}
