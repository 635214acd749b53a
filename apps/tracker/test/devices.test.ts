/**
 * Trackers that must prove who they are (issue 22 «Devices»), over real TCP against the real
 * receiver on a real database: a wrong or missing password is answered `#AL#01` and nothing is
 * stored; the right one is taken; unknown IMEIs are answered from the device directory without a
 * query (a counter on the real pool); positions older than the window or ahead of the clock are
 * refused with the time code, counted, and make no partition; a black box over the limit is
 * refused whole; and a device whose statement is held (a real row lock on its vehicle) does not
 * delay another device's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { nullPublisher } from '@tko/realtime';
import { setTrackerPassword, WialonClient } from '../src/simulator';
import { startTracker, type Tracker } from '../src/tracker';
import { blackBoxPacket, dataPacket, loginPacket, shortDataPacket, wialonCrc } from '../src/wialon/index';
import type { FixInput } from '../src/wialon/index';

const PW = 'Gps-2026_x'; // no «;»: the protocol's separator
const IMEI = { pw: '862000000000001', none: '862000000000002', big: '862000000000003', honest: '862000000000004' };
let db: TestDatabase;
let tracker: Tracker;
const vehicles: Record<string, number> = {};
const queries = { n: 0 };

const MIN = 60_000;
const DAY = 86_400_000;
const fix = (time: Date, i = 0): FixInput => ({ time, lat: 52.54 + i * 1e-5, lng: 103.88, speed: 20, course: 90 });
const stored = async (vehicleId: number) =>
  (await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM vehicle_position WHERE vehicle_id = $1', [vehicleId])).rows[0]!.n;
const partitions = async () =>
  (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'public.vehicle_position'::regclass`)).rows[0]!.n;

/** A fresh connection: the login's answer, and whether the receiver then closed the connection. */
async function login(packet: string): Promise<{ answer: string; closed: boolean; c: WialonClient }> {
  const c = await WialonClient.connect(tracker.port);
  const answer = await c.send(packet);
  const closed = answer !== '#AL#1' && (await c.next()) === '<closed>';
  return { answer, closed, c };
}

