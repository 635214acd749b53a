/**
 * The `count` and list-level sums of a list (issue 7 §6, docs/DECISIONS.md «Big tables»):
 * - registries without sums: PostgreSQL's planner estimate of the WHERE (EXPLAIN (FORMAT JSON),
 *   well under 1 ms); an exact count(*) when the estimate is below the threshold
 *   (DEFAULT_EXACT_COUNT_THRESHOLD, env LIST_EXACT_COUNT_THRESHOLD); above it the estimate when
 *   the table's statistics are current, else a count bounded at threshold + 1 rows decides
 *   whether the estimate may stand (exact below it);
 * - registries with sums (def.aggregates, e.g. the containers total): count and sums exactly in
 *   one statement, kept in a per-process cache keyed by table + WHERE + parameters, dropped by
 *   every write of that table through a RegistryRepository of the same pool (writeHappened) and
 *   after CACHE_TTL_MS at the latest (writes made by other processes: the worker's imports).
 */
import type { StoredResourceDef } from '../tables/types';
import type { Pool } from 'pg';
import { ident } from './params';

export const DEFAULT_EXACT_COUNT_THRESHOLD = 10_000;
/** Longest life of a cached count (bounds how long another process's write can go unseen). */
export const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 500;

export interface CountResult {
  count: number;
  /** True when `count` is the planner's estimate. */
  estimate: boolean;
  aggregates: Record<string, number>;
}

interface Entry extends CountResult {
  version: number;
  at: number;
}

interface PoolState {
  versions: Map<string, number>;
  cache: Map<string, Entry>;
}

const states = new WeakMap<Pool, PoolState>();

function state(pool: Pool): PoolState {
  let s = states.get(pool);
  if (!s) states.set(pool, (s = { versions: new Map(), cache: new Map() }));
  return s;
}

/** Drops the cached counts of `table` on this pool: called by every registry write. */
export function writeHappened(pool: Pool, table: string): void {
  const s = state(pool);
  s.versions.set(table, (s.versions.get(table) ?? 0) + 1);
}

/** The threshold from the environment (LIST_EXACT_COUNT_THRESHOLD) or the default. */
export function exactCountThreshold(): number {
  const raw = process.env.LIST_EXACT_COUNT_THRESHOLD;
  return raw && /^\d+$/.test(raw) ? Number(raw) : DEFAULT_EXACT_COUNT_THRESHOLD;
}

/** The planner's row estimate of `SELECT … FROM table <alias> WHERE where`. */
export async function estimateRows(pool: Pool, table: string, where: string, values: unknown[], alias = 't'): Promise<number> {
  const { rows } = await pool.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${ident(table)} ${ident(alias)} WHERE ${where}`, values);
  const plan = (rows[0] as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] })['QUERY PLAN'][0].Plan;
  return Math.round(plan['Plan Rows']);
}

/** How long the statistics check of a table is reused, ms. */
const STATS_TTL_MS = 10_000;
const statsChecked = new WeakMap<Pool, Map<string, { at: number; current: Promise<boolean> }>>();

/**
 * True when `table` has been analyzed and less than a fifth of its rows changed since
 * (pg_class.reltuples, pg_stat_user_tables.n_mod_since_analyze): the planner's estimate can
 * then be trusted. Reused for STATS_TTL_MS per pool and table.
 */
async function statisticsCurrent(pool: Pool, table: string): Promise<boolean> {
  let byTable = statsChecked.get(pool);
  if (!byTable) statsChecked.set(pool, (byTable = new Map()));
  const hit = byTable.get(table);
  if (hit && Date.now() - hit.at < STATS_TTL_MS) return hit.current;
  const current = pool
    .query<{ tuples: number; mods: number }>(
      `SELECT c.reltuples::float8 AS tuples, coalesce(s.n_mod_since_analyze, 0)::float8 AS mods
         FROM pg_class c LEFT JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.oid = $1::regclass`,
      [table],
    )
    .then(({ rows }) => {
      const r = rows[0];
      return Boolean(r && r.tuples > 0 && r.mods < r.tuples / 5);
    });
  byTable.set(table, { at: Date.now(), current });
  current.catch(() => byTable.delete(table));
  return current;
}

/** Count and sums of the rows matching `where` (parameters `values`) of `def`. */
export async function countRows(pool: Pool, def: StoredResourceDef, where: string, values: unknown[], threshold: number): Promise<CountResult> {
  // Sums of decimals keep their fraction (the balance's tonnes); of integers stay integers.
  const sums = Object.entries(def.aggregates ?? {}).map(([name, a]) => `coalesce(sum(t.${ident(def.fields[a.sum]!.column!)}), 0)::${sumType(def, a.sum)} AS ${ident(name)}`);
  const exact = async (): Promise<CountResult> => {
    const { rows } = await pool.query(`SELECT count(*)::int AS count${sums.length ? ', ' + sums.join(', ') : ''} FROM ${ident(def.table)} t WHERE ${where}`, values);
    const { count, ...aggregates } = rows[0] as { count: number } & Record<string, number>;
    return { count, estimate: false, aggregates };
  };
  if (!sums.length) {
    const est = await estimateRows(pool, def.table, where, values);
    if (est < threshold) return exact();
    if (await statisticsCurrent(pool, def.table)) return { count: est, estimate: true, aggregates: {} };
    // Without current statistics the planner can be far off (a table bulk-loaded since its last
    // ANALYZE: 32 043 estimated for 9 083 ФККО rows), so a count that stops at threshold + 1 rows
    // decides: below it the count is exact; at it the estimate stands, never less than what was seen.
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${ident(def.table)} t WHERE ${where} LIMIT ${threshold + 1}) s`, values);
    const seen = (rows[0] as { n: number }).n;
    return seen <= threshold ? { count: seen, estimate: false, aggregates: {} } : { count: Math.max(est, seen), estimate: true, aggregates: {} };
  }
  const s = state(pool);
  const key = `${def.table}\u0000${where}\u0000${JSON.stringify(values)}`;
  const version = s.versions.get(def.table) ?? 0;
  const hit = s.cache.get(key);
  if (hit && hit.version === version && Date.now() - hit.at < CACHE_TTL_MS) {
    return { count: hit.count, estimate: false, aggregates: hit.aggregates };
  }
  const out = await exact();
  // Stored under the version read before the statement: a write meanwhile makes it stale at once.
  if (s.cache.size >= CACHE_MAX) s.cache.delete(s.cache.keys().next().value!);
  s.cache.delete(key);
  s.cache.set(key, { ...out, version, at: Date.now() });
  return out;
}

/** SQL type a list sum is answered in: float8 for a decimal field, int otherwise. */
export function sumType(def: { fields: Record<string, { kind: string }> }, field: string): 'float8' | 'int' {
  return def.fields[field]?.kind === 'decimal' ? 'float8' : 'int';
}
