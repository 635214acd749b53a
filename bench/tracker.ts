/**
 * GPS tracking benchmark (issue 10 §3):
 *
 * 1. **ingest** — `--connections` simulated trackers (default 500) send Wialon IPS 2.0 short-data
 *    packets through real TCP sockets to the tracker process (apps/tracker, its own process) at
 *    `--rate` points/s in total (default 5 000) for `--seconds` (default 30, after 5 s warm-up);
 *    a STOMP subscriber on the API process (its own process; Redis fan-out) receives
 *    /topic/navctl.positions. Each fix carries its send time (ms) as its time, so the latency of
 *    a point is «STOMP message at the subscriber − packet sent» (≥ packet received → message).
 *    Reports achieved rate, answers, delivered share and latency p50/p95/p99.
 * 2. **trips** — fills `vehicle_position` with `--positions` (default 50 000 000) synthetic
 *    positions straight into the day partitions with generate_series (`--vehicles` trucks × days,
 *    one fix every 10 s, 50 min driving / 15 min standing), then asks
 *    GET /api/navctl/vehicles/{id}/trips/?from=D&to=D for `--requests` random vehicle-days over
 *    HTTP and reports p50/p95 (and the points query alone).
 *
 *   DATABASE_URL=<admin url> REDIS_URL=redis://127.0.0.1:6379 node --import tsx tracker.ts [--phase=ingest|fill|trips|all]
 * Works in its own database `tko_bench_gps` (created and migrated when missing; the positions are
 * kept between runs, `--positions` only tops them up).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPool, ensureAdmin, hashSecret, migrate } from '@tko/db';
import { createDatabase, databaseUrl } from '@tko/db/testing';
import { TokenService } from '@tko/api/src/modules/auth/tokens';
import { loginPacket, shortDataPacket } from '../apps/tracker/src/wialon/encode';
import { WialonClient } from '../apps/tracker/src/simulator';
import { adminUrl } from './src/env';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const arg = (name: string, def: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def;
const PHASE = arg('phase', 'all');
const RATE = Number(arg('rate', '5000'));
const CONNECTIONS = Number(arg('connections', '500'));
const SECONDS = Number(arg('seconds', '30'));
const WARMUP = 5;
const POSITIONS = Number(arg('positions', '50000000'));
const VEHICLES = Number(arg('vehicles', '580'));
const REQUESTS = Number(arg('requests', '200'));
const DB = 'tko_bench_gps';
const ADMIN = adminUrl();
const DB_URL = databaseUrl(ADMIN, DB);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRET = 'bench-tracker-secret';
const TOPIC = '/topic/navctl.positions';

const nearestRank = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const pct = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, p50: nearestRank(s, 50), p95: nearestRank(s, 95), p99: nearestRank(s, 99), max: s.at(-1) ?? NaN };
};
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '–');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address() as { port: number }; srv.close(() => resolve(port)); });
  });
}

function startProcess(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], detached: true,
  });
}
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await done;
}
async function waitPort(port: number, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = new Socket();
      s.once('connect', () => { s.destroy(); resolve(true); });
      s.once('error', () => resolve(false));
      s.connect(port, '127.0.0.1');
    }).catch(() => false);
    if (ok) return;
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not listen in 150 s`);
}

/** A minimal STOMP 1.2 subscriber over the runtime's WebSocket (Node 24). */
async function stompSubscribe(url: string, token: string, onBody: (body: string) => void): Promise<() => void> {
  const ws = new WebSocket(url);
  ws.binaryType = 'arraybuffer'; // the broker sends binary frames
  let buf = '';
  return new Promise((resolve, reject) => {
    ws.onerror = () => reject(new Error('websocket error'));
    ws.onopen = () => ws.send(`CONNECT\naccept-version:1.2\nheart-beat:0,0\nAuthorization:Bearer ${token}\n\n\0`);
    ws.onmessage = (e) => {
      buf += typeof e.data === 'string' ? e.data : Buffer.from(e.data as ArrayBuffer).toString('utf8');
      let nul: number;
      while ((nul = buf.indexOf('\0')) >= 0) {
        const frame = buf.slice(0, nul).replace(/^[\r\n]+/, '');
        buf = buf.slice(nul + 1);
        const command = frame.slice(0, frame.indexOf('\n'));
        if (command === 'CONNECTED') ws.send(`SUBSCRIBE\nid:0\ndestination:${TOPIC}\nreceipt:r1\n\n\0`);
        else if (command === 'RECEIPT') resolve(() => ws.close());
        else if (command === 'MESSAGE') onBody(frame.slice(frame.indexOf('\n\n') + 2));
        else if (command === 'ERROR') reject(new Error(frame));
      }
    };
  });
}

