/**
 * Property-based sweep of the Wialon IPS receiver's device rules (docs/TRACKING.md «Devices»),
 * over real TCP against the real receiver on a real database. fast-check generates whole
 * sessions — a login (known unit with a password, known unit without one, unknown unit, odd
 * structure; the right, a wrong, an empty or «NA» password; IPS 1.1 or 2.0 with a good or broken
 * checksum) and then data: SD, D and black boxes whose positions lie inside the 30-day window,
 * older than it, ahead of the clock or in 2000, pings and garbage lines — and a model predicts
 * every answer:
 * - the login's code (#AL#1, #AL#0 unknown/structure, #AL#01 password, #AL#10 checksum), and a
 *   refused login's connection is closed by the receiver;
 * - #ASD#1/#AD#1 for a position inside the window, the time code 0 outside it; #AB#n with n the
 *   positions inside the window; #AP# after garbage (garbage itself gets no answer).
 * After every session: the positions stored for each vehicle equal the model's count (refused
 * logins store nothing, refused positions are not stored) and no day partition was made outside
 * the window. Seeded (TRACKER_FUZZ_SEED, printed with a failure), TRACKER_FUZZ_RUNS sessions.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { nullPublisher } from '@tko/realtime';
import { setTrackerPassword, WialonClient } from '../src/simulator';
import { startTracker, type Tracker } from '../src/tracker';
import { blackBoxPacket, dataPacket, shortDataPacket, wialonCrc } from '../src/wialon/index';
import type { FixInput, WialonVersion } from '../src/wialon/index';

const SEED = Number(process.env.TRACKER_FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.TRACKER_FUZZ_RUNS ?? 60);
const PW = 'Dev1ce-pass';
const IMEI = { pw: '863000000000001', none: '863000000000002' };
const UNKNOWN = '863999999999999';
const MIN = 60_000;
const DAY = 86_400_000;

let db: TestDatabase;
let tracker: Tracker;
const vehicles: Record<keyof typeof IMEI, number> = { pw: 0, none: 0 };
/** Positions the model expects stored per vehicle id. */
const expected = new Map<number, number>();
/** Every generated position gets its own second, so no two are the same row. */
let serial = 0;

type When = 'window' | 'old' | 'future' | 'y2000';
interface Login { imei: 'pw' | 'none' | 'unknown' | 'empty'; password: 'right' | 'wrong' | 'empty' | 'NA'; version: WialonVersion; badCrc: boolean }
type Step =
  | { kind: 'SD' | 'D'; when: When }
  | { kind: 'B'; when: When[] }
  | { kind: 'garbage'; text: string };

const whenArb = fc.constantFrom<When>('window', 'window', 'window', 'old', 'future', 'y2000');
const loginArb: fc.Arbitrary<Login> = fc.record({
  imei: fc.constantFrom<Login['imei']>('pw', 'pw', 'pw', 'none', 'unknown', 'empty'),
  password: fc.constantFrom<Login['password']>('right', 'right', 'right', 'right', 'wrong', 'empty', 'NA'),
  version: fc.constantFrom<WialonVersion>('1.1', '2.0'),
  badCrc: fc.constantFrom(false, false, false, true),
});
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom<'SD' | 'D'>('SD', 'D'), when: whenArb }),
  fc.record({ kind: fc.constant<'B'>('B'), when: fc.array(whenArb, { minLength: 1, maxLength: 12 }) }),
  // Lines that are not packets: no «#X#» head, so the receiver answers nothing.
  fc.record({ kind: fc.constant<'garbage'>('garbage'), text: fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => `x${s.replace(/[\r\n#]/g, '')}`) }),
);

function imeiOf(l: Login): string {
  return l.imei === 'unknown' ? UNKNOWN : l.imei === 'empty' ? '' : IMEI[l.imei];
}
function passwordOf(l: Login): string {
  return l.password === 'right' ? PW : l.password === 'wrong' ? `${PW}x` : l.password === 'empty' ? '' : 'NA';
}
function loginLine(l: Login): string {
  if (l.version === '1.1') return `#L#${imeiOf(l)};${passwordOf(l)}\r\n`;
  const body = `2.0;${imeiOf(l)};${passwordOf(l)}`;
  const crc = wialonCrc(`${body};`);
  return `#L#${body};${l.badCrc ? (crc === 'FFFF' ? '0000' : 'FFFF') : crc}\r\n`;
}

/** The login answer the device rules give (session.ts LOGIN_CODE; a vehicle without a password is refused). */
function expectedLogin(l: Login): string {
  if (l.version === '2.0' && l.badCrc) return '#AL#10';
  if (l.imei === 'unknown' || l.imei === 'empty') return '#AL#0';
  if (l.imei === 'none') return '#AL#01';
  return l.password === 'right' ? '#AL#1' : '#AL#01';
}

