/**
 * Plan/fact as positions arrive (docs/TRACKING.md «Plan and fact»): positions written through the
 * one ingest (domain.positions, as the receiver and the REST call do) queue the `plan-fact-recompute`
 * job through the real job loop on real Redis; the worker stores the date and publishes the counts on
 * /topic/plan-fact.{id}. The region's day is Asia/Irkutsk (UTC+8): local 08:00 = 00:00 UTC.
 *
 * One truck, one planned site S (its card's window 08:00–09:00 local) and one planned site M it never
 * reaches. Yesterday: the truck stands 2 minutes at S at 08:10 → S served, M missed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATIONS, PLAN_FACT_JOB } from '@tko/contract';
import type { PlanFactMessage } from '@tko/contract';
import { at, Track } from '@tko/db/testing';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { startJobsHarness, type JobsHarness } from './jobs-harness';
import { uniquePrefix, waitUntil } from './helpers';

let db: TestDatabase;
let h: JobsHarness;
let schedule: number;
let vehicle: number;
const S: Record<string, number> = {};
const DAY = 86_400_000;
const utcMidnight = Math.floor(Date.now() / DAY) * DAY - DAY; // yesterday 00:00 UTC = 08:00 in Irkutsk
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
});

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
  });
});