async function ensureDatabase(): Promise<void> {
  try {
    await createDatabase(ADMIN, DB);
  } catch (e) {
    if ((e as { code?: string }).code !== '42P04') throw e;
  }
  try {
    await migrate(DB_URL);
  } catch (e) {
    // A migration edited after this database applied it (a shared dev tree): the positions and
    // vehicle columns the bench uses are there; say so and go on.
    if ((e as Error).name !== 'MigrationHistoryError') throw e;
    console.warn(`bench: migrations not re-checked: ${(e as Error).message.slice(0, 120)}`);
  }
}

async function startServices(): Promise<{ api: ChildProcess; tracker: ChildProcess; apiPort: number; trackerPort: number; token: string }> {
  const pool = createPool(DB_URL, { max: 1 });
  const admin = await ensureAdmin(pool, { email: 'bench-admin@bench.local', password: 'bench-password-1', first_name: 'Бенч', last_name: 'Админ' });
  await pool.end();
  const token = new TokenService(SECRET, 3600, 86400).access(admin.userId);
  const apiPort = await freePort();
  const trackerPort = await freePort();
  const api = startProcess('apps/api/src/server.ts', {
    DATABASE_URL: DB_URL, REDIS_URL, JWT_SECRET: SECRET, ACCESS_TOKEN_LIFETIME: '3600', NODE_ENV: 'production', HOST: '127.0.0.1',
    PORT: String(apiPort), API_WORKERS: '1', WEB_DIST: '/nonexistent',
  });
  // The bench's vehicles are made after the receiver starts: its device directory reloads every second.
  const tracker = startProcess('apps/tracker/src/main.ts', {
    DATABASE_URL: DB_URL, REDIS_URL, TRACKER_PORT: String(trackerPort), TRACKER_HOST: '127.0.0.1', TRACKER_DEVICES_REFRESH_SECONDS: '1',
  });
  await waitPort(apiPort, api, 'the API');
  await waitPort(trackerPort, tracker, 'the tracker');
  return { api, tracker, apiPort, trackerPort, token };
}

/** The tracker password of every bench vehicle (issue 22: a tracker logs in with IMEI + password). */
const BENCH_PASSWORD = 'bench-Tracker-1';

async function benchVehicles(n: number): Promise<Map<string, number>> {
  const pool = createPool(DB_URL, { max: 1 });
  await pool.query(`INSERT INTO vehicle (license_plate, external_identifier)
    SELECT 'Б' || lpad(g::text, 4, '0') || 'ЕН38', 'BENCH-' || lpad(g::text, 4, '0') FROM generate_series(1, $1) g
    ON CONFLICT (license_plate) DO NOTHING`, [n]);
  await pool.query(`UPDATE vehicle SET tracker_password_hash = $1 WHERE external_identifier LIKE 'BENCH-%'`, [await hashSecret(BENCH_PASSWORD)]);
  await new Promise((r) => setTimeout(r, 2000)); // the receiver's directory reloads every second (setup)
  const { rows } = await pool.query<{ id: number; external_identifier: string }>(`SELECT id, external_identifier FROM vehicle WHERE external_identifier LIKE 'BENCH-%' ORDER BY id`);
  await pool.end();
  return new Map(rows.map((r) => [r.external_identifier, r.id]));
}

