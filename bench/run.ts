/**
 * `pnpm --filter @tko/bench bench` (needs DATABASE_URL, an admin URL): seeds `tko_bench`
 * when it is missing or not 100 000 sites (or with --reseed), starts the real API in-process
 * and measures, in one run: the container-site list (5 cases, API vs the same SQL), vector
 * tiles z10–z14 (API vs raw TILE_SQL) and the xlsx export of all sites (child process);
 * `--only=sources` measures the waste-source list at 300 000 rows (seeded on first use).
 * Prints Markdown tables and writes bench/out/results.{json,md}.
 * Options: --only=list,tiles,xlsx,sources  --list-n=300  --tile-n=200  --sources-n=100  --reseed, and the what-if
 * switches of src/what-if.ts (their results go to bench/out/results-whatif.{json,md}).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { migrate } from '@tko/db';
import { BENCH_DB, TOTAL_SITES, adminUrl, benchUrl } from './src/env';
import { startBenchApp } from './src/bench-app';
import { BenchHttp } from './src/http';
import { benchList } from './src/list-bench';
import { describeMachine } from './src/machine';
import { listTable, machineLines, tileTable, xlsxTable } from './src/report';
import { seedBenchDatabase } from './src/seed-db';
import { SOURCE, benchSources } from './src/sources-bench';
import { TOTAL_SOURCES, seedSources, sourcesReady } from './src/sources-seed';
import { benchTiles } from './src/tile-bench';
import { applySqlFile, cacheAuthLookups, describeWhatIf, isWhatIf } from './src/what-if';
import type { WhatIf } from './src/what-if';
import { benchXlsx } from './src/xlsx-bench';

const { values: opts } = parseArgs({
  options: {
    only: { type: 'string', default: 'list,tiles,xlsx' },
    'list-n': { type: 'string', default: '300' },
    'tile-n': { type: 'string', default: '200' },
    'sources-n': { type: 'string', default: '100' },
    reseed: { type: 'boolean', default: false },
    'pg-options': { type: 'string' },
    'cache-auth': { type: 'boolean', default: false },
    'apply-sql': { type: 'string' },
    'child-node-options': { type: 'string' },
  },
});
const only = new Set(opts.only.split(','));
const whatIf: WhatIf = { pgOptions: opts['pg-options'], cacheAuth: opts['cache-auth'], applySql: opts['apply-sql'], childNodeOptions: opts['child-node-options'] };

/** True when tko_bench exists and holds exactly TOTAL_SITES container sites. */
async function benchDbReady(): Promise<boolean> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [BENCH_DB])).rowCount;
  await admin.end();
  if (!exists) return false;
  const c = new pg.Client({ connectionString: benchUrl() });
  await c.connect();
  try {
    const { rows } = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM waste_area WHERE kind = 'CONTAINER'`);
    return rows[0]!.n === TOTAL_SITES;
  } catch {
    return false;
  } finally {
    await c.end();
  }
}

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');

if (opts.reseed || !(await benchDbReady())) {
  console.log(`seeding ${BENCH_DB}…`);
  await seedBenchDatabase();
} else {
  // A database seeded by an earlier checkout gets this tree's newer migrations (the app reads their tables).
  const { applied } = await migrate(benchUrl());
  if (applied.length) console.log(`${BENCH_DB}: applied ${applied.join(', ')}`);
}
if (only.has('sources')) {
  const pool = new pg.Pool({ connectionString: benchUrl(), max: 2 });
  try {
    if (!(await sourcesReady(pool))) {
      console.log(`seeding ${TOTAL_SOURCES} waste sources…`);
      const s = await seedSources(pool);
      console.log(`seeded ${s.sources} waste sources, ${s.links} links in ${s.seconds.toFixed(1)} s`);
    }
  } finally {
    await pool.end();
  }
}
if (whatIf.cacheAuth) cacheAuthLookups();
const app = await startBenchApp(whatIf.pgOptions);
if (whatIf.applySql) await applySqlFile(app.pool, whatIf.applySql);
const http = new BenchHttp(app.origin, app.token);
const sections: string[] = [];
const results: Record<string, unknown> = { date: new Date().toISOString(), args: process.argv.slice(2), whatIf, loadAtStart: load() };
try {
  const machine = await describeMachine(app.pool);
  results.machine = machine;
  sections.push(`## Machine\n\n${machineLines(machine)}\n- load average (1/5/15 min) at start: ${load()}`);
  if (isWhatIf(whatIf)) sections.push(`## WHAT-IF run (not the product as it is)\n\n${describeWhatIf(whatIf).map((l) => `- ${l}`).join('\n')}`);
  /** Runs one section; a failure is reported in its place and the other sections still run. */
  const section = async (name: string, fn: () => Promise<string>) => {
    if (!only.has(name)) return;
    try {
      sections.push(await fn());
    } catch (e) {
      results[`${name}Error`] = String(e);
      sections.push(`## ${name}: FAILED\n\n\`\`\`\n${e instanceof Error ? e.stack ?? e.message : String(e)}\n\`\`\``);
      process.exitCode = 1;
    }
    console.log(sections.at(-1) + '\n');
  };
  await section('list', async () => {
    const n = Number(opts['list-n']);
    const list = await benchList(http, app.pool, n, Math.ceil(n / 10));
    results.list = list;
    return `## List (GET /api/waste-area/container/, ${n} sequential requests per case after ${Math.ceil(n / 10)} warm-up, ms; load after: ${load()})\n\n${listTable(list)}`;
  });
  await section('sources', async () => {
    const n = Number(opts['sources-n']);
    const rows = await benchSources(http, app.pool, n, Math.ceil(n / 10));
    results.sources = rows;
    return `## Waste-source list at ${TOTAL_SOURCES} rows (GET ${SOURCE.path}, ${n} sequential requests per case after ${Math.ceil(n / 10)} warm-up, ms; load after: ${load()})\n\n${listTable(rows)}`;
  });
  await section('tiles', async () => {
    const n = Number(opts['tile-n']);
    const tiles = await benchTiles(http, app.pool, n, Math.ceil(n / 10));
    results.tiles = tiles;
    return `## Tiles over ${tiles.town} (${n} requests per zoom cycling the tiles, ms; load after: ${load()})\n\n${tileTable(tiles.results)}`;
  });
  await section('xlsx', async () => {
    const x = await benchXlsx(whatIf.childNodeOptions?.split(/\s+/).filter(Boolean));
    results.xlsx = x;
    return `## xlsx export of every container site (child process, Node flags \`${x.nodeFlags.join(' ')}\` as the worker; load after: ${load()})\n\n${xlsxTable(x)}`;
  });
} finally {
  await http.close();
  await app.close();
}
const base = isWhatIf(whatIf) ? 'results-whatif' : 'results';
await mkdir(new URL('./out/', import.meta.url), { recursive: true });
await writeFile(new URL(`./out/${base}.json`, import.meta.url), JSON.stringify(results, null, 2));
await writeFile(new URL(`./out/${base}.md`, import.meta.url), sections.join('\n\n') + '\n');
console.log(`written bench/out/${base}.json and bench/out/${base}.md`);
