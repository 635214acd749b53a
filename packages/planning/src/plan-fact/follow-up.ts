/**
 * Missed → work (docs/TRACKING.md «Plan and fact», «Missed sites»): after a computation of
 * (schedule, date), through the domain's write pipeline as the writer «Система» (so each change is
 * in the dispatcher event's history and announced on /topic/registry.dispatcher-event):
 * - a waste area `missed` without a follow-up gets a dispatcher event (spec 03 «Dispatcher event»):
 *   type SEND_PROBLEM «Сообщение о проблеме», source AUTO, priority HIGH_PRIORITY, status ACTIVE,
 *   event_date = the end of its window, at the site (location, point), with the site and its planned
 *   vehicle; its id is kept on plan_fact_site, so a recompute never opens a second one;
 * - a site with such an event that is now served (served, served_unplanned, late) has the event set
 *   COMPLETED, the service appended to its description («Обслужена … машиной …, стоянка … с»).
 * The problem of a miss still not served by the end of the next day is the detector's rule P501
 * (packages/db problems), which closes it itself once the site is served.
 * Not followed up: collection requests (no waste area) and sites without coordinates (a dispatcher
 * event needs a point); both stay `missed` in the answer.
 */
import type { Pool } from 'pg';
import { createSchema, dispatcherEventResource } from '@tko/contract';
import { systemWriter } from '@tko/db';
import type { WritePipeline } from '@tko/db';
import type { SiteOutcome } from './classify';

/** The dispatcher event a missed site opens (documented in docs/TRACKING.md). */
export const MISSED_EVENT = { type: 'SEND_PROBLEM', source: 'AUTO', priority: 'HIGH_PRIORITY' } as const;

export interface FollowUp {
  /** Dispatcher events opened / completed now. */
  opened: number[];
  completed: number[];
}

const SERVED = new Set(['served', 'served_unplanned', 'late']);

/** Opens and completes the dispatcher events of (schedule, date) by the outcomes of its last computation. Idempotent. */
export async function followUpMisses(pool: Pool, pipeline: WritePipeline, scheduleId: number, workDate: string, outcomes: readonly SiteOutcome[],
  o: { timeZone: string; plates: Map<number, string>; planned: Map<string, number | null>; routeEvents?: Map<string, number> }): Promise<FollowUp> {
  const out: FollowUp = { opened: [], completed: [] };
  const writer = systemWriter();
  const schema = createSchema(dispatcherEventResource);
  const when = (d: Date) => d.toLocaleString('ru-RU', { timeZone: o.timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  for (const x of outcomes) {
    if (x.wasteAreaId === null) continue;
    const open = x.status === 'missed';
    const served = SERVED.has(x.status);
    if (!open && !served) continue;
    await pipeline.run(async (unit) => {
      const row = (await unit.db.query<{ event: number | null; event_status: string | null; location: string | null; lat: number | null; lng: number | null; description: string | null }>(
        `SELECT s.dispatcher_event_id AS event, e.status AS event_status, e.description, COALESCE(w.location, w.name_waste_area, '№ ' || w.id) AS location,
                ST_Y(w.coordinates) AS lat, ST_X(w.coordinates) AS lng
           FROM plan_fact_site s JOIN waste_area w ON w.id = s.waste_area_id LEFT JOIN dispatcher_event e ON e.id = s.dispatcher_event_id
          WHERE s.schedule_id = $1 AND s.work_date = $2::date AND s.site_key = $3 FOR UPDATE OF s`, [scheduleId, workDate, x.key])).rows[0];
      if (!row) return;
      if (open && row.event === null && row.lat !== null && row.lng !== null) {
        const vehicle = o.planned.get(x.key) ?? null;
        const input = schema.parse({
          ...MISSED_EVENT, status: 'ACTIVE', event_date: x.windowClose.toISOString(), location: row.location ?? '—',
          coordinates: `${row.lat.toFixed(6)}, ${row.lng.toFixed(6)}`, waste_area: x.wasteAreaId, vehicle, route_event: o.routeEvents?.get(x.key) ?? null,
          description: `Площадка не обслужена до конца окна (${when(x.windowClose)}), график № ${scheduleId}, дата ${workDate.split('-').reverse().join('.')}.`,
        });
        const created = await unit.create(dispatcherEventResource, input as Record<string, unknown>, writer);
        await unit.db.query('UPDATE plan_fact_site SET dispatcher_event_id = $4 WHERE schedule_id = $1 AND work_date = $2::date AND site_key = $3',
          [scheduleId, workDate, x.key, created.id]);
        out.opened.push(Number(created.id));
      } else if (served && row.event !== null && row.event_status !== 'COMPLETED' && x.service) {
        const s = x.service;
        const note = `Обслужена ${when(s.arrived)} машиной ${o.plates.get(s.vehicleId) ?? s.vehicleId}, стоянка ${s.dwellS} с.`;
        await unit.update(dispatcherEventResource, row.event, { status: 'COMPLETED', description: [row.description, note].filter(Boolean).join('\n') }, writer);
        out.completed.push(row.event);
      }
    });
  }
  return out;
}
