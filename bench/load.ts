/**
 * Throughput of the container list under concurrent load (issue 8 §8): the real API process
 * (`apps/api/src/server.ts`, node:cluster) on `tko_bench`, started once with 1 API process and
 * once with N, each hit by autocannon with 50 keep-alive connections on
 * `GET /api/waste-area/container/` (the first page, as the web list asks it) for the given time
 * after a warm-up. Reports req/s (2xx answers per second), latency p50/p95/p99 (nearest rank
 * over every answer's time, from autocannon's 'response' events), non-2xx answers and the load
 * average before/after, and the CPU each answer cost (the API processes, the database's backends, the
 * load generator: /proc) with the req/s two idle cores would give at that cost — the machine is
 * shared, so wall-clock req/s alone says little. Goal: ≥ 2 × 164 req/s with p95 ≤ 150 ms.
 *
 *   DATABASE_URL=<admin url> node --import tsx load.ts [--seconds=60] [--warmup=5]
 *     [--connections=50] [--processes=1,2] [--path=/api/waste-area/container/] [--database=tko_bench]
 *
 * Needs `tko_bench` seeded (`pnpm --filter @tko/bench seed`) and REDIS_URL (as start.sh gives).
 * `--database` names another database on the same server (e.g. a `CREATE DATABASE tko_load
 * TEMPLATE tko_bench` copy); the working tree's migrations are applied to it first, so the API
 * process finds the schema it expects. Writes bench/out/load.json.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createPool, ensureAdmin, migrate } from '@tko/db';
import { databaseUrl } from '@tko/db/testing';
import { TokenService } from '@tko/api/src/modules/auth/tokens';
import { adminUrl, BENCH_DB } from './src/env';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const arg = (name: string, dflt: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const SECONDS = Number(arg('seconds', '60'));
const WARMUP = Number(arg('warmup', '5'));
const CONNECTIONS = Number(arg('connections', '50'));
const PROCESSES = arg('processes', '1,2').split(',').map(Number);
const PATH = arg('path', '/api/waste-area/container/');
const SECRET = 'bench-load-secret';
const DB_URL = databaseUrl(adminUrl(), arg('database', BENCH_DB));

interface LoadResult {
  processes: number; seconds: number; requests: number; ok: number; non2xx: number; errors: number; rps: number; p50: number; p95: number; p99: number;
  load_before: number[]; load_after: number[];
  /** CPU ms per answered request: the API processes, this database's PostgreSQL backends, the load generator. */
  cpu_ms_per_request: { api: number; postgres: number; generator: number };
  /** Req/s two idle cores could give at these CPU costs: 2000 / (sum), and for 1 API process also ≤ 1000 / api. */
  capacity_on_2_idle_cores: number;
}

/** CPU time (ms, user + system) of the live processes `match` accepts, from /proc (Linux, 100 Hz ticks). */
function cpuMs(match: (pid: number, stat: string[], cmdline: string) => boolean): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const stat = raw.slice(raw.lastIndexOf(')') + 2).split(' '); // fields from 3 (state) on
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (match(pid, stat, cmdline)) ticks += Number(stat[11]) + Number(stat[12]); // utime, stime
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks * 10;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address() as { port: number }; srv.close(() => resolve(port)); });
  });
}

const nearestRank = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function startApi(processes: number, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: DB_URL, JWT_SECRET: SECRET, ACCESS_TOKEN_LIFETIME: '3600', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), API_WORKERS: String(processes), WEB_DIST: '/nonexistent' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    // Ready when every process answers: a few probes in a row on fresh connections.
    const oks = await Promise.all(Array.from({ length: processes * 2 }, () => fetch(`${origin}/readyz`).then((r) => r.ok, () => false)));
    if (oks.every(Boolean)) return child;
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API did not become ready in 150 s');
}

async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM'); // its process group: the primary and its workers
  await done;
}

