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
 * Full or incremental (issue 27 §1): a FULL run checks every object; an INCREMENTAL one checks,
 * per rule, only the objects changed since the last finished run over all rules (its base) —
 * scope.ts says which — and closes only their problems; it falls back to FULL when there is no
 * base or the state every object depends on (rules, season, contracts kept, ОКТМО units) differs
 * from the base's. Rules marked `incremental: false` run whole in either mode. Every run records
 * its watermark (change_log id), day and state key; the result equals a full run's (test
 * problem-incremental.test.ts).
 *
 * Errors: database errors are thrown (that rule's transaction is rolled back; the rules before
 * it stay committed, and the next run goes on from there).
 */
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { problemTypeInfo } from '@tko/contract';
import type { WriteEvent } from '../registry/write-pipeline';
import { PROBLEM_RULES } from './rules/index';
import type { ProblemRule } from './rules/index';
import { SCOPE_SQL, STATE_SQL } from './scope';

/** Who is named in the history and events of the detector's changes. */
export const DETECTOR_USER_NAME = 'Система: поиск проблем';
/** The change_log step of a close by the detector. */
export const DETECTOR_STEP = 'detector';
/** pg advisory lock key (first int) of the detector's rules. */
const LOCK_KEY = 120_001;

export type DetectorTrigger = 'SCHEDULE' | 'IMPORT' | 'MANUAL';
/** FULL: every object; INCREMENTAL: the objects changed since the last all-rules run (module docstring). */
export type DetectorMode = 'FULL' | 'INCREMENTAL';

export interface RuleOutcome {
  code: string;
  /** Violations found now among the objects checked (null: the rule has no data yet and was not run). */
  found: number | null;
  /** Objects the rule checked (null: all — a full run, or a rule run whole). */
  checked: number | null;
  opened: number;
  closed: number;
  /** Problems of this code left open after the run. */
  open: number;
  no_data: boolean;
}

export interface DetectorResult {
  run_id: number;
  trigger: DetectorTrigger;
  /** The mode the run took (an INCREMENTAL request without a base or with a new state runs FULL). */
  mode: DetectorMode;
  /** Objects re-checked per object type (INCREMENTAL), else null. */
  scope: Record<string, number> | null;
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
 * nested loops. ANALYZEd in a full run, so the step below knows how many rows it matches.
 */
export function foundSql(ruleSql: string): string {
  return `CREATE TEMP TABLE problem_found ON COMMIT DROP AS ${foundSelect(ruleSql, null)}`;
}

/**
 * The violations of a rule among every object (scope null) or the ids given, one row per object.
 * The ids are integers (from the database): a literal lets the planner push `w.id = ANY(…)` into
 * the rule (primary-key look-ups).
 */
export function foundSelect(ruleSql: string, scope: readonly number[] | null): string {
  const where = scope ? ` WHERE r.object_id = ANY('{${scope.map((id) => Math.trunc(Number(id))).join(',')}}'::int[])` : '';
  return `SELECT DISTINCT ON (r.object_id) r.object_id, r.location, r.point, r.oktmo, r.details, r.responsible FROM (${ruleSql}) r${where} ORDER BY r.object_id`;
}

/**
 * The step of a rule over its violations — the temp table problem_found of a run over every
 * object, or `found` (foundSelect of the ids checked) computed in the statement itself: a few
 * objects need no table of their own (its catalog writes and round trips cost more than the
 * look-ups). $1 code, $2 object type, $3 default priority, $4 user name, $5 step, $6 the code's
 * kind (VIOLATION | DATA_GAP); `scoped`: $7 the ids checked (only their open problems may close
 * or be rewritten — a condition of its own, so the look-up walks problem_open_auto_key by (code,
 * object type, id) instead of every open problem of the code). Answers the count found and the
 * ids opened and closed.
 */
export const stepSql = (scoped: boolean, found?: string) => {
  const only = (p: string) => (scoped ? `\n         AND ${p}.object_id = ANY($7::int[])` : '');
  return `WITH found AS MATERIALIZED (${found ?? 'SELECT * FROM problem_found'}),
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
${only('p')}
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
               WHERE p0.auto AND p0.code = $1 AND p0.object_type = $2 AND p0.closed_at IS NULL${only('p0')}
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
};

/** Runs one rule in its own transaction over every object (scope null) or the ids given; returns its outcome and the ids it touched. */
async function runRule(pool: Pool, rule: ProblemRule, index: number, scope: readonly number[] | null): Promise<Omit<RuleOutcome, 'open'> & { openedIds: number[]; closedIds: number[]; refreshedIds: number[] }> {
  const none = { opened: 0, closed: 0, openedIds: [], closedIds: [], refreshedIds: [] };
  if (!rule.sql) return { code: rule.code, found: null, checked: null, no_data: true, ...none };
  if (scope && !scope.length) return { code: rule.code, found: 0, checked: 0, no_data: false, ...none };
  const { priority, kind } = problemTypeInfo(rule.code)!;
  const client = await pool.connect();
  try {
    // One round trip (the simple protocol runs both): the lock key and index are integers of this module.
    await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${LOCK_KEY}, ${Math.trunc(index)})`);
    if (!scope) {
      await client.query(foundSql(rule.sql));
      // Statistics for the step's plan over every object.
      await client.query('ANALYZE problem_found');
      // Matching the found violations to the open problems is a set operation: hash joins, whatever
      // the (often stale, right after an import) estimates of `problem` say — a nested loop there
      // is quadratic (2.2 s → 0.2 s per rule on the 1 692 Angarsk sites). Only this statement, and
      // only over every object: a few changed ones are index look-ups.
      await client.query('SET LOCAL enable_nestloop = off');
    }
    const r = (await client.query<{ found: number; opened_ids: number[]; closed_ids: number[]; refreshed_ids: number[] }>(
      stepSql(scope !== null, scope ? foundSelect(rule.sql, scope) : undefined),
      [rule.code, rule.objectType, priority, DETECTOR_USER_NAME, DETECTOR_STEP, kind, ...(scope ? [scope] : [])])).rows[0]!;
    await client.query('COMMIT');
    return {
      code: rule.code, found: r.found, checked: scope ? scope.length : null, opened: r.opened_ids.length, closed: r.closed_ids.length, no_data: false,
      openedIds: r.opened_ids, closedIds: r.closed_ids, refreshedIds: r.refreshed_ids,
    };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    client.release();
  }
}

