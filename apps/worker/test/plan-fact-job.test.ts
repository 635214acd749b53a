/**
 * Plan/fact as positions arrive (docs/TRACKING.md «Plan and fact»): positions written through the
 * one ingest (domain.positions, as the receiver and the REST call do) queue the `plan-fact-recompute`
 * job through the real job loop on real Redis; the worker stores the date and publishes the counts on
 * /topic/plan-fact.{id}. The region's day is Asia/Irkutsk (UTC+8): local 08:00 = 00:00 UTC.
 *
 * One truck, two planned sites S and M (their cards' window 08:00–09:00 local). Two days ago: the truck
 * stands 2 minutes at S at 08:10 → S served, M missed: a dispatcher event (SEND_PROBLEM, AUTO, HIGH)
 * opens for M, and the detector's P501 (the end of the next day has passed) opens a problem. Then
 * the truck's black box brings a 2-minute stay at M at 10:00 → M late: the event is completed with a
 * history entry, the detector closes the problem; a recompute opens nothing again.
 *
 * Route events (creation_mode AUTO), by hand: the track drives 1000 m at 40 km/h, a fix every 10 s
 * (9 fixes of 111.1 m), so it first stands within 30 m of S at 08:10:30 local (00:10:30 UTC): stop 1
 * DONE at that time, stop 2 (M) MISSED, nothing pending → COMPLETED. M's event (09:00, after the
 * visit of stop 1 at 08:10:30) sits between stops 1 and 2: order 1 + 0.1, after a dispatcher's own event
 * about the truck at 08:30 (no site), which the job links to the truck's route event (also 1.1). The black box brings M at
 * 10:01:30 (02:01:30 UTC) → stop 2 DONE then; the event stays at 1.1 (09:00 is before 10:01:30).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS, PLAN_FACT_JOB } from '@tko/contract';
import type { PlanFactMessage } from '@tko/contract';
import { runProblemDetector } from '@tko/db';
import { at, Track } from '@tko/db/testing';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { startJobsHarness, type JobsHarness } from './jobs-harness';
import { uniquePrefix, waitUntil } from './helpers';

let db: TestDatabase;
let h: JobsHarness;
let schedule: number;
let vehicle: number;
let manualEvent: number;
const S: Record<string, number> = {};
const DAY = 86_400_000;
const utcMidnight = Math.floor(Date.now() / DAY) * DAY - 2 * DAY; // two days ago 00:00 UTC = 08:00 in Irkutsk
const iso = new Date(utcMidnight).toISOString().slice(0, 10);

beforeAll(async () => {
  db = await createTestDatabase();
  h = await startJobsHarness({ pool: db.pool, prefix: uniquePrefix('plan-fact'), only: [PLAN_FACT_JOB] });
  const q = <T extends Record<string, unknown>>(sql: string, args: unknown[] = []) => db.pool.query<T>(sql, args);
  vehicle = (await q<{ id: number }>(`INSERT INTO vehicle (license_plate) VALUES ('А 303 АА 38') RETURNING id`)).rows[0]!.id;
  for (const [name, [x, y]] of Object.entries({ S: [1000, 5], M: [3000, 5] }) as [string, [number, number]][]) {
    const p = at(x, y);
    S[name] = (await q<{ id: number }>(
      `INSERT INTO waste_area (kind, name_waste_area, location, coordinates, arrival_time, leave_time)
       VALUES ('CONTAINER', $1, 'Ангарск', ST_SetSRID(ST_MakePoint($2, $3), 4326), '08:00', '09:00') RETURNING id`, [`КП ${name}`, p.lng, p.lat])).rows[0]!.id;
  }
  schedule = (await q<{ id: number }>(`INSERT INTO schedule (name) VALUES ('График') RETURNING id`)).rows[0]!.id;
  await q(`INSERT INTO schedule_vehicle (schedule_id, vehicle_id) VALUES ($1, $2)`, [schedule, vehicle]);
  const route = (await q<{ id: number }>(
    `INSERT INTO schedule_route (schedule_id, work_date, number, vehicle_id) VALUES ($1, $2, 1, $3) RETURNING id`, [schedule, iso, vehicle])).rows[0]!.id;
  await q(`INSERT INTO schedule_route_stop (route_id, order_in_route, stop_type, waste_area_id, arrival_time, departure_time)
           VALUES ($1, 1, 'WASTE_AREA', $2, '08:10', '08:12'), ($1, 2, 'WASTE_AREA', $3, '08:20', '08:22')`, [route, S.S, S.M]);
  // A dispatcher's own event about the truck at 08:30 local, about no site: linked to the truck's route event.
  const spot = at(2000, 0);
  manualEvent = (await q<{ id: number }>(
    `INSERT INTO dispatcher_event (type, source, status, event_date, location, coordinates, vehicle_id)
     VALUES ('ANOTHER', 'MANUAL', 'ACTIVE', $1, 'Ангарск', ST_SetSRID(ST_MakePoint($2, $3), 4326), $4) RETURNING id`,
    [new Date(utcMidnight + 30 * 60_000), spot.lng, spot.lat, vehicle])).rows[0]!.id;
});

/** The AUTO route events of the schedule's date as the registry reads them (stops, dispatcher_events). */
async function routeEvents() {
  const repo = h.domain.registries.repo('dispatcher-route-event');
  const ids = (await db.pool.query(`SELECT id FROM route_event WHERE creation_mode = 'AUTO' AND work_date = $1::date ORDER BY id`, [iso])).rows;
  return Promise.all(ids.map(async (r) => (await repo.get(r.id))!));
}

