/**
 * Page speed of the built web app (issue 15 §4): Lighthouse (npm `lighthouse`, desktop preset,
 * simulated throttling) on /auth/, the container-site list and the map, three runs each, median;
 * and the map's cold time to first features (playwright-core, a fresh browser context per run: no
 * cache; from the navigation's start to the first frame where maplibre has drawn a site; median of 5).
 *
 * The app is served as in production: the real API process (`apps/api/src/server.ts`, one process,
 * NODE_ENV=production) on its own database `tko_lighthouse` (migrated, the Angarsk file imported:
 * 1 692 sites) serving a copy of `apps/web/dist` — build it first (`pnpm --filter @tko/web build`). The list
 * and the map are the public (anonymous) pages: the same chunks as signed in, without the token
 * round-trips. Chromium: /usr/bin/chromium (CHROMIUM_PATH) with the flags of docs/TESTING.md.
 * Targets: performance ≥ 90 on the three pages, map first features ≤ 1.5 s.
 *
 *   DATABASE_URL=<admin url> REDIS_URL=redis://127.0.0.1:6379 node --import tsx bench/lighthouse.ts [--runs=3] [--map-runs=5] [--pages=auth,list,map] [--keep-reports] [--reuse-db]
 *
 * WEB_DIST=<dir> measures a build of one's own (`WEB_OUT_DIR=<dir> pnpm --filter @tko/web build`) instead of
 * apps/web/dist. `--pages` limits the pages (auth, list, map); `--keep-reports` also writes each run's full
 * Lighthouse report (bench/out/lighthouse-<page>-<run>.json: the audits behind the score — LCP breakdown,
 * TBT attribution, unused JS); `--reuse-db` keeps an existing `tko_lighthouse` instead of re-importing. Prints a Markdown table (for bench/RESULTS.md) and writes bench/out/lighthouse.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import pg from 'pg';
import { createPool, ensureAdmin, importAngarsk, migrate } from '@tko/db';
import { databaseUrl } from '@tko/db/testing';
import { adminUrl } from './src/env';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DB = 'tko_lighthouse';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];
const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const RUNS = Number(args.runs ?? 3);
const MAP_RUNS = Number(args['map-runs'] ?? 5);
const ALL_PAGES = [
  { key: 'auth', name: '/auth/', path: '/auth/' },
  { key: 'list', name: 'container list', path: '/terr-schema/containers/container/' },
  { key: 'map', name: 'map', path: '/terr-schema/map/' },
];
const PAGES = args.pages ? ALL_PAGES.filter((p) => args.pages!.split(',').includes(p.key)) : ALL_PAGES;
const KEEP_REPORTS = 'keep-reports' in args;
const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(repoRoot, 'apps/web/dist');

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh `tko_lighthouse`: migrated, the Angarsk sites imported, an admin. */
async function prepareDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  if ('reuse-db' in args && (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB])).rowCount) {
    await admin.end();
    console.log(`database ${DB}: reused`);
    return databaseUrl(adminUrl(), DB);
  }
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  await admin.end();
  const url = databaseUrl(adminUrl(), DB);
  await migrate(url);
  const pool = createPool(url, { max: 2 });
  const dataDir = process.env.DATA_DIR ?? path.join(repoRoot, '..', 'shared', 'data');
  const counts = await importAngarsk(pool, path.join(dataDir, 'angarsk', 'angarsk_route_plan_example2.cp1251.csv'));
  await ensureAdmin(pool, { email: 'lh-admin@bench.local', password: 'lh-password-1', first_name: 'Бенч', last_name: 'Админ' });
  await pool.end();
  console.log(`database ${DB}: ${counts.sites.total} sites`);
  return url;
}

async function startApi(url: string, port: number, webDist: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: url, JWT_SECRET: 'lighthouse-bench-secret', NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), API_WORKERS: '1', WEB_DIST: webDist },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (await fetch(`${origin}/readyz`).then((r) => r.ok, () => false)) return child;
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the API did not become ready in 150 s');
}

async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await done;
}

interface LhRun {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  transferred: number;
}

/**
 * One Lighthouse run (a fresh Chromium: cold cache). Scores 0–100, times in ms, bytes; `report`: where to write the full report.
 * A run whose trace Lighthouse could not read (`runtimeError`, e.g. NO_NAVSTART — seen about once in 20 runs on the loaded
 * machine, on every build alike) is repeated, at most twice, instead of entering the median as a 0.
 */
