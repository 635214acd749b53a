/**
 * Token refresh in a long session across tabs (docs/ARCHITECTURE.md «Sessions»): the API issues
 * access tokens of ACCESS_LIFETIME s, and two tabs (two pages of one browser context: one
 * localStorage, one IndexedDB) keep opening screens in parallel across several expiries.
 * Refresh tokens are single-use: a token spent twice revokes the session. Checked on the server
 * (table refresh_token): nothing revoked, the rotations are never closer than a token's refresh
 * interval (two tabs or two calls refreshing for one expiry would be milliseconds apart), and on
 * the screen: no sign-in page, no error. Run twice: with Web Locks (https, localhost) and
 * without them, as on a plain-HTTP install where browsers do not offer `navigator.locks`. Then a
 * session ended on the server: the next refresh is refused and the sign-in page says «Сеанс
 * истёк — войдите снова», keeping the page to return to. And a refresh whose answer is lost: the
 * token sent again within the server's grace gets the same successor (refresh-store.ts).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { ADMIN_ROLES_PATH, ADMIN_USERS_PATH, SYSTEM_LOGS_PATH } from '../../src/app/navigation';
import { HOME_PATH } from '../../src/app/session/redirect';
import { closeE2e, copyBuiltWeb, launchChromium, openInApp, serveApp, signIn } from './harness';

/** Seconds an access token lives in this test (the client refreshes a quarter of it before the end). */
const ACCESS_LIFETIME = 3;
/** Rotations each run waits for (the marker that that many expiries went by). */
const EXPIRIES = 3;
const SCREENS = [HOME_PATH, ADMIN_USERS_PATH, ADMIN_ROLES_PATH, SYSTEM_LOGS_PATH];

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let baseUrl: string;
let webCopy: string | undefined;

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-session-');
  db = await createTestDatabase();
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, {
    // Many refreshes a minute here: the sign-in limits (10 a minute per account) would refuse them.
    config: { accessTokenLifetime: ACCESS_LIFETIME, signInRateLimit: { perAccount: 10_000, perAddress: 10_000, windowSeconds: 60 } },
  }));
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

interface Rotation { used: number; revoked: boolean }

/** The refresh tokens of the user's sessions: spent ones (a refresh each) in order, and whether any was revoked. */
async function rotations(email: string): Promise<{ used: number[]; revoked: number }> {
  const { rows } = await db.pool.query<{ used_ms: string | null; revoked: boolean }>(
    `SELECT extract(epoch FROM r.used_at) * 1000 AS used_ms, r.revoked_at IS NOT NULL AS revoked
       FROM refresh_token r JOIN app_user u ON u.id = r.user_id WHERE u.email = $1 ORDER BY r.used_at NULLS LAST`,
    [email],
  );
  const list: Rotation[] = rows.map((r) => ({ used: r.used_ms === null ? NaN : Number(r.used_ms), revoked: r.revoked }));
  return { used: list.filter((r) => !Number.isNaN(r.used)).map((r) => r.used), revoked: list.filter((r) => r.revoked).length };
}

/**
 * Opens screens in every page in parallel until the user's rotations reach `target`; returns the
 * screens opened. Throws at once when the session was revoked or a page went to sign-in.
 */
async function browseUntil(pages: Page[], email: string, target: number): Promise<number> {
  let opened = 0;
  for (let i = 0; ; i += 1) {
    const r = await rotations(email);
    if (r.revoked > 0) throw new Error(`Сеанс отозван сервером после ${r.used.length} обновлений: токен обновления отправлен повторно`);
    const signedOut = pages.filter((p) => new URL(p.url()).pathname.startsWith('/auth'));
    if (signedOut.length) throw new Error(`Вкладка ушла на страницу входа: ${signedOut.map((p) => p.url()).join(', ')}`);
    if (r.used.length >= target) return opened;
    await Promise.all(
      pages.map(async (page, p) => {
        await openInApp(page, SCREENS[(i + p) % SCREENS.length]!);
        if (new URL(page.url()).pathname.startsWith('/auth')) return;
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
      }),
    );
    opened += pages.length;
  }
}

/** Two tabs of one fresh context signed in as a new user; `noLocks` hides Web Locks as a plain-HTTP page has none. */
async function twoTabs(email: string, noLocks: boolean) {
  await ensureAdmin(db.pool, { email, password: 'Е2е-пароль-сеанса-1', first_name: 'Сеанс', last_name: 'Долгий' });
  const context: BrowserContext = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(30_000);
  if (noLocks) await context.addInitScript(() => void delete (Object.getPrototypeOf(navigator) as { locks?: unknown }).locks);
  const problems: string[] = [];
  let refreshCalls = 0;
  let unauthorized = 0;
  context.on('request', (r) => {
    if (r.url().endsWith('/api/auth/token/refresh/')) refreshCalls += 1;
  });
  context.on('response', (r) => {
    const s = r.status();
    if (s === 401) unauthorized += 1;
    else if (s >= 400) problems.push(`${s} ${new URL(r.url()).pathname}`);
  });
  const a = await context.newPage();
  const b = await context.newPage();
  for (const p of [a, b]) {
    p.on('pageerror', (e) => problems.push(e.message));
    p.on('console', (m) => {
      if (m.type() === 'error' && !/401/.test(m.text())) problems.push(m.text());
    });
  }
  await signIn(a, baseUrl, { email, password: 'Е2е-пароль-сеанса-1' }, HOME_PATH);
  await b.goto(`${baseUrl}${ADMIN_USERS_PATH}`);
  await b.getByRole('heading', { level: 1 }).first().waitFor();
  return { context, pages: [a, b], problems, counts: () => ({ refreshCalls, unauthorized }) };
}

