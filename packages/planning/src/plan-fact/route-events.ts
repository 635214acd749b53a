/**
 * Route events filled from plan and fact (spec 03 §3 «Route event», creation_mode AUTO;
 * docs/TRACKING.md «Route events from plan and fact»). After each plan/fact computation of a
 * (schedule, work date) with a saved plan, every planned route (schedule_route) has ONE route event,
 * written through the write pipeline as «Система»:
 * - name «Маршрут № N, <plate>, DD.MM.YYYY», the work date, the route's vehicle, the planned distance
 *   (m) and duration (s) as the estimates;
 * - stops: the route's due sites in its order (waste areas and collection requests; the facility
 *   stops are not stops of the event), position 1…n, each DONE with `visited_at` = the arrival of the
 *   site's first service (whoever served it: served, served_unplanned, late), MISSED, or PLANNED
 *   while its window is open;
 * - status: COMPLETED when no stop is PLANNED any more, IN_PROGRESS when a stop is DONE or the
 *   vehicle has positions that day, else PLANNED;
 * - the dispatcher events of the day are linked to it (route_event_id), so its computed
 *   `dispatcher_events` places each after the last stop visited at or before it — order = position + 0.1
 *   (spec 03 §9 «Event grouping between stops offsets order by 0.1»): an event about one of its sites
 *   goes to the first route serving that site; an event of its vehicle about no due site goes to the
 *   vehicle's route that owns the moment (the latest planned start at or before it). An event already
 *   linked (by hand or earlier) is left as it is. The job runs this before the missed-site follow-up,
 *   which opens a missed site's event already on its route's event ({@link RouteEventsResult.eventOfSite}).
 * Idempotent: plan_fact_route_event links the route to its event with the fingerprint of the values
 * last written; the same values are not written again (no history row), changed ones update the
 * event, a route event deleted by hand is made again, and the events of routes no longer planned
 * (the plan saved again) are deleted. Without a saved plan (source 'due') there are no routes and
 * nothing is written.
 */
import type { Pool, PoolClient } from 'pg';
import type { PlanFactDay } from '@tko/contract';
import { createSchema, dispatcherEventResource, isoToWorkDate, routeEventResource, updateSchema } from '@tko/contract';
import { systemWriter } from '@tko/db';
import type { WritePipeline } from '@tko/db';
import { ownerRoute } from './classify';
import type { FactDay } from './load';

type Queryable = Pool | PoolClient;

export interface RouteEventsResult {
  /** Route event ids created, updated (values changed), deleted (route gone); linked: dispatcher event ids linked now. */
  created: number[];
  updated: number[];
  deleted: number[];
  linked: number[];
  /** Site key ('a{id}', 'r{id}') → the route event of its first route: where the follow-up's new event belongs. */
  eventOfSite: Map<string, number>;
}

const DONE = new Set(['served', 'served_unplanned', 'late']);

/** The values of a route's event (create-schema input) from the day and the answer; pure. */
export function routeEventValues(day: FactDay, answer: Pick<PlanFactDay, 'sites' | 'routes'>, routeId: number): Record<string, unknown> {
  const route = day.routes.find((r) => r.id === routeId)!;
  const fact = answer.routes.find((r) => r.route_id === routeId);
  const byKey = new Map(answer.sites.map((s) => [s.waste_area ? `a${s.waste_area.id}` : `r${s.collection_request}`, s]));
  const stops = route.sites.map((key, i) => {
    const s = byKey.get(key)!;
    const status = DONE.has(s.status) ? 'DONE' : s.status === 'missed' ? 'MISSED' : 'PLANNED';
    return {
      position: i + 1, waste_area_id: s.waste_area?.id ?? null,
      name: s.waste_area?.name ?? `Заявка № ${s.collection_request}`,
      coordinates: s.coordinates, status, visited_at: status === 'DONE' ? s.service!.arrived_at : null,
    };
  });
  const started = stops.some((s) => s.status === 'DONE') || fact?.fact.start != null || fact?.fact.distance_m != null;
  const status = stops.length > 0 && stops.every((s) => s.status !== 'PLANNED') ? 'COMPLETED' : started ? 'IN_PROGRESS' : 'PLANNED';
  return {
    name: `Маршрут № ${route.number}${route.vehicle ? `, ${route.vehicle.name}` : ''}, ${isoToWorkDate(day.workDate)}`,
    work_date: day.workDate, creation_mode: 'AUTO', vehicle: route.vehicle?.id ?? null, status,
    estimated_distance: route.distanceM, estimated_duration: route.durationS, stops,
  };
}

