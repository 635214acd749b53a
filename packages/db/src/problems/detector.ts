/**
 * The problem detector (issue 12 §1): evaluates every rule of PROBLEM_RULES in SQL over the
 * whole registry and keeps the `problem` rows in step, one transaction per rule:
 *
 * - a violation with no open automatic problem (and none REJECTED by a user: «not a problem»
 *   stays so) → a new problem (status NEW, the type's default priority, auto = true), with its
 *   history row (change_log `create`) and a DETECTED event;
 * - an open automatic problem whose violation is gone (fixed, or the object deleted or no longer
 *   active) → closed: status SOLVED, closed_at = now(), a history row (`update`, step
 *   `detector`) and a RESOLVED event;
 * - an open automatic problem whose violation is still there but reads differently now (its
 *   `details` — e.g. which facts are still missing — its ОКТМО or responsible) gets the new
 *   values, with a history row
 *   (`update`, step `detector`);
 * - anything else is left untouched (no write, no history), so any number of runs gives the same
 *   rows — the partial unique index problem_open_auto_key makes a duplicate impossible even for
 *   two runs at once (the second one's insert does nothing).
 *
 * Each rule is one transaction under an advisory lock (two detectors — schedule + import — never
 * interleave on a rule): its violations into a temporary table, then one statement (data-modifying
 * CTEs) that opens, closes and writes the history and events. Rules without data (sql null) are
 * reported as `no_data`, not run. History rows name the user «Система: поиск проблем» (user_id
 * null), the way RegistryRepository writes them (registry `problems`, wire field names).
 *
 * Errors: database errors are thrown (that rule's transaction is rolled back; the rules before
 * it stay committed, and the next run goes on from there).
 */
import type { Pool } from 'pg';
import { problemTypeInfo } from '@tko/contract';
import type { WriteEvent } from '../registry/write-pipeline';
import { PROBLEM_RULES } from './rules/index';
import type { ProblemRule } from './rules/index';

/** Who is named in the history and events of the detector's changes. */
export const DETECTOR_USER_NAME = 'Система: поиск проблем';
/** The change_log step of a close by the detector. */
export const DETECTOR_STEP = 'detector';
/** pg advisory lock key (first int) of the detector's rules. */
const LOCK_KEY = 120_001;

export type DetectorTrigger = 'SCHEDULE' | 'IMPORT' | 'MANUAL';

export interface RuleOutcome {
  code: string;
  /** Violations found now (null: the rule has no data yet and was not run). */
  found: number | null;
  opened: number;
  closed: number;
  /** Problems of this code left open after the run. */
  open: number;
  no_data: boolean;
}

export interface DetectorResult {
  run_id: number;
  trigger: DetectorTrigger;
  started_at: string;
  finished_at: string;
  opened: number;
  closed: number;
  open_total: number;
  rules: RuleOutcome[];
  /** Ids of the problems opened and closed by this run (for the live announcement). */
  opened_ids: number[];
  closed_ids: number[];
  /** Ids of open problems whose details this run rewrote. */
  refreshed_ids: number[];
}

/** The wire point of a geometry column, as the registry answers it (6 decimals). */
const wirePoint = (col: string) =>
  `CASE WHEN ${col} IS NULL THEN NULL ELSE json_build_object('lat', round(ST_Y(${col})::numeric, 6), 'lng', round(ST_X(${col})::numeric, 6)) END`;

/**
 * The violations of a rule into a temporary table of the rule's transaction (dropped at its end),
 * planned on its own: the rules' per-site look-ups (containers, links, nearest dwelling) are index
 * nested loops. ANALYZEd, so the step below knows how many rows it matches.
 */
export function foundSql(ruleSql: string): string {
  return `CREATE TEMP TABLE problem_found ON COMMIT DROP AS
    SELECT DISTINCT ON (r.object_id) r.object_id, r.location, r.point, r.oktmo, r.details, r.responsible FROM (${ruleSql}) r ORDER BY r.object_id`;
}

/**
 * The step of a rule over problem_found: $1 code, $2 object type, $3 default priority, $4 user
 * name, $5 step, $6 the code's kind (VIOLATION | DATA_GAP). Answers the count found and the ids
 * opened and closed.
 */