describe('token refresh across tabs', () => {
  for (const noLocks of [false, true]) {
    it(`two tabs over ${EXPIRIES} expiries ${noLocks ? 'without Web Locks (plain HTTP)' : 'with Web Locks'}: one refresh per expiry, nothing revoked, no 401 on screen`, async () => {
      const email = `e2e-session-${noLocks ? 'http' : 'locks'}@tko.local`;
      const { context, pages, problems, counts } = await twoTabs(email, noLocks);
      expect(await pages[0]!.evaluate(() => 'locks' in navigator)).toBe(!noLocks);
      const start = (await rotations(email)).used.length;
      const opened = await browseUntil(pages, email, start + EXPIRIES);
      const { used, revoked } = await rotations(email);
      const gaps = used.slice(1).map((t, i) => Math.round(t - used[i]!));
      console.log(`SESSION REFRESH (${noLocks ? 'без Web Locks' : 'Web Locks'}): screens ${opened}, rotations ${used.length}, gaps ms ${gaps.join(' ')}, refresh calls ${counts().refreshCalls}, 401 answers ${counts().unauthorized}`);
      expect(revoked, 'ни один сеанс не отозван (повторное использование токена)').toBe(0);
      // A token is refreshed a quarter of its lifetime before its end, its `iat` rounded down to the second:
      // rotations for consecutive expiries are ≥ 0.75 × 3 s − 1 s = 1.25 s apart; two for one expiry (two tabs,
      // or calls refreshing each) would be one round trip apart, milliseconds. 500 ms leaves room for both.
      expect(Math.min(...gaps)).toBeGreaterThan(500);
      expect(counts().refreshCalls, 'каждый запрос обновления — одна ротация на сервере').toBe(used.length);
      for (const p of pages) {
        expect(new URL(p.url()).pathname).not.toMatch(/^\/auth/);
        expect(await p.getByText('Сеанс истёк').count()).toBe(0);
      }
      expect(problems).toEqual([]);
      await context.close();
    }, 240_000);
  }

  it('a refresh whose answer is lost (tab reloaded, network dropped): the token sent again gets its successor, the session goes on', async () => {
    const email = 'e2e-session-lost@tko.local';
    const { context, pages, problems } = await twoTabs(email, false);
    await pages[1]!.close();
    const page = pages[0]!;
    let calls = 0;
    const answers: { status: number; jti?: string }[] = [];
    const jtiOf = (body: unknown) => {
      const token = (body as { refresh?: string } | null)?.refresh;
      return token ? (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti : undefined;
    };
    // The first refresh reaches the server (which rotates), but its answer never reaches the page.
    await context.route('**/api/auth/token/refresh/', async (route) => {
      calls += 1;
      if (calls > 1) return route.continue();
      const lost = await route.fetch();
      answers.push({ status: lost.status(), jti: jtiOf(await lost.json()) });
      await route.abort('connectionreset');
    });
    page.on('response', async (r) => {
      if (r.url().endsWith('/api/auth/token/refresh/')) answers.push({ status: r.status(), jti: jtiOf(await r.json().catch(() => null)) });
    });
    // Marker: the retry (after the client's pause for a refresh without an answer) answered 200.
    await expect.poll(() => answers.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    // The retry got the same successor again (its jti), not a second one: no fork, nothing revoked.
    expect(answers[0]).toMatchObject({ status: 200, jti: expect.any(String) });
    expect(answers[1]).toEqual(answers[0]);
    expect((await rotations(email)).revoked).toBe(0);
    await openInApp(page, ADMIN_ROLES_PATH);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe(ADMIN_ROLES_PATH);
    expect(problems.filter((p) => !/ERR_CONNECTION_RESET|Не удалось обновить токен/.test(p))).toEqual([]);
    await context.close();
  }, 120_000);

  it('a session ended on the server: the sign-in page says «Сеанс истёк — войдите снова» and keeps the page', async () => {
    const email = 'e2e-session-ended@tko.local';
    const { context, pages } = await twoTabs(email, false);
    // One tab: the one that refreshes is the one that learns why (the other follows with «в другой вкладке»).
    await pages[1]!.close();
    const page = pages[0]!;
    await openInApp(page, `${ADMIN_ROLES_PATH}?page=1`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await db.pool.query(`UPDATE refresh_token SET revoked_at = now() WHERE user_id = (SELECT id FROM app_user WHERE email = $1)`, [email]);
    // The next refresh (within a lifetime) is refused: both tabs go to sign-in.
    await page.waitForURL((u) => u.pathname === '/auth/', { timeout: ACCESS_LIFETIME * 1000 + 30_000 });
    expect(new URL(page.url()).searchParams.get('h')).toBe(`${ADMIN_ROLES_PATH}?page=1`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Сеанс истёк — войдите снова.' }).count()).toBe(1);
    await context.close();
  }, 120_000);
});
