/**
 * Shared pieces of the browser tests: headless Chromium as this machine runs it, a private copy
 * of the built web app (a rebuild of apps/web/dist during a run cannot pull a chunk from under
 * the page), a screenshot of the page when a step fails (apps/web/test-results/), and the
 * accessibility check `expectAccessible` (axe-core, issue 15 §4).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { buildApp, type AppDeps } from '@tko/api/src/app';
import { loadConfig, type Config } from '@tko/api/src/config';
import { createPrisma } from '@tko/db';
import type { TestDatabase } from '@tko/db/testing';
import { chromium, type Browser, type Page } from 'playwright-core';

const WEB_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The built app the browser tests serve: apps/web/dist, or WEB_DIST (a build of one's own, see docs/TESTING.md). */
export const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(WEB_ROOT, 'dist');
export const RESULTS_DIR = path.join(WEB_ROOT, 'test-results');

/** Flags Chromium needs here: root without a sandbox, no GPU, no traffic to outside hosts. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

/** Headless Chromium from CHROMIUM_PATH (default /usr/bin/chromium). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A page in a fresh context as the staff see the app: Russian locale, 1440 × 900, 30 s timeouts. */
export async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(30_000);
  return context.newPage();
}

/**
 * Copies apps/web/dist to a fresh temporary folder and returns it.
 * Throws with a Russian message when the app is not built (scripts/test.sh builds it first).
 */
export function copyBuiltWeb(prefix: string): string {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`Нет собранного веб-приложения (${WEB_DIST}/index.html): выполните \`pnpm --filter @tko/web build\` перед этим тестом (scripts/test.sh делает это сам).`);
  }
  const copy = mkdtempSync(path.join(tmpdir(), prefix));
  cpSync(WEB_DIST, copy, { recursive: true });
  if (!existsSync(path.join(copy, 'index.html'))) throw new Error(`${WEB_DIST} изменился во время копирования: повторите запуск.`);
  return copy;
}

/** After a failed step: a full-page picture named after the step, in RESULTS_DIR. */
export async function screenshotIfFailed(page: Page | undefined, task: { name: string; result?: { state?: string } }, prefix = 'failed-'): Promise<void> {
  if (task.result?.state !== 'fail' || !page || page.isClosed()) return;
  mkdirSync(RESULTS_DIR, { recursive: true });
  const name = task.name.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 60);
  await page.screenshot({ path: path.join(RESULTS_DIR, `${prefix}${name}.png`), fullPage: true }).catch(() => undefined);
}

/**
 * Signs in through the sign-in page with `?h=<target>` and waits until the app has gone to the
 * target path. Returns the sign-in page's response (its headers: e.g. the CSP).
 */
