/**
 * One position ingest for both ways positions arrive: the Wialon IPS receiver (apps/tracker, a
 * tracker's login IMEI, over a real TCP socket) and the REST ingest (POST /api/navctl/positions/
 * with the external identifier) attribute a position to the same vehicle when two cards carry the
 * identifier — the ACTIVE card, though it has the lower id and the other one was written last —
 * and both answer the same for an identifier of no vehicle. Real app, real tracker, one database.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nullPublisher } from '@tko/realtime';
import { replay, setTrackerPassword } from '../../tracker/src/simulator';
import { startTracker } from '../../tracker/src/tracker';
import type { Tracker } from '../../tracker/src/tracker';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

const IMEI = '860000000000777';
const DAY = 86_400_000;
const T0 = new Date(Math.floor(Date.now() / DAY) * DAY - 3 * DAY + 6 * 3600_000); // inside the position window
const PASSWORD = 'api-Tracker-1';
let t: TestApp;
let tracker: Tracker;
const card = { active: 0, inactive: 0 };

beforeAll(async () => {
  t = await startTestApp();
  const add = async (plate: string, status: string) =>
    (await t.pool.query<{ id: number }>(`INSERT INTO vehicle (license_plate, external_identifier, status) VALUES ($1, $2, $3) RETURNING id`, [plate, IMEI, status])).rows[0]!.id;
  card.active = await add('А001АА38', 'ACTIVE');
  card.inactive = await add('А002АА38', 'INACTIVE');
  await setTrackerPassword(t.pool, card.active, PASSWORD);
  tracker = await startTracker({ pool: t.pool, publisher: nullPublisher, port: 0, host: '127.0.0.1' });
}, 120000);

afterAll(async () => {
  await tracker?.close();
  await t?.close();
});

const storedFor = async (time: Date) =>
  (await t.pool.query<{ vehicle_id: number }>('SELECT vehicle_id FROM vehicle_position WHERE time = $1 ORDER BY vehicle_id', [time])).rows.map((r) => r.vehicle_id);

describe('the Wialon receiver and the REST ingest choose the vehicle by one rule', () => {
  it('both store a position of the shared identifier for the ACTIVE card', async () => {
    const viaTracker = new Date(T0.getTime());
    const viaRest = new Date(T0.getTime() + 60_000);
    expect(await replay(tracker.port, IMEI, [{ time: viaTracker, lat: 52.5468, lng: 103.8701 }], { password: PASSWORD })).toEqual(['#ASD#1']);
    await tracker.batcher.drain();
    const res = await request(t.app.server).post('/api/navctl/positions/').set(t.auth('admin'))
      .send({ positions: [{ external_identifier: IMEI, time: viaRest.toISOString(), lat: 52.5469, lng: 103.8702 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ received: 1, stored: 1 });
    expect(await storedFor(viaTracker)).toEqual([card.active]);
    expect(await storedFor(viaRest)).toEqual([card.active]);
    const { rows } = await t.pool.query<{ id: number; last_online_at: Date | null }>('SELECT id, last_online_at FROM vehicle WHERE id = ANY($1::int[]) ORDER BY id', [[card.active, card.inactive]]);
    expect(rows).toEqual([{ id: card.active, last_online_at: viaRest }, { id: card.inactive, last_online_at: null }]);
  });

  it('an identifier of no vehicle: the receiver refuses the login, the REST ingest answers 400 on the field', async () => {
    expect(await replay(tracker.port, '860000000000999', [{ time: T0, lat: 52.5, lng: 103.8 }], { password: PASSWORD })).toEqual(['#AL#0']);
    const res = await request(t.app.server).post('/api/navctl/positions/').set(t.auth('admin'))
      .send({ positions: [{ external_identifier: '860000000000999', time: T0.toISOString(), lat: 52.5, lng: 103.8 }] });
    expect(res.status).toBe(400);
    expect(res.body['positions.0.external_identifier']).toEqual(['Машина не найдена.']);
  });
});