async function ingest(s: { apiPort: number; trackerPort: number; token: string }): Promise<void> {
  const units = await benchVehicles(Math.max(CONNECTIONS, VEHICLES));
  const imeis = [...units.keys()].slice(0, CONNECTIONS);
  const latencies: number[] = [];
  let measuring = false;
  let measureFrom = Infinity;
  let delivered = 0;
  const close = await stompSubscribe(`ws://127.0.0.1:${s.apiPort}/ws/`, s.token, (body) => {
    const now = Date.now();
    for (const p of (JSON.parse(body) as { positions: { time: string }[] }).positions) {
      const sent = Date.parse(p.time);
      if (measuring && sent >= measureFrom) { latencies.push(now - sent); delivered++; }
    }
  });
  const clients = await Promise.all(imeis.map(async (imei) => {
    const c = await WialonClient.connect(s.trackerPort);
    const a = await c.send(loginPacket(imei, BENCH_PASSWORD));
    if (a !== '#AL#1') throw new Error(`login ${imei}: ${a}`);
    return { c, busy: false, last: 0 };
  }));
  console.log(`ingest: ${clients.length} trackers logged in; ${RATE} points/s for ${WARMUP} + ${SECONDS} s`);
  const answers = new Map<string, number>();
  let sent = 0;
  let sentMeasured = 0;
  let skipped = 0;
  let next = 0;
  const t0 = Date.now();
  const load0 = loadavg()[0]!;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (Date.now() - t0) / 1000;
      if (elapsed >= WARMUP + SECONDS) { clearInterval(tick); resolve(); return; }
      if (!measuring && elapsed >= WARMUP) { measuring = true; measureFrom = Date.now(); }
      const due = Math.floor(RATE * elapsed) - sent;
      for (let k = 0; k < due; k++) {
        let tries = 0;
        while (clients[next]!.busy && tries < clients.length) { next = (next + 1) % clients.length; tries++; }
        const cl = clients[next]!;
        next = (next + 1) % clients.length;
        if (cl.busy) { skipped += due - k; sent += due - k; break; }
        let now = Date.now();
        if (now <= cl.last) now = cl.last + 1;
        cl.last = now;
        cl.busy = true;
        sent++;
        if (measuring) sentMeasured++;
        const angle = now / 600_000;
        void cl.c.send(shortDataPacket({ time: new Date(now), lat: 52.54 + 0.02 * Math.sin(angle), lng: 103.88 + 0.03 * Math.cos(angle), speed: 30, course: 90 })).then((a) => {
          cl.busy = false;
          answers.set(a, (answers.get(a) ?? 0) + 1);
        });
      }
    }, 5);
  });
  await new Promise((r) => setTimeout(r, 2000)); // the last messages
  measuring = false;
  close();
  for (const { c } of clients) c.close();
  const l = pct(latencies);
  console.log(`ingest: sent ${sent - skipped} (${skipped} skipped: all trackers waiting), ${((sent - skipped) / (WARMUP + SECONDS)).toFixed(0)} points/s; answers ${JSON.stringify(Object.fromEntries(answers))}`);
  console.log(`ingest: measured ${SECONDS} s: sent ${sentMeasured}, delivered over STOMP ${delivered} (${((100 * delivered) / Math.max(1, sentMeasured)).toFixed(2)} %)`);
  console.log(`ingest: latency packet sent → STOMP message, ms: p50 ${fmt(l.p50)} p95 ${fmt(l.p95)} p99 ${fmt(l.p99)} max ${fmt(l.max)}; load ${load0.toFixed(1)} → ${loadavg()[0]!.toFixed(1)}`);
}

