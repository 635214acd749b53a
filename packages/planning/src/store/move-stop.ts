/**
 * The schedule card's edit: move a site's stop to another route of the same date (or to another
 * place in its own route). Both routes are re-timed with the timeline over the day's instance of
 * their sites and trucks (load-instance.ts `only`: windows, bodies, mass, breaks, the crew's
 * shift) and their totals recomputed; a route that ends up breaking a rule is kept but carries
 * its violations and `feasible = false` (the dispatcher decided). A site served in several trips
 * moves whole. One transaction; the two routes are locked.
 */
import type { Pool } from 'pg';
import { buildRoute } from '../timeline';
import { timelineContext } from '../solve';
import { loadDayInstance, PlanInputError } from './load-instance';
import { writeRoute } from './save-routes';

export interface MoveStop {
  /** The stop to move (a WASTE_AREA stop of the date). */
  stopId: number;
  /** The route it goes to (same schedule and date). */
  routeId: number;
  /** 1-based place among the target route's sites; absent: where it adds the least distance. */
  position?: number | null;
}

interface RouteRow { id: number; vehicle_id: number | null; crew: number }
interface StopRow { id: number; route_id: number; waste_area_id: number | null; collection_request_id: number | null }

const siteKey = (s: Pick<StopRow, 'waste_area_id' | 'collection_request_id'>) => (s.waste_area_id != null ? `a${s.waste_area_id}` : `r${s.collection_request_id}`);

/** Moves the stop; throws PlanInputError (field stop_id / route_id / position) on a bad request. */
export async function moveStop(pool: Pool, scheduleId: number, workDate: string, move: MoveStop): Promise<void> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const stop = (await db.query<StopRow & { stop_type: string; latitude: number | null }>(
      `SELECT s.id, s.route_id, s.stop_type, s.waste_area_id, s.collection_request_id, s.latitude
         FROM schedule_route_stop s JOIN schedule_route r ON r.id = s.route_id
        WHERE s.id = $1 AND r.schedule_id = $2 AND r.work_date = $3::date`,
      [move.stopId, scheduleId, workDate],
    )).rows[0];
    if (!stop || stop.stop_type !== 'WASTE_AREA' || stop.latitude == null) {
      throw new PlanInputError('stop_id', 'Переместить можно только остановку у места накопления в маршрутах этого дня.');
    }
    const routes = (await db.query<RouteRow>(
      `SELECT r.id, r.vehicle_id, r.crew FROM schedule_route r
        WHERE r.id = ANY($1::int[]) AND r.schedule_id = $2 AND r.work_date = $3::date ORDER BY r.id FOR UPDATE OF r`,
      [[stop.route_id, move.routeId], scheduleId, workDate],
    )).rows;
    const target = routes.find((r) => r.id === move.routeId);
    if (!target) throw new PlanInputError('route_id', 'Маршрут не найден среди маршрутов этого дня.');
    if (routes.some((r) => r.vehicle_id == null)) throw new PlanInputError('route_id', 'У маршрута нет машины: маршрут нельзя пересчитать.');
    const siteStops = (await db.query<StopRow>(
      `SELECT id, route_id, waste_area_id, collection_request_id
         FROM schedule_route_stop WHERE route_id = ANY($1::int[]) AND stop_type = 'WASTE_AREA' ORDER BY route_id, order_in_route`,
      [routes.map((r) => r.id)],
    )).rows;

    const loaded = await loadDayInstance(pool, scheduleId, workDate, {
      wasteAreaIds: siteStops.flatMap((s) => (s.waste_area_id != null ? [s.waste_area_id] : [])),
      requestIds: siteStops.flatMap((s) => (s.collection_request_id != null ? [s.collection_request_id] : [])),
      vehicleIds: routes.map((r) => r.vehicle_id!),
    });
    const indexOf = new Map(loaded.keys.sites.map((k, i) => [siteKey({ waste_area_id: k.wasteAreaId, collection_request_id: k.requestId }), i]));
    const vehicleOf = (r: RouteRow) => {
      const v = loaded.keys.vehicles.indexOf(r.vehicle_id!);
      if (v < 0) throw new PlanInputError('route_id', 'Машины маршрута больше нет в графике (или у её гаража нет координат): маршрут нельзя пересчитать.');
      return v;
    };
    const moved = indexOf.get(siteKey(stop));
    if (moved === undefined) throw new PlanInputError('stop_id', 'Площадки больше нет в графике (или у неё нет координат): её нельзя перенести.');
    /** The route's sites in order, each once (a site served in several trips appears once). */
    const sequence = (routeId: number) => [...new Set(siteStops.filter((s) => s.route_id === routeId).map((s) => indexOf.get(siteKey(s))))]
      .filter((i): i is number => i !== undefined && i !== moved);
    const ctx = timelineContext(loaded.instance);
    const into = sequence(target.id);
    if (move.position != null && (move.position < 1 || move.position > into.length + 1)) {
      throw new PlanInputError('position', `Место в маршруте — от 1 до ${into.length + 1}.`);
    }
    let at = move.position != null ? move.position - 1 : 0;
    if (move.position == null) {
      let best = Infinity;
      for (let k = 0; k <= into.length; k++) {
        const d = buildRoute(ctx, vehicleOf(target), [...into.slice(0, k), moved, ...into.slice(k)], target.crew).distanceM;
        if (d < best) { best = d; at = k; }
      }
    }
    for (const r of routes) {
      const seq = r.id === target.id ? [...into.slice(0, at), moved, ...into.slice(at)] : sequence(r.id);
      await writeRoute(db, r.id, loaded.instance, loaded.keys, buildRoute(ctx, vehicleOf(r), seq, r.crew));
    }
    await db.query('COMMIT');
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    db.release();
  }
}