export const STEP_SQL = `WITH found AS (SELECT * FROM problem_found),
    ins AS (
      INSERT INTO problem (code, kind, object_type, object_id, status, priority, point, location, details, oktmo, responsible, auto)
      SELECT $1, $6, $2, f.object_id, 'NEW', $3, f.point, f.location, f.details, f.oktmo, f.responsible, true FROM found f
       WHERE NOT EXISTS (SELECT 1 FROM problem p WHERE p.auto AND p.code = $1 AND p.object_type = $2 AND p.object_id = f.object_id
                           AND (p.closed_at IS NULL OR p.status = 'REJECTED'))
      ON CONFLICT DO NOTHING
      RETURNING *),
    old AS (
      SELECT p.id, p.status FROM problem p
       WHERE p.auto AND p.code = $1 AND p.object_type = $2 AND p.closed_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM found f WHERE f.object_id = p.object_id)
       FOR UPDATE),
    upd AS (
      UPDATE problem p SET status = 'SOLVED', closed_at = now(), updated_at = now() FROM old WHERE p.id = old.id
      RETURNING p.id, old.status AS old_status, p.closed_at),
    refresh AS (
      UPDATE problem p SET details = x.new_details, oktmo = x.new_oktmo, responsible = x.new_responsible, updated_at = now()
        FROM (SELECT p0.id, p0.details AS old_details, f.details AS new_details, p0.oktmo AS old_oktmo, f.oktmo AS new_oktmo,
                     p0.responsible AS old_responsible, f.responsible AS new_responsible
                FROM problem p0 JOIN found f ON f.object_id = p0.object_id
               WHERE p0.auto AND p0.code = $1 AND p0.object_type = $2 AND p0.closed_at IS NULL
                 AND (p0.details, p0.oktmo, p0.responsible) IS DISTINCT FROM (f.details, f.oktmo, f.responsible)) x
       WHERE p.id = x.id
      RETURNING p.id, x.old_details, x.new_details, x.old_oktmo, x.new_oktmo, x.old_responsible, x.new_responsible),
    log_refresh AS (
      INSERT INTO change_log (user_id, user_name, resource, object_id, action, before, after, step)
      SELECT NULL, $4, 'problems', r.id, 'update',
             jsonb_build_object('details', r.old_details, 'oktmo', r.old_oktmo, 'responsible', r.old_responsible),
             jsonb_build_object('details', r.new_details, 'oktmo', r.new_oktmo, 'responsible', r.new_responsible), $5
        FROM refresh r),
    log_ins AS (
      INSERT INTO change_log (user_id, user_name, resource, object_id, action, before, after)
      SELECT NULL, $4, 'problems', i.id, 'create', NULL, jsonb_strip_nulls(jsonb_build_object(
          'type', i.code, 'status', i.status, 'priority', i.priority, 'object_type', i.object_type, 'object_id', i.object_id,
          'location', i.location, 'coordinates', ${wirePoint('i.point')}, 'details', i.details, 'oktmo', i.oktmo, 'responsible', i.responsible, 'auto', true))
        FROM ins i),
    log_upd AS (
      INSERT INTO change_log (user_id, user_name, resource, object_id, action, before, after, step)
      SELECT NULL, $4, 'problems', u.id, 'update', jsonb_build_object('status', u.old_status, 'closed_at', NULL),
             jsonb_build_object('status', 'SOLVED', 'closed_at', to_json(u.closed_at)), $5
        FROM upd u),
    ev_ins AS (
      INSERT INTO problem_event (problem_id, kind, text, user_name)
      SELECT i.id, 'DETECTED', 'Обнаружена автоматически' || coalesce(': ' || i.details, '') || '.', $4 FROM ins i),
    ev_upd AS (
      INSERT INTO problem_event (problem_id, kind, text, user_name)
      SELECT u.id, 'RESOLVED', 'Нарушение больше не обнаруживается: проблема закрыта как устранённая.', $4 FROM upd u)
    SELECT (SELECT count(*)::int FROM found) AS found,
           coalesce((SELECT array_agg(id ORDER BY id) FROM ins), '{}') AS opened_ids,
           coalesce((SELECT array_agg(id ORDER BY id) FROM upd), '{}') AS closed_ids,
           coalesce((SELECT array_agg(id ORDER BY id) FROM refresh), '{}') AS refreshed_ids`;

