/**
 * The API under node:cluster (issue 8 §8): the real `src/server.ts` with API_WORKERS=2 serves
 * one port from two processes; a process killed with SIGKILL is forked again (after the 1 s
 * backoff) while the port keeps answering; SIGTERM to the primary stops every process. Also the
 * pure parts: the restart backoff (1 s doubling to 30 s, reset after a minute up) and how the
 * process count is read.
 */
import { execFileSync, spawn } from 'node:child_process';
import { get } from 'node:http';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { RestartBackoff } from '../src/process/backoff';
import { apiProcessCount } from '../src/process/cluster';
import { freePort } from './throwaway-postgres';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let db: TestDatabase;
let primary: ChildProcess;
let output = '';
let origin = '';

/** Status of GET `path` on a new connection (a kept-alive one may belong to the killed process). */
function status(p: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get(origin + p, { agent: false, timeout: 30_000 }, (res) => { res.resume(); resolve(res.statusCode!); });
    req.on('timeout', () => req.destroy(new Error(`GET ${p}: no answer in 30 s`)));
    req.on('error', reject);
  });
}

/** Pids of the primary's API processes (not tsx's esbuild helper). */
function workers(): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(primary.pid), '-f', 'src/server\\.ts']).toString().trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when there is none
  }
}

/** Whether the primary has logged that process `pid` accepts connections. */
function isListening(pid: number): boolean {
  return new RegExp(`process ${pid} \\(slot \\d\\) listening`).test(output);
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!(await Promise.resolve().then(check).catch(() => false))) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}\n${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  db = await createTestDatabase();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  primary = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: db.url, JWT_SECRET: 'test-secret', NODE_ENV: 'test', API_WORKERS: '2', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'fatal', WEB_DIST: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  primary.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  primary.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  // Both must be listening: a /readyz answer proves only one, and killing the only listener
  // would close the shared port.
  await waitFor('two API processes listening', async () => {
    const pids = workers();
    return pids.length === 2 && pids.every(isListening) && (await status('/readyz')) === 200;
  }, 90_000);
}, 120_000);

afterAll(async () => {
  if (primary?.exitCode === null) primary.kill('SIGKILL');
  for (const pid of primary ? workers() : []) process.kill(pid, 'SIGKILL');
  await db?.drop();
});

describe('API processes under node:cluster', () => {
  it('restarts a killed process while the port keeps answering, and stops them all on SIGTERM', async () => {
    const before = workers();
    expect(before, output.slice(-1500)).toHaveLength(2);
    process.kill(before[0]!, 'SIGKILL');
    // Once the primary has seen the exit (a connection handed to the process in the instant it
    // died is lost with it, as any crash loses its requests), the other process serves meanwhile.
    await waitFor('the primary to see the exit', () => new RegExp(`process ${before[0]} \\(slot \\d\\) exited`).test(output), 10_000);
    for (let i = 0; i < 5; i++) expect(await status('/healthz')).toBe(200);
    await waitFor('a new process in place of the killed one, listening', () => {
      const now = workers();
      return now.length === 2 && !now.includes(before[0]!) && now.includes(before[1]!)
        && now.every(isListening);
    }, 60_000);
    expect(output).toMatch(new RegExp(`process ${before[0]} \\(slot \\d\\) exited \\(SIGKILL\\); restarting in 1 s`));
    await waitFor('the new process answering', async () => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => status('/readyz')));
      return answers.every((s) => s === 200);
    }, 60_000);

    const all = [primary.pid!, ...workers()];
    const exited = new Promise<number | null>((r) => primary.once('exit', (code) => r(code)));
    primary.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running after 20 s'), 20_000))]);
    expect(code, output.slice(-1500)).toBe(0);
    for (const pid of all) expect(() => process.kill(pid, 0)).toThrow(); // none left
  }, 150_000);

  it('backs off 1 s doubling to 30 s, and starts over after a minute up', () => {
    const b = new RestartBackoff();
    expect([0, 0, 0, 0, 0, 0, 0].map(() => b.delayAfter(500))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(b.delayAfter(60_000)).toBe(1000);
    expect(b.delayAfter(100)).toBe(2000);
  });

  it('reads the process count from API_WORKERS, then WEB_CONCURRENCY; 1 under test; refuses nonsense', () => {
    expect(apiProcessCount({ API_WORKERS: '3', WEB_CONCURRENCY: '5' })).toBe(3);
    expect(apiProcessCount({ WEB_CONCURRENCY: '5' })).toBe(5);
    expect(apiProcessCount({ NODE_ENV: 'test' })).toBe(1);
    expect(apiProcessCount({})).toBeGreaterThanOrEqual(1);
    expect(() => apiProcessCount({ API_WORKERS: '0' })).toThrow(/API_WORKERS/);
    expect(() => apiProcessCount({ API_WORKERS: 'two' })).toThrow(/API_WORKERS/);
  });
});
