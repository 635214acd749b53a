/**
 * The web app end to end: the built app (apps/web/dist) served by the real API (buildApp) on a
 * fresh database holding the real Angarsk route plan (1 692 container sites), driven by headless
 * Chromium through playwright-core. Nothing is mocked. The steps run in order on one signed-in
 * page: sign-in round trip, search filter in the hash, editing a card, the change in the list,
 * the xlsx export read back with exceljs, the map's vector tiles, and the anonymous view.
 *
 * Needs the build (`pnpm --filter @tko/web build`, done by scripts/test.sh) and Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium). The map screenshot goes to apps/web/test-results/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { containerResource } from '@tko/contract';
import { dataDir, ensureAdmin, importAngarsk, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { copyBuiltWeb, launchChromium, RESULTS_DIR, screenshotIfFailed, closeE2e, serveApp } from './harness';


const ADMIN = { email: 'e2e-admin@tko.local', password: 'Е2е-пароль-администратора-1', first_name: 'Ольга', last_name: 'Проверкина' };
const TOTAL_SITES = 1692;
/** A count as the list summary writes it: thousands grouped by a narrow no-break space (`1 692`). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
const LIST_PATH = '/terr-schema/containers/container/';
const API_LIST = '/api/waste-area/container/';
/** A street of Angarsk with a handful of container sites. */
const SEARCH = 'Ворошилова';
/** The map's container-site layer and the waste-area vector source (src/map/layers.ts). */
const LAYER_ID = 'waste-areas-container';
const SOURCE_ID = 'waste-areas';

/** The few maplibre calls the test makes on `window.__map`. */
interface MapHandle {
  getLayer(id: string): unknown;
  loaded(): boolean;
  areTilesLoaded(): boolean;
  isSourceLoaded(id: string): boolean;
  queryRenderedFeatures(options: { layers: string[] }): { properties: Record<string, unknown> }[];
}
/** `window` in the page (the test's tsconfig has no DOM types). */
type MapWindow = { __map?: MapHandle };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
const pageErrors: string[] = [];

/** State handed from one step to the next. */
const state = { searchCount: 0, siteId: 0, siteLocation: '', landmark: '', hasCover: false, coverCount: 0 };

/** Rows of the search filter over the four columns of `containerResource.filters.search`. */
async function countSearch(text: string): Promise<number> {
  const { rows } = await db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM waste_area
      WHERE kind = 'CONTAINER'
        AND (location ILIKE $1 OR identifier ILIKE $1 OR registry_number ILIKE $1 OR landmark ILIKE $1)`,
    [`%${text}%`],
  );
  return rows[0]!.n;
}

const summary = (p: Page) => p.getByTestId('list-summary');
/** Data rows of the list table (antd adds hidden measure rows, hence the class). */
const dataRows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');

/** True for a 200 answer of the signed-in list call carrying `param=value`. */
function listResponse(param?: string, value?: string) {
  return (r: Response) => {
    const url = new URL(r.url());
    return url.pathname === API_LIST && r.request().method() === 'GET' && r.status() === 200 && (!param || url.searchParams.get(param) === value);
  };
}

/**
 * Types into the search box and submits it; waits for the hash to carry the text. With `fetched`
 * also for the list call (lists are cached for 15 s, so a repeated search may not call the API).
 */
async function search(p: Page, text: string, fetched = false): Promise<void> {
  const box = p.getByLabel('Поиск', { exact: true });
  await box.fill(text);
  await Promise.all([
    fetched ? p.waitForResponse(listResponse('search', text)) : undefined,
    box.press('Enter'),
    p.waitForURL((u) => new URLSearchParams(u.hash.slice(1)).get('search') === text),
  ]);
}

/** Clicks «Сбросить фильтры» and waits until the hash holds list options only. */
async function resetFilters(p: Page): Promise<void> {
  const button = p.getByRole('button', { name: 'Сбросить фильтры' });
  await button.click();
  await p.waitForURL((u) => [...new URLSearchParams(u.hash.slice(1)).keys()].every((k) => ['page', 'page_size', 'ordering'].includes(k)));
  await button.waitFor({ state: 'detached' });
}

function hashOf(p: Page): URLSearchParams {
  return new URLSearchParams(new URL(p.url()).hash.slice(1));
}

beforeAll(async () => {
  // Serve a copy, so a rebuild of apps/web/dist during the run (another terminal) cannot pull
  // index.html or a lazy chunk from under the page.
  webCopy = copyBuiltWeb('tko-web-e2e-');

  db = await createTestDatabase();
  const imported = await importAngarsk(db.pool, path.join(dataDir(), 'angarsk/angarsk_route_plan_example2.cp1251.csv'));
  expect(imported.sites.total).toBe(TOTAL_SITES);
  await ensureAdmin(db.pool, ADMIN);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));

  browser = await launchChromium();
  context = await browser.newContext({ acceptDownloads: true, locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(30_000);
  page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(err.message));
  if (process.env.TEST_LOG) {
    page.on('console', (m) => console.log(`[browser ${m.type()}] ${m.text()}`));
    page.on('requestfailed', (r) => console.log(`[browser request failed] ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
    page.on('framenavigated', (f) => f === page.mainFrame() && console.log(`[browser navigated] ${f.url()}`));
  }
});

