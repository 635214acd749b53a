/**
 * Issue 8 §5 in the browser: the built web app under the API's Content-Security-Policy. The map
 * draws (maplibre's worker, tiles, glyphs, sprites), a registry list and a card render (antd's
 * CSS-in-JS), and the browser reports no CSP violation — neither a `securitypolicyviolation`
 * event nor a console error. «Выйти» revokes the session on the server (issue 8 §3). The real API on its own database, headless Chromium; nothing
 * mocked.
 */

import { type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { copyBuiltWeb, launchChromium, screenshotIfFailed, signIn, closeE2e, serveApp } from './harness';

const ADMIN = { email: 'e2e-csp@tko.local', password: 'Е2е-пароль-csp-1', first_name: 'Ольга', last_name: 'Заголовкова' };
const CENTER = { lat: 52.2869, lng: 104.305 };

interface MapHandle {
  getLayer(id: string): unknown;
  loaded(): boolean;
  areTilesLoaded(): boolean;
  queryRenderedFeatures(options: { layers: string[] }): unknown[];
}
type CspWindow = { __map?: MapHandle; __csp?: string[] };
/** The few DOM members used inside the page (this tsconfig has no DOM lib). */
interface ViolationEvent {
  violatedDirective: string;
  blockedURI: string;
  sourceFile: string;
  lineNumber: number;
}
type PageDom = {
  document: {
    addEventListener(type: 'securitypolicyviolation', cb: (e: ViolationEvent) => void): void;
    createElement(tag: 'script'): { textContent: string };
    body: { appendChild(node: unknown): void };
  };
  getComputedStyle(el: unknown): { borderRadius: string };
};

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let siteId = 0;
const consoleCsp: string[] = [];
const pageErrors: string[] = [];
let htmlCsp = '';

/** Violations the page saw (securitypolicyviolation events) plus console CSP errors. */
async function violations(p: Page): Promise<string[]> {
  const events = await p.evaluate(() => (globalThis as unknown as CspWindow).__csp ?? []);
  return [...events, ...consoleCsp];
}

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-csp-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const point = (dx: number, dy: number) => `ST_SetSRID(ST_MakePoint(${CENTER.lng + dx}, ${CENTER.lat + dy}), 4326)`;
  const site = await db.pool.query<{ id: number }>(
    `INSERT INTO waste_area (kind, location, coordinates, identifier) VALUES
       ('CONTAINER', 'Иркутск, ул. Ленина, 5', ${point(0, 0)}, 'КП-1'),
       ('CONTAINER', 'Иркутск, ул. Карла Маркса, 12', ${point(0.004, 0.002)}, 'КП-2')
     RETURNING id`,
  );
  siteId = site.rows[0]!.id;
  await db.pool.query(`UPDATE system_settings SET center_coordinates = ${point(0, 0)}, map_zoom = 13`);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));

  browser = await launchChromium();
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(30_000);
  // Before any page script: record every violation the document reports.
  await context.addInitScript(() => {
    const w = globalThis as unknown as CspWindow & PageDom;
    w.__csp = [];
    w.document.addEventListener('securitypolicyviolation', (e) => {
      w.__csp!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page = await context.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) consoleCsp.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (err) => pageErrors.push(err.message));

  const res = await signIn(page, baseUrl, ADMIN, '/terr-schema/map/');
  htmlCsp = (await res!.allHeaders())['content-security-policy'] ?? '';
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-csp-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('the built app under the CSP', () => {
  it('the page is served with the policy', () => {
    expect(htmlCsp).toContain("frame-ancestors 'none'");
    expect(htmlCsp).toContain("script-src 'self'");
    expect(htmlCsp).toContain("worker-src 'self' blob:");
  });

  it('the map draws its features, with no violation', async () => {
    await page.waitForFunction(() => {
      const map = (globalThis as unknown as CspWindow).__map;
      return Boolean(map && map.getLayer('waste-areas-container') && map.loaded() && map.areTilesLoaded());
    }, undefined, { timeout: 60_000 });
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as CspWindow).__map!.queryRenderedFeatures({ layers: ['waste-areas-container'] }).length), { timeout: 30_000 }).toBe(2);
    expect(await violations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('a registry list and a card render (antd styles), with no violation', async () => {
    await page.goto(`${baseUrl}/terr-schema/containers/container/`);
    await page.getByText('Иркутск, ул. Ленина, 5').first().waitFor();
    await page.goto(`${baseUrl}/terr-schema/containers/container/update/${siteId}/`);
    await page.getByTestId('tab-general').waitFor();
    await expect.poll(() => page.locator('#f-identifier').inputValue()).toBe('КП-1');
    // antd's CSS-in-JS did apply: a button has its computed style, not the browser default.
    const radius = await page.locator('.ant-btn').first().evaluate((el) => (globalThis as unknown as PageDom).getComputedStyle(el).borderRadius);
    expect(radius).not.toBe('0px');
    expect(await violations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('«Выйти» ends the session on the server: the stored refresh token is refused afterwards', async () => {
    const refresh = await page.evaluate(() => localStorage.getItem('tko.auth.refresh'));
    expect(refresh).toBeTruthy();
    const [logout] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/auth/logout/') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Выйти' }).click(),
    ]);
    expect(logout.status()).toBe(204);
    expect(await page.evaluate(() => localStorage.getItem('tko.auth.refresh'))).toBeNull();
    const after = await fetch(`${baseUrl}/api/auth/token/refresh/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ refresh }) });
    expect(after.status).toBe(401);
    expect(await violations(page)).toEqual([]);
  });

  it('a violation would be seen: an inline script is refused and reported', async () => {
    await page.evaluate(() => {
      const { document: doc } = globalThis as unknown as PageDom;
      const s = doc.createElement('script');
      s.textContent = 'window.__inline = 1';
      doc.body.appendChild(s);
    });
    await expect.poll(async () => (await violations(page)).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (globalThis as unknown as { __inline?: number }).__inline)).toBeUndefined();
    consoleCsp.length = 0;
  });
});
