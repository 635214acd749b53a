/**
 * The appeal card's «last services» of its site (contract routes/plan-fact.ts appealSiteServicesRoute;
 * docs/TRACKING.md «Plan and fact»): the ten newest first services of the appeal's waste area stored by
 * plan and fact (plan_fact_site), each with its vehicle, times, dwell, distance and the track period
 * to open (GET /api/navctl/vehicles/{id}/trips/), so a dispatcher answers a complaint with the track.
 * 404 for an unknown appeal, and for a user acting for organisations (appeals are internal: the card's rule).
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { AppealSiteServices, PlanFactStatus } from '@tko/contract';
import { appealResource, appealSiteServicesRoute, isoToWorkDate, PLAN_FACT_STATUS_LABELS } from '@tko/contract';
import { parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { requireInternalVisible } from '../../routing/visible-row';

export function registerAppealSiteServices(app: FastifyInstance, deps: { pool: Pool; guards: AuthGuards }): void {
  registerRoute(app, appealSiteServicesRoute, async ({ params, request }): Promise<AppealSiteServices> => {
    requireInternalVisible(appealResource, deps.guards.user(request).scope);
    const id = parseId(params.id);
    const appeal = id === null ? undefined : (await deps.pool.query<{ area_id: number | null; area: string | null }>(
      `SELECT a.waste_area_id AS area_id, COALESCE(w.name_waste_area, w.location, '№ ' || w.id) AS area
         FROM appeal a LEFT JOIN waste_area w ON w.id = a.waste_area_id WHERE a.id = $1`, [id])).rows[0];
    if (!appeal) throw notFound();
    if (appeal.area_id === null) return { waste_area: null, results: [] };
    const { rows } = await deps.pool.query<{
      schedule_id: number; work_date: string; status: PlanFactStatus; vehicle_id: number; plate: string | null;
      arrived_at: Date; left_at: Date; dwell_s: number; distance_m: number;
    }>(
      `SELECT s.schedule_id, s.work_date, s.status, s.vehicle_id, v.license_plate AS plate, s.arrived_at, s.left_at, s.dwell_s, s.distance_m
         FROM plan_fact_site s LEFT JOIN vehicle v ON v.id = s.vehicle_id
        WHERE s.waste_area_id = $1 AND s.arrived_at IS NOT NULL AND s.vehicle_id IS NOT NULL
        ORDER BY s.arrived_at DESC LIMIT 10`, [appeal.area_id]);
    return {
      waste_area: { id: appeal.area_id, name: appeal.area ?? String(appeal.area_id) },
      results: rows.map((r) => ({
        schedule_id: r.schedule_id, date: isoToWorkDate(r.work_date), status: r.status, status_label: PLAN_FACT_STATUS_LABELS[r.status],
        vehicle: { id: r.vehicle_id, name: r.plate ?? String(r.vehicle_id) },
        arrived_at: r.arrived_at.toISOString(), left_at: r.left_at.toISOString(), dwell_s: r.dwell_s, distance_m: r.distance_m,
        track: { vehicle_id: r.vehicle_id, from: r.arrived_at.toISOString(), to: r.left_at.toISOString() },
      })),
    };
  }, deps);
}