afterEach(async ({ task }) => {
  // A failed step leaves a picture of the page for the report.
  await screenshotIfFailed(page, task, 'failed-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('registry in the browser', () => {
  it('1. a visitor of / sees the public list, signs in and comes back to the registry', async () => {
    await page.goto(`${baseUrl}/`);
    // `/` → the container list; anonymous visitors read it through the public path.
    await page.waitForURL((u) => u.pathname === LIST_PATH && u.hash === '#page=1&ordering=location');
    await expect.poll(() => summary(page).textContent()).toContain(`Найдено: ${grouped(TOTAL_SITES)}`);

    // The header's «Войти» leads to /auth/ with this page (and its hash, once written) as `h`.
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Войти' });
    await expect.poll(() => signIn.getAttribute('href')).toBe(`/auth/?h=${encodeURIComponent(`${LIST_PATH}#page=1&ordering=location`)}`);
    await signIn.click();
    await page.waitForURL((u) => u.pathname === '/auth/');
    expect(new URL(page.url()).searchParams.get('h')).toBe(`${LIST_PATH}#page=1&ordering=location`);

    await page.getByLabel('Электронная почта', { exact: true }).fill(ADMIN.email);
    await page.getByLabel('Пароль', { exact: true }).fill(ADMIN.password);
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/token/' && r.status() === 200),
      page.getByRole('button', { name: 'Войти' }).click(),
    ]);
    await page.waitForURL((u) => u.pathname === LIST_PATH);
    expect(new URL(page.url()).hash).toBe('#page=1&ordering=location');
    await expect.poll(() => summary(page).textContent()).toMatch(new RegExp(`^Найдено: ${grouped(TOTAL_SITES)}, контейнеров: [\\d\u202f]+$`));
    await expect.poll(() => page.getByTestId('user-name').textContent()).toContain(`${ADMIN.first_name} ${ADMIN.last_name}`);
    // The admin may create and export: the buttons the anonymous step checks for are here.
    await page.getByRole('button', { name: 'Создать' }).waitFor();
    await page.getByRole('button', { name: 'Выгрузить в Excel' }).waitFor();
    // Rows of the first page, ordered by address.
    await expect.poll(() => page.getByRole('link', { name: 'Редактировать' }).count()).toBeGreaterThan(0);

    // Lists that fit (issue 26): the key columns — status, periodicity, containers, coordinates — are on a 1 440 px screen
    // without scrolling; «Столбцы» adds «Ориентир», remembered for this user after a reload, «Как по умолчанию» takes it away.
    const header = (name: string) => page.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${name.replace(/[()]/g, '\\$&')}$`) });
    for (const name of ['Адрес (местоположение)', 'Координаты', 'Статус', 'Периодичность вывоза', 'Количество контейнеров']) {
      const box = await header(name).boundingBox();
      expect(box && box.x + box.width, name).toBeLessThanOrEqual(1440);
    }
    const scroller = page.locator('.ant-table-content').first();
    expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Столбцы' }).click();
    await page.getByRole('checkbox', { name: 'Ориентир', exact: true }).check();
    await header('Ориентир').waitFor();
    await page.reload();
    await header('Ориентир').waitFor();
    await page.getByRole('button', { name: 'Столбцы' }).click();
    await page.getByRole('button', { name: 'Как по умолчанию' }).click();
    await header('Ориентир').waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
  });

  it('2. the search filter goes into the hash and the count matches the database', async () => {
    state.searchCount = await countSearch(SEARCH);
    expect(state.searchCount).toBeGreaterThan(1);
    expect(state.searchCount).toBeLessThan(20);

    await search(page, SEARCH, true);
    const hash = hashOf(page);
    expect(hash.get('search')).toBe(SEARCH);
    expect(hash.get('page')).toBe('1');
    expect(hash.get('ordering')).toBe('location');
    await expect.poll(() => summary(page).textContent()).toMatch(new RegExp(`^Найдено: ${grouped(state.searchCount)},`));
    // Every shown row is one of the found sites (all fit on the first page).
    await expect.poll(() => page.getByRole('link', { name: 'Редактировать' }).count()).toBe(state.searchCount);
    const rows = dataRows(page);
    expect(await rows.count()).toBe(state.searchCount);
    for (const text of await rows.allTextContents()) expect(text).toContain(SEARCH);
  });

  it('3. editing a card saves the landmark, the cover and the GPS service radius to the database', async () => {
    const firstRow = dataRows(page).first();
    await firstRow.getByRole('link', { name: 'Редактировать' }).click();
    await page.waitForURL((u) => /\/update\/\d+\/$/.test(u.pathname));
    state.siteId = Number(/\/update\/(\d+)\/$/.exec(new URL(page.url()).pathname)![1]);
    const before = await db.pool.query<{ location: string; landmark: string | null; has_cover: boolean | null }>(
      'SELECT location, landmark, has_cover FROM waste_area WHERE id = $1',
      [state.siteId],
    );
    const row = before.rows[0]!;
    expect(row.location).toContain(SEARCH);
    state.siteLocation = row.location;
    state.landmark = `У проходной Е2Е-${Date.now().toString(36)}`;
    expect(row.landmark ?? '').not.toBe(state.landmark);

    // The card opens with the site's address as its title and the general tab.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(row.location);
    const landmark = page.getByLabel('Ориентир', { exact: true });
    await landmark.fill(state.landmark);
    // The site's own GPS service radius (issue 23 §2, docs/TRACKING.md), an integer field of the generic form.
    await page.getByLabel('Радиус обслуживания по GPS', { exact: false }).fill('80');

    await page.getByRole('tab', { name: 'Характеристики' }).click();
    // A surveyed fact (Да / Нет / «Не обследовано»): the Angarsk file never recorded the cover, so it is unknown, not «нет».
    expect(row.has_cover).toBeNull();
    const cover = page.locator('.ant-form-item').filter({ hasText: 'Есть навес (крыша)' });
    await expect.poll(() => cover.locator('.ant-select-placeholder').textContent()).toBe('Не обследовано');
    await cover.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^Да$/ }).click();

    const [saved] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === `${API_LIST}${state.siteId}/` && r.request().method() === 'PUT'),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    expect(saved.status(), await saved.text()).toBe(200);
    await page.getByText('Изменения площадки сохранены').waitFor();
    expect(await page.getByTestId('invalid-tabs').count()).toBe(0);

    const after = await db.pool.query<{ landmark: string | null; has_cover: boolean | null; location: string; service_radius_m: number | null }>(
      'SELECT landmark, has_cover, location, service_radius_m FROM waste_area WHERE id = $1',
      [state.siteId],
    );
    expect(after.rows[0]).toEqual({ landmark: state.landmark, has_cover: true, location: row.location, service_radius_m: 80 });
    const covered = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM waste_area WHERE kind = 'CONTAINER' AND has_cover`);
    state.coverCount = covered.rows[0]!.n;
    state.hasCover = true;
  });

  it('4. the change shows on the view page and in the list', async () => {
    // Отмена → the read-only view of the saved site.
    await page.getByRole('button', { name: 'Отмена' }).click();
    await page.waitForURL((u) => u.pathname === `${LIST_PATH}view/${state.siteId}/`);
    await page.getByText(state.landmark, { exact: true }).waitFor();
    // The imported site's data source by its Russian name (contract enums/import-sources.ts), not the loader's key.
    await page.getByText('План маршрутов Ангарска (импорт)', { exact: true }).first().waitFor();
    expect(await page.getByText('angarsk_route_plan_example2').count()).toBe(0);

    // К списку → back to the list with the remembered filter.
    await Promise.all([page.waitForResponse(listResponse('search', SEARCH)), page.getByRole('button', { name: 'К списку' }).click()]);
    await page.waitForURL((u) => u.pathname === LIST_PATH);
    expect(hashOf(page).get('search')).toBe(SEARCH);
    await expect.poll(() => summary(page).textContent()).toMatch(new RegExp(`^Найдено: ${grouped(state.searchCount)},`));

    // The new landmark is searchable: exactly the edited site.
    await search(page, state.landmark, true);
    await expect.poll(() => summary(page).textContent()).toMatch(/^Найдено: 1,/);
    const rows = dataRows(page);
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(state.siteLocation);

    // The cover filter counts the toggled site as the database does.
    await resetFilters(page);
    await page.getByLabel('Есть навес', { exact: true }).click();
    await Promise.all([
      page.waitForResponse(listResponse('has_cover', 'true')),
      page.locator('.ant-select-dropdown:visible').getByTitle('Да', { exact: true }).click(),
    ]);
    expect(hashOf(page).get('has_cover')).toBe('true');
    expect(hashOf(page).get('search')).toBeNull();
    await expect.poll(() => summary(page).textContent()).toMatch(new RegExp(`^Найдено: ${state.coverCount},`));
  });

  it('5. the export downloads the filtered rows as xlsx with Russian headers', async () => {
    await resetFilters(page);
    await search(page, SEARCH);
    await expect.poll(() => summary(page).textContent()).toMatch(new RegExp(`^Найдено: ${grouped(state.searchCount)},`));

    const [download, answer] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((r) => new URL(r.url()).pathname === `${API_LIST}xlsx/` && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Выгрузить в Excel' }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ search: SEARCH });
    expect(download.suggestedFilename()).toMatch(/^container_\d{4}-\d{2}-\d{2}\.xlsx$/);
    await page.getByText('Выгрузка готова').waitFor();

    const file = await download.path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    // One column per field of the registry, headed by its Russian label.
    expect(header).toEqual(Object.values(containerResource.fields).map((f) => f.label));
    for (const label of ['Адрес (местоположение)', 'Координаты', 'Статус', 'Ориентир', 'Есть навес (крыша)', 'Контейнеры']) expect(header).toContain(label);
    expect(header.filter((h) => h !== 'ID').every((h) => /[А-Яа-яЁё]/.test(h))).toBe(true);
    expect(sheet.rowCount - 1).toBe(state.searchCount);

    const col = (label: string) => header.indexOf(label) + 1;
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    for (const r of rows) expect(String(r.getCell(col('Адрес (местоположение)')).value)).toContain(SEARCH);
    const edited = rows.find((r) => r.getCell(col('Ориентир')).value === state.landmark);
    expect(edited, 'the edited site is in the export with its new landmark').toBeDefined();
    expect(edited!.getCell(col('Адрес (местоположение)')).value).toBe(state.siteLocation);
    expect(edited!.getCell(col('Есть навес (крыша)')).value).toBe(state.hasCover ? 'Да' : 'Нет');
    expect(edited!.getCell(col('Источник данных')).value).toBe('План маршрутов Ангарска (импорт)');
  });

  it('6. the map draws the sites from the vector tiles', async () => {
    // Tiles are fetched by maplibre's worker: the context (not the page) sees those calls.
    const [tile] = await Promise.all([
      context.waitForEvent('response', {
        predicate: (r) => /^\/api\/waste-area\/tiles\/\d+\/\d+\/\d+\.mvt$/.test(new URL(r.url()).pathname),
        timeout: 60_000,
      }),
      page.getByRole('menu', { name: 'Главное меню' }).getByRole('link', { name: 'Карта', exact: true }).click(),
    ]);
    expect(tile.status()).toBe(200);
    await page.waitForURL((u) => u.pathname === '/terr-schema/map/');
    await page.getByTestId('map').waitFor();
    // Idle: style loaded, our layer added, the source's tiles loaded and drawn.
    await page.waitForFunction(
      ({ layer, source }) => {
        const map = (globalThis as unknown as MapWindow).__map;
        return Boolean(map && map.getLayer(layer) && map.loaded() && map.isSourceLoaded(source) && map.areTilesLoaded());
      },
      { layer: LAYER_ID, source: SOURCE_ID },
      { timeout: 60_000 },
    );
    const features = await page.evaluate((layer) => {
      const map = (globalThis as unknown as MapWindow).__map!;
      return map.queryRenderedFeatures({ layers: [layer] }).map((f) => ({ kind: f.properties.kind, status: f.properties.status }));
    }, LAYER_ID);
    expect(features.length).toBeGreaterThan(0);
    expect(features.some((f) => f.kind === 'CONTAINER')).toBe(true);
    expect(features.every((f) => typeof f.status === 'string')).toBe(true);

    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'map.png') });
  });

  it('7. an anonymous visitor reads the public list only', async () => {
    const anonymous = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
    anonymous.setDefaultTimeout(30_000);
    try {
      const p = await anonymous.newPage();
      p.on('pageerror', (err) => pageErrors.push(err.message));
      const [publicList] = await Promise.all([
        p.waitForResponse((r) => new URL(r.url()).pathname === '/api/public/v1/waste-area/container/'),
        p.goto(`${baseUrl}${LIST_PATH}`),
      ]);
      expect(publicList.status()).toBe(200);
      expect(publicList.request().headers().authorization).toBeUndefined();
      await expect.poll(() => summary(p).textContent()).toContain(`Найдено: ${grouped(TOTAL_SITES)}`);
      await p.getByText('Открытый реестр: только просмотр.').waitFor();
      await expect.poll(() => dataRows(p).count()).toBeGreaterThan(0);
      expect(await p.getByRole('button', { name: 'Создать' }).count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Выгрузить в Excel' }).count()).toBe(0);
      expect(await p.getByRole('link', { name: 'Редактировать' }).count()).toBe(0);
      expect(await p.getByTestId('user-name').count()).toBe(0);

      // A card needs sign-in: the visitor is sent to /auth/ with the card as `h`.
      const card = `${LIST_PATH}update/${state.siteId}/`;
      await p.goto(`${baseUrl}${card}`);
      await p.waitForURL((u) => u.pathname === '/auth/');
      expect(new URL(p.url()).searchParams.get('h')).toBe(card);
      await p.getByRole('button', { name: 'Войти' }).waitFor();
    } finally {
      await anonymous.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
