/**
 * Surviving the database (issue 8 §1), on a throw-away PostgreSQL cluster of this file
 * (throwaway-postgres.ts; the shared server is never touched): the real app (buildApp, in this
 * process), a real API process (src/server.ts) and a real worker process (apps/worker) run
 * against it while four clients loop on list + create through both APIs. Then (a)
 * `pg_ctl restart -m fast` and (b) pg_terminate_backend on every connection of the database.
 * Asserts: no process exits and no request fails at the socket; during the outage the answers
 * are 503 `{detail, code}` with Retry-After, never 500; each API answers 200 again within 5 s of
 * the database being back; every create acknowledged with 201 exists exactly once and no row is
 * duplicated. Also /healthz and /readyz before and during an outage.
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

  const apiPort = await freePort();
  const common = { DATABASE_URL: url, REDIS_URL, QUEUE_PREFIX: `tko-test-fault-${RUN}`, JWT_SECRET: 'test-secret', NODE_ENV: 'test', LOG_LEVEL: 'fatal' };
  spawnProcess('api', 'apps/api/src/server.ts', { ...common, HOST: '127.0.0.1', PORT: String(apiPort), API_WORKERS: '1', WEB_DIST: '/nonexistent' });
  // The scheduled clean-up every second keeps the worker's pool busy through the outage.
  spawnProcess('worker', 'apps/worker/src/main.ts', { ...common, EXPORT_DIR: path.join('/tmp', `tko-fault-${RUN}`), NOTIFICATION_CLEANUP_EVERY_MS: '1000', EXPORT_CLEANUP_EVERY_MS: '1000' });
  apis.push(`http://127.0.0.1:${apiPort}`);
  await waitFor('the API process', async () => (await fetch(`${apis[1]}/readyz`)).status === 200, 60000);
}, 120_000);

afterAll(async () => {
  if (process.env.TEST_LOG) for (const { name, output } of children) console.log(`--- ${name}\n${output}`);
  try {
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
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
    const loops = [0, 1, 2, 3].map(loop);
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
  }, 90_000);

  it('/readyz names PostgreSQL while it is down (503, Retry-After); /healthz stays 200; 503 on a list', async () => {
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
    } finally {
      await pgServer!.resume();
    }
    for (const base of apis) await waitFor(`${base}/readyz after the restart`, async () => (await fetch(`${base}/readyz`)).status === 200, 5000);
    for (const { name, child, output } of children) expect(child.exitCode, `${name} exited:\n${output.slice(-2000)}`).toBeNull();
  }, 60_000);
});
