/**
 * Dashboard benchmark (issue 12 §2: the whole dashboard ≤ 300 ms p95 with 100 000 sites and
 * 300 000 sources). On tko_bench (seeded as for run.ts if missing; the ОКТМО file of shared/data
 * loaded into administrative_unit when empty, so the site → unit match runs over real names):
 * 1. the worker's refresh (`refreshDashboard`: every widget counted from the registries) — what a
 *    live computation would cost per request, and how stale the summary may be beyond its period;
 * 2. the API: `GET /api/dashboard/all/` + `/all/filters/` (the two calls the page makes) and the
 *    periodicity and temp-table calls, `--n` sequential rounds after `--warmup`, p50/p95.
 * Writes bench/out/dashboard.json and prints a Markdown table for RESULTS.md.
 * Run: `DATABASE_URL=<admin url> pnpm --filter @tko/bench exec tsx dashboard.ts [--n=200] [--warmup=20]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { dataDir, importOktmo, migrate, OKTMO_FILE, refreshDashboard } from '@tko/db';
import { startBenchApp } from './src/bench-app';
import { BENCH_DB, TOTAL_SITES, adminUrl, benchUrl } from './src/env';
import { BenchHttp } from './src/http';
import { describeMachine } from './src/machine';
import { seedBenchDatabase } from './src/seed-db';
import { TOTAL_SOURCES, seedSources, sourcesReady } from './src/sources-seed';
import { summarize, timed } from './src/stats';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const N = arg('n', 200);
const WARMUP = arg('warmup', 20);

async function ready(): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB])).rowCount;
  await admin.end();
  if (!exists) return false;
  const c = new pg.Client({ connectionString: benchUrl() });
  await c.connect();
  try {
    return (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM waste_area WHERE kind = 'CONTAINER'`)).rows[0]!.n === TOTAL_SITES;
  } catch {
    return false;
  } finally {
    await c.end();
  }
}

if (!(await ready())) await seedBenchDatabase();
else await migrate(benchUrl());
const app = await startBenchApp();
const pool = app.pool;
if (!(await sourcesReady(pool))) await seedSources(pool);
if ((await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM administrative_unit')).rows[0]!.n === 0) {
  await importOktmo(pool, path.join(dataDir(), OKTMO_FILE));
}
const sizes = (await pool.query<{ sites: number; sources: number; units: number }>(
  `SELECT (SELECT count(*) FROM waste_area)::int AS sites, (SELECT count(*) FROM waste_source)::int AS sources, (SELECT count(*) FROM administrative_unit)::int AS units`,
)).rows[0]!;
console.log(`tko_bench: ${sizes.sites} sites, ${sizes.sources} sources (target ${TOTAL_SOURCES}), ${sizes.units} ОКТМО units; load ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}`);

const refresh: number[] = [];
for (let i = 0; i < 5; i++) refresh.push((await refreshDashboard(pool)).ms);
const http = new BenchHttp(app.origin, app.token);
const calls: Record<string, string[]> = {
  'whole dashboard (all/ + all/filters/)': ['/api/dashboard/all/', '/api/dashboard/all/filters/'],
  'all/': ['/api/dashboard/all/'],
  'periodicity-export-tko/?kind=CONTAINER': ['/api/dashboard/periodicity-export-tko/?kind=CONTAINER'],
  'temp-table/predicted_values_formation_TKO_weight/?year=2024-2032': ['/api/dashboard/temp-table/predicted_values_formation_TKO_weight/?year=2024-2032'],
  'widgets/sites_by_oktmo/xlsx/': ['/api/dashboard/widgets/sites_by_oktmo/xlsx/'],
};
const results: Record<string, ReturnType<typeof summarize>> = {};
const sizesKiB: Record<string, number> = {};
for (const [name, paths] of Object.entries(calls)) {
  for (let i = 0; i < WARMUP; i++) for (const p of paths) await http.ok(p);
  const samples: number[] = [];
  for (let i = 0; i < N; i++) samples.push(await timed(async () => { let b = 0; for (const p of paths) b += (await http.ok(p)).length; sizesKiB[name] = Math.round(b / 1024); }));
  results[name] = summarize(samples);
}
const machine = await describeMachine(pool);
await http.close();
await app.close();

const r = summarize(refresh);
const f = (n: number) => n.toFixed(1);
const lines = [
  `| measure | n | p50 ms | p95 ms | max ms |`,
  `|---|---|---|---|---|`,
  `| refreshDashboard (worker; = a live computation) | ${r.n} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.max)} |`,
  ...Object.entries(results).map(([k, s]) => `| GET ${k} | ${s.n} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.max)} |`),
];
console.log(lines.join('\n'));
console.log(`answer sizes (KiB): ${JSON.stringify(sizesKiB)}; machine: ${machine.cpu}, ${os.cpus().length} cores`);
mkdirSync(path.join(import.meta.dirname, 'out'), { recursive: true });
writeFileSync(path.join(import.meta.dirname, 'out', 'dashboard.json'), JSON.stringify({ date: new Date().toISOString(), sizes, refresh: r, results, sizesKiB, machine, load: os.loadavg() }, null, 2));
process.exit(0);
