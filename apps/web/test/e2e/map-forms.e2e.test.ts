/**
 * Issue 7 §7–§8 in the browser: the map's layers (a toggle per layer; hiding one removes its
 * features from the rendered map; the map opens at the system settings' centre and zoom;
 * Russian controls) and cards that do not lose work (leaving a changed card asks first, the
 * open tab survives a reload, the coordinates field explains its format, decimals show and
 * accept a comma, an address suggestion fills the coordinates). The built app served by the
 * real API on its own database, headless Chromium; nothing mocked. Screenshots of the map and
 * the card go to apps/web/test-results/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { copyBuiltWeb, launchChromium, RESULTS_DIR, screenshotIfFailed, signIn, closeE2e, openPage, serveApp } from './harness';

const ADMIN = { email: 'e2e-map-forms@tko.local', password: 'Е2е-пароль-карты-1', first_name: 'Мария', last_name: 'Картова' };
/** The centre the settings give (Irkutsk) and the sites around it. */
const CENTER = { lat: 52.2869, lng: 104.305 };
const ZOOM = 13;
const LIST = '/terr-schema/containers/container/';

interface MapHandle {
  getLayer(id: string): unknown;
  getCenter(): { lat: number; lng: number };
  getZoom(): number;
  loaded(): boolean;
  areTilesLoaded(): boolean;
  queryRenderedFeatures(options: { layers: string[] }): { properties: Record<string, unknown> }[];
}
type MapWindow = { __map?: MapHandle };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let siteId = 0;
const pageErrors: string[] = [];

const rendered = (p: Page, layer: string) =>
  p.evaluate((l) => {
    const map = (globalThis as unknown as MapWindow).__map!;
    return map.queryRenderedFeatures({ layers: [l] }).length;
  }, layer);

async function mapIdle(p: Page) {
  await p.waitForFunction(() => {
    const map = (globalThis as unknown as MapWindow).__map;
    return Boolean(map && map.getLayer('waste-areas-container') && map.loaded() && map.areTilesLoaded());
  }, undefined, { timeout: 60_000 });
}

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-map-forms-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const point = (dx: number, dy: number) => `ST_SetSRID(ST_MakePoint(${CENTER.lng + dx}, ${CENTER.lat + dy}), 4326)`;
  const site = await db.pool.query<{ id: number }>(
    `INSERT INTO waste_area (kind, location, coordinates, identifier, waste_area_width) VALUES
       ('CONTAINER', 'Иркутск, ул. Ленина, 5', ${point(0, 0)}, 'КП-1', 1.5),
       ('CONTAINER', 'Иркутск, ул. Карла Маркса, 12', ${point(0.004, 0.002)}, 'КП-2', NULL),
       ('SPECIALA', 'Иркутск, ул. Тимирязева, 3', ${point(-0.004, -0.002)}, 'СП-1', NULL)
     RETURNING id`,
  );
  siteId = site.rows[0]!.id;
  await db.pool.query(`INSERT INTO waste_dump (location, status, coordinates) VALUES ('Иркутск, пустырь у реки', 'DETECTED', ${point(0.002, -0.003)})`);
  await db.pool.query(`UPDATE system_settings SET center_coordinates = ${point(0, 0)}, map_zoom = ${ZOOM}`);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));

  browser = await launchChromium();
  page = await openPage(browser);
  page.on('pageerror', (err) => pageErrors.push(err.message));

  await signIn(page, baseUrl, ADMIN, '/terr-schema/map/');
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-map-forms-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('the map takes layers', () => {
  it('opens at the system settings’ centre and zoom, with Russian controls', async () => {
    await mapIdle(page);
    const view = await page.evaluate(() => {
      const map = (globalThis as unknown as MapWindow).__map!;
      return { ...map.getCenter(), zoom: map.getZoom() };
    });
    expect(view.lat).toBeCloseTo(CENTER.lat, 4);
    expect(view.lng).toBeCloseTo(CENTER.lng, 4);
    expect(view.zoom).toBeCloseTo(ZOOM, 5);
    await page.getByRole('button', { name: 'Приблизить' }).waitFor();
    await page.getByRole('button', { name: 'Отдалить' }).waitFor();
    await expect.poll(() => page.locator('.maplibregl-ctrl-scale').textContent()).toMatch(/^\d+\s(м|км)$/);
  });

  it('shows a toggle per layer; hiding a layer removes its features', async () => {
    for (const id of ['waste-areas-container', 'waste-areas-special', 'waste-areas-bulk', 'waste-dumps', 'waste-management-facilities']) {
      await page.getByTestId(`layer-toggle-${id}`).waitFor();
    }
    await expect.poll(() => rendered(page, 'waste-areas-container'), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => rendered(page, 'waste-dumps'), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => rendered(page, 'waste-areas-special')).toBe(1);
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'map-layers.png') });

    await page.getByTestId('layer-toggle-waste-areas-container').click();
    await expect.poll(() => rendered(page, 'waste-areas-container')).toBe(0);
    expect(await rendered(page, 'waste-areas-special')).toBe(1);
    await page.getByTestId('layer-toggle-waste-dumps').click();
    await expect.poll(() => rendered(page, 'waste-dumps')).toBe(0);
    // The status filter: switching ACTIVE off hides the active special site.
    await page.getByTestId('layer-status-waste-areas-special-ACTIVE').click();
    await expect.poll(() => rendered(page, 'waste-areas-special')).toBe(0);
    await page.getByTestId('layer-toggle-waste-areas-container').click();
    await expect.poll(() => rendered(page, 'waste-areas-container')).toBe(2);
    await page.screenshot({ path: path.join(RESULTS_DIR, 'map-layers-hidden.png') });
  });
});

