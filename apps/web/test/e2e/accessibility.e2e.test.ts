/**
 * Issue 15 §3–§4 in the browser: axe-core (WCAG 2 A/AA, best practices, experimental rules such as
 * td-has-header) finds no serious or critical violation — nor a missing h1, main landmark or empty
 * column header — on every screen group: sign-in and its info pages, a registry list, a card, a
 * view page, a dictionary list, the map, the system import, the system log and the notification
 * centre. Also: the skip link moves focus to the content, filter values are real text, each row has
 * one focusable action, the map's sites are listed beside it and open from the keyboard, and the
 * map speaks Russian. One browser, one signed-in page; the real API on its own database.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, screenshotIfFailed, signIn, openPage, serveApp } from './harness';

const ADMIN = { email: 'e2e-a11y@tko.local', password: 'Е2е-пароль-a11y-1', first_name: 'Вера', last_name: 'Контрастова' };
const CENTER = { lat: 52.2869, lng: 104.305 };
const LIST = '/terr-schema/containers/container/';

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let siteId = 0;

type MapWindow = { __map?: { loaded(): boolean; areTilesLoaded(): boolean; getLayer(id: string): unknown } };

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-a11y-');
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
  await db.pool.query(`UPDATE system_settings SET center_coordinates = ${point(0, 0)}, map_zoom = 14`);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));

  browser = await launchChromium();
  page = await openPage(browser);
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-a11y-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

const h1 = () => page.getByRole('heading', { level: 1 });

describe('axe-core on every screen group', () => {
  it('sign-in, registration and password pages (anonymous)', async () => {
    for (const path of ['/auth/', '/reg/', '/restore/']) {
      await page.goto(`${baseUrl}${path}`);
      await h1().waitFor();
      await expectAccessible(page, path);
    }
    await page.goto(`${baseUrl}${LIST}`);
    await page.getByText('Иркутск, ул. Ленина, 5').first().waitFor();
    await expectAccessible(page, 'публичный список');
  });

  it('a registry list: column headers, filter values as text, one action per row, the skip link', async () => {
    await signIn(page, baseUrl, ADMIN, LIST);
    await page.getByText('Иркутск, ул. Ленина, 5').first().waitFor();
    await expect.poll(() => h1().count()).toBe(1);
    await expectAccessible(page, 'список площадок');
    // The skip link is the first stop and moves focus into the main landmark.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
    await expect.poll(() => skip.evaluate((el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => {
      const d = (globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } }).document;
      return Boolean(d.activeElement?.closest('main'));
    })).toBe(true);
    // A row's action is one control, not a button inside a link.
    const row = page.locator('tbody tr', { hasText: 'Иркутск, ул. Ленина, 5' });
    expect(await row.locator('a button, button a').count()).toBe(0);
  });

  it('a card and a view page', async () => {
    await page.goto(`${baseUrl}${LIST}update/${siteId}/`);
    await page.getByTestId('tab-general').waitFor();
    await expect.poll(() => page.locator('#f-identifier').inputValue()).toBe('КП-1');
    await expectAccessible(page, 'карточка площадки');
    await page.goto(`${baseUrl}${LIST}view/${siteId}/`);
    await page.getByText('КП-1').first().waitFor();
    await expectAccessible(page, 'просмотр площадки');
  });

  it('a dictionary list, the system import, the system log, the notification centre', async () => {
    await page.goto(`${baseUrl}/dicts/contract-zones/`);
    await h1().waitFor();
    await page.locator('.ant-table').first().waitFor();
    await expectAccessible(page, 'справочник');
    await page.goto(`${baseUrl}/system-import/`);
    await h1().waitFor();
    await expectAccessible(page, 'импорт');
    await page.goto(`${baseUrl}/system-logs/`);
    await h1().waitFor();
    await page.locator('.ant-table').first().waitFor();
    await expectAccessible(page, 'системный журнал');
    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-drawer').getByText('Уведомлений пока нет', { exact: false }).waitFor();
    await expectAccessible(page, 'уведомления');
    await page.keyboard.press('Escape');
  });

  it('the map: Russian labels, the sites in view listed beside it and opened from the keyboard', async () => {
    await page.goto(`${baseUrl}/terr-schema/map/`);
    await page.waitForFunction(() => {
      const map = (globalThis as unknown as MapWindow).__map;
      return Boolean(map && map.getLayer('waste-areas-container') && map.loaded() && map.areTilesLoaded());
    }, undefined, { timeout: 60_000 });
    const canvas = page.locator('canvas.maplibregl-canvas');
    expect(await canvas.getAttribute('aria-label')).toBe('Карта');
    await expect.poll(() => page.getByRole('button', { name: 'Приблизить' }).count()).toBe(1);
    const list = page.getByRole('list', { name: 'Площадки на карте' });
    await expect.poll(() => list.getByRole('link').count(), { timeout: 30_000 }).toBe(2);
    await expectAccessible(page, 'карта');
    const first = list.getByRole('link', { name: /Иркутск, ул. Ленина, 5/ });
    await first.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.includes(`/view/${siteId}/`));
  });
});
