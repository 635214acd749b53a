/**
 * The compiled build (issue 22 §9, scripts/build-server.ts): `pnpm build:server` (skipped when up
 * to date) bundles the API, the worker and the tracker into dist/, and the processes production
 * runs start from there with plain `node` — no tsx:
 * - the API answers /healthz and /readyz, signs a user in (argon2's native addon, Prisma's
 *   generated client and its wasm compiler, jsonwebtoken), lists a registry with the token and
 *   reads an upload in its inspection thread (dist/import-inspect.js);
 * - the worker starts its consumers (its own queue prefix, so it takes no other test's jobs);
 * - the tracker answers a Wialon ping on its port.
 * This is the test that keeps the build from rotting: a package that cannot be bundled or a file
 * that is not found from dist/ fails it.
 */
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@tko/db/testing';
import type { TestDatabase } from '@tko/db/testing';
import { createUser, PASSWORD } from './helpers';
import { freePort } from './throwaway-postgres';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let db: TestDatabase;
const children: ChildProcess[] = [];
let output = '';

function startCompiled(file: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [file], { cwd: repoRoot, env: { ...process.env, NODE_OPTIONS: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  children.push(child);
  return child;
}

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const start = Date.now();
  while (!(await Promise.resolve().then(check).catch(() => false))) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: repoRoot, stdio: 'pipe', timeout: 240_000 });
  db = await createTestDatabase();
}, 300_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await db?.drop();
});

describe('compiled server processes', () => {
  it('the API from apps/api/dist answers /healthz, signs in and lists with the token', async () => {
    await createUser(db.pool, 'compiled@test.local', ['container:view', 'import:view', 'import:add']);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    startCompiled('apps/api/dist/server.js', {
      DATABASE_URL: db.url, REDIS_URL, JWT_SECRET: 'test-secret', NODE_ENV: 'test', API_WORKERS: '1', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', QUEUE_PREFIX: `compiled-${process.pid}`,
    });
    await waitFor('/healthz 200', async () => (await fetch(`${origin}/healthz`)).status === 200, 60_000);
    expect((await fetch(`${origin}/readyz`)).status, output).toBe(200);
    const signIn = await fetch(`${origin}/api/auth/token/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'compiled@test.local', password: PASSWORD }) });
    expect(signIn.status, output).toBe(200);
    const { access } = (await signIn.json()) as { access: string };
    const list = await fetch(`${origin}/api/waste-area/container/`, { headers: { Authorization: `Bearer ${access}` } });
    expect(list.status, output).toBe(200);
    expect(await list.json()).toMatchObject({ count: 0, results: [] });
    // An upload is read in the inspection thread, the bundle's dist/import-inspect.js.
    const form = new FormData();
    form.append('file', new Blob(['Адрес;Широта;Долгота\r\nАнгарск, 1;52.5;103.8\r\n']), 'compiled.csv');
    const upload = await fetch(`${origin}/api/import/files/upload/`, { method: 'POST', headers: { Authorization: `Bearer ${access}` }, body: form });
    expect(upload.status, output).toBe(201);
    expect(await upload.json()).toMatchObject({ row_count: 1, columns: ['Адрес', 'Широта', 'Долгота'] });
    expect(output).not.toMatch(/tsx/);
  }, 120_000);

  it('the worker from apps/worker/dist starts its consumers', async () => {
    startCompiled('apps/worker/dist/main.js', { DATABASE_URL: db.url, REDIS_URL, QUEUE_PREFIX: `compiled-${process.pid}`, EXPORT_DIR: '/tmp', IMPORT_DIR: '/tmp' });
    await waitFor('the worker started', () => /^worker: queues? "/m.test(output), 60_000);
  }, 90_000);

  it('the tracker from apps/tracker/dist answers a Wialon ping', async () => {
    const port = await freePort();
    startCompiled('apps/tracker/dist/main.js', { DATABASE_URL: db.url, TRACKER_PORT: String(port), TRACKER_HOST: '127.0.0.1' });
    await waitFor('the tracker listening', () => output.includes(`receiver on port ${port}`), 60_000);
    const answer = await new Promise<string>((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => s.write('#P#\r\n'));
      let got = '';
      s.on('data', (d) => {
        got += d.toString();
        if (got.includes('\r\n')) { s.destroy(); resolve(got); }
      });
      s.on('error', reject);
      s.setTimeout(10_000, () => { s.destroy(); reject(new Error('no answer in 10 s')); });
    });
    expect(answer).toBe('#AP#\r\n');
  }, 90_000);
});