/** Runs one rule in its own transaction; returns its outcome and the ids it touched. */
async function runRule(pool: Pool, rule: ProblemRule, index: number): Promise<RuleOutcome & { openedIds: number[]; closedIds: number[]; refreshedIds: number[] }> {
  const openCount = async () =>
    (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM problem WHERE code = $1 AND closed_at IS NULL`, [rule.code])).rows[0]!.n;
  if (!rule.sql) return { code: rule.code, found: null, opened: 0, closed: 0, open: await openCount(), no_data: true, openedIds: [], closedIds: [], refreshedIds: [] };
  const { priority, kind } = problemTypeInfo(rule.code)!;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_KEY, index]);
    await client.query(foundSql(rule.sql));
    await client.query('ANALYZE problem_found');
    // Matching the found violations to the open problems is a set operation: hash joins, whatever
    // the (often stale, right after an import) estimates of `problem` say — a nested loop there
    // is quadratic (2.2 s → 0.2 s per rule on the 1 692 Angarsk sites). Only this statement.
    await client.query('SET LOCAL enable_nestloop = off');
    const r = (await client.query<{ found: number; opened_ids: number[]; closed_ids: number[]; refreshed_ids: number[] }>(STEP_SQL,
      [rule.code, rule.objectType, priority, DETECTOR_USER_NAME, DETECTOR_STEP, kind])).rows[0]!;
    await client.query('COMMIT');
    return {
      code: rule.code, found: r.found, opened: r.opened_ids.length, closed: r.closed_ids.length, open: await openCount(), no_data: false,
      openedIds: r.opened_ids, closedIds: r.closed_ids, refreshedIds: r.refreshed_ids,
    };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/**
 * One run over every rule (or the `codes` given); records the run in problem_detector_run and
 * answers what it did. Units: counts of problems; times ISO 8601.
 */
export async function runProblemDetector(pool: Pool, opts: { trigger: DetectorTrigger; codes?: readonly string[] }): Promise<DetectorResult> {
  const run = (await pool.query<{ id: number; started_at: Date }>(
    `INSERT INTO problem_detector_run (trigger) VALUES ($1) RETURNING id, started_at`, [opts.trigger])).rows[0]!;
  const rules: RuleOutcome[] = [];
  const openedIds: number[] = [];
  const closedIds: number[] = [];
  const refreshedIds: number[] = [];
  for (const [i, rule] of PROBLEM_RULES.entries()) {
    if (opts.codes && !opts.codes.includes(rule.code)) continue;
    const { openedIds: o, closedIds: c, refreshedIds: u, ...outcome } = await runRule(pool, rule, i);
    refreshedIds.push(...u);
    rules.push(outcome);
    openedIds.push(...o);
    closedIds.push(...c);
  }
  const opened = openedIds.length;
  const closed = closedIds.length;
  const openTotal = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM problem WHERE closed_at IS NULL`)).rows[0]!.n;
  const perCode = Object.fromEntries(rules.map((r) => [r.code, { found: r.found, opened: r.opened, closed: r.closed, open: r.open }]));
  const fin = (await pool.query<{ finished_at: Date }>(
    `UPDATE problem_detector_run SET finished_at = now(), opened = $2, closed = $3, open_total = $4, per_code = $5 WHERE id = $1 RETURNING finished_at`,
    [run.id, opened, closed, openTotal, JSON.stringify(perCode)])).rows[0]!;
  return {
    run_id: run.id, trigger: opts.trigger, started_at: run.started_at.toISOString(), finished_at: fin.finished_at.toISOString(),
    opened, closed, open_total: openTotal, rules, opened_ids: openedIds, closed_ids: closedIds, refreshed_ids: refreshedIds,
  };
}

/**
 * The run's changes as registry announcements (WritePipeline.announce → /topic/registry.problems):
 * a create per opened problem, an update with step `detector` per closed one (rows not carried).
 */
export function detectorEvents(r: Pick<DetectorResult, 'opened_ids' | 'closed_ids'> & Partial<Pick<DetectorResult, 'refreshed_ids'>>): WriteEvent[] {
  return [
    ...r.opened_ids.map((id): WriteEvent => ({ resource: 'problems', action: 'create', id, userId: null, row: null })),
    ...[...r.closed_ids, ...(r.refreshed_ids ?? [])].map((id): WriteEvent => ({ resource: 'problems', action: 'update', step: DETECTOR_STEP, id, userId: null, row: null })),
  ];
}
