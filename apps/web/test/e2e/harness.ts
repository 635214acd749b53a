/**
 * Shared pieces of the browser tests: headless Chromium as this machine runs it, a private copy
 * of the built web app (a rebuild of apps/web/dist during a run cannot pull a chunk from under
 * the page), and a screenshot of the page when a step fails (apps/web/test-results/).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const WEB_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const WEB_DIST = path.join(WEB_ROOT, 'dist');
export const RESULTS_DIR = path.join(WEB_ROOT, 'test-results');

/** Flags Chromium needs here: root without a sandbox, no GPU, no traffic to outside hosts. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

/** Headless Chromium from CHROMIUM_PATH (default /usr/bin/chromium). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
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
