/**
 * The Wialon IPS receiver over a real TCP socket on a real database (issue 10 §3): every packet
 * type and its answer, CRC-16/ARC good and bad, malformed packets answered with the protocol's
 * error codes and the receiver surviving them, positions in the day partitions, the vehicle's
 * last position, duplicates of a black box, and the live messages published on Redis.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAVCTL_POSITIONS_TOPIC, REALTIME_CHANNEL } from '@tko/contract';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { redisPublisher } from '@tko/realtime';
import { fixesAlong, NEVSKY, replay, setTrackerPassword, WialonClient } from '../src/simulator';
import { startTracker, type Tracker } from '../src/tracker';
import {
  blackBoxPacket, coordinateFields, crcMatches, dataPacket, dateTimeFields, loginPacket, parseCoordinate, parseDateTime, shortDataPacket, wialonCrc,
} from '../src/wialon/index';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let db: TestDatabase;
let tracker: Tracker;
let redis: Redis;
let sub: Redis;
const live: { vehicle_id: number; time: string; lat: number }[] = [];
const vehicles: Record<string, number> = {};
const DAY = 86_400_000;
// A week ago, 06:00 UTC: inside the position window (30 days), its partition made at start.
const T0 = new Date(Math.floor(Date.now() / DAY) * DAY - 7 * DAY + 6 * 3600_000);
const D0 = dateTimeFields(T0).slice(0, 6); // DDMMYY of T0
const PART0 = `vehicle_position_${T0.toISOString().slice(0, 10).replaceAll('-', '')}`;
const PW = 'tr4ck-Pass';

beforeAll(async () => {
  db = await createTestDatabase();
  for (const imei of ['860000000000001', '860000000000002', '860000000000003', '860000000000004']) {
    const { rows } = await db.pool.query<{ id: number }>(
      `INSERT INTO vehicle (license_plate, external_identifier) VALUES ($1, $2) RETURNING id`, [`А${imei.slice(-3)}АА38`, imei]);
    vehicles[imei] = rows[0]!.id;
    await setTrackerPassword(db.pool, rows[0]!.id, PW);
  }
  redis = new Redis(REDIS_URL);
  sub = new Redis(REDIS_URL);
  await sub.subscribe(REALTIME_CHANNEL);
  sub.on('message', (_c, m) => {
    const env = JSON.parse(m) as { destination: string; body: { positions: typeof live } };
    if (env.destination === NAVCTL_POSITIONS_TOPIC) live.push(...env.body.positions.filter((p) => Object.values(vehicles).includes(p.vehicle_id)));
  });
  tracker = await startTracker({ pool: db.pool, publisher: redisPublisher(redis), port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await tracker?.close();
  sub?.disconnect();
  redis?.disconnect();
  await db?.drop();
});

describe('checksum and fields', () => {
  it('is CRC-16/ARC: check value of 123456789 is BB3D; the field is compared as hex', () => {
    expect(wialonCrc('123456789')).toBe('BB3D');
    expect(crcMatches('123456789', 'bb3d')).toBe(true);
    expect(crcMatches('123456788', 'BB3D')).toBe(false);
    expect(crcMatches('123456789', 'XYZ')).toBe(false);
  });
  it('reads DDMM.MMMM coordinates, hemispheres and DDMMYY dates', () => {
    expect(parseCoordinate('5544.6025', 'N', true)).toBeCloseTo(55.743375, 6);
    expect(parseCoordinate('03739.6834', 'W', false)).toBeCloseTo(-37.66139, 5);
    expect(parseCoordinate('5560.0000', 'N', true)).toBeNull();
    expect(parseCoordinate('5544.6025', 'E', true)).toBeNull();
    expect(coordinateFields(59.93634, true)).toBe('5956.180400;N');
    expect(parseDateTime('310226', '120000')).toBeNull(); // 31 February
    expect(parseDateTime('200126', '235959.5')?.toISOString()).toBe('2026-01-20T23:59:59.500Z');
  });
});

describe('Wialon IPS over TCP', () => {
  it('logs in (2.0 with CRC, 1.1 without) and refuses unknown units, bad CRC and bad structure, closing after the refusal', async () => {
    const refused = async (packet: string, answer: string) => {
      const c = await WialonClient.connect(tracker.port);
      expect(await c.send(packet)).toBe(answer);
      expect(await c.next()).toBe('<closed>');
    };
    await refused('#L#2.0;999999999999999;NA;' + wialonCrc('2.0;999999999999999;NA;') + '\r\n', '#AL#0');
    await refused(`#L#2.0;860000000000001;${PW};0000\r\n`, '#AL#10');
    await refused('#L#garbage\r\n', '#AL#0');
    const c = await WialonClient.connect(tracker.port);
    expect(await c.send(shortDataPacket({ time: T0, lat: 59.9, lng: 30.3 }))).toBe('#ASD#-1'); // not logged in
    expect(await c.send('#P#\r\n')).toBe('#AP#');
    expect(await c.send(loginPacket('860000000000001', PW))).toBe('#AL#1');
    c.close();
    const old = await WialonClient.connect(tracker.port);
    expect(await old.send(loginPacket('860000000000002', PW, '1.1'))).toBe('#AL#1');
    expect(await old.send(shortDataPacket({ time: T0, lat: 59.93, lng: 30.33, speed: 20 }, '1.1'))).toBe('#ASD#1');
    old.close();
  });

  it('answers SD and D with the protocol codes: ok, time, coordinates, speed, sats, inputs, ADC, params, CRC, structure', async () => {
    const c = await WialonClient.connect(tracker.port);
    expect(await c.send(loginPacket('860000000000003', PW))).toBe('#AL#1');
    const sd = (body: string) => `#SD#${body};${wialonCrc(`${body};`)}\r\n`;
    const d = (body: string) => `#D#${body};${wialonCrc(`${body};`)}\r\n`;
    const fix = `${D0};060000;5956.1804;N;03018.7956;E;30;90;5;12`;
    expect(await c.send(sd(fix))).toBe('#ASD#1');
    expect(await c.send(sd(`32${D0.slice(2)};060000;5956.1804;N;03018.7956;E;30;90;5;12`))).toBe('#ASD#0');
    expect(await c.send(sd(`${D0};250000;5956.1804;N;03018.7956;E;30;90;5;12`))).toBe('#ASD#0');
    expect(await c.send(sd(`${D0.slice(0, 4)}99;060000;5956.1804;N;03018.7956;E;30;90;5;12`))).toBe('#ASD#0'); // 2099: future
    expect(await c.send(sd(`${D0};060010;NA;NA;NA;NA;30;90;5;12`))).toBe('#ASD#10');
    expect(await c.send(sd(`${D0};060010;5956.1804;X;03018.7956;E;30;90;5;12`))).toBe('#ASD#10');
    expect(await c.send(sd(`${D0};060010;5956.1804;N;03018.7956;E;fast;90;5;12`))).toBe('#ASD#11');
    expect(await c.send(sd(`${D0};060010;5956.1804;N;03018.7956;E;30;90;5;1.5`))).toBe('#ASD#12');
    expect(await c.send(`#SD#${fix};0000\r\n`)).toBe('#ASD#13');
    expect(await c.send(sd(`${D0};060010;5956.1804`))).toBe('#ASD#-1');
    const ext = (tail: string) => d(`${D0};060020;5956.1804;N;03018.7956;E;30;90;5;12;${tail}`);
    expect(await c.send(ext('1.0;0;0;;NA;fuel:2:45.8,hw:3:V4.5'))).toBe('#AD#1');
    expect(await c.send(ext('x;0;0;;NA;NA'))).toBe('#AD#12');
    expect(await c.send(ext('1.0;a;0;;NA;NA'))).toBe('#AD#13');
    expect(await c.send(ext('1.0;0;0;1.5,x;NA;NA'))).toBe('#AD#14');
    expect(await c.send(ext('1.0;0;0;;NA;fuel:9:1'))).toBe('#AD#15');
    expect(await c.send(`#D#${D0};060030;5956.1804;N;03018.7956;E;30;90;5;12;1.0;0;0;;NA;NA;FFFF\r\n`)).toBe('#AD#16');
    expect(await c.send(d(`${D0};060030`))).toBe('#AD#-1');
    // Unknown packet types and lines that are no packets get no answer; the session goes on.
    c.socket.write('#ZZ#whatever\r\nnot a packet\r\n');
    expect(await c.send(dataPacket({ time: new Date(T0.getTime() + 40_000), lat: 59.94, lng: 30.32 }))).toBe('#AD#1');
    c.close();
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM vehicle_position WHERE vehicle_id = $1`, [vehicles['860000000000003']]);
    expect(rows[0].n).toBe(3); // SD 06:00:00, D 06:00:20, D 06:00:40
  });

  it('stores a black box (AB with the count), skips what it already has, and answers #AB# to a bad CRC', async () => {
    const fixes = fixesAlong(NEVSKY, new Date(T0.getTime() + 3600_000), { speedKmh: 30, stepS: 10 });
    const imei = '860000000000004';
    expect(await replay(tracker.port, imei, fixes, { kind: 'B', password: PW })).toEqual([`#AB#${fixes.length}`]);
    expect(await replay(tracker.port, imei, fixes, { kind: 'B', password: PW })).toEqual([`#AB#${fixes.length}`]); // sent again
    const c = await WialonClient.connect(tracker.port);
    await c.send(loginPacket(imei, PW));
    expect(await c.send(blackBoxPacket(fixes.slice(0, 3)).replace(/\|[0-9A-F]{4}\r\n$/, '|0000\r\n'))).toBe('#AB#');
    c.close();
    const { rows } = await db.pool.query(
      `SELECT count(*)::int AS n, max(time) AS last FROM vehicle_position WHERE vehicle_id = $1`, [vehicles[imei]]);
    expect(rows[0].n).toBe(fixes.length);
    const v = await db.pool.query(`SELECT last_online_at, ST_Y(last_position) AS lat, ST_X(last_position) AS lng FROM vehicle WHERE id = $1`, [vehicles[imei]]);
    expect(v.rows[0].last_online_at.getTime()).toBe(fixes.at(-1)!.time.getTime());
    expect(v.rows[0].lat).toBeCloseTo(NEVSKY.at(-1)![0], 5);
    expect(v.rows[0].lng).toBeCloseTo(NEVSKY.at(-1)![1], 5);
  });

  it('keeps positions in day partitions of schema vehicle_position_part', async () => {
    const { rows } = await db.pool.query(
      `SELECT c.relname, n.nspname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE i.inhparent = 'public.vehicle_position'::regclass ORDER BY 1`);
    expect(rows.map((r) => r.relname)).toContain(PART0);
    expect(new Set(rows.map((r) => r.nspname))).toEqual(new Set(['vehicle_position_part']));
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    expect(rows.map((r) => r.relname)).toContain(`vehicle_position_${today}`); // made ahead at start
    const [day0, day1] = [T0, new Date(T0.getTime() + DAY)].map((d) => d.toISOString().slice(0, 10));
    const plan = await db.pool.query(`EXPLAIN SELECT * FROM vehicle_position WHERE vehicle_id = 1 AND time >= '${day0}' AND time < '${day1}'`);
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain(PART0);
    expect(text).not.toContain(`vehicle_position_${today}`); // pruned
  });

  it('publishes every stored position once on the live topic', async () => {
    const vid = vehicles['860000000000004']!;
    const deadline = Date.now() + 5000;
    while (live.filter((p) => p.vehicle_id === vid).length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    const mine = live.filter((p) => p.vehicle_id === vid);
    const n = (await db.pool.query(`SELECT count(*)::int AS n FROM vehicle_position WHERE vehicle_id = $1`, [vid])).rows[0].n;
    expect(mine.length).toBe(n); // the resent black box published nothing
    expect(new Set(mine.map((p) => p.time)).size).toBe(n);
  });

  it('survives malformed input: an over-long line and a flood of garbage close only that connection', async () => {
    const long = await WialonClient.connect(tracker.port);
    long.socket.write('#D#' + 'x'.repeat(1024 * 1024 + 10));
    expect(await long.next()).toBe('<closed>');
    const noise = await WialonClient.connect(tracker.port);
    noise.socket.write(Buffer.from(Array.from({ length: 12 }, (_, i) => `\u0000\u00ff garbage ${i}\r\n`).join(''), 'latin1'));
    expect(await noise.next()).toBe('<closed>');
    const half = await WialonClient.connect(tracker.port);
    half.socket.write('#L#2.0;8600'); // cut mid-packet, then gone
    half.close();
    const again = await WialonClient.connect(tracker.port);
    expect(await again.send(loginPacket('860000000000001', PW))).toBe('#AL#1');
    expect(await again.send(shortDataPacket({ time: new Date(T0.getTime() + 7200_000), lat: 59.95, lng: 30.31 }))).toBe('#ASD#1');
    again.close();
  });
});
