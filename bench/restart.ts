/**
 * Restart time of one API process (issue 22 §9): process start → first `/healthz` 200, the
 * compiled bundle (`node --enable-source-maps apps/api/dist/server.js`, what `pnpm --filter
 * @tko/api start` runs) against the sources through tsx (`node --import tsx apps/api/src/server.ts`,
 * what production ran before), alternated run by run so both see the same machine load.
 *
 * `node --import tsx restart.ts [--runs=5] [--only=compiled|tsx]`. DATABASE_URL (admin URL: a throwaway database is
 * created, migrated and dropped) and REDIS_URL are read from the environment. The
 * build is made first (`pnpm build:server`, skipped when up to date). Prints one line per start,
 * the medians and their ratio, the load average before and after, and writes `out/restart.json`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from '@tko/db';
import { createDatabase, databaseUrl, dropDatabase } from '@tko/db/testing';
import { adminUrl } from './src/env';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 5);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** CPU seconds (user + system) the process `pid` has used so far (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Milliseconds from spawn to the first /healthz 200 (polled every 20 ms) and the CPU seconds the
 * process used until then (the wall time on a loaded machine is mostly waiting for a core); the
 * process is then stopped.
 */
async function timeStart(args: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: repoRoot, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${stderr.slice(-2000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status === 200, () => false);
      if (ok) return { ms: performance.now() - started, cpu: cpuSeconds(child.pid!) };
      if (performance.now() - started > 180_000) throw new Error(`no /healthz in 180 s: ${stderr.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-server.ts'], { cwd: repoRoot, stdio: 'inherit' });
const admin = adminUrl();
const dbName = `tko_bench_restart_${process.pid}`;
await createDatabase(admin, dbName);
await migrate(databaseUrl(admin, dbName));
const env: NodeJS.ProcessEnv = {
  ...process.env, NODE_OPTIONS: '', DATABASE_URL: databaseUrl(admin, dbName), JWT_SECRET: 'bench-secret', NODE_ENV: 'production', API_WORKERS: '1', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', QUEUE_PREFIX: `bench-restart-${process.pid}`,
};
const variants = {
  compiled: ['--enable-source-maps', 'apps/api/dist/server.js'], // the compile cache warm after the first run
  tsx: ['--import', 'tsx', 'apps/api/src/server.ts'],
} as const;
const times: Record<keyof typeof variants, number[]> = { compiled: [], tsx: [] };
const cpu: Record<keyof typeof variants, number[]> = { compiled: [], tsx: [] };
const loadBefore = loadavg()[0]!;
try {
  for (let i = 0; i < runs; i++) {
    for (const name of Object.keys(variants) as (keyof typeof variants)[]) {
      if (only && only !== name) continue;
      const r = await timeStart([...variants[name]], env);
      times[name].push(r.ms);
      cpu[name].push(r.cpu);
      console.log(`run ${i + 1} ${name}: ${(r.ms / 1000).toFixed(2)} s, ${r.cpu.toFixed(2)} CPU s (load ${loadavg()[0]!.toFixed(1)})`);
    }
  }
} finally {
  await dropDatabase(admin, dbName);
}
const result = {
  date: new Date().toISOString(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? '?'}, Node ${process.version}`,
  load: [loadBefore, loadavg()[0]!],
  runs,
  compiled_ms: times.compiled.map(Math.round),
  tsx_ms: times.tsx.map(Math.round),
  median_compiled_ms: Math.round(median(times.compiled)),
  median_tsx_ms: Math.round(median(times.tsx)),
  ratio: +(median(times.tsx) / median(times.compiled)).toFixed(1),
  compiled_cpu_s: cpu.compiled,
  tsx_cpu_s: cpu.tsx,
  median_compiled_cpu_s: median(cpu.compiled),
  median_tsx_cpu_s: median(cpu.tsx),
  cpu_ratio: +(median(cpu.tsx) / median(cpu.compiled)).toFixed(1),
};
console.log(JSON.stringify(result, null, 1));
mkdirSync(path.join(here, 'out'), { recursive: true });
writeFileSync(path.join(here, 'out', 'restart.json'), JSON.stringify(result, null, 1));
