/**
 * Waste-flow calls beyond the registry CRUD (issue 11 §1):
 * - POST /api/flows/predicted/generate/ queues the recount (QUEUE_FLOWS; the worker's
 *   flows-generate.ts) and answers 202 {job_id, status_url}; 503 while Redis is unreachable.
 *   The base year defaults to the current year of `now()` (injectable for tests).
 * - GET /api/map/flows/geojson/ — flows as LineStrings start → end with `volume` (t/year) for
 *   the map's line width, `status` PRESENT / PREDICTED (the layer's colour), `name` «start → end»; present flows by default, predicted with `kind=predicted` (and `year`).
 *   The kind's own view permission is checked (403 otherwise).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { FLOW_AREA_RADIUS_M, FLOWS_GENERATE_JOB, flowsGenerateRoute, flowsGeojsonRoute, predictedFlowResource, presentFlowResource } from '@tko/contract';
import type { FlowsGenerateJob } from '@tko/contract';
import { JobPayloadError } from '@tko/db';
import type { AuthGuards } from '../../plugins/auth';
import { forbidden, unavailable } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { requireInternalVisible } from '../../routing/visible-row';
import type { Queues } from '../jobs/queue';

const QUEUE_DOWN = 'Фоновые задачи временно недоступны. Повторите попытку позже.';

export function registerFlowRoutes(app: FastifyInstance, deps: { pool: Pool; guards: AuthGuards; queues: Queues | null; now?: () => Date }): void {
  const now = deps.now ?? (() => new Date());

  registerRoute(app, flowsGenerateRoute, async ({ body, user, reply }) => {
    if (!deps.queues?.ready()) throw unavailable(QUEUE_DOWN);
    const data: FlowsGenerateJob = {
      years: body.years, base_year: body.base_year ?? now().getFullYear(), area_radius_m: body.area_radius_m ?? FLOW_AREA_RADIUS_M, user_id: user.id,
    };
    const jobId = `flows-${randomUUID()}`;
    try {
      await deps.queues.jobs.enqueue(FLOWS_GENERATE_JOB, data, { jobId });
    } catch (e) {
      if (e instanceof JobPayloadError) throw e; // the server's fault, not Redis's
      throw unavailable(QUEUE_DOWN);
    }
    return reply.status(202).send({ job_id: jobId, status_url: `/api/jobs/${jobId}/` });
  }, deps);

  registerRoute(app, flowsGeojsonRoute, async ({ query, user, reply }) => {
    const kind = query.kind ?? 'present';
    if (!user.permissions[`flows-${kind}`]?.view) throw forbidden();
    requireInternalVisible(kind === 'present' ? presentFlowResource : predictedFlowResource, user.scope);
    const table = kind === 'present' ? 'present_flow' : 'predicted_flow';
    const yearSql = kind === 'predicted' && query.year !== undefined ? 'WHERE f.year = $1' : '';
    const { rows } = await deps.pool.query<{ fc: unknown }>(
      `SELECT json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
          'type', 'Feature', 'id', f.id,
          'geometry', ST_AsGeoJSON(ST_MakeLine(f.start_coordinates, f.end_coordinates), 6)::json,
          'properties', json_build_object('id', f.id, 'kind', '${kind}', 'status', '${kind.toUpperCase()}', ${kind === 'predicted' ? "'year', f.year," : ''}
            'name', f.start_location || ' → ' || f.end_location, 'location', m.name,
            'volume', f.total_volume::float8, 'wmf', m.name, 'start_location', f.start_location, 'end_location', f.end_location))
          ORDER BY f.id), '[]'::json)) AS fc
         FROM ${table} f LEFT JOIN waste_management_facility m ON m.id = f.wmf_id ${yearSql}`,
      yearSql ? [query.year] : [],
    );
    return reply.header('Content-Type', 'application/geo+json').send(rows[0]!.fc);
  }, deps);
}