beforeAll(async () => {
  db = await createTestDatabase();
  for (const [k, imei] of Object.entries(IMEI)) {
    const { rows } = await db.pool.query<{ id: number }>(
      `INSERT INTO vehicle (license_plate, external_identifier) VALUES ($1, $2) RETURNING id`, [`К${imei.slice(-3)}КК38`, imei]);
    vehicles[k] = rows[0]!.id;
    if (k !== 'none') await setTrackerPassword(db.pool, rows[0]!.id, PW);
  }
  // Every statement the receiver sends through the pool is counted (the real pool, wrapped).
  const query = db.pool.query.bind(db.pool) as (...a: unknown[]) => unknown;
  (db.pool as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => { queries.n++; return query(...a); };
  tracker = await startTracker({ pool: db.pool, publisher: nullPublisher, port: 0, host: '127.0.0.1', devices: { refreshMs: 3600_000 } });
});

afterAll(async () => {
  await tracker?.close();
  await db?.drop();
});

describe('logins', () => {
  it('refuses a wrong password with #AL#01 (2.0 with a valid checksum, and 1.1), closes the connection, stores nothing', async () => {
    const before = tracker.stats.loginsRefused.password;
    // The login and a data packet in one write: the data is never taken.
    const c = await WialonClient.connect(tracker.port);
    c.socket.write(loginPacket(IMEI.pw, 'definitely-wrong') + shortDataPacket(fix(new Date(Date.now() - MIN))));
    expect(await c.next()).toBe('#AL#01');
    expect(await c.next()).toBe('<closed>');
    const v11 = await login(loginPacket(IMEI.pw, 'definitely-wrong', '1.1'));
    expect(v11).toMatchObject({ answer: '#AL#01', closed: true });
    expect(tracker.stats.loginsRefused.password - before).toBe(2);
    expect(tracker.stats.lastRefused.at(-1)).toMatchObject({ imei: IMEI.pw, reason: 'password' });
    expect(await stored(vehicles.pw!)).toBe(0);
  });

  it('refuses a missing password: «NA» or empty for a vehicle with a password, any for a vehicle without one', async () => {
    expect(await login(loginPacket(IMEI.pw, 'NA'))).toMatchObject({ answer: '#AL#01', closed: true });
    expect(await login(`#L#2.0;${IMEI.pw};;${wialonCrc(`2.0;${IMEI.pw};;`)}\r\n`)).toMatchObject({ answer: '#AL#01', closed: true });
    const none = tracker.stats.loginsRefused.no_password;
    expect(await login(loginPacket(IMEI.none, 'NA'))).toMatchObject({ answer: '#AL#01', closed: true });
    expect(await login(loginPacket(IMEI.none, PW))).toMatchObject({ answer: '#AL#01', closed: true });
    expect(tracker.stats.loginsRefused.no_password - none).toBe(2);
    expect(await stored(vehicles.none!)).toBe(0);
  });

  it('TRACKER_ALLOW_NO_PASSWORD=true takes a vehicle without a password (documented opt-out)', async () => {
    const lax = await startTracker({ pool: db.pool, publisher: nullPublisher, port: 0, host: '127.0.0.1', devices: { allowNoPassword: true, refreshMs: 3600_000 } });
    try {
      const c = await WialonClient.connect(lax.port);
      expect(await c.send(loginPacket(IMEI.none, 'NA'))).toBe('#AL#1');
      c.close();
      const d = await WialonClient.connect(lax.port);
      expect(await d.send(loginPacket(IMEI.pw, 'NA'))).toBe('#AL#01'); // a set password is still checked
      d.close();
    } finally {
      await lax.close();
    }
  });

  it('takes the right password and stores; a changed password counts after the directory refresh', async () => {
    const { answer, c } = await login(loginPacket(IMEI.pw, PW));
    expect(answer).toBe('#AL#1');
    expect(await c.send(shortDataPacket(fix(new Date(Date.now() - MIN))))).toBe('#ASD#1');
    c.close();
    expect(await stored(vehicles.pw!)).toBe(1);
    await setTrackerPassword(db.pool, vehicles.none!, 'new-Pass-1');
    expect((await login(loginPacket(IMEI.none, 'new-Pass-1'))).answer).toBe('#AL#01'); // not yet seen
    await tracker.devices.refresh();
    const now = await login(loginPacket(IMEI.none, 'new-Pass-1'));
    expect(now.answer).toBe('#AL#1');
    now.c.close();
  });

  it('answers unknown IMEIs #AL#0 from the directory: no query for either login', async () => {
    const before = queries.n;
    expect(await login(loginPacket('999000000000001', 'x'))).toMatchObject({ answer: '#AL#0', closed: true });
    expect(await login(loginPacket('999000000000001', 'x'))).toMatchObject({ answer: '#AL#0', closed: true });
    expect(await login(loginPacket('999000000000002', 'y', '1.1'))).toMatchObject({ answer: '#AL#0', closed: true });
    expect(queries.n - before).toBe(0);
    expect(tracker.stats.loginsRefused.unknown).toBeGreaterThanOrEqual(3);
  });

  it('answers a bad checksum #AL#10 and closes', async () => {
    expect(await login(`#L#2.0;${IMEI.pw};${PW};0000\r\n`)).toMatchObject({ answer: '#AL#10', closed: true });
  });
});

describe('position times', () => {
  it('refuses old and future positions with the time code, counts them and makes no partition', async () => {
    const parts = await partitions();
    const refused = { ...tracker.stats.positionsRefused };
    const { answer, c } = await login(loginPacket(IMEI.honest, PW));
    expect(answer).toBe('#AL#1');
    const now = Date.now();
    expect(await c.send(shortDataPacket(fix(new Date(now - 40 * DAY))))).toBe('#ASD#0'); // older than 30 days
    expect(await c.send(shortDataPacket(fix(new Date(Date.UTC(2000, 0, 1)))))).toBe('#ASD#0');
    expect(await c.send(dataPacket(fix(new Date(now + 60 * MIN))))).toBe('#AD#0'); // an hour ahead
    expect(await c.send(shortDataPacket(fix(new Date(now + 3 * MIN))))).toBe('#ASD#1'); // within 5 minutes ahead
    // A black box of 2 000 days of the past (the issue's probe made 2 000 partitions), 2 days ahead, and 1 good.
    const past = Array.from({ length: 2000 }, (_, i) => fix(new Date(now - (40 + i) * DAY), i));
    expect(await c.send(blackBoxPacket([...past, fix(new Date(now + 2 * DAY)), fix(new Date(now - 2 * MIN))]))).toBe('#AB#1');
    c.close();
    expect(tracker.stats.positionsRefused.old - refused.old).toBe(2002);
    expect(tracker.stats.positionsRefused.future - refused.future).toBe(2);
    expect(await partitions()).toBe(parts);
    expect(await stored(vehicles.honest!)).toBe(2);
  });

  it('refuses a black box over the limit (5 000 messages) whole, before reading it', async () => {
    const { c } = await login(loginPacket(IMEI.big, PW));
    const now = Date.now();
    const fixes = Array.from({ length: 5001 }, (_, i) => fix(new Date(now - 6 * 3600_000 + i * 1000), i));
    const before = tracker.stats.positionsRefused.too_many;
    expect(await c.send(blackBoxPacket(fixes))).toBe('#AB#0');
    expect(tracker.stats.positionsRefused.too_many - before).toBe(1);
    c.close();
    expect(await stored(vehicles.big!)).toBe(0);
  });
});

describe('one device cannot delay another', () => {
  it('answers an honest device while a large black box of another is held in the database', async () => {
    const now = Date.now();
    const big = Array.from({ length: 5000 }, (_, i) => fix(new Date(now - 3 * 3600_000 + i * 1000), i));
    const a = await login(loginPacket(IMEI.big, PW));
    const b = await login(loginPacket(IMEI.honest, PW));
    expect([a.answer, b.answer]).toEqual(['#AL#1', '#AL#1']);
    // Hold the big device's statement: a real row lock on its vehicle (the insert moves its last position).
    const lock = await db.pool.connect();
    const order: string[] = [];
    try {
      await lock.query('BEGIN');
      await lock.query('SELECT 1 FROM vehicle WHERE id = $1 FOR UPDATE', [vehicles.big]);
      const bigAnswer = a.c.send(blackBoxPacket(big)).then((ans) => { order.push(`big ${ans}`); return ans; });
      const deadline = Date.now() + 60_000;
      while (tracker.batcher.inFlight === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(tracker.batcher.inFlight).toBe(1); // the big box's statement is running (waiting on the lock)
      const honest = await b.c.send(shortDataPacket(fix(new Date(now - 10_000))));
      order.push(`honest ${honest}`);
      expect(order).toEqual(['honest #ASD#1']); // answered while the big one is still held
      await lock.query('COMMIT');
      expect(await bigAnswer).toBe('#AB#5000');
      expect(order).toEqual(['honest #ASD#1', 'big #AB#5000']);
    } finally {
      await lock.query('ROLLBACK').catch(() => undefined);
      lock.release();
      a.c.close();
      b.c.close();
    }
    expect(await stored(vehicles.big!)).toBe(5000);
  });
});
