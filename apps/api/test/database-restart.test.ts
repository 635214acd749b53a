/**
 * Surviving the database (issue 8 §1), on a throw-away PostgreSQL cluster of this file
 * (throwaway-postgres.ts; the shared server is never touched): the real app (buildApp, in this
 * process), a real API process (src/server.ts) and a real worker process (apps/worker) run
 * against it while four clients loop on list + create through both APIs. Then (a)
 * `pg_ctl restart -m fast` and (b) pg_terminate_backend on every connection of the database.
 * Asserts: no process exits and no request fails at the socket; during the outage the answers
 * are 503 `{detail, code}` with Retry-After, never 500; each API answers 200 again within 5 s of
 * the database being back; every create acknowledged with 201 exists exactly once and no row is
 * duplicated. A GPS device (the real Wialon receiver of apps/tracker, in this process, on the same
 * database) sends positions through both outages as a tracker does: a position the receiver could
 * not store gets no answer and its connection is closed, so the device logs in again (answered from
 * the device directory, no query) and sends it again; every position answered #ASD#1 is stored
 * exactly once and the device is answered again once the database is back. Also /healthz and
 * /readyz before and during an outage.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, createPrisma, migrate } from '@tko/db';
import type { PrismaClient } from '@tko/db';
import { nullPublisher } from '@tko/realtime';
import { setTrackerPassword, WialonClient } from '../../tracker/src/simulator';
import { startTracker } from '../../tracker/src/tracker';
import type { Tracker } from '../../tracker/src/tracker';
import { loginPacket, shortDataPacket } from '../../tracker/src/wialon/index';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { TokenService } from '../src/modules/auth/tokens';
import { ALL_PERMISSIONS, createUser, siteBody } from './helpers';
import { freePort, startThrowawayPostgres } from './throwaway-postgres';
import type { ThrowawayPostgres } from './throwaway-postgres';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB = 'tko_fault';
const LIST = '/api/waste-area/container/?page_size=5';
const CREATE = '/api/waste-area/container/';
const RUN = Math.random().toString(36).slice(2, 8);

interface Answer { api: string; kind: 'list' | 'create'; status: number; retryAfter: string | null; body: unknown; marker?: string; at: number }

let pgServer: ThrowawayPostgres | undefined;
let pool: Pool | undefined;
let prisma: PrismaClient | undefined;
let app: FastifyInstance | undefined;
let tracker: Tracker | undefined;
let trackerPool: Pool | undefined;
let vehicleId = 0;
const DEVICE = { imei: '864000000000001', password: 'Fault-Dev1ce' };
const children: { name: string; child: ChildProcess; output: string }[] = [];
let token = '';
const apis: string[] = [];

function spawnProcess(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const entry = { name, child, output: '' };
  child.stdout!.on('data', (d: Buffer) => (entry.output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (entry.output += d.toString()));
  children.push(entry);
  return child;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const get = (base: string, url: string) => fetch(base + url, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(15000) });

beforeAll(async () => {
  pgServer = await startThrowawayPostgres();
  await pgServer.createDatabase(DB);
  const url = pgServer.url(DB);
  await migrate(url); // also creates the postgis and pg_trgm extensions (first migration)
  pool = createPool(url, { max: 5, onError: () => undefined });
  prisma = createPrisma(url, () => undefined);
  const config = loadConfig({ DATABASE_URL: url, NODE_ENV: 'test', JWT_SECRET: 'test-secret', REDIS_URL } as NodeJS.ProcessEnv, { webDist: '/nonexistent' });
  app = await buildApp({ config, pool, prisma, queues: null, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  apis.push(`http://127.0.0.1:${port}`);
  const admin = await createUser(pool, 'admin@fault.local', ALL_PERMISSIONS);
  token = new TokenService(config.jwtSecret, config.accessTokenLifetime, config.refreshTokenLifetime).access(admin);

  // The receiver keeps a pool of its own, as its process does (apps/tracker/src/main.ts).
  trackerPool = createPool(url, { max: 3, onError: () => undefined });
  vehicleId = (await pool.query<{ id: number }>(`INSERT INTO vehicle (license_plate, external_identifier) VALUES ('Т001ТТ38', $1) RETURNING id`, [DEVICE.imei])).rows[0]!.id;
  await setTrackerPassword(pool, vehicleId, DEVICE.password);
  tracker = await startTracker({ pool: trackerPool, publisher: nullPublisher, port: 0, host: '127.0.0.1', devices: { refreshMs: 3600_000 } });

  const apiPort = await freePort();
  const common = { DATABASE_URL: url, REDIS_URL, QUEUE_PREFIX: `tko-test-fault-${RUN}`, JWT_SECRET: 'test-secret', NODE_ENV: 'test', LOG_LEVEL: 'fatal' };
  spawnProcess('api', 'apps/api/src/server.ts', { ...common, HOST: '127.0.0.1', PORT: String(apiPort), API_WORKERS: '1', WEB_DIST: '/nonexistent' });
  // The scheduled clean-up every second keeps the worker's pool busy through the outage.
  spawnProcess('worker', 'apps/worker/src/main.ts', { ...common, EXPORT_DIR: path.join('/tmp', `tko-fault-${RUN}`), NOTIFICATION_CLEANUP_EVERY_MS: '1000', EXPORT_CLEANUP_EVERY_MS: '1000' });
  apis.push(`http://127.0.0.1:${apiPort}`);
  await waitFor('the API process', async () => (await fetch(`${apis[1]}/readyz`)).status === 200, 180_000);
}, 240_000);

afterAll(async () => {
  if (process.env.TEST_LOG) for (const { name, output } of children) console.log(`--- ${name}\n${output}`);
  try {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    await tracker?.close();
    await trackerPool?.end().catch(() => undefined);
    await app?.close();
    await prisma?.$disconnect().catch(() => undefined);
    await pool?.end().catch(() => undefined);
  } finally {
    await pgServer?.stop();
  }
}, 60_000);

describe('PostgreSQL restarts and terminated connections', () => {
  it('/healthz and /readyz answer 200 while the database is up', async () => {
    for (const base of apis) {
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', postgres: 'ok', redis: 'ok' });
    }
  });

  it('answers 503 with Retry-After during the outage, recovers within 5 s, loses and duplicates no acknowledged write, no process exits', async () => {
    const answers: Answer[] = [];
    const socketErrors: string[] = [];
    let running = true;
    let seq = 0;
    const started = Date.now();
    const loop = async (client: number) => {
      while (running) {
        const base = apis[(client + seq) % apis.length]!;
        try {
          const list = await get(base, LIST);
          answers.push({ api: base, kind: 'list', status: list.status, retryAfter: list.headers.get('retry-after'), body: await list.json(), at: Date.now() - started });
          const marker = `Сбой ${RUN} ${++seq}`;
          const res = await fetch(base + CREATE, {
            method: 'POST', headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(siteBody({ location: marker })), signal: AbortSignal.timeout(15000),
          });
          answers.push({ api: base, kind: 'create', status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json(), marker, at: Date.now() - started });
        } catch (e) {
          socketErrors.push(`${base}: ${(e as Error).message}`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    };
    // The device: one position every 50 ms; one the receiver did not acknowledge is sent again on a
    // new connection (a tracker's black box), so each acknowledged time must be stored once.
    const device = { acknowledged: [] as number[], closed: 0, refusedLogins: 0, other: [] as string[], answers: [] as { ok: boolean; at: number }[] };
    const deviceLoop = async () => {
      let t0 = Date.now() - 3600_000; // an hour ago: inside the window, distinct times
      let pending: number | null = null;
      while (running) {
        let c: WialonClient | null = null;
        try {
          c = await WialonClient.connect(tracker!.port);
          const login = await c.send(loginPacket(DEVICE.imei, DEVICE.password));
          if (login !== '#AL#1') { device.refusedLogins++; await new Promise((r) => setTimeout(r, 100)); continue; }
          while (running) {
            const time: number = pending ?? (t0 += 1000);
            pending = time;
            const answer = await c.send(shortDataPacket({ time: new Date(time), lat: 52.54, lng: 103.88, speed: 10, course: 0 }));
            if (answer === '<closed>') { device.closed++; device.answers.push({ ok: false, at: Date.now() - started }); break; }
            if (answer !== '#ASD#1') { device.other.push(answer); break; }
            device.acknowledged.push(time);
            device.answers.push({ ok: true, at: Date.now() - started });
            pending = null;
            await new Promise((r) => setTimeout(r, 50));
          }
        } catch {
          device.closed++;
          await new Promise((r) => setTimeout(r, 100));
        } finally {
          c?.close();
        }
      }
    };
    const loops = [0, 1, 2, 3].map(loop);
    const deviceDone = deviceLoop();
    const recovery: number[] = [];
    const allAnswer = async () => {
      for (const base of apis) recovery.push(await waitFor(`${base} after the outage`, async () => (await get(base, LIST)).status === 200, 10000));
    };
    try {
      await new Promise((r) => setTimeout(r, 1500));
      // (a) a fast restart: every backend is terminated, the server refuses connections meanwhile.
      const beforeRestart = answers.length;
      await pgServer!.restart();
      await allAnswer();
      await new Promise((r) => setTimeout(r, 1000));
      expect(answers.length).toBeGreaterThan(beforeRestart);
      // (b) the app's connections terminated under it.
      const killed = await pgServer!.terminateBackends(DB);
      expect(killed).toBeGreaterThan(0);
      await allAnswer();
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      running = false;
      await Promise.all(loops);
      await deviceDone;
    }

    expect(socketErrors).toEqual([]);
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const unexpected = answers.filter((a) => ![200, 201, 503].includes(a.status));
    expect(unexpected.map((a) => `${a.kind} ${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length, `statuses ${JSON.stringify([...statuses])}`).toBeGreaterThan(0); // the outage was seen
    for (const a of unavailable) {
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
      expect(a.body).toEqual({ detail: expect.stringMatching(/База данных временно недоступна/), code: 'database_unavailable' });
    }
    for (const ms of recovery) expect(ms).toBeLessThanOrEqual(5000);

    const acknowledged = answers.filter((a) => a.kind === 'create' && a.status === 201).map((a) => a.marker!);
    expect(acknowledged.length).toBeGreaterThan(0);
    const { rows } = await pool!.query<{ location: string; n: number }>(
      'SELECT location, count(*)::int AS n FROM waste_area WHERE location LIKE $1 GROUP BY location', [`Сбой ${RUN} %`]);
    const stored = new Map(rows.map((r) => [r.location, r.n]));
    expect(rows.filter((r) => r.n !== 1)).toEqual([]); // none duplicated
    expect(acknowledged.filter((m) => stored.get(m) !== 1)).toEqual([]); // none lost

    for (const { name, child, output } of children) expect(child.exitCode, `${name} exited:\n${output.slice(-2000)}`).toBeNull();

    // The device: its logins were never refused (the directory answers without the database), it
    // was answered again after the outages, and every acknowledged position is stored exactly once.
    // (Whether an outage caught one of its statements in flight is chance; the paused database
    // of the next test makes that certain.)
    expect(device.refusedLogins).toBe(0);
    expect(device.other, 'answers other than #ASD#1 or a closed connection').toEqual([]);
    expect(device.answers.at(-1)?.ok, 'answered again after the outage').toBe(true);
    const positions = await pool!.query<{ t: string; n: number }>(
      `SELECT (extract(epoch FROM time) * 1000)::bigint::text AS t, count(*)::int AS n FROM vehicle_position WHERE vehicle_id = $1 GROUP BY time`, [vehicleId]);
    const kept = new Map(positions.rows.map((r) => [Number(r.t), r.n]));
    expect(positions.rows.filter((r) => r.n !== 1)).toEqual([]);
    expect(device.acknowledged.filter((time) => kept.get(time) !== 1)).toEqual([]);
    console.info(`database-restart: device acknowledged ${device.acknowledged.length} positions, ${device.closed} connections closed unanswered; stored ${positions.rows.length}`);
  }, 90_000);

  it('/readyz names PostgreSQL while it is down (503, Retry-After); /healthz stays 200; 503 on a list; a device\'s position is not answered, then taken once', async () => {
    const fix = { time: new Date(Date.now() - 7200_000), lat: 52.55, lng: 103.89, speed: 0, course: 0 };
    await pgServer!.pause();
    try {
      for (const base of apis) {
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
        const ready = await fetch(`${base}/readyz`);
        expect(ready.status).toBe(503);
        expect(Number(ready.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await ready.json()).toEqual({ detail: 'Сервис не готов: нет связи с PostgreSQL.', code: 'not_ready', postgres: 'unreachable', redis: 'ok' });
        const list = await get(base, LIST);
        expect(list.status).toBe(503);
        expect(list.headers.get('retry-after')).toBe('5');
      }
      // A device logs in (the directory, no query) and sends: the receiver cannot store the position,
      // so it does not answer and closes the connection — the device keeps it to send again.
      const c = await WialonClient.connect(tracker!.port);
      expect(await c.send(loginPacket(DEVICE.imei, DEVICE.password))).toBe('#AL#1');
      expect(await c.send(shortDataPacket(fix))).toBe('<closed>');
    } finally {
      await pgServer!.resume();
    }
    for (const base of apis) await waitFor(`${base}/readyz after the restart`, async () => (await fetch(`${base}/readyz`)).status === 200, 5000);
    // Sent again after the database is back, it is taken and stored once.
    await waitFor('the device answered again', async () => {
      const c = await WialonClient.connect(tracker!.port);
      try {
        return (await c.send(loginPacket(DEVICE.imei, DEVICE.password))) === '#AL#1' && (await c.send(shortDataPacket(fix))) === '#ASD#1';
      } finally {
        c.close();
      }
    }, 10_000);
    const { rows } = await pool!.query<{ n: number }>('SELECT count(*)::int AS n FROM vehicle_position WHERE vehicle_id = $1 AND time = $2', [vehicleId, fix.time]);
    expect(rows[0]!.n).toBe(1);
    for (const { name, child, output } of children) expect(child.exitCode, `${name} exited:\n${output.slice(-2000)}`).toBeNull();
  }, 60_000);
});
