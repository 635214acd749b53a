/**
 * Computes and stores plan/fact of one (schedule, work date) (docs/TRACKING.md «Plan and fact»):
 * loads the day (load.ts), reads the positions of the region's day of its vehicles in one statement
 * through the vehicle_position primary key (outliers dropped, as every track read), classifies
 * (classify.ts); when sites are left not served within their window (missed, pending, late), reads
 * also the tracks of the other vehicles of the day that came within the largest service radius of one
 * of them (vehiclesNear: a grid join in SQL, not their tracks) and classifies again, so a stay of a
 * truck not planned for a site serves it (served_unplanned) — an unplanned stay is looked for only at
 * the sites the planned trucks did not serve in time; then attaches the sites' dispatcher events of
 * the day, and stores the answer (plan_fact_day) and one row per site (plan_fact_site) in one
 * transaction, keeping the dispatcher event / problem a miss opened. Returns the answer and the
 * sites whose status changed since the stored one (waste-area ids; a request as −id).
 *
 * Freshness ({@link readOrCompute}): a stored answer is served as it is when it was computed after
 * the date's last plan and either after the work date ended or less than {@link STORED_FRESH_MS} ago
 * (a day not over: the worker's job recomputes it within PLAN_FACT_DEBOUNCE_MS of every position
 * stored and at each window's end, and the screen reads it again on /topic/plan-fact.{id}); otherwise
 * (a plan saved since, none stored, an older answer of a day not over — the worker is not running)
 * the call computes it again. Positions that arrive later for a past date (a black box) trigger the
 * worker's recompute job, which stores the new answer.
 */
import type { Pool, PoolClient } from 'pg';
import type { PlanFactDay } from '@tko/contract';
import { TrackingRepository } from '@tko/db';
import type { OutlierOptions, TripOptions, VisitOptions } from '@tko/db';
import { classifyDay } from './classify';
import type { SiteOutcome } from './classify';
import { loadFactDay } from './load';
import type { FactDay } from './load';

export interface PlanFactOptions {
  /** IANA zone of the region's work day (REGION_TIME_ZONE). */
  timeZone: string;
  visits: VisitOptions;
  trips: TripOptions;
  /** Positions dropped as outliers (TRACKING_OUTLIER_SPEED_KMH); default the tracking default. */
  outliers?: OutlierOptions;
  /** «Now», ms since the epoch (the domain's clock). */
  now: number;
}

export interface PlanFactResult {
  answer: PlanFactDay;
  outcomes: SiteOutcome[];
  /** The day compared (plan, sites, routes, vehicles), for the route events (route-events.ts). */
  day: FactDay;
  /** Waste-area ids (requests −id) whose status changed since the stored computation. */
  changed: number[];
}

const siteId = (o: Pick<SiteOutcome, 'wasteAreaId' | 'requestId'>) => o.wasteAreaId ?? -(o.requestId ?? 0);
/** A site so served by its planned trucks needs no other truck's track. */
const SERVED_IN_WINDOW = new Set(['served', 'served_unplanned']);

