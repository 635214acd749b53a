/**
 * POST /api/dispatcher/route-event/{id}/check-visits/ (issue 11 §2 with issue 10 §3): the route
 * event's stops are marked DONE (visited_at = arrival) or MISSED from the vehicle's GPS positions of
 * the work date, the work date being the region's day (REGION_TIME_ZONE, e.g. Asia/Irkutsk: 00:00
 * local to the next 00:00). A stop's point is its waste area's, else the stop's own coordinates. The
 * rule itself: packages/db src/tracking/stop-visits.ts. Written through the write pipeline (history,
 * live announcements). 404 for a route event that is missing or out of the user's scope; 409 when it
 * has no vehicle. A visit is a stay by the one rule of packages/db tracking/visits.ts (radius: the
 * waste area's `service_radius_m`, else the body's `visit_radius`, else TRACKING_VISIT_RADIUS_M).
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { routeEventCheckVisitsRoute, routeEventResource } from '@tko/contract';
import type { ResourceDef, RouteEventCheckVisitsResult } from '@tko/contract';
import { TrackingRepository, checkStopVisits, outlierOptionsOf, visitOptionsOf, writerFor } from '@tko/db';
import type { Row, TrackingSettings, WritePipeline } from '@tko/db';
import { parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';

export interface RouteVisitsDeps {
  pool: Pool;
  guards: AuthGuards;
  pipeline: WritePipeline;
  /** The region's time zone (IANA name): the work date's bounds. */
  timeZone: string;
  /** The TRACKING_* settings (default visit radius, speed limit, dwell, merge gap, silence). */
  tracking: TrackingSettings;
  now?: () => Date;
}

interface StopPoint { position: number; lat: number | null; lng: number | null; radiusM: number | null }

export function registerRouteVisitRoutes(app: FastifyInstance, deps: RouteVisitsDeps): void {
  const def = routeEventResource as unknown as ResourceDef;
  const tracking = new TrackingRepository(deps.pool, 10, outlierOptionsOf(deps.tracking));
  const now = deps.now ?? (() => new Date());

  registerRoute(app, routeEventCheckVisitsRoute, async ({ params, body, user }) => {
    const id = parseId(params.id);
    if (id === null) throw notFound();
    const radius = body?.visit_radius ?? deps.tracking.visitRadiusM;
    const writer = writerFor(user);
    return deps.pipeline.run(async (unit): Promise<RouteEventCheckVisitsResult> => {
      const event = await deps.pipeline.repo(def).get(id, { scope: user.scope, lock: true }, unit.db);
      if (!event) throw notFound();
      const vehicleId = (event.vehicle as { id: number } | number | null) === null ? null
        : typeof event.vehicle === 'number' ? event.vehicle : (event.vehicle as { id: number }).id;
      const vehicle = vehicleId === null ? null : await tracking.vehicle(vehicleId);
      if (!vehicle) throw new HttpError(409, 'У рейса не указано транспортное средство: отметить остановки по GPS нельзя.', 'no_vehicle');
      const bounds = await unit.db.query<{ lower: Date; upper: Date }>(
        `SELECT ($1::date)::timestamp AT TIME ZONE $2 AS lower, ($1::date + 1)::timestamp AT TIME ZONE $2 AS upper`, [event.work_date, deps.timeZone]);
      const { lower, upper } = bounds.rows[0]!;
      const points = await tracking.points(vehicle.id, lower, upper);
      const stopPoints = await unit.db.query<StopPoint>(
        `SELECT s.position, coalesce(ST_Y(w.coordinates), ST_Y(s.coordinates)) AS lat, coalesce(ST_X(w.coordinates), ST_X(s.coordinates)) AS lng,
                w.service_radius_m AS "radiusM"
           FROM route_event_stop s LEFT JOIN waste_area w ON w.id = s.waste_area_id
          WHERE s.route_event_id = $1 ORDER BY s.position`, [id]);
      const verdicts = new Map(checkStopVisits(points, stopPoints.rows, visitOptionsOf(deps.tracking, { radiusM: radius }), now().getTime() >= upper.getTime()).map((v) => [v.position, v]));
      const stops = (event.stops as Row[]).map((s) => {
        const v = verdicts.get(Number(s.position));
        if (!v || v.status === null) return s;
        return { ...s, status: v.status, visited_at: v.visitedAt === null ? null : new Date(v.visitedAt).toISOString() };
      });
      let done = 0;
      let missed = 0;
      for (const v of verdicts.values()) if (v.status === 'DONE') done++; else if (v.status === 'MISSED') missed++;
      if (done + missed) await unit.update(def, id, deps.pipeline.parseUpdate(def, { stops: stops.map(stopInput) }, true), writer);
      return {
        vehicle, period: { lower: lower.toISOString(), upper: upper.toISOString() }, visit_radius: radius, positions: points.length,
        done, missed, unchanged: verdicts.size - done - missed,
        stops: stops.map((s) => ({
          position: Number(s.position), waste_area_id: (s.waste_area_id as number | null) ?? null, name: (s.name as string | null) ?? null,
          status: String(s.status ?? 'PLANNED'), visited_at: s.visited_at == null ? null : new Date(s.visited_at as string).toISOString(),
        })),
      };
    });
  }, deps);
}

/** A stop as read back → the registry's input shape (its row id keeps it the same child row, updated in place). */
function stopInput(s: Row): Row {
  const { id, position, waste_area_id, name, coordinates, status, visited_at } = s;
  return { id, position, waste_area_id, name, coordinates, status, visited_at: visited_at instanceof Date ? visited_at.toISOString() : visited_at };
}
