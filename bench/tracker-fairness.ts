/**
 * One device cannot delay another (issue 22 «Devices»): how long an honest tracker waits for the
 * answer to a short data packet (`#SD#`, one position every 200 ms) — first alone, then while
 * another tracker sends black boxes of 5 000 messages back to back (the receiver's largest,
 * TRACKER_MAX_BLACK_BOX). The issue measured 28.3 s for such an answer before the fix.
 *
 * In-process receiver (apps/tracker startTracker) on a scratch database `tko_bench_fairness`
 * (migrated, dropped at the end), real TCP on 127.0.0.1. Prints p50/p95/max of the honest answers
 * per phase and the big device's rate.
 *
 *   pnpm exec tsx bench/tracker-fairness.ts [--seconds=20]
 */
import os from 'node:os';
import { createPool, migrate } from '@tko/db';
import { createDatabase, databaseUrl, dropDatabase } from '@tko/db/testing';
import { setTrackerPassword, WialonClient } from '../apps/tracker/src/simulator';
import { startTracker } from '../apps/tracker/src/tracker';
import { blackBoxPacket, loginPacket, shortDataPacket } from '../apps/tracker/src/wialon/encode';
import { adminUrl } from './src/env';

const SECONDS = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 20);
const DB = 'tko_bench_fairness';
const ADMIN = adminUrl();
const PW = 'bench-Fair-1';

const nearestRank = (s: number[], p: number) => s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `n=${s.length} p50=${nearestRank(s, 50).toFixed(1)} ms p95=${nearestRank(s, 95).toFixed(1)} ms max=${(s.at(-1) ?? NaN).toFixed(1)} ms`;
};

await dropDatabase(ADMIN, DB).catch(() => undefined);
await createDatabase(ADMIN, DB);
const url = databaseUrl(ADMIN, DB);
await migrate(url);
const pool = createPool(url);
const ids: number[] = [];
for (const [plate, imei] of [['Б001ББ38', 'FAIR-HONEST'], ['Б002ББ38', 'FAIR-BIG']]) {
  const { rows } = await pool.query<{ id: number }>('INSERT INTO vehicle (license_plate, external_identifier) VALUES ($1, $2) RETURNING id', [plate, imei]);
  ids.push(rows[0]!.id);
  await setTrackerPassword(pool, rows[0]!.id, PW);
}
// Nothing published live (the bench measures the receiver and the database, not Redis).
const tracker = await startTracker({ pool, publisher: { publish: async () => undefined } as never, port: 0, host: '127.0.0.1' });
const honest = await WialonClient.connect(tracker.port);
const big = await WialonClient.connect(tracker.port);
if ((await honest.send(loginPacket('FAIR-HONEST', PW))) !== '#AL#1' || (await big.send(loginPacket('FAIR-BIG', PW))) !== '#AL#1') throw new Error('login refused');

/** The honest device for `ms`: one SD every 200 ms, each answer awaited; the answer times. */
async function honestFor(ms: number): Promise<number[]> {
  const out: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const t0 = performance.now();
    const a = await honest.send(shortDataPacket({ time: new Date(Date.now() - 1000), lat: 52.54, lng: 103.88 }));
    if (a !== '#ASD#1') throw new Error(`honest: ${a}`);
    out.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 200));
  }
  return out;
}

const alone = await honestFor(SECONDS * 500);
let running = true;
let boxes = 0;
let positions = 0;
let t = Date.now() - 6 * 3600_000; // the big box replays the last 6 hours, 1 fix a second
const bigLoop = (async () => {
  const t0 = performance.now();
  while (running) {
    // Back to the start before a box would reach the present: later boxes are partly resends (skipped as duplicates).
    if (t + 5000 * 1000 > Date.now() - 60_000) t = Date.now() - 6 * 3600_000;
    const fixes = Array.from({ length: 5000 }, (_, i) => ({ time: new Date(t + i * 1000), lat: 52.5 + i * 1e-5, lng: 103.8, speed: 30, course: 90 }));
    t += 5000 * 1000;
    const a = await big.send(blackBoxPacket(fixes));
    if (!a.startsWith('#AB#')) throw new Error(`big: ${a}`);
    boxes++;
    positions += Number(a.slice(4));
  }
  return (performance.now() - t0) / 1000;
})();
const loaded = await honestFor(SECONDS * 1000);
running = false;
const bigSeconds = await bigLoop;

honest.close();
big.close();
await tracker.close();
await pool.end();
await dropDatabase(ADMIN, DB).catch(() => undefined);
console.log(`tracker fairness — ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, load ${os.loadavg()[0]!.toFixed(1)}`);
console.log(`honest SD alone:                 ${stats(alone)}`);
console.log(`honest SD beside 5 000-box flood: ${stats(loaded)}`);
console.log(`big device: ${boxes} black boxes, ${positions} positions taken (resends included) in ${bigSeconds.toFixed(1)} s (${(positions / bigSeconds).toFixed(0)}/s)`);
