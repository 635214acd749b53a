/**
 * Issue 12 §2 in the browser: /analitics/dashboard/ renders its ten widgets with the numbers of
 * the registries (rows inserted here, summary refreshed), the charts are drawn (ECharts canvas,
 * the choropleth of the ОКТМО units), a widget collapsed stays collapsed after a reload (state on
 * the server), a tag switched off empties its widgets, a widget's xlsx downloads, and axe-core
 * finds no serious violation. The real API on its own database, headless Chromium.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { DASHBOARD_WIDGET_KEYS } from '@tko/contract';
import { ensureAdmin, refreshDashboard, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'e2e-dash@tko.local', password: 'Е2е-пароль-дашборд-1', first_name: 'Дарья', last_name: 'Графикова' };
const PATH = '/analitics/dashboard/';

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-dash-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const q = (sql: string) => db.pool.query(sql);
  await q(`INSERT INTO administrative_unit (code, name) VALUES ('01601000', 'Алейский муниципальный район'), ('01601101001', 'г Алейск')`);
  await q(`INSERT INTO waste_area (kind, status, structured_address, count_containers, volume, periodicity, coordinates) VALUES
    ('CONTAINER', 'ACTIVE', '{"city": "Алейск"}', 3, 2.25, 'DAILY', ST_SetSRID(ST_MakePoint(82.78, 52.49), 4326)),
    ('CONTAINER', 'ACTIVE', '{"city": "Алейск"}', 4, 3, 'DAILY', ST_SetSRID(ST_MakePoint(82.8, 52.5), 4326)),
    ('SPECIALA', 'PLANNED', NULL, 1, 8, NULL, ST_SetSRID(ST_MakePoint(83, 53), 4326))`);
  await q(`INSERT INTO normative_unit (code, name, unit, kg_per_unit_year, m3_per_unit_year) VALUES ('N1', 'Жильё', 'чел.', 400, 2)`);
  await q(`INSERT INTO waste_source (name, location, category, normative_unit_id, normative_value, created_at)
           SELECT 'Дом', 'Алейск', 'MULTI_APARTMENT', id, 25, '2022-05-01' FROM normative_unit WHERE code = 'N1'`);
  await q(`INSERT INTO waste_dump (location, status, volume) VALUES ('Овраг', 'DETECTED', 12)`);
  await refreshDashboard(db.pool);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));
  browser = await launchChromium();
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  context.setDefaultTimeout(30_000);
  page = await context.newPage();
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-dashboard-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

const widget = (key: string) => page.getByTestId(`widget-${key}`);

describe('dashboard', () => {
  it('renders the ten widgets with the registries\' numbers and their charts', async () => {
    await signIn(page, baseUrl, ADMIN, PATH);
    await widget('registry_counts').waitFor();
    for (const key of DASHBOARD_WIDGET_KEYS) await expect.poll(() => widget(key).count(), { message: key }).toBe(1);
    // Numbers: 2 container sites with 7 containers and 5.25 m³; the district with 2 sites; 10 t/year of the source.
    const kinds = widget('containers_by_kind');
    await expect.poll(() => kinds.locator('tbody tr', { hasText: 'Контейнерная площадка' }).innerText()).toMatch(/Контейнерная площадка\s+2\s+7\s+5,25/);
    await expect.poll(() => widget('sites_by_oktmo').locator('tbody tr', { hasText: 'Алейский муниципальный район' }).innerText()).toMatch(/01601000\s+Алейский муниципальный район\s+2\s+7/);
    await expect.poll(() => widget('sources_by_category').innerText()).toMatch(/Многоквартирный дом\s+1\s+—?\s*0?\s*10/);
    await expect.poll(() => widget('periodicity').innerText()).toMatch(/Ежедневно\s+2\s+7\s+5,25\s+730/);
    await expect.poll(() => widget('total_quantity_waste_storage').innerText()).toMatch(/свалки: выявлена\s+1/);
    // Charts are drawn (ECharts canvases), the choropleth among them.
    await expect.poll(() => page.locator('[data-testid^="widget-chart-"] canvas').count()).toBeGreaterThanOrEqual(8);
    await widget('sites_by_oktmo').getByTestId('widget-chart-sites_by_oktmo').locator('canvas').waitFor();
    await expectAccessible(page, 'дашборд');
  });

  it('keeps a collapsed widget collapsed after a reload; a switched-off tag empties its widgets', async () => {
    await widget('periodicity').getByTestId('widget-toggle-periodicity').click();
    await expect.poll(() => widget('periodicity').getAttribute('data-collapsed')).toBe('true');
    await expect.poll(() => widget('periodicity').locator('tbody').count()).toBe(0);
    await expect.poll(async () => (await db.pool.query(`SELECT widgets FROM dashboard_user_state`)).rows[0]?.widgets).toEqual({ periodicity: true });
    await page.reload();
    await widget('registry_counts').waitFor();
    await expect.poll(() => widget('periodicity').getAttribute('data-collapsed')).toBe('true');
    await expect.poll(() => widget('containers_by_kind').getAttribute('data-collapsed')).toBe('false');

    await page.getByTestId('tag-waste_areas').click();
    await expect.poll(() => widget('containers_by_kind').innerText()).toContain('Тег виджета выключен');
    await expect.poll(() => widget('sources_by_category').locator('tbody tr').count()).toBeGreaterThan(0);
    await page.getByTestId('tag-waste_areas').click();
    await expect.poll(() => widget('containers_by_kind').locator('tbody tr').count()).toBeGreaterThan(0);
  });

  it('downloads a widget\'s numbers as xlsx', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), widget('containers_by_kind').getByTestId('widget-xlsx-containers_by_kind').click()]);
    expect(download.suggestedFilename()).toMatch(/^dashboard_containers_by_kind_\d{4}-\d{2}-\d{2}\.xlsx$/);
  });
});