async function lighthouseRun(url: string, report?: string, attempt = 1): Promise<LhRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, desktopConfig);
    if (!result) throw new Error('no Lighthouse result');
    const lhr = result.lhr;
    if (lhr.runtimeError && attempt < 3) {
      console.log(`  Lighthouse failed (${lhr.runtimeError.code}), run again`);
      chrome.kill();
      return await lighthouseRun(url, report, attempt + 1);
    }
    if (report) writeFileSync(report, JSON.stringify(lhr));
    const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      fcp: num('first-contentful-paint'),
      lcp: num('largest-contentful-paint'),
      tbt: num('total-blocking-time'),
      transferred: num('total-byte-weight'),
    };
  } finally {
    chrome.kill();
  }
}

/** Cold map: ms from the navigation's start to the first frame with a rendered site feature. */
async function mapFirstFeatures(origin: string): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS.filter((f) => f !== '--headless=new') });
  const times: number[] = [];
  try {
    for (let i = 0; i < MAP_RUNS; i++) {
      const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1350, height: 940 } });
      const page = await context.newPage();
      await page.goto(`${origin}/terr-schema/map/`, { waitUntil: 'commit' });
      type W = { __map?: { getStyle(): { layers?: { id: string }[] } | undefined; queryRenderedFeatures(o: { layers: string[] }): unknown[] } };
      await page.waitForFunction(() => {
        const map = (globalThis as unknown as W).__map;
        const layers = map?.getStyle()?.layers; // undefined until the style has loaded
        if (!map || !layers) return false;
        const ids = layers.map((l) => l.id).filter((id) => id.startsWith('waste-areas-'));
        return ids.length > 0 && map.queryRenderedFeatures({ layers: ids }).length > 0;
      }, undefined, { polling: 'raf', timeout: 60_000 });
      times.push(await page.evaluate(() => (globalThis as unknown as { performance: { now(): number } }).performance.now()));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`build the web app first: pnpm --filter @tko/web build (no ${WEB_DIST}/index.html)`);
  // A private copy of the build: a rebuild of the build directory during the run cannot break it.
  const webDist = mkdtempSync(path.join(tmpdir(), 'tko-lighthouse-web-'));
  cpSync(WEB_DIST, webDist, { recursive: true });
  mkdirSync(path.join(repoRoot, 'bench/out'), { recursive: true });
  const url = await prepareDatabase();
  const port = await freePort();
  const api = await startApi(url, port, webDist);
  const origin = `http://127.0.0.1:${port}`;
  const load = [loadavg()[0]!];
  const out: Record<string, { runs: LhRun[]; median: LhRun }> = {};
  let mapTimes: number[];
  try {
    // One warm-up request per page: the API process's first answers compile its routes.
    for (const p of PAGES) await fetch(origin + p.path);
    for (const p of PAGES) {
      const runs: LhRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await lighthouseRun(origin + p.path, KEEP_REPORTS ? path.join(repoRoot, `bench/out/lighthouse-${p.key}-${i + 1}.json`) : undefined));
        load.push(loadavg()[0]!);
        console.log(`${p.name} run ${i + 1}: performance ${runs.at(-1)!.performance}, LCP ${Math.round(runs.at(-1)!.lcp)} ms`);
      }
      const m = (k: keyof LhRun) => median(runs.map((r) => r[k]));
      out[p.name] = { runs, median: { performance: m('performance'), accessibility: m('accessibility'), fcp: m('fcp'), lcp: m('lcp'), tbt: m('tbt'), transferred: m('transferred') } };
    }
    mapTimes = PAGES.some((p) => p.key === 'map') && MAP_RUNS > 0 ? await mapFirstFeatures(origin) : [];
    load.push(loadavg()[0]!);
  } finally {
    await stopApi(api);
    rmSync(webDist, { recursive: true, force: true });
  }

  const rows = PAGES.map((p) => {
    const r = out[p.name]!;
    return `| ${p.name} | **${r.median.performance}** (${r.runs.map((x) => x.performance).join(', ')}) | ${r.median.accessibility} | ${(r.median.fcp / 1000).toFixed(2)} / ${(r.median.lcp / 1000).toFixed(2)} s | ${Math.round(r.median.tbt)} ms | ${(r.median.transferred / 1024).toFixed(0)} KiB |`;
  });
  const report = [
    `Lighthouse ${RUNS} runs per page (median), desktop preset; ${cpus().length} CPUs, load average ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`,
    '',
    '| page | performance (runs) | accessibility | FCP / LCP | TBT | transferred |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    mapTimes.length ? `Map, cold cache, navigation → first rendered site: median **${(median(mapTimes) / 1000).toFixed(2)} s** (${mapTimes.map((t) => (t / 1000).toFixed(2)).join(', ')} s)` : '',
  ].join('\n');
  console.log(`\n${report}`);
  writeFileSync(path.join(repoRoot, 'bench/out/lighthouse.json'), JSON.stringify({ at: new Date().toISOString(), load, pages: out, mapTimes }, null, 2));
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
