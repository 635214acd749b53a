/**
 * The dashboard's summary table and the users' dashboard state (migration
 * 20261124130000_dashboard).
 * - `refreshDashboard(pool)` recomputes every widget (compute.ts) in one REPEATABLE READ snapshot
 *   and replaces the rows of `dashboard_summary` in the same transaction; a refresh already
 *   running elsewhere (session advisory lock) makes this one wait, then count again. Called by the worker's scheduled job and, once, by the
 *   API when the table is still empty.
 * - `readDashboard(pool)` reads the stored widgets (one statement, ten small rows).
 * - `DashboardStateStore`: per user, widget key → collapsed and tag key → active (jsonb maps,
 *   merged on write). Errors: whatever PostgreSQL throws.
 */
import type { Pool } from 'pg';
import type { DashboardState, DashboardWidgetKey } from '@tko/contract';
import { computeWidgets, type StoredWidget } from './compute';
import { matchAdminBoundaries } from '../oktmo/boundaries';

/** The stored widgets and when they were computed (null: never). */
export interface DashboardSnapshot {
  refreshedAt: Date | null;
  widgets: Partial<Record<DashboardWidgetKey, StoredWidget>>;
}

/** Advisory lock key of the refresh (one at a time across processes). */
const REFRESH_LOCK = 7_120_212;

/** Recomputes every widget from the registries and stores them; returns the new snapshot and its duration (ms). */
export async function refreshDashboard(pool: Pool): Promise<DashboardSnapshot & { ms: number }> {
  const started = Date.now();
  const client = await pool.connect();
  let locked = false;
  try {
    // Session lock first, then the snapshot: a refresh that waited sees the previous one's rows
    // committed, so its upsert never meets a concurrent update (REPEATABLE READ would refuse it).
    await client.query('SELECT pg_advisory_lock($1)', [REFRESH_LOCK]);
    locked = true;
    // The boundaries' ОКТМО match follows the units as they are now (an edited unit's name).
    await matchAdminBoundaries(client);
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    const widgets = await computeWidgets(client);
    const keys = Object.keys(widgets);
    const { rows } = await client.query<{ now: Date }>(
      `INSERT INTO dashboard_summary (widget, data, refreshed_at, updated_at)
       SELECT k, d, now(), now() FROM unnest($1::text[], $2::jsonb[]) AS x(k, d)
       ON CONFLICT (widget) DO UPDATE SET data = EXCLUDED.data, refreshed_at = EXCLUDED.refreshed_at, updated_at = EXCLUDED.updated_at
       RETURNING refreshed_at AS now`,
      [keys, keys.map((k) => JSON.stringify(widgets[k as DashboardWidgetKey]))],
    );
    await client.query('COMMIT');
    return { refreshedAt: rows[0]?.now ?? new Date(), widgets, ms: Date.now() - started };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    if (locked) await client.query('SELECT pg_advisory_unlock($1)', [REFRESH_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** The stored widgets; `refreshedAt` is the oldest row's time (null when nothing is stored). */
export async function readDashboard(pool: Pool): Promise<DashboardSnapshot> {
  const { rows } = await pool.query<{ widget: DashboardWidgetKey; data: StoredWidget; refreshed_at: Date }>('SELECT widget, data, refreshed_at FROM dashboard_summary');
  const widgets: DashboardSnapshot['widgets'] = {};
  let refreshedAt: Date | null = null;
  for (const r of rows) {
    widgets[r.widget] = r.data;
    if (!refreshedAt || r.refreshed_at < refreshedAt) refreshedAt = r.refreshed_at;
  }
  return { refreshedAt, widgets };
}

/** Per-user dashboard state (collapsed widgets, active tags). */
export class DashboardStateStore {
  constructor(private readonly pool: Pool) {}

  /** The user's state; empty maps when never saved (every widget expanded, every tag active). */
  async get(userId: number): Promise<DashboardState> {
    const { rows } = await this.pool.query<DashboardState>('SELECT widgets, tags FROM dashboard_user_state WHERE user_id = $1', [userId]);
    return rows[0] ?? { widgets: {}, tags: {} };
  }

  /** Merges the given keys into the user's state (others kept) and returns the whole state. */
  async update(userId: number, patch: Partial<DashboardState>): Promise<DashboardState> {
    const { rows } = await this.pool.query<DashboardState>(
      `INSERT INTO dashboard_user_state AS s (user_id, widgets, tags) VALUES ($1, $2::jsonb, $3::jsonb)
       ON CONFLICT (user_id) DO UPDATE SET widgets = s.widgets || EXCLUDED.widgets, tags = s.tags || EXCLUDED.tags, updated_at = now()
       RETURNING widgets, tags`,
      [userId, JSON.stringify(patch.widgets ?? {}), JSON.stringify(patch.tags ?? {})],
    );
    return rows[0]!;
  }
}
