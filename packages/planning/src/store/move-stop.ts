/**
 * The schedule card's edit (issue 10 §4–§5): move a site's stop to another route of the same date
 * (or to another place in its own route). Both routes are re-timed with the timeline (unloading
 * trips, lunch, shift) and their totals recomputed; a route that ends up late or over capacity
 * is kept but marked `feasible = false` (the dispatcher decided). One transaction; the two
 * routes are locked.
 */
import type { Pool } from 'pg';
import { nearestFacilities } from '../matrix';
import { buildRoute, type TimelineContext } from '../timeline';
import type { PlanInstance, PlanSite } from '../types';
import { allowedFacilities, PlanInputError, scheduleDay, travelMatrix, type InstanceKeys } from './load-instance';
import { nodePoints } from '../matrix';
import { writeRoute } from './save-routes';

export interface MoveStop {
  /** The stop to move (a WASTE_AREA stop of the date). */
  stopId: number;
  /** The route it goes to (same schedule and date). */
  routeId: number;
  /** 1-based place among the target route's site stops; absent: where it adds the least distance. */
  position?: number | null;
}

interface RouteRow { id: number; vehicle_id: number | null; garage_id: number | null; capacity_m3: string | null; glat: number | null; glng: number | null }
interface StopRow { id: number; route_id: number; waste_area_id: number | null; collection_request_id: number | null; latitude: number; longitude: number; volume_m3: string; service_s: number }

/** Moves the stop; throws PlanInputError (field stop_id / route_id / position) on a bad request. */
export async function moveStop(pool: Pool, scheduleId: number, workDate: string, move: MoveStop): Promise<void> {
  const day = await scheduleDay(pool, scheduleId);
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const stop = (await db.query<StopRow & { stop_type: string }>(
      `SELECT s.id, s.route_id, s.stop_type, s.waste_area_id, s.collection_request_id, s.latitude, s.longitude, s.volume_m3::text, s.service_s
         FROM schedule_route_stop s JOIN schedule_route r ON r.id = s.route_id
        WHERE s.id = $1 AND r.schedule_id = $2 AND r.work_date = $3::date`,
      [move.stopId, scheduleId, workDate],
    )).rows[0];
    if (!stop || stop.stop_type !== 'WASTE_AREA' || stop.latitude == null) {
      throw new PlanInputError('stop_id', 'Переместить можно только остановку у места накопления в маршрутах этого дня.');
    }
    const routes = (await db.query<RouteRow>(
      `SELECT r.id, r.vehicle_id, r.garage_id, r.capacity_m3::text, ST_Y(g.coordinates) AS glat, ST_X(g.coordinates) AS glng
         FROM schedule_route r LEFT JOIN garage g ON g.id = r.garage_id
        WHERE r.id = ANY($1::int[]) AND r.schedule_id = $2 AND r.work_date = $3::date ORDER BY r.id FOR UPDATE OF r`,
      [[stop.route_id, move.routeId], scheduleId, workDate],
    )).rows;
    const target = routes.find((r) => r.id === move.routeId);
    if (!target) throw new PlanInputError('route_id', 'Маршрут не найден среди маршрутов этого дня.');
    if (routes.some((r) => r.glat == null)) throw new PlanInputError('route_id', 'У гаража маршрута нет координат: маршрут нельзя пересчитать.');
    const siteStops = (await db.query<StopRow>(
      `SELECT id, route_id, waste_area_id, collection_request_id, latitude, longitude, volume_m3::text, service_s
         FROM schedule_route_stop WHERE route_id = ANY($1::int[]) AND stop_type = 'WASTE_AREA' ORDER BY route_id, order_in_route`,
      [routes.map((r) => r.id)],
    )).rows;

    // the instance of the (one or two) routes: their sites, garages and vehicles
    const sites: PlanSite[] = siteStops.map((s) => ({ id: s.id, point: { lat: s.latitude, lng: s.longitude }, volumeM3: Number(s.volume_m3), serviceS: s.service_s }));
    const garageIds = [...new Set(routes.map((r) => r.garage_id!))];
    const facilities = await allowedFacilities(pool, day.facilityId);
    const base = {
      sites,
      depots: garageIds.map((g) => { const r = routes.find((x) => x.garage_id === g)!; return { id: g, point: { lat: r.glat!, lng: r.glng! } }; }),
      facilities: facilities.map((f) => ({ id: f.id, point: { lat: f.lat, lng: f.lng } })),
      vehicles: routes.map((r) => ({ id: r.id, depot: garageIds.indexOf(r.garage_id!), capacityM3: r.capacity_m3 != null ? Number(r.capacity_m3) : Infinity })),
      shift: day.shift,
    };
    const inst: PlanInstance = { ...base, matrix: await travelMatrix(pool, nodePoints(base)) };
    const keys: InstanceKeys = {
      sites: siteStops.map((s) => ({ wasteAreaId: s.waste_area_id, requestId: s.collection_request_id })),
      vehicles: routes.map((r) => r.vehicle_id!),
      depots: garageIds,
      facilities: facilities.map((f) => f.id),
    };
    const ctx: TimelineContext = { inst, nearestFacility: nearestFacilities(inst) };
    const moved = siteStops.findIndex((s) => s.id === stop.id);
    const sequence = (routeId: number) => siteStops.map((s, i) => ({ s, i })).filter(({ s }) => s.route_id === routeId && s.id !== stop.id).map(({ i }) => i);
    const targetIndex = routes.indexOf(target);
    const into = sequence(target.id);
    if (move.position != null && (move.position < 1 || move.position > into.length + 1)) {
      throw new PlanInputError('position', `Место в маршруте — от 1 до ${into.length + 1}.`);
    }
    let at = move.position != null ? move.position - 1 : 0;
    if (move.position == null) {
      let best = Infinity;
      for (let k = 0; k <= into.length; k++) {
        const d = buildRoute(ctx, targetIndex, [...into.slice(0, k), moved, ...into.slice(k)]).distanceM;
        if (d < best) { best = d; at = k; }
      }
    }
    for (const [k, r] of routes.entries()) {
      const seq = r.id === target.id ? [...into.slice(0, at), moved, ...into.slice(at)] : sequence(r.id);
      await writeRoute(db, r.id, inst, keys, buildRoute(ctx, k, seq));
    }
    await db.query('COMMIT');
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    db.release();
  }
}
