/**
 * Reading the change history (`change_log`, migration 20261122100300; written by the registry
 * repository): the system log with its filters and one object's history, newest first.
 * Entries in the wire shape of contract routes/logs.ts (ChangeLogEntry).
 */
import type { Pool } from 'pg';
import type { ChangeLogEntry, ChangeAction, UserScope } from '@tko/contract';
import { PERMISSION_RESOURCES, resourceByName } from '@tko/contract';
import type { StoredResourceDef } from '@tko/db';
import { changeLogScopeSql, estimateRows, exactCountThreshold, Params } from '@tko/db';

export interface LogFilters {
  user?: number;
  resource?: string[];
  object?: number;
  action?: ChangeAction;
  /** Inclusive lower bound: a date (from its start) or a date-time. */
  from?: string;
  /** Inclusive upper bound: a date (to its end) or a date-time. */
  to?: string;
  /** The reader's row scope: a restricted reader sees only entries of rows they can read (changeLogScopeSql of @tko/db). */
  scope?: UserScope | null;
}

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** Russian name of a registry for the log (its label, else its permission label). */
function resourceLabel(name: string): string {
  return resourceByName(name)?.label ?? PERMISSION_RESOURCES[name] ?? name;
}

interface LogRow {
  id: number;
  created_at: Date;
  user_id: number | null;
  user_full_name: string | null;
  user_name: string;
  resource: string;
  object_id: number;
  action: ChangeAction;
  step: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

function toEntry(r: LogRow): ChangeLogEntry {
  const fields = Object.keys(r.after ?? r.before ?? {});
  return {
    id: r.id,
    created_at: r.created_at.toISOString(),
    user: r.user_id === null ? null : { id: r.user_id, name: r.user_full_name || r.user_name },
    user_name: r.user_name,
    resource: r.resource,
    resource_label: resourceLabel(r.resource),
    object_id: r.object_id,
    action: r.action,
    step: r.step,
    fields,
    before: r.before,
    after: r.after,
  };
}

export class LogsRepository {
  /** `registries`: the registries whose entries a restricted reader may see (row scope). */
  constructor(
    private readonly pool: Pool,
    private readonly registries: readonly StoredResourceDef[] = [],
  ) {}

  /**
   * One page of entries matching `f`, newest first, and the total count — the planner's estimate
   * above the registries' threshold (`estimate`). `beforeId`: keyset paging, the entries older
   * than that id (`page` is then ignored).
   */
  async list(f: LogFilters, page: number, pageSize: number, beforeId?: number): Promise<{ count: number; estimate: boolean; rows: ChangeLogEntry[] }> {
    const p = new Params();
    const where: string[] = [];
    if (f.user !== undefined) where.push(`l.user_id = ${p.add(f.user)}`);
    if (f.resource?.length) where.push(`l.resource = ANY(${p.add(f.resource)}::text[])`);
    if (f.object !== undefined) where.push(`l.object_id = ${p.add(f.object)}`);
    if (f.action) where.push(`l.action = ${p.add(f.action)}`);
    if (f.from) where.push(`l.created_at >= ${isDate(f.from) ? `${p.add(f.from)}::date` : `${p.add(f.from)}::timestamptz`}`);
    if (f.to) where.push(isDate(f.to) ? `l.created_at < ${p.add(f.to)}::date + 1` : `l.created_at <= ${p.add(f.to)}::timestamptz`);
    const scoped = changeLogScopeSql(this.registries, f.scope, p);
    if (scoped) where.push(scoped);
    const cond = where.length ? where.join(' AND ') : 'TRUE';
    const countValues = [...p.values];
    const keyset = beforeId === undefined ? '' : ` AND l.id < ${p.add(beforeId)}`;
    const limit = p.add(pageSize);
    const offset = p.add(beforeId === undefined ? (page - 1) * pageSize : 0);
    const [rows, count] = await Promise.all([
      this.pool.query<LogRow>(
        `SELECT l.id, l.created_at, l.user_id, nullif(trim(u.last_name || ' ' || u.first_name), '') AS user_full_name, l.user_name,
                l.resource, l.object_id, l.action, l.step, l.before, l.after
           FROM change_log l LEFT JOIN app_user u ON u.id = l.user_id
          WHERE ${cond}${keyset} ORDER BY l.id DESC LIMIT ${limit} OFFSET ${offset}`,
        p.values,
      ),
      this.count(cond, countValues),
    ]);
    return { ...count, rows: rows.rows.map(toEntry) };
  }

  /** Exact below the threshold, else the planner's estimate (list-count.ts of @tko/db). */
  private async count(cond: string, values: unknown[]): Promise<{ count: number; estimate: boolean }> {
    const est = await estimateRows(this.pool, 'change_log', cond, values, 'l');
    if (est >= exactCountThreshold()) return { count: est, estimate: true };
    const { rows } = await this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM change_log l WHERE ${cond}`, values);
    return { count: rows[0]!.n, estimate: false };
  }

  /** Whether registry `resource` has any history for object `id` (it may be deleted since). */
  async hasHistory(resource: string, id: number): Promise<boolean> {
    const { rowCount } = await this.pool.query('SELECT 1 FROM change_log WHERE resource = $1 AND object_id = $2 LIMIT 1', [resource, id]);
    return (rowCount ?? 0) > 0;
  }
}