function fixAt(when: When, now: number): FixInput {
  const s = ++serial;
  const time = when === 'window' ? now - 20 * DAY + s * 1000
    : when === 'old' ? now - 31 * DAY - s * 1000
      : when === 'future' ? now + 10 * MIN + s * 1000
        : Date.UTC(2000, 0, 1) + s * 1000;
  return { time: new Date(time), lat: 52.5 + (s % 1000) * 1e-4, lng: 103.9, speed: 25, course: 90 };
}

const stored = async () => {
  const { rows } = await db.pool.query<{ vehicle_id: number; n: number }>('SELECT vehicle_id, count(*)::int AS n FROM vehicle_position GROUP BY vehicle_id');
  return new Map(rows.map((r) => [r.vehicle_id, r.n]));
};
/** Bounds of the day partitions of vehicle_position, as text. */
const partitionNames = async () =>
  (await db.pool.query<{ name: string }>(`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'public.vehicle_position'::regclass ORDER BY 1`)).rows.map((r) => r.name);

beforeAll(async () => {
  db = await createTestDatabase();
  for (const k of Object.keys(IMEI) as (keyof typeof IMEI)[]) {
    const { rows } = await db.pool.query<{ id: number }>(`INSERT INTO vehicle (license_plate, external_identifier) VALUES ($1, $2) RETURNING id`, [`Ф${k.length}00ФФ38`, IMEI[k]]);
    vehicles[k] = rows[0]!.id;
    expected.set(rows[0]!.id, 0);
  }
  await setTrackerPassword(db.pool, vehicles.pw, PW);
  tracker = await startTracker({ pool: db.pool, publisher: nullPublisher, port: 0, host: '127.0.0.1', devices: { refreshMs: 3600_000 } });
});

afterAll(async () => {
  await tracker?.close();
  await db?.drop();
});

describe('Wialon receiver sweep (device rules)', () => {
  it('answers every generated session as the model says, stores exactly the admitted positions, makes no partition outside the window', async () => {
    const partsBefore = await partitionNames();
    const tally = new Map<string, number>();
    const count = (k: string) => tally.set(k, (tally.get(k) ?? 0) + 1);
    const property = fc.asyncProperty(loginArb, fc.array(stepArb, { maxLength: 6 }), async (login, steps) => {
      const c = await WialonClient.connect(tracker.port);
      try {
        const answer = await c.send(loginLine(login));
        count(answer);
        expect(answer, loginLine(login)).toBe(expectedLogin(login));
        if (answer !== '#AL#1') {
          expect(await c.next(), 'a refused login closes the connection').toBe('<closed>');
          return;
        }
        const vehicle = vehicles.pw;
        for (const step of steps) {
          const now = Date.now();
          if (step.kind === 'garbage') {
            c.socket.write(`${step.text}\r\n`);
            expect(await c.send('#P#\r\n')).toBe('#AP#');
            continue;
          }
          if (step.kind === 'B') {
            const fixes = step.when.map((w) => fixAt(w, now));
            const taken = step.when.filter((w) => w === 'window').length;
            expect(await c.send(blackBoxPacket(fixes, login.version))).toBe(`#AB#${taken}`);
            expected.set(vehicle, expected.get(vehicle)! + taken);
            continue;
          }
          const f = fixAt(step.when, now);
          const packet = step.kind === 'SD' ? shortDataPacket(f, login.version) : dataPacket(f, login.version);
          const ok = step.when === 'window';
          expect(await c.send(packet)).toBe(`${step.kind === 'SD' ? '#ASD#' : '#AD#'}${ok ? 1 : 0}`);
          if (ok) expected.set(vehicle, expected.get(vehicle)! + 1);
        }
      } finally {
        c.close();
      }
      const now = await stored();
      for (const [vehicle, n] of expected) expect(now.get(vehicle) ?? 0, `positions of vehicle ${vehicle}`).toBe(n);
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS });
    console.info(`tracker-fuzz: ${RUNS} sessions, seed ${SEED}; logins ${JSON.stringify(Object.fromEntries(tally))}; stored ${expected.get(vehicles.pw)}`);
    // The sweep reached each branch of the rules at least once.
    for (const code of ['#AL#1', '#AL#0', '#AL#01', '#AL#10']) expect(tally.get(code) ?? 0, code).toBeGreaterThan(0);
    expect(expected.get(vehicles.pw)).toBeGreaterThan(0);
    expect(expected.get(vehicles.none)).toBe(0);
    expect(await partitionNames()).toEqual(partsBefore);
  }, 300_000);
});