describe('cards that do not lose work', () => {
  const card = () => `${baseUrl}${LIST}update/${siteId}/`;

  it('keeps the open tab in the URL across a reload', async () => {
    await page.goto(card());
    await page.getByTestId('tab-characteristics').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'characteristics');
    await page.reload();
    await page.getByTestId('tab-characteristics').waitFor();
    await expect.poll(() => page.locator('.ant-tabs-tab-active').textContent()).toBe('Характеристики');
  });

  it('shows decimals with a comma and accepts one', async () => {
    const width = page.locator('#f-waste_area_width');
    if (!(await width.isVisible())) await page.getByTestId('tab-general').click();
    await expect.poll(() => width.inputValue()).toBe('1,5');
    await width.fill('2,25');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/waste-area/container/${siteId}/`) && r.request().method() === 'PUT'),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    expect((await saved.json()).waste_area_width).toBe('2.25');
    await expect.poll(() => page.locator('#f-waste_area_width').inputValue()).toBe('2,25');
    const { rows } = await db.pool.query(`SELECT waste_area_width::text AS w FROM waste_area WHERE id = $1`, [siteId]);
    expect(rows[0].w).toBe('2.25');
  });

  it('explains the coordinates format when it cannot read the input', async () => {
    await page.getByTestId('tab-general').click();
    const coords = page.locator('#f-coordinates');
    await coords.fill('52,28 104,30');
    await page.getByText('Введите широту и долготу через запятую', { exact: false }).first().waitFor();
    await coords.fill(`${CENTER.lat}, ${CENTER.lng}`);
    await expect.poll(() => page.getByText('Введите широту и долготу через запятую', { exact: false }).count()).toBe(0);
  });

  it('asks before leaving a changed card (Отмена, a menu item), stays on «Остаться»', async () => {
    await page.locator('#f-identifier').fill('КП-1-изменён');
    await page.getByRole('button', { name: 'Отмена' }).click();
    await page.getByText('Уйти без сохранения?').waitFor();
    await page.screenshot({ path: path.join(RESULTS_DIR, 'card-leave.png') });
    await page.getByRole('button', { name: 'Остаться' }).click();
    expect(new URL(page.url()).pathname).toBe(`${LIST}update/${siteId}/`);
    expect(await page.locator('#f-identifier').inputValue()).toBe('КП-1-изменён');

    await page.getByRole('menu', { name: 'Главное меню' }).getByRole('link', { name: 'Карта', exact: true }).click();
    await page.getByText('Уйти без сохранения?').waitFor();
    await page.getByRole('button', { name: 'Уйти без сохранения' }).click();
    await page.waitForURL((u) => u.pathname === '/terr-schema/map/');
    const { rows } = await db.pool.query(`SELECT identifier FROM waste_area WHERE id = $1`, [siteId]);
    expect(rows[0].identifier).toBe('КП-1');
  });

  it('leaves an unchanged card without asking', async () => {
    await page.goto(card());
    await page.locator('#f-identifier').waitFor();
    await page.getByRole('button', { name: 'Отмена' }).click();
    await page.waitForURL((u) => u.pathname === `${LIST}view/${siteId}/`);
  });

  it('suggests addresses as you type and fills the coordinates from the chosen one', async () => {
    await page.goto(`${baseUrl}${LIST}update/new/`);
    const location = page.getByTestId('location-input');
    await location.click();
    await location.pressSequentially('Ленина', { delay: 30 });
    const option = page.locator('.ant-select-item-option').filter({ hasText: 'Иркутск, ул. Ленина, 5' });
    await option.first().waitFor();
    await page.screenshot({ path: path.join(RESULTS_DIR, 'card-address-suggest.png') });
    await option.first().click();
    await expect.poll(() => location.inputValue()).toBe('Иркутск, ул. Ленина, 5');
    await expect.poll(() => page.locator('#f-coordinates').inputValue()).toBe(`${CENTER.lat.toFixed(6)}, ${CENTER.lng.toFixed(6)}`);
  });

  it('raised no page errors', () => {
    expect(pageErrors).toEqual([]);
  });
});