export async function signIn(page: Page, baseUrl: string, user: { email: string; password: string }, target: string) {
  const res = await page.goto(`${baseUrl}/auth/?h=${encodeURIComponent(target)}`);
  await page.getByLabel('Электронная почта', { exact: true }).fill(user.email);
  await page.getByLabel('Пароль', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await page.waitForURL((u) => u.pathname === target.split(/[?#]/)[0]);
  return res;
}

/**
 * An access token of `user` from the API itself (POST /api/auth/token/), for a test's own set-up calls
 * beside the browser (reading ids, creating rows). Throws with the answer when the sign-in is refused.
 */
export async function apiToken(baseUrl: string, user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/token/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) });
  if (!res.ok) throw new Error(`Вход ${user.email} через API: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access: string }).access;
}

/**
 * Opens `target` (a path with its query) in the app already loaded in `page`, as the app's own links do: a
 * history entry and a popstate event, which react-router reads and renders, without reloading the bundle
 * and the session (a full `page.goto` costs seconds on a loaded machine). The router's leave guard still
 * applies (a dirty form asks first). Wait for the screen's content afterwards, as after a click.
 */
export async function openInApp(page: Page, target: string): Promise<void> {
  await page.evaluate((to) => {
    const w = globalThis as unknown as {
      history: { state: { idx?: number } | null; pushState(s: unknown, t: string, u: string): void };
      dispatchEvent(e: unknown): void;
      PopStateEvent: new (type: string, init: unknown) => unknown;
    };
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (w.history.state?.idx ?? 0) + 1 };
    w.history.pushState(state, '', to);
    w.dispatchEvent(new w.PopStateEvent('popstate', { state }));
  }, target);
}

/** Requests of a page not yet answered, and when that number last changed (kept by {@link watchRequests}). */
const traffic = new WeakMap<Page, { inFlight: number; changedAt: number }>();

/** Counts the page's requests in flight (started, not yet finished or failed), for {@link settled}. */
export function watchRequests(p: Page): void {
  const t = { inFlight: 0, changedAt: Date.now() };
  traffic.set(p, t);
  const change = (d: number) => { t.inFlight += d; t.changedAt = Date.now(); };
  p.on('request', () => change(1));
  p.on('requestfinished', () => change(-1));
  p.on('requestfailed', () => change(-1));
}

/**
 * Resolves once no request of the page (watched by {@link watchRequests}) has been in flight for `quietMs`
 * (a screen's chained requests start within a render of the previous answer), or after `timeoutMs` (a
 * screen still loading is read as it is). Cheaper than Playwright's «networkidle» (500 ms after a full load).
 */
export async function settled(p: Page, quietMs = 250, timeoutMs = 20_000): Promise<void> {
  const t = traffic.get(p);
  if (!t) throw new Error('settled: watchRequests(page) was not called');
  const until = Date.now() + timeoutMs;
  // The navigation's first render has run (and started its requests) by the next animation frame.
  await p.evaluate(() => new Promise((r) => (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame(() => r(null))));
  while (Date.now() < until && (t.inFlight > 0 || Date.now() - t.changedAt < quietMs)) await new Promise((r) => setTimeout(r, 50));
}

/** What a browser test changes in the served app: config overrides (SMTP, directories, Redis), real queues. */
export interface ServeOptions {
  config?: Partial<Config>;
  /** BullMQ queues (a prefix of the test's own); none = job calls answer 503. */
  queues?: AppDeps['queues'];
  imports?: AppDeps['imports'];
}

/**
 * The real API (no queues unless `opts.queues`) on a free 127.0.0.1 port over the test database `db`, serving the copy of the
 * built web app; returns its Prisma client, the app (close it with closeE2e) and its base URL.
 */
export async function serveApp(db: TestDatabase, webCopy: string | undefined, opts: ServeOptions = {}) {
  const config = loadConfig({ DATABASE_URL: db.url, NODE_ENV: 'test', JWT_SECRET: 'e2e-secret' } as NodeJS.ProcessEnv, { webDist: webCopy, ...opts.config });
  const prisma = createPrisma(db.url);
  const logger = process.env.TEST_LOG ? { level: process.env.TEST_LOG === '1' ? 'info' : process.env.TEST_LOG } : false;
  const app = await buildApp({ config, pool: db.pool, prisma, queues: opts.queues ?? null, imports: opts.imports, logger });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { prisma, app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** What a browser test starts and tears down: each may be undefined when beforeAll failed early. */
export interface E2eParts {
  browser?: Browser;
  app?: { close(): Promise<unknown> };
  prisma?: { $disconnect(): Promise<unknown> };
  db?: { drop(): Promise<unknown> };
  webCopy?: string;
}

/** Closes Chromium, the app, Prisma, drops the test database and removes the copy of the built app. */
export async function closeE2e(p: E2eParts): Promise<void> {
  await p.browser?.close();
  await p.app?.close();
  await p.prisma?.$disconnect();
  await p.db?.drop();
  if (p.webCopy) rmSync(p.webCopy, { recursive: true, force: true });
}

/** axe-core's browser build, read once (injected with `page.evaluate`, which the page's CSP does not block). */
let axeSource: string | undefined;
const axeScript = () => (axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** The axe-core rule sets run: WCAG 2.0/2.1 A and AA, best practices and the experimental rules (td-has-header…). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice', 'experimental'];
/** Rules that fail the check whatever their impact (issue 15 §3: an h1, a main landmark, a header text for every column). */
export const AXE_STRICT_RULES = ['page-has-heading-one', 'landmark-one-main', 'empty-table-header'];

/** One axe-core violation as the helper reports it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; html: string; summary: string }[];
}

/**
 * Runs axe-core on the page as it is now (issue 15 §4, rule sets {@link AXE_TAGS}) once its finite
 * animations have ended, and returns every violation (all impacts). `exclude`: CSS selectors left out.
 */
export async function axeViolations(page: Page, opts: { exclude?: string[] } = {}): Promise<AxeViolation[]> {
  // Colours are checked as they end up: wait until the finite CSS transitions and animations (a drawer
  // sliding in, a dropdown fading out) have finished; endless ones (spinners, a live dot) are left alone.
  await page.waitForFunction(
    () => (globalThis as unknown as { document: { getAnimations(): { playState: string; effect: { getTiming(): { iterations?: number } } | null }[] } }).document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
  const loaded = await page.evaluate(() => typeof (globalThis as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeScript());
  return page.evaluate(
    async ({ tags, exclude }) => {
      type Result = { violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; html: string; failureSummary?: string }[] }[] };
      const axe = (globalThis as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<Result> } }).axe;
      const doc = (globalThis as unknown as { document: unknown }).document;
      const context = exclude.length ? { include: [['html']], exclude: exclude.map((s) => [s]) } : doc;
      const r = await axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target.map(String), html: n.html.slice(0, 200), summary: (n.failureSummary ?? '').slice(0, 300) })),
      }));
    },
    { tags: AXE_TAGS, exclude: opts.exclude ?? [] },
  );
}

/** A violation that fails a check: serious or critical, or one of {@link AXE_STRICT_RULES}. */
export const axeFails = (v: AxeViolation): boolean => v.impact === 'serious' || v.impact === 'critical' || AXE_STRICT_RULES.includes(v.id);

/**
 * Runs axe-core on the page as it is now (issue 15 §4) and throws, naming `label`, each failing rule
 * with up to three elements, when any **serious or critical** violation is found (or any of
 * `AXE_STRICT_RULES`). `exclude`: CSS selectors left out (only for what another test owns, with a reason
 * in the caller). Wait for the screen's content before calling it. Usage in a browser test:
 *
 * ```ts
 * await page.getByRole('heading', { level: 1 }).waitFor();
 * await expectAccessible(page, 'список площадок');
 * ```
 */
export async function expectAccessible(page: Page, label: string, opts: { exclude?: string[] } = {}): Promise<void> {
  const violations = await axeViolations(page, opts);
  const failing = violations.filter(axeFails);
  if (failing.length === 0) return;
  const report = failing
    .map((v) => `- ${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 3).map((n) => `    ${n.target.join(' ')} ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`).join('\n')}${v.nodes.length > 3 ? `\n    … ещё ${v.nodes.length - 3}` : ''}`)
    .join('\n');
  throw new Error(`Доступность (${label}): ${failing.length} нарушений axe-core\n${report}`);
}