async function fill(): Promise<{ days: string[]; vehicles: number[] }> {
  const units = await benchVehicles(VEHICLES);
  const ids = [...units.values()].slice(0, VEHICLES);
  const perDay = 8640;
  const days = Math.max(1, Math.ceil(POSITIONS / (ids.length * perDay)));
  const first = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - (days + 2) * 86_400_000);
  const dayList = Array.from({ length: days }, (_, i) => new Date(first.getTime() + i * 86_400_000).toISOString().slice(0, 10));
  const pool = createPool(DB_URL, { max: 2 });
  for (const d of dayList) await pool.query('SELECT ensure_vehicle_position_partition($1::date)', [d]);
  const have = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM vehicle_position WHERE time >= $1 AND time < $2`, [first, new Date(first.getTime() + days * 86_400_000)])).rows[0]!.n;
  console.log(`trips: ${ids.length} vehicles × ${days} days × ${perDay} = ${(ids.length * days * perDay).toLocaleString('en')} positions wanted, ${have.toLocaleString('en')} there`);
  if (have < ids.length * days * perDay * 0.99) {
    const t = Date.now();
    for (const d of dayList) {
      const client = await pool.connect();
      try {
        await client.query('SET synchronous_commit = off');
        // One vehicle-day: 390 fixes = 300 driving (65 km/h-ish circle) + 90 standing (15 min), repeated.
        await client.query(`INSERT INTO vehicle_position (vehicle_id, time, lat, lng, speed, course, sats)
          SELECT v, $2::timestamptz + make_interval(secs => i * 10),
                 52.50 + (v % 50) * 0.002 + 0.02 * sin(m * 0.004), 103.80 + (v / 50) * 0.003 + 0.03 * cos(m * 0.004),
                 CASE WHEN i % 390 < 300 THEN 40 ELSE 0 END, (i % 360), 10
            FROM unnest($1::int[]) v, generate_series(0, 8639) i,
                 LATERAL (SELECT (i / 390) * 300 + least(i % 390, 300) AS m) mm
           ORDER BY v, i
          ON CONFLICT DO NOTHING`, [ids, `${d}T00:00:00Z`]);
      } finally {
        client.release();
      }
      console.log(`trips: ${d} filled (${((Date.now() - t) / 1000).toFixed(0)} s)`);
    }
    await pool.query('ANALYZE vehicle_position');
  }
  const size = (await pool.query(`SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS s, sum(c.reltuples)::bigint AS n
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'vehicle_position'::regclass`)).rows[0];
  console.log(`trips: vehicle_position holds ≈ ${Number(size.n).toLocaleString('en')} rows, ${size.s} with indexes`);
  await pool.end();
  return { days: dayList, vehicles: ids };
}

async function trips(s: { apiPort: number; token: string }, data: { days: string[]; vehicles: number[] }): Promise<void> {
  const pool = createPool(DB_URL, { max: 1 });
  const http: number[] = [];
  const sql: number[] = [];
  let tripsSeen = 0;
  let points = 0;
  let rnd = 20261125;
  const random = () => { rnd = (rnd * 1103515245 + 12345) % 2147483648; return rnd / 2147483648; };
  for (let i = 0; i < REQUESTS + 10; i++) {
    const v = data.vehicles[Math.floor(random() * data.vehicles.length)]!;
    const d = data.days[Math.floor(random() * data.days.length)]!;
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${s.apiPort}/api/navctl/vehicles/${v}/trips/?from=${d}&to=${d}`, { headers: { authorization: `Bearer ${s.token}` } });
    const body = await res.json() as { count: number; results: { points_count: number }[] };
    const ms = performance.now() - t;
    if (res.status !== 200) throw new Error(`trips ${v} ${d}: ${res.status} ${JSON.stringify(body)}`);
    const t2 = performance.now();
    await pool.query(`SELECT (extract(epoch FROM time) * 1000)::float8 AS t, lat, lng, speed FROM vehicle_position WHERE vehicle_id = $1 AND time >= $2 AND time < $3 ORDER BY time`,
      [v, `${d}T00:00:00Z`, new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000)]);
    const ms2 = performance.now() - t2;
    if (i < 10) continue; // warm-up
    http.push(ms); sql.push(ms2); tripsSeen += body.count; points += body.results.reduce((a, r) => a + r.points_count, 0);
  }
  await pool.end();
  const h = pct(http);
  const q = pct(sql);
  console.log(`trips: ${REQUESTS} random vehicle-days (${(tripsSeen / REQUESTS).toFixed(1)} trips, ${(points / REQUESTS).toFixed(0)} track points each)`);
  console.log(`trips: HTTP GET …/trips/ ms: p50 ${fmt(h.p50)} p95 ${fmt(h.p95)} p99 ${fmt(h.p99)} max ${fmt(h.max)}; the positions query alone: p50 ${fmt(q.p50)} p95 ${fmt(q.p95)}; load ${loadavg()[0]!.toFixed(1)}`);
}

async function main(): Promise<void> {
  console.log(`bench/tracker ${new Date().toISOString()} load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  await ensureDatabase();
  const data = PHASE === 'ingest' ? null : await fill();
  if (PHASE === 'fill') return;
  const s = await startServices();
  const kill = () => { for (const c of [s.tracker, s.api]) try { process.kill(-c.pid!, 'SIGTERM'); } catch { /* gone */ } };
  process.once('uncaughtException', (e) => { console.error(e); kill(); process.exit(1); });
  try {
    if (PHASE !== 'trips') await ingest(s);
    if (data) await trips(s, data);
  } finally {
    await stopProcess(s.tracker);
    await stopProcess(s.api);
  }
}

await main();