/** Keeps the route events of (schedule, date) by its last computation (see the module comment). */
export async function syncRouteEvents(pool: Pool, pipeline: WritePipeline, day: FactDay, answer: Pick<PlanFactDay, 'sites' | 'routes'>): Promise<RouteEventsResult> {
  const out: RouteEventsResult = { created: [], updated: [], deleted: [], linked: [], eventOfSite: new Map() };
  const writer = systemWriter();
  const create = createSchema(routeEventResource);
  const update = updateSchema(routeEventResource, true);
  const links = new Map((await pool.query<{ route: number; event: number; fingerprint: string }>(
    `SELECT schedule_route_id AS route, route_event_id AS event, fingerprint FROM plan_fact_route_event WHERE schedule_id = $1 AND work_date = $2::date`,
    [day.scheduleId, day.workDate])).rows.map((r) => [r.route, r]));
  const eventOf = new Map<number, number>();
  for (const r of day.routes) {
    const values = routeEventValues(day, answer, r.id);
    const fingerprint = JSON.stringify(values);
    const link = links.get(r.id);
    links.delete(r.id);
    if (link?.fingerprint === fingerprint) { eventOf.set(r.id, link.event); continue; }
    await pipeline.run(async (unit) => {
      if (link && await unit.update(routeEventResource, link.event, update.parse(await asEdit(unit.db, link.event, values)) as Record<string, unknown>, writer)) {
        out.updated.push(link.event);
        eventOf.set(r.id, link.event);
      } else {
        const row = await unit.create(routeEventResource, create.parse(values) as Record<string, unknown>, writer);
        out.created.push(Number(row.id));
        eventOf.set(r.id, Number(row.id));
      }
      await unit.db.query(
        `INSERT INTO plan_fact_route_event (schedule_route_id, schedule_id, work_date, route_event_id, fingerprint) VALUES ($1, $2, $3::date, $4, $5)
         ON CONFLICT (schedule_route_id) DO UPDATE SET route_event_id = EXCLUDED.route_event_id, fingerprint = EXCLUDED.fingerprint`,
        [r.id, day.scheduleId, day.workDate, eventOf.get(r.id), fingerprint]);
    });
  }
  for (const gone of links.values()) {
    await pipeline.run(async (unit) => {
      await unit.db.query('DELETE FROM plan_fact_route_event WHERE schedule_route_id = $1', [gone.route]);
      if (await unit.delete(routeEventResource, gone.event, writer)) out.deleted.push(gone.event);
    });
  }
  out.linked = await linkDispatcherEvents(pool, pipeline, day, eventOf);
  for (const r of day.routes) for (const k of r.sites) if (!out.eventOfSite.has(k) && eventOf.has(r.id)) out.eventOfSite.set(k, eventOf.get(r.id)!);
  return out;
}

/** The values as an edit of the event's stops (children are edited by id): the stop at each position updated, extra ones deleted. */
async function asEdit(db: Queryable, eventId: number, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { rows } = await db.query<{ id: number; position: number }>('SELECT id, position FROM route_event_stop WHERE route_event_id = $1 ORDER BY position, id', [eventId]);
  const stops = values.stops as { position: number }[];
  const idAt = new Map<number, number>();
  const extra: { id: number; fetch_action: 'delete' }[] = [];
  for (const r of rows) {
    if (!idAt.has(r.position) && r.position <= stops.length) idAt.set(r.position, r.id);
    else extra.push({ id: r.id, fetch_action: 'delete' });
  }
  return { ...values, stops: [...stops.map((x) => (idAt.has(x.position) ? { id: idAt.get(x.position), ...x } : x)), ...extra] };
}

/** Links the day's unlinked dispatcher events of the routes' sites and vehicles to the routes' events. */
async function linkDispatcherEvents(pool: Pool, pipeline: WritePipeline, day: FactDay, eventOf: Map<number, number>): Promise<number[]> {
  const firstRouteOf = new Map<number, number>(); // waste area id → its first route
  for (const r of day.routes) for (const k of r.sites) if (k.startsWith('a') && !firstRouteOf.has(Number(k.slice(1)))) firstRouteOf.set(Number(k.slice(1)), r.id);
  const vehicles = [...new Set(day.routes.map((r) => r.vehicle?.id).filter((v): v is number => v !== undefined))];
  const { rows } = await pool.query<{ id: number; waste_area_id: number | null; vehicle_id: number | null; at: Date }>(
    `SELECT id, waste_area_id, vehicle_id, COALESCE(event_date, created_at) AS at FROM dispatcher_event
      WHERE route_event_id IS NULL AND COALESCE(event_date, created_at) >= $1 AND COALESCE(event_date, created_at) < $2
        AND (waste_area_id = ANY($3::int[]) OR vehicle_id = ANY($4::int[])) ORDER BY id`,
    [new Date(day.dayStart), new Date(day.dayEnd), [...firstRouteOf.keys()], vehicles]);
  const linked: number[] = [];
  for (const e of rows) {
    let route = e.waste_area_id !== null ? firstRouteOf.get(e.waste_area_id) : undefined;
    if (route === undefined && e.vehicle_id !== null) {
      route = ownerRoute(day.routes.filter((r) => r.vehicle?.id === e.vehicle_id), e.at.getTime() - day.dayStart);
    }
    const event = route !== undefined ? eventOf.get(route) : undefined;
    if (event === undefined) continue;
    await pipeline.run((unit) => unit.update(dispatcherEventResource, e.id, { route_event: event }, systemWriter()));
    linked.push(e.id);
  }
  return linked;
}
