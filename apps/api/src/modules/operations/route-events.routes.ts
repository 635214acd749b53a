/**
 * POST /api/dispatcher/route-event/from-plan/ (issue 11 §2, on top of issue 10 §4's planned routes):
 * each schedule_route of the work date becomes a route event (creation mode PLANNED) named
 * «<schedule> — рейс <number>», with the plan's vehicle, distance (m), duration (s) and volume (m³),
 * and the route's waste-area stops in order (state PLANNED, the site's address and point). Written
 * through the write pipeline in one unit (history, live announcements). A route event of that date
 * and name made from the plan before is left as it is (counted as skipped), so the call is repeatable.
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { routeEventResource, routeEventsFromPlanRoute } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import type { WritePipeline } from '@tko/db';
import { writerFor } from '@tko/db';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';

interface PlannedRoute {
  id: number; name: string; vehicle_id: number | null; distance_m: number; duration_s: number; volume_m3: string;
  stops: { waste_area_id: number; name: string; lat: number | null; lng: number | null }[];
}

export function registerRouteEventRoutes(app: FastifyInstance, deps: { pool: Pool; guards: AuthGuards; pipeline: WritePipeline }): void {
  const def = routeEventResource as unknown as ResourceDef;
  registerRoute(app, routeEventsFromPlanRoute, async ({ body, user }) => {
    const { rows } = await deps.pool.query<PlannedRoute>(
      `SELECT r.id, s.name || ' — рейс ' || r.number AS name, r.vehicle_id, r.distance_m, r.duration_s, r.volume_m3::text,
              coalesce((SELECT json_agg(json_build_object('waste_area_id', st.waste_area_id, 'name', w.location,
                        'lat', coalesce(ST_Y(w.coordinates), st.latitude), 'lng', coalesce(ST_X(w.coordinates), st.longitude)) ORDER BY st.order_in_route)
                          FROM schedule_route_stop st JOIN waste_area w ON w.id = st.waste_area_id
                         WHERE st.route_id = r.id AND st.stop_type = 'WASTE_AREA'), '[]'::json) AS stops
         FROM schedule_route r JOIN schedule s ON s.id = r.schedule_id
        WHERE r.work_date = $1::date ORDER BY s.name, r.number`, [body.work_date]);
    const writer = writerFor(user);
    return deps.pipeline.run(async (unit) => {
      let created = 0;
      let skipped = 0;
      for (const r of rows) {
        const seen = await unit.db.query(`SELECT 1 FROM route_event WHERE work_date = $1::date AND name = $2 AND creation_mode = 'PLANNED'`, [body.work_date, r.name]);
        if (seen.rowCount) { skipped++; continue; }
        const values = deps.pipeline.parseCreate(def, {
          name: r.name, work_date: body.work_date, creation_mode: 'PLANNED', status: 'PLANNED', vehicle: r.vehicle_id,
          estimated_distance: String(r.distance_m), estimated_duration: r.duration_s, estimated_volume: r.volume_m3,
          stops: r.stops.map((s, i) => ({
            position: i + 1, waste_area_id: s.waste_area_id, name: s.name, status: 'PLANNED',
            coordinates: s.lat === null || s.lng === null ? null : { lat: s.lat, lng: s.lng },
          })),
        });
        await unit.create(def, values, writer);
        created++;
      }
      return { created, skipped };
    });
  }, deps);
}