async function hit(origin: string, token: string, seconds: number): Promise<{ times: number[]; ok: number; non2xx: number; errors: number; requests: number }> {
  const times: number[] = [];
  let ok = 0;
  let non2xx = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: origin + PATH, connections: CONNECTIONS, duration: seconds, headers: { authorization: `Bearer ${token}` } }, (err, res) => (err ? reject(err as Error) : resolve(res)));
    instance.on('response', (_client, status, _bytes, ms) => {
      times.push(ms);
      if (status >= 200 && status < 300) ok++;
      else non2xx++;
    });
  });
  return { times, ok, non2xx, errors: result.errors + result.timeouts, requests: result.requests.total };
}

async function main(): Promise<void> {
  await migrate(DB_URL);
  const pool = createPool(DB_URL, { max: 1 });
  const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM waste_area WHERE kind = 'CONTAINER'`);
  const admin = await ensureAdmin(pool, { email: 'bench-admin@bench.local', password: 'bench-password-1', first_name: 'Бенч', last_name: 'Админ' });
  await pool.end();
  const token = new TokenService(SECRET, 3600, 86400).access(admin.userId);
  console.log(`${new URL(DB_URL).pathname.slice(1)}: ${rows[0]!.n} container sites; ${CONNECTIONS} connections on ${PATH}, ${WARMUP} s warm-up + ${SECONDS} s per run`);
  const results: LoadResult[] = [];
  for (const processes of PROCESSES) {
    const port = await freePort();
    const child = await startApi(processes, port);
    try {
      const origin = `http://127.0.0.1:${port}`;
      await hit(origin, token, WARMUP);
      const dbName = new URL(DB_URL).pathname.slice(1);
      const apiCpu = () => cpuMs((_pid, stat) => Number(stat[2]) === child.pid); // process group of the API
      const pgCpu = () => cpuMs((_pid, _stat, cmd) => cmd.startsWith('postgres: ') && cmd.includes(` ${dbName} `));
      const load_before = loadavg().map((x) => Math.round(x * 100) / 100);
      const [api0, pg0, gen0] = [apiCpu(), pgCpu(), process.cpuUsage()];
      const r = await hit(origin, token, SECONDS);
      const gen = process.cpuUsage(gen0);
      const [api1, pg1] = [apiCpu(), pgCpu()];
      const load_after = loadavg().map((x) => Math.round(x * 100) / 100);
      const per = (ms: number) => Math.round((ms / Math.max(1, r.ok)) * 100) / 100;
      const cpu = { api: per(api1 - api0), postgres: per(pg1 - pg0), generator: per((gen.user + gen.system) / 1000) };
      const sum = cpu.api + cpu.postgres + cpu.generator;
      const capacity = Math.round(Math.min(2000 / sum, processes === 1 ? 1000 / cpu.api : Infinity));
      const sorted = r.times.sort((a, b) => a - b);
      const res: LoadResult = { processes, seconds: SECONDS, requests: r.requests, ok: r.ok, non2xx: r.non2xx, errors: r.errors, rps: Math.round((r.ok / SECONDS) * 10) / 10, p50: Math.round(nearestRank(sorted, 50)), p95: Math.round(nearestRank(sorted, 95)), p99: Math.round(nearestRank(sorted, 99)), load_before, load_after, cpu_ms_per_request: cpu, capacity_on_2_idle_cores: capacity };
      results.push(res);
      console.log(`${processes} process(es): ${res.rps} req/s, p50 ${res.p50} ms, p95 ${res.p95} ms, p99 ${res.p99} ms, non-2xx ${res.non2xx}, errors ${res.errors}, load ${load_before.join(' ')} → ${load_after.join(' ')}; CPU ms/request api ${cpu.api}, postgres ${cpu.postgres}, generator ${cpu.generator} → capacity on 2 idle cores ≈ ${capacity} req/s`);
    } finally {
      await stopApi(child);
    }
  }
  mkdirSync(path.join(here, 'out'), { recursive: true });
  writeFileSync(path.join(here, 'out/load.json'), JSON.stringify({ at: new Date().toISOString(), path: PATH, connections: CONNECTIONS, results }, null, 2));
}

await main();