/** md5 of the rules' codes and SQL texts: a new rule set makes the next run a full one. */
export const RULES_HASH = createHash('md5').update(JSON.stringify(PROBLEM_RULES.map((r) => [r.code, r.sql, r.incremental]))).digest('hex');

interface RunState { state_key: string; change_log_id: string; day: Date }

/**
 * The objects an INCREMENTAL run re-checks, per object type, or null when it must run FULL (no
 * finished all-rules run before, or the state key differs from that run's).
 */
async function incrementalScope(pool: Pool, now: RunState): Promise<Map<string, number[]> | null> {
  const base = (await pool.query<{ change_log_id: string | null; started_at: Date; day: Date | null; state_key: string | null }>(
    `SELECT change_log_id::text, started_at, day, state_key FROM problem_detector_run
      WHERE finished_at IS NOT NULL AND all_rules ORDER BY id DESC LIMIT 1`)).rows[0];
  if (!base || base.change_log_id === null || base.day === null || base.state_key !== now.state_key) return null;
  const rows = (await pool.query<{ object_type: string; object_id: number }>(SCOPE_SQL,
    [base.change_log_id, base.started_at, now.change_log_id, base.day])).rows;
  const scope = new Map<string, number[]>();
  for (const r of rows) {
    const ids = scope.get(r.object_type) ?? [];
    ids.push(r.object_id);
    scope.set(r.object_type, ids);
  }
  return scope;
}

/**
 * One run over every rule (or the `codes` given), FULL (the default) or INCREMENTAL (`mode`;
 * FULL when it cannot be: module docstring); records the run in problem_detector_run and answers
 * what it did. Units: counts of problems and objects; times ISO 8601.
 */
export async function runProblemDetector(pool: Pool, opts: { trigger: DetectorTrigger; codes?: readonly string[]; mode?: DetectorMode }): Promise<DetectorResult> {
  const now = (await pool.query<RunState>(STATE_SQL, [RULES_HASH])).rows[0]!;
  const scope = opts.mode === 'INCREMENTAL' ? await incrementalScope(pool, now) : null;
  const mode: DetectorMode = scope ? 'INCREMENTAL' : 'FULL';
  const scopeCounts = scope ? Object.fromEntries([...scope].map(([t, ids]) => [t, ids.length])) : null;
  const run = (await pool.query<{ id: number; started_at: Date }>(
    `INSERT INTO problem_detector_run (trigger, mode, all_rules, change_log_id, day, state_key, scope) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, started_at`,
    [opts.trigger, mode, !opts.codes, now.change_log_id, now.day, now.state_key, scopeCounts && JSON.stringify(scopeCounts)])).rows[0]!;
  const rules: Omit<RuleOutcome, 'open'>[] = [];
  const openedIds: number[] = [];
  const closedIds: number[] = [];
  const refreshedIds: number[] = [];
  for (const [i, rule] of PROBLEM_RULES.entries()) {
    if (opts.codes && !opts.codes.includes(rule.code)) continue;
    const ruleScope = scope && rule.incremental ? (scope.get(rule.objectType) ?? []) : null;
    const { openedIds: o, closedIds: c, refreshedIds: u, ...outcome } = await runRule(pool, rule, i, ruleScope);
    refreshedIds.push(...u);
    rules.push(outcome);
    openedIds.push(...o);
    closedIds.push(...c);
  }
  const opened = openedIds.length;
  const closed = closedIds.length;
  // Open problems per code in one pass (not a count per rule: 24 scans of a large table).
  const openByCode = new Map((await pool.query<{ code: string; n: number }>(
    `SELECT code, count(*)::int AS n FROM problem WHERE closed_at IS NULL GROUP BY code`)).rows.map((r) => [r.code, r.n]));
  const openTotal = [...openByCode.values()].reduce((a, b) => a + b, 0);
  const outcomes: RuleOutcome[] = rules.map((r) => ({ ...r, open: openByCode.get(r.code) ?? 0 }));
  const perCode = Object.fromEntries(outcomes.map((r) => [r.code, { found: r.found, checked: r.checked, opened: r.opened, closed: r.closed, open: r.open }]));
  const fin = (await pool.query<{ finished_at: Date }>(
    `UPDATE problem_detector_run SET finished_at = now(), opened = $2, closed = $3, open_total = $4, per_code = $5 WHERE id = $1 RETURNING finished_at`,
    [run.id, opened, closed, openTotal, JSON.stringify(perCode)])).rows[0]!;
  return {
    run_id: run.id, trigger: opts.trigger, mode, scope: scopeCounts, started_at: run.started_at.toISOString(), finished_at: fin.finished_at.toISOString(),
    opened, closed, open_total: openTotal, rules: outcomes, opened_ids: openedIds, closed_ids: closedIds, refreshed_ids: refreshedIds,
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
