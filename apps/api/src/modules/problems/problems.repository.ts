/**
 * SQL of the problems' own calls (contract routes/problems.ts): the events of one problem
 * (oldest first, paged), whether a problem exists, the open problems as GeoJSON, and the events
 * the workflow actions write (in the action's transaction).
 */
import type { Pool } from 'pg';
import type { ProblemEvent, UserScope } from '@tko/contract';
import { problemResource } from '@tko/contract';
import { Params, rowScopeSql, storedResource } from '@tko/db';

/**
 * Open problems with coordinates as one FeatureCollection (6 decimals); properties id, code, name
 * («P011. Ограждения нет»: the popup's title), status, priority, location; `scope`: the row-scope
 * predicate over `t` (the problems' ОКТМО), if any.
 */
const geojsonSql = (scope: string | null) => `SELECT json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
    'type', 'Feature', 'id', t.id, 'geometry', ST_AsGeoJSON(t.point, 6)::json,
    'properties', json_build_object('id', t.id, 'code', t.code, 'name', t.code || coalesce('. ' || t.details, ''),
      -- «Неполные сведения» are drawn apart from violations (their own legend row), whatever their status.
      'status', CASE WHEN t.kind = 'DATA_GAP' THEN 'DATA_GAP' ELSE t.status END, 'kind', t.kind,
      'priority', t.priority, 'location', t.location))
    ORDER BY t.id), '[]'::json)) AS fc
  FROM problem t WHERE t.point IS NOT NULL AND t.closed_at IS NULL${scope ? ` AND ${scope}` : ''}`;
const GEOJSON_SQL = geojsonSql(null);

export class ProblemsRepository {
  constructor(private readonly pool: Pool) {}

  async exists(id: number): Promise<boolean> {
    return ((await this.pool.query('SELECT 1 FROM problem WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }

  async events(id: number, paging: { limit: number; offset: number }): Promise<{ count: number; rows: ProblemEvent[] }> {
    const [rows, count] = await Promise.all([
      this.pool.query<ProblemEvent>(
        `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, kind, text, user_name
           FROM problem_event WHERE problem_id = $1 ORDER BY at, id LIMIT $2 OFFSET $3`, [id, paging.limit, paging.offset]),
      this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM problem_event WHERE problem_id = $1', [id]),
    ]);
    return { count: count.rows[0]!.n, rows: rows.rows };
  }

  async geojson(scope?: UserScope | null): Promise<unknown> {
    const p = new Params();
    const where = rowScopeSql(storedResource(problemResource), scope, p);
    if (!where) return (await this.pool.query<{ fc: unknown }>(GEOJSON_SQL)).rows[0]!.fc;
    return (await this.pool.query<{ fc: unknown }>(geojsonSql(where), p.values)).rows[0]!.fc;
  }
}
