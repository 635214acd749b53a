/**
 * `pnpm simulate-day --schedule <id>[,<id>…] --date DD.MM.YYYY [--speedup 1..600] [--skip 0.05]
 * [--late 2] [--seed N] [--truth file.json] [--tracker host:port] [--password P] [--provision]
 * [--step 10] [--drop 0.02]`: drives the schedules' planned routes of the date through a running
 * Wialon IPS receiver (default 127.0.0.1:TRACKER_PORT or 20332) and writes the ground truth
 * (docs/TRACKING.md «Day simulator»). Reads DATABASE_URL (the routes, the trucks' identifiers);
 * REGION_TIME_ZONE (default Asia/Irkutsk) places the plan's times. The date must lie inside the
 * receiver's window (30 days back by default, not in the future). Exit code 0 when every packet was
 * taken, 1 when a login or a packet was refused or the day could not be read, 2 for bad arguments.
 */
import { parseArgs } from 'node:util';
import { workDateToIso } from '@tko/contract';
import { createPool } from '@tko/db';
import { simulateDay } from './simulate-day';

function fail(msg: string): never {
  console.error(`simulate-day: ${msg}`);
  process.exit(2);
}

const { values: a } = parseArgs({
  options: {
    schedule: { type: 'string' }, date: { type: 'string' }, speedup: { type: 'string', default: '60' },
    skip: { type: 'string', default: '0.05' }, late: { type: 'string', default: '2' }, seed: { type: 'string', default: '1' },
    truth: { type: 'string' }, tracker: { type: 'string' }, password: { type: 'string' }, provision: { type: 'boolean', default: false },
    step: { type: 'string', default: '10' }, drop: { type: 'string', default: '0.02' },
  },
  strict: true,
});
const num = (name: string, raw: string, min: number, max: number, int = false) => {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max || (int && !Number.isInteger(n))) fail(`--${name} must be ${int ? 'an integer ' : ''}${min}…${max}, got ${raw}`);
  return n;
};
const scheduleIds = (a.schedule ?? fail('--schedule <id> is required')).split(',').map((s) => num('schedule', s, 1, 2 ** 31 - 1, true));
const workDate = workDateToIso(a.date ?? fail('--date DD.MM.YYYY is required')) ?? fail(`--date must be DD.MM.YYYY, got ${a.date}`);
const [host, portRaw] = (a.tracker ?? `127.0.0.1:${process.env.TRACKER_PORT ?? 20332}`).split(':');
const port = num('tracker', portRaw ?? '', 1, 65535, true);
const password = a.password ?? process.env.SIMULATE_TRACKER_PASSWORD ?? 'NA';
if (a.provision && password === 'NA') fail('--provision needs --password (the tracker password to set)');
if (!process.env.DATABASE_URL) fail('DATABASE_URL is required (the routes are read from the database)');

const pool = createPool(process.env.DATABASE_URL);
try {
  const r = await simulateDay(pool, {
    scheduleIds, workDate, host: host || '127.0.0.1', port, password, provision: a.provision,
    speedup: num('speedup', a.speedup, 1, 600), skipShare: num('skip', a.skip, 0, 1), late: num('late', a.late, 0, 10_000, true),
    seed: num('seed', a.seed, 0, 2 ** 32 - 1, true), stepS: num('step', a.step, 1, 300, true), dropShare: num('drop', a.drop, 0, 0.5),
    truthFile: a.truth, timeZone: process.env.REGION_TIME_ZONE || 'Asia/Irkutsk', log: (l) => console.log(l),
  });
  for (const t of r.drive.trucks) if (t.errors.length > 3) console.log(`simulate-day: ${t.license_plate}: ${t.errors.length} errors in all`);
  process.exitCode = r.drive.refused > 0 || r.drive.failedLogins > 0 ? 1 : 0;
} catch (e) {
  console.error(`simulate-day: ${(e as Error).message}`);
  process.exitCode = 1;
} finally {
  await pool.end();
}