/** Computes (schedule, date) and stores it; null when the schedule does not exist. */
export async function computePlanFact(pool: Pool, scheduleId: number, workDate: string, o: PlanFactOptions): Promise<PlanFactResult | null> {
  const day = await loadFactDay(pool, scheduleId, workDate, o.timeZone);
  if (!day) return null;
  const repo = new TrackingRepository(pool, 0, o.outliers);
  const [from, to] = [new Date(day.dayStart), new Date(day.dayEnd)];
  const points = await repo.pointsOfMany([...day.vehicles.keys()], from, to);
  let { answer, outcomes } = classifyDay({ day, points, visits: o.visits, trips: o.trips, now: o.now });
  // Other trucks: only at the sites the planned ones did not serve within the window, and only the
  // trucks that came near one of them are read (tracking-reads vehiclesNear), then classified again.
  const open = day.sites.filter((s, i) => s.lat !== null && s.lng !== null && !SERVED_IN_WINDOW.has(outcomes[i]!.status));
  if (open.length && day.unplanned.size) {
    const radius = Math.max(o.visits.radiusM, ...open.map((s) => s.radiusM ?? 0));
    const near = await repo.vehiclesNear([...day.unplanned.keys()], from, to, open.map((s) => ({ lat: s.lat!, lng: s.lng! })), radius);
    if (near.length) {
      for (const [id, pts] of await repo.pointsOfMany(near, from, to)) points.set(id, pts);
      ({ answer, outcomes } = classifyDay({ day, points, visits: o.visits, trips: o.trips, now: o.now }));
    }
  }
  await attachEvents(pool, answer, day.dayStart, day.dayEnd);
  const computed_at = new Date(o.now).toISOString();
  const full: PlanFactDay = { ...answer, computed_at };

  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const before = await storedStatuses(client, scheduleId, workDate);
    await client.query(
      `INSERT INTO plan_fact_day (schedule_id, work_date, computed_at, result) VALUES ($1, $2::date, $3, $4)
       ON CONFLICT (schedule_id, work_date) DO UPDATE SET computed_at = EXCLUDED.computed_at, result = EXCLUDED.result`,
      [scheduleId, workDate, computed_at, JSON.stringify(full)]);
    await saveOutcomes(client, scheduleId, workDate, outcomes);
    await client.query('COMMIT');
    const changed = outcomes.filter((x) => before.get(x.key) !== x.status).map(siteId);
    return { answer: full, outcomes, day, changed };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/**
 * How long a stored answer of a day not over is served as it is (ms): the job that keeps it runs
 * within seconds of each position; older means no worker keeps it, and the call computes.
 */
export const STORED_FRESH_MS = 60_000;

/** The stored answer when still fresh (see the module comment), else a new computation; null: no such schedule. */
export async function readOrCompute(pool: Pool, scheduleId: number, workDate: string, o: PlanFactOptions): Promise<PlanFactDay | null> {
  const stored = await freshStored<PlanFactDay>(pool, 'result', scheduleId, workDate, o);
  if (stored !== null) return stored;
  return (await computePlanFact(pool, scheduleId, workDate, o))?.answer ?? null;
}

/**
 * The stored answer as JSON text (PostgreSQL's print of the jsonb: its key order, a space after
 * each `:` and `,`) when still fresh (see the module comment), else null — what the call sends as
 * it is, with no parse and no re-serialisation (the job stored it as a {@link PlanFactDay}).
 * One primary-key lookup of plan_fact_day and the index of schedule_plan_run.
 */
export async function readStoredText(pool: Pool, scheduleId: number, workDate: string, o: Pick<PlanFactOptions, 'timeZone' | 'now'>): Promise<string | null> {
  return freshStored<string>(pool, 'result::text', scheduleId, workDate, o);
}

async function freshStored<T>(pool: Pool, column: 'result' | 'result::text', scheduleId: number, workDate: string,
  o: Pick<PlanFactOptions, 'timeZone' | 'now'>): Promise<T | null> {
  const { rows } = await pool.query<{ result: T; fresh: boolean }>(
    `SELECT ${column} AS result,
            (d.computed_at >= ($2::date + 1)::timestamp AT TIME ZONE $3 OR d.computed_at >= $4::timestamptz)
              AND d.computed_at >= COALESCE((SELECT max(created_at) FROM schedule_plan_run p WHERE p.schedule_id = $1 AND p.work_date = $2::date), '-infinity') AS fresh
       FROM plan_fact_day d WHERE d.schedule_id = $1 AND d.work_date = $2::date`, [scheduleId, workDate, o.timeZone, new Date(o.now - STORED_FRESH_MS)]);
  return rows[0]?.fresh ? rows[0].result : null;
}

async function storedStatuses(client: PoolClient, scheduleId: number, workDate: string): Promise<Map<string, string>> {
  const { rows } = await client.query<{ site_key: string; status: string }>(
    'SELECT site_key, status FROM plan_fact_site WHERE schedule_id = $1 AND work_date = $2::date FOR UPDATE', [scheduleId, workDate]);
  return new Map(rows.map((r) => [r.site_key, r.status]));
}

/** Upserts the sites' rows (the follow-up's event and problem ids kept); a site no longer due loses its row unless a follow-up is attached. */
async function saveOutcomes(client: PoolClient, scheduleId: number, workDate: string, outcomes: readonly SiteOutcome[]): Promise<void> {
  const s = outcomes.map((x) => x.service);
  await client.query(
    `INSERT INTO plan_fact_site (schedule_id, work_date, site_key, waste_area_id, collection_request_id, status, window_close,
                                 vehicle_id, arrived_at, left_at, dwell_s, distance_m, updated_at)
     SELECT $1, $2::date, k, a, r, st, wc, v, ar, lf, dw, di, now()
       FROM unnest($3::text[], $4::int[], $5::int[], $6::text[], $7::timestamptz[], $8::int[], $9::timestamptz[], $10::timestamptz[], $11::int[], $12::int[])
            AS x(k, a, r, st, wc, v, ar, lf, dw, di)
     ON CONFLICT (schedule_id, work_date, site_key) DO UPDATE SET status = EXCLUDED.status, window_close = EXCLUDED.window_close,
       vehicle_id = EXCLUDED.vehicle_id, arrived_at = EXCLUDED.arrived_at, left_at = EXCLUDED.left_at, dwell_s = EXCLUDED.dwell_s,
       distance_m = EXCLUDED.distance_m, updated_at = now()`,
    [scheduleId, workDate, outcomes.map((x) => x.key), outcomes.map((x) => x.wasteAreaId), outcomes.map((x) => x.requestId),
      outcomes.map((x) => x.status), outcomes.map((x) => x.windowClose), s.map((x) => x?.vehicleId ?? null), s.map((x) => x?.arrived ?? null),
      s.map((x) => x?.left ?? null), s.map((x) => x?.dwellS ?? null), s.map((x) => x?.distanceM ?? null)]);
  await client.query(
    `DELETE FROM plan_fact_site WHERE schedule_id = $1 AND work_date = $2::date AND NOT (site_key = ANY($3::text[]))
        AND dispatcher_event_id IS NULL AND problem_id IS NULL`, [scheduleId, workDate, outcomes.map((x) => x.key)]);
}

/** The dispatcher events of the due waste areas in the day, with their photos' attachment ids. */
async function attachEvents(pool: Pool, answer: Omit<PlanFactDay, 'computed_at'>, from: number, to: number): Promise<void> {
  const ids = answer.sites.map((s) => s.waste_area?.id).filter((x): x is number => x !== undefined);
  if (!ids.length) return;
  const { rows } = await pool.query<{ id: number; waste_area_id: number; type: string; source: string; status: string; event_date: Date | null; photos: number[] }>(
    `SELECT e.id, e.waste_area_id, e.type, e.source, e.status, e.event_date,
            ARRAY(SELECT p.attachment_id FROM dispatcher_event_photo p WHERE p.dispatcher_event_id = e.id ORDER BY p.position) AS photos
       FROM dispatcher_event e
      WHERE e.waste_area_id = ANY($1::int[]) AND COALESCE(e.event_date, e.created_at) >= $2 AND COALESCE(e.event_date, e.created_at) < $3
      ORDER BY COALESCE(e.event_date, e.created_at), e.id`, [ids, new Date(from), new Date(to)]);
  for (const site of answer.sites) {
    site.events = rows.filter((r) => r.waste_area_id === site.waste_area?.id).map((r) => ({
      id: r.id, type: r.type, source: r.source, status: r.status, event_date: r.event_date ? r.event_date.toISOString() : null, photos: r.photos,
    }));
  }
}
