/**
 * Issue 12 §1 in the browser: a problem found by the detector is drawn on the map (layer
 * «Проблемы», off until turned on; a click on its site opens the site's popup, which links the
 * problem under «Здесь же»), the link opens its card (general tab with the object link, events tab with
 * «Обнаружена»), and the list /analitics/problems/ shows it with the type filter. The built app
 * served by the real API on its own database, headless Chromium; nothing mocked. axe-core checks
 * the list and the card.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ProblemType } from '@tko/contract';
import { ensureAdmin, runProblemDetector, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, screenshotIfFailed, signIn, openPage, serveApp } from './harness';

const ADMIN = { email: 'e2e-problems@tko.local', password: 'Е2е-пароль-проблем-1', first_name: 'Нина', last_name: 'Проблемова' };
const CENTER = { lat: 52.5443, lng: 103.8884 };
const ZOOM = 15;

interface MapHandle {
  loaded(): boolean;
  getLayer(id: string): unknown;
  project(p: [number, number]): { x: number; y: number };
  getCanvas(): { getBoundingClientRect(): { left: number; top: number } };
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
let problemId = 0;
const pageErrors: string[] = [];

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-problems-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const point = `ST_SetSRID(ST_MakePoint(${CENTER.lng}, ${CENTER.lat}), 4326)`;
  siteId = (await db.pool.query<{ id: number }>(
    `INSERT INTO waste_area (kind, location, coordinates, identifier, fence) VALUES ('CONTAINER', 'Ангарск, 85 квартал, д. 3', ${point}, 'КП-85', 'ABSENT') RETURNING id`,
  )).rows[0]!.id;
  await runProblemDetector(db.pool, { trigger: 'MANUAL', codes: ['P011'] });
  problemId = (await db.pool.query<{ id: number }>(`SELECT id FROM problem WHERE code = 'P011' AND object_id = $1`, [siteId])).rows[0]!.id;
  await db.pool.query(`UPDATE system_settings SET center_coordinates = ${point}, map_zoom = ${ZOOM}`);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));

  browser = await launchChromium();
  page = await openPage(browser);
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await signIn(page, baseUrl, ADMIN, '/terr-schema/map/');
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-problems-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('problems in the browser', () => {
  it('the problems layer starts off; a click on the site opens the site, and its problem is reached from the popup', async () => {
    const rendered = (layer: string) => page.evaluate((l) => {
      const map = (globalThis as unknown as MapWindow).__map;
      return map && map.getLayer(l) && map.loaded() ? map.queryRenderedFeatures({ layers: [l] }).length : -1;
    }, layer);
    await expect.poll(() => rendered('waste-areas-container'), { timeout: 60_000 }).toBe(1);
    // Off by default: nothing of the layer is drawn, its toggle is unchecked, the list beside the map names the site only.
    expect(await rendered('problems')).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Проблемы', exact: true }).isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('list', { name: 'Площадки на карте' }).textContent()).toContain('Ангарск, 85 квартал, д. 3');
    expect(await page.getByRole('list', { name: 'Площадки на карте' }).textContent()).not.toContain('P011');
    const at = await page.evaluate((c) => {
      const map = (globalThis as unknown as MapWindow).__map!;
      const p = map.project([c.lng, c.lat]);
      const r = map.getCanvas().getBoundingClientRect();
      return { x: r.left + p.x, y: r.top + p.y };
    }, CENTER);
    const popup = page.getByTestId('map-popup');
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => popup.textContent()).toContain('Ангарск, 85 квартал, д. 3');
    expect(await popup.textContent()).toContain('Слой: Контейнерная площадка');
    // Turned on, the problem is drawn on the same point: the click still opens the site, the problem is linked under «Здесь же».
    await page.getByTestId('layer-toggle-problems').click();
    await expect.poll(() => rendered('problems'), { timeout: 30_000 }).toBe(1);
    await page.keyboard.press('Escape');
    await page.mouse.click(at.x, at.y);
    await expect.poll(() => page.getByTestId('map-popup-also').count()).toBe(1);
    expect(await popup.textContent()).toContain('Слой: Контейнерная площадка');
    expect(await page.getByTestId('map-popup-also').textContent()).toContain('Ограждения нет');
    await page.getByTestId('map-popup-also').getByRole('link').click();
    await page.waitForURL(`**/analitics/problems/update/${problemId}/**`);
    await page.getByText(ProblemType.label('P011')).first().waitFor();
    const link = page.getByTestId('link-object_url');
    expect(await link.getAttribute('href')).toBe(`/terr-schema/containers/container/view/${siteId}/`);
    await expectAccessible(page, 'карточка проблемы');
    await page.getByRole('tab', { name: 'События' }).click();
    const events = page.getByTestId('problem-events');
    await expect.poll(() => events.textContent()).toContain('Обнаружена автоматически: Ограждения нет.');
    expect(pageErrors).toEqual([]);
  });

  it('lists the problem with the type filter', async () => {
    await page.goto(`${baseUrl}/analitics/problems/#page=1&type=P011`);
    // The list's key columns: the type (code and name) and the site's address; the finding's text is behind «Столбцы».
    const row = page.locator('.ant-table-row', { hasText: 'Ангарск, 85 квартал, д. 3' });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(ProblemType.label('P011'));
    expect(await page.locator('.ant-table-row').count()).toBe(1);
    await expectAccessible(page, 'список проблем');
    await page.goto(`${baseUrl}/analitics/problems/#page=1&type=P001`);
    await page.getByText('Проблем не найдено', { exact: false }).waitFor();
  });
});