afterAll(async () => {
  await h?.close();
  await db?.drop();
});

describe('plan-fact-recompute', () => {
  it('follows the positions written through the ingest: stored and published without asking', async () => {
    const track = new Track(utcMidnight + 9 * 60_000, 0, 0, false).drive(1000, 0, 40).stand(120).drive(2000, 0, 40);
    const admitted = await h.domain.positions.admit(track.points.map((p) => ({ vehicle_id: vehicle, time: new Date(p.t), lat: p.lat, lng: p.lng, speed: null, course: null })));
    expect(admitted.refused).toEqual([]);
    const rows = admitted.rows;
    // Three batches in a burst, as a receiver writes them: one recompute (deduplicated while it waits).
    for (let k = 0; k < 3; k++) await h.domain.positions.write(rows.filter((_, i) => i % 3 === k));
    const msg = await waitUntil(() => h.published.find((e) => e.destination === DESTINATIONS.planFact(schedule)), 'the plan-fact message', 120_000);
    const body = msg.body as PlanFactMessage;
    expect(body).toMatchObject({ schedule_id: schedule, date: iso.split('-').reverse().join('.') });
    expect(body.totals).toEqual({ due: 2, served: 1, served_unplanned: 0, late: 0, missed: 1, pending: 0 });
    expect(body.changed.sort()).toEqual([S.S, S.M].sort());
    const stored = await db.pool.query('SELECT waste_area_id, status, vehicle_id FROM plan_fact_site WHERE schedule_id = $1 ORDER BY waste_area_id', [schedule]);
    expect(stored.rows).toEqual([
      { waste_area_id: S.S, status: 'served', vehicle_id: vehicle },
      { waste_area_id: S.M, status: 'missed', vehicle_id: null },
    ]);
    const [event] = await routeEvents();
    expect(event).toMatchObject({
      name: `Маршрут № 1, А 303 АА 38, ${iso.split('-').reverse().join('.')}`, work_date: iso, creation_mode: 'AUTO', status: 'COMPLETED',
      vehicle: { id: vehicle },
      stops: [
        { position: 1, waste_area_id: S.S, name: 'КП S', status: 'DONE', visited_at: new Date(utcMidnight + 630_000).toISOString() },
        { position: 2, waste_area_id: S.M, name: 'КП M', status: 'MISSED', visited_at: null },
      ],
    });
    const missedEvent = (await db.pool.query(`SELECT id FROM dispatcher_event WHERE waste_area_id = $1`, [S.M])).rows[0]!.id;
    // Both after stop 1 (visited 08:10:30), in time order: the dispatcher's at 08:30, then M's at 09:00.
    expect(event!.dispatcher_events).toMatchObject([{ id: manualEvent, order: 1.1, type: 'ANOTHER' }, { id: missedEvent, order: 1.1, type: 'SEND_PROBLEM' }]);
  });

  it('opens a dispatcher event and, a day later, a problem for the missed site; serving it later closes both, once', async () => {
    const events = () => db.pool.query(`SELECT id, type, source, priority, status, waste_area_id, vehicle_id, event_date, description FROM dispatcher_event WHERE waste_area_id = $1`, [S.M]);
    const opened = (await events()).rows;
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ type: 'SEND_PROBLEM', source: 'AUTO', priority: 'HIGH_PRIORITY', status: 'ACTIVE', vehicle_id: vehicle });
    expect((opened[0].event_date as Date).getTime()).toBe(utcMidnight + 3600_000); // 09:00 local, the window's end
    await runProblemDetector(db.pool, { trigger: 'MANUAL', codes: ['P501'] });
    const problem = async () => (await db.pool.query(`SELECT id, status, closed_at FROM problem WHERE code = 'P501' AND object_id = $1`, [S.M])).rows;
    expect(await problem()).toMatchObject([{ status: 'NEW', closed_at: null }]);

    // The black box: 2 minutes at M at 10:00 local (an hour after its window) → late.
    const late = new Track(utcMidnight + 2 * 3600_000, 2000, 0, false).drive(3000, 0, 40).stand(120).drive(4000, 0, 40);
    const admitted = await h.domain.positions.admit(late.points.map((p) => ({ vehicle_id: vehicle, time: new Date(p.t), lat: p.lat, lng: p.lng, speed: null, course: null })));
    await h.domain.positions.write(admitted.rows);
    const msg = await waitUntil(() => h.published.find((e) => e.destination === DESTINATIONS.planFact(schedule) && (e.body as PlanFactMessage).changed.includes(S.M!)
      && (e.body as PlanFactMessage).totals.late === 1), 'the message of M served late', 120_000);
    expect((msg.body as PlanFactMessage).totals).toEqual({ due: 2, served: 1, served_unplanned: 0, late: 1, missed: 0, pending: 0 });
    const closed = (await events()).rows;
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({ id: opened[0].id, status: 'COMPLETED' });
    expect(closed[0].description).toMatch(/Обслужена .* машиной А 303 АА 38, стоянка 120 с\./);
    const history = await db.pool.query(`SELECT action, user_name, after FROM change_log WHERE resource = 'dispatcher-event' AND object_id = $1 ORDER BY id`, [opened[0].id]);
    expect(history.rows.map((r) => [r.action, r.user_name])).toEqual([['create', 'Система'], ['update', 'Система']]);
    expect(history.rows[1].after).toMatchObject({ status: 'COMPLETED' });
    await runProblemDetector(db.pool, { trigger: 'MANUAL', codes: ['P501'] });
    const solved = await problem();
    expect(solved).toHaveLength(1);
    expect(solved[0].closed_at).not.toBeNull();

    // Another recompute: nothing opens or changes again.
    const routeWrites = async () => (await db.pool.query(`SELECT action FROM change_log WHERE resource = 'dispatcher-route-event' ORDER BY id`)).rows.map((r) => r.action);
    const writesBefore = await routeWrites();
    const before = h.published.length;
    await h.client.enqueue(PLAN_FACT_JOB, { schedule_id: schedule, work_date: iso }, { jobId: 'again' });
    await waitUntil(() => h.published.length > before, 'the recompute', 120_000);
    expect((await events()).rows).toEqual(closed);

    // The route event followed: stop 2 DONE at 10:01:30 local, the event still after stop 1; one route event,
    // created once, updated when M was served, and not written again by a recompute that changes nothing.
    const after = await routeEvents();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'COMPLETED', stops: [{ status: 'DONE' }, { position: 2, status: 'DONE', visited_at: new Date(utcMidnight + 7_290_000).toISOString() }] });
    expect(after[0]!.dispatcher_events).toMatchObject([{ id: manualEvent, order: 1.1 }, { order: 1.1 }]);
    expect(writesBefore[0]).toBe('create');
    expect(writesBefore.slice(1)).toContain('update');
    expect(writesBefore.filter((a) => a === 'create')).toHaveLength(1);
    expect(await routeWrites()).toEqual(writesBefore);
  });
});
