/**
 * The registries of the territorial scheme and the dictionaries in the browser (issue 4 §7, §8):
 * one card of each registry group is created (or, for a loaded dictionary, edited) and saved in
 * headless Chromium, and every save is checked in the database with SQL. The built app
 * (apps/web/dist) is served by the real API (buildApp) on a fresh database holding the real ФККО
 * catalogue and the real ОКТМО units; nothing is mocked. The steps run in order on one signed-in
 * page and hand ids to each other:
 *   1. a special waste area (width/length, volume "0" by default);
 *   2. a waste source linked to that area — the link then shows on the area's card and view;
 *   3. a planned facility with an ФККО code chosen in the sub-panel (tree and search); a flow's
 *      waste code picked from the catalogue as you type;
 *   4. an unauthorised dump with a liquidation period (range) and a discovery date, exported to xlsx;
 *   5. a juridical person: an invalid ИНН first (Russian message on the field, tab marked
 *      invalid, nothing sent), then a valid one;
 *   6. an administrative unit (ОКТМО) edited, and the `/dicts/atu/{oktmo}/` list;
 *   7. a chamber with a container added through the container card (opened and closed);
 *   8. every section opens its list and a new card with each of its tabs; the side menu;
 *   9. anonymous visitors read the public list and card of waste sources.
 *
 * Needs the build (`pnpm --filter @tko/web build`) and Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium). Run: `pnpm exec vitest run --project web-e2e`.
 */

import path from 'node:path';
import { type Browser, type BrowserContext, type Locator, type Page, type Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { dataDir, ensureAdmin, importFkko, importOktmo, OKTMO_FILE, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import ExcelJS from 'exceljs';
import { resourceByName } from '@tko/contract';
import { SECTIONS } from '../../src/resources/sections';
import { copyBuiltWeb, launchChromium, openInApp, screenshotIfFailed, signIn, closeE2e, serveApp } from './harness';


const ADMIN = { email: 'e2e-registries@tko.local', password: 'Е2е-пароль-реестров-1', first_name: 'Илья', last_name: 'Реестров' };
/** Tells this run's rows apart in lists and searches. */
const TAG = `Е2Е-${Date.now().toString(36)}`;
/** Отходы из жилищ несортированные (исключая крупногабаритные): the most common ТКО code. */
const FKKO_CODE = '73111001724';
const FKKO_CODE_PRINTED = '7 31 110 01 72 4';

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
const pageErrors: string[] = [];

/** Ids and texts handed from one step to the next. */
const state = { areaId: 0, areaLocation: '', sourceId: 0, sourceName: '', facilityId: 0, dumpId: 0, personId: 0, unitId: 0 };

// ———————————————————————————— helpers ————————————————————————————

/** An input of the card by its field name (inputs carry `f-<name>` ids, src/crud/fields/field-item.tsx). */
const field = (p: Page, name: string) => p.locator(`#f-${name}`);
const summary = (p: Page) => p.getByTestId('list-summary');
const dataRows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');
const visibleDropdown = (p: Page) => p.locator('.ant-select-dropdown:visible');

async function sql<T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await db.pool.query<T>(text, params)).rows;
}

/** `SELECT count(*)::int AS n …` → n. */
async function count(text: string, params: unknown[] = []): Promise<number> {
  return (await sql<{ n: number }>(text, params))[0]!.n;
}

/** The form row (label, input, tags, message) of a card field. */
const item = (p: Page, name: string) => p.locator('.ant-form-item').filter({ has: field(p, name) });

/**
 * A decimal string as the app shows it (ru-RU: decimal comma, thousands split by a narrow no-break
 * space): `4260.000` → `4 260`, `1.100` → `1,1`, `49644.000` → `49 644`.
 */
function shownDecimal(s: string): string {
  const [int, frac = ''] = s.split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+$)/g, '\u202f');
  const f = frac.replace(/0+$/, '');
  return f ? `${grouped},${f}` : grouped;
}

/**
 * The open dropdown of one select: its list box is `<input id>_list` (rc-select), so a dropdown
 * still closing after the previous choice is never taken for this one.
 */
async function dropdownOf(p: Page, select: Locator): Promise<Locator> {
  const id = await select.getAttribute('id');
  return visibleDropdown(p).filter({ has: p.locator(`[id="${id}_list"]`) });
}

/**
 * Picks an option of an antd select (enum or small dictionary) by its exact text and waits until the
 * select shows it. On a loaded machine a click can land while the dropdown is still opening (the option
 * moves under the pointer): then the dropdown is closed and the pick tried again, three times at most.
 */
async function choose(p: Page, select: Locator, option: string): Promise<void> {
  // The select's own box (the nearest `.ant-select` around the input), where the chosen value shows.
  const box = select.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  for (let attempt = 1; ; attempt++) {
    await select.click();
    const dropdown = await dropdownOf(p, select);
    await dropdown.getByTitle(option, { exact: true }).click();
    try {
      await expect.poll(async () => (await box.textContent()) ?? '', { timeout: 5_000 }).toContain(option);
      return;
    } catch (err) {
      if (attempt === 3) throw err;
      if (await dropdown.count()) await p.keyboard.press('Escape');
    }
  }
}

/** Types into a searchable reference select and picks the option containing `text`. */
async function chooseRef(p: Page, select: Locator, search: string, text: string): Promise<void> {
  await select.click();
  await select.pressSequentially(search, { delay: 20 });
  const option = (await dropdownOf(p, select)).locator('.ant-select-item-option').filter({ hasText: text });
  await option.first().click();
}

/** Types a date DD.MM.YYYY into a picker input and confirms it. */
async function typeDate(input: Locator, date: string): Promise<void> {
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

function isCall(method: string, pathname: string | RegExp) {
  return (r: Response) => {
    const u = new URL(r.url());
    return r.request().method() === method && (typeof pathname === 'string' ? u.pathname === pathname : pathname.test(u.pathname));
  };
}

/** Clicks «Сохранить» on a new card; returns the created object (201) and waits for its card route. */
async function saveNew(p: Page, apiPath: string, cardPath: (id: number) => string): Promise<Record<string, unknown> & { id: number }> {
  const [res] = await Promise.all([p.waitForResponse(isCall('POST', apiPath)), p.getByRole('button', { name: 'Сохранить' }).click()]);
  const body = (await res.json()) as Record<string, unknown> & { id: number };
  expect(res.status(), JSON.stringify(body)).toBe(201);
  await p.waitForURL((u) => u.pathname === cardPath(body.id));
  await p.getByText('Запись создана').first().waitFor();
  return body;
}

/** Opens a list, clicks «Создать» and waits for the new card. */
async function openNewCard(p: Page, listPath: string): Promise<void> {
  await p.goto(`${baseUrl}${listPath}`);
  await p.getByRole('button', { name: 'Создать' }).click();
  await p.waitForURL((u) => u.pathname === `${listPath}update/new/`);
  await p.getByRole('button', { name: 'Сохранить' }).waitFor();
}

const tab = (p: Page, name: string) => p.getByRole('tab', { name, exact: true });

// ———————————————————————————— setup ————————————————————————————

beforeAll(async () => {
  // Serve a copy, so a rebuild of apps/web/dist during the run cannot pull a lazy chunk from under the page.
  webCopy = copyBuiltWeb('tko-web-e2e-registries-');

  db = await createTestDatabase();
  const fkko = await importFkko(db.pool, path.join(dataDir(), 'fkko_catalog_rpn_2026-03-25.tsv'));
  expect(fkko.rejected.length).toBeGreaterThan(0); // the catalogue's corrupted rows are reported, not loaded
  await importOktmo(db.pool, path.join(dataDir(), OKTMO_FILE));
  await ensureAdmin(db.pool, ADMIN);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));

  browser = await launchChromium();
  context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(30_000);
  page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(err.message));
  if (process.env.TEST_LOG) page.on('console', (m) => console.log(`[browser ${m.type()}] ${m.text()}`));

  // Sign in once; every step below runs signed in.
  await signIn(page, baseUrl, ADMIN, '/terr-schema/containers/special/');
});

afterEach(async ({ task }) => {
  // A failed step leaves a picture of the page for the report.
  await screenshotIfFailed(page, task, 'failed-registries-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

// ———————————————————————————— steps ————————————————————————————

describe('registries in the browser', () => {
  it('1. a special waste area is created with width and length; volume defaults to "0"', async () => {
    // The container section's tabs are live registries now (no «Реестр появится…»).
    await expect.poll(() => summary(page).textContent()).toBe('Найдено: 0');
    await page.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL((u) => u.pathname === '/terr-schema/containers/special/update/new/');

    state.areaLocation = `Ангарск, 12 мкр, у дома 7 (${TAG})`;
    await field(page, 'location').fill(state.areaLocation);
    await field(page, 'coordinates').fill('52.541234, 103.881234');
    await field(page, 'identifier').fill(`СП-${TAG}`);
    await field(page, 'width').fill('3,5');
    await field(page, 'length').fill('4');
    const created = await saveNew(page, '/api/waste-area/special/', (id) => `/terr-schema/containers/special/update/${id}/`);
    state.areaId = created.id;

    const [row] = await sql<{ kind: string; location: string; identifier: string; width: string; length: string; volume: string; lat: number; lng: number }>(
      `SELECT kind, location, identifier, waste_area_width::text AS width, waste_area_length::text AS length, volume::text AS volume,
              round(ST_Y(coordinates)::numeric, 6)::float AS lat, round(ST_X(coordinates)::numeric, 6)::float AS lng
         FROM waste_area WHERE id = $1`,
      [state.areaId],
    );
    expect(row).toEqual({ kind: 'SPECIALA', location: state.areaLocation, identifier: `СП-${TAG}`, width: '3.50', length: '4.00', volume: '0.000', lat: 52.541234, lng: 103.881234 });
    // The saved card shows what was stored (a decimal with a comma was accepted).
    await expect.poll(() => field(page, 'width').inputValue()).toBe('3,5');
  });

  it('2. a waste source linked to the area; the link shows on both cards', async () => {
    await page.getByRole('menu', { name: 'Главное меню' }).getByRole('link', { name: 'Источники образования', exact: true }).click();
    // Lists other than the waste-site ones open with `#page=1` only (spec 02 §2).
    await page.waitForURL((u) => u.pathname === '/terr-schema/waste-sources/' && u.hash === '#page=1');
    await page.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL((u) => u.pathname === '/terr-schema/waste-sources/update/new/');

    state.sourceName = `Жилой дом ${TAG}`;
    await field(page, 'name').fill(state.sourceName);
    await field(page, 'location').fill(`Ангарск, 12 мкр, дом 7 (${TAG})`);
    await field(page, 'coordinates').fill('52.541500, 103.881500');
    await choose(page, field(page, 'category'), 'Многоквартирный дом');
    await field(page, 'cadastral_number').fill('38:26:040101:777');

    // Characteristics: a normative unit and a number of units give the derived yearly figures.
    await tab(page, 'Характеристики').click();
    await field(page, 'number_of_residents').fill('120');
    await field(page, 'normative_unit').click();
    const unitOption = (await dropdownOf(page, field(page, 'normative_unit'))).locator('.ant-select-item-option').first();
    const unitName = (await unitOption.getAttribute('title'))!;
    await unitOption.click();
    await field(page, 'normative_value').fill('120');

    // The waste areas tab: the site created in step 1, found by its address.
    await tab(page, 'Места накопления').click();
    await chooseRef(page, field(page, 'waste_areas'), TAG, state.areaLocation);
    await expect.poll(() => item(page, 'waste_areas').textContent()).toContain(state.areaLocation);

    const created = await saveNew(page, '/api/waste-sources/', (id) => `/terr-schema/waste-sources/update/${id}/`);
    state.sourceId = created.id;

    const [row] = await sql<{ name: string; category: string; cadastral_number: string; number_of_residents: number; unit: string; kg: string | null }>(
      `SELECT s.name, s.category, s.cadastral_number, s.number_of_residents, u.name AS unit,
              round(s.normative_value * u.kg_per_unit_year, 3)::text AS kg
         FROM waste_source s JOIN normative_unit u ON u.id = s.normative_unit_id WHERE s.id = $1`,
      [state.sourceId],
    );
    expect(row).toMatchObject({ name: state.sourceName, category: 'MULTI_APARTMENT', cadastral_number: '38:26:040101:777', number_of_residents: 120, unit: unitName });
    const links = await sql<{ waste_area_id: number }>('SELECT waste_area_id FROM waste_source_waste_area WHERE waste_source_id = $1', [state.sourceId]);
    expect(links).toEqual([{ waste_area_id: state.areaId }]);
    // The derived figure (value × the unit's yearly norm) is read back into the card.
    expect(created.normative_year_kg).toBe(row!.kg);
    await tab(page, 'Характеристики').click();
    await expect.poll(() => field(page, 'normative_year_kg').inputValue()).toBe(shownDecimal(row!.kg!));

    // The area's edit card lists the source on its waste sources tab …
    await page.goto(`${baseUrl}/terr-schema/containers/special/update/${state.areaId}/`);
    await tab(page, 'Источники образования').click();
    await expect.poll(() => item(page, 'waste_sources').textContent()).toContain(state.sourceName);
    // … and its view page links to the source, whose view links back to the area.
    await page.goto(`${baseUrl}/terr-schema/containers/special/view/${state.areaId}/`);
    await tab(page, 'Источники образования').click();
    await page.getByRole('link', { name: state.sourceName }).click();
    await page.waitForURL((u) => u.pathname === `/terr-schema/waste-sources/view/${state.sourceId}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(state.sourceName);
    await tab(page, 'Места накопления').click();
    const back = page.getByRole('link', { name: state.areaLocation });
    await expect.poll(() => back.getAttribute('href')).toBe(`/terr-schema/containers/special/view/${state.areaId}/`);
  });

  it('3. a planned facility with an ФККО code chosen in the sub-panel', async () => {
    await page.goto(`${baseUrl}/terr-schema/waste-management-facilities/`);
    await page.waitForURL((u) => u.pathname === '/terr-schema/waste-management-facilities/current/');
    await tab(page, 'Планируемые объекты').click();
    await page.waitForURL((u) => u.pathname === '/terr-schema/waste-management-facilities/planned/');
    // The router pushes the URL before React renders the new tab (a transition): until the tab shows
    // as selected, «Создать» may still be the current tab's button.
    await expect.poll(() => tab(page, 'Планируемые объекты').getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL((u) => u.pathname === '/terr-schema/waste-management-facilities/planned/update/new/');

    // A card opened from the planned tab starts as planned.
    await expect.poll(() => item(page, 'status').textContent()).toContain('Планируемый');
    const name = `Мусоросортировочный комплекс ${TAG}`;
    await field(page, 'name').fill(name);
    await field(page, 'location').fill('Ангарский городской округ, промзона, квартал 3');
    await field(page, 'coordinates').fill('52.560001, 103.850002');
    await choose(page, field(page, 'purpose'), 'Обработка');
    // A period with both ends (range of dates).
    await typeDate(page.locator('#f-building_period'), '01.05.2027');
    await typeDate(page.locator('#f-building_period-upper'), '30.09.2028');

    await tab(page, 'Характеристики').click();
    // enum_list: two engineering supports.
    await choose(page, field(page, 'engineering_supports'), 'Электроснабжение');
    await (await dropdownOf(page, field(page, 'engineering_supports'))).getByTitle('Водоснабжение', { exact: true }).click();
    await page.keyboard.press('Escape');

    // The ФККО panel: the catalogue tree opens on its blocks …
    await page.getByRole('button', { name: /Выбрать коды ФККО$/ }).click();
    const panel = page.getByTestId('fkko-panel');
    const tree = panel.getByTestId('fkko-tree');
    const blocks = await count(`SELECT count(*)::int AS n FROM fkko WHERE parent_code IS NULL`);
    await expect.poll(() => tree.getByRole('treeitem').count()).toBe(blocks);
    // … a block opens one level down (loaded on demand) …
    const block7 = tree.getByRole('treeitem').filter({ hasText: /^7 00 000 00 00 0/ });
    await block7.locator('.ant-tree-switcher').click();
    const types7 = await count(`SELECT count(*)::int AS n FROM fkko WHERE parent_code = '70000000000'`);
    await expect.poll(() => tree.getByRole('treeitem').count()).toBe(blocks + types7);
    // … and the search finds the code typed as the catalogue prints it.
    await panel.getByLabel('Поиск по коду или наименованию ФККО').fill(FKKO_CODE_PRINTED);
    const results = panel.getByTestId('fkko-search-results');
    const hit = results.getByRole('checkbox', { name: new RegExp(`^${FKKO_CODE_PRINTED} Отходы из жилищ несортированные`) });
    await hit.check();
    await expect.poll(() => panel.getByText('Выбрано: 1').count()).toBe(1);
    await panel.getByRole('button', { name: 'Готово' }).click();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('fkko-chosen').textContent()).toContain('Отходы из жилищ несортированные');

    const created = await saveNew(page, '/api/waste-management-facility/', (id) => `/terr-schema/waste-management-facilities/planned/update/${id}/`);
    state.facilityId = created.id;
    const [row] = await sql<{ name: string; status: string; purpose: string; supports: string[]; period: string; codes: string[] }>(
      `SELECT f.name, f.status, f.purpose, f.engineering_supports AS supports, f.building_period::text AS period,
              array(SELECT k.code FROM waste_management_facility_fkko j JOIN fkko k ON k.id = j.fkko_id WHERE j.facility_id = f.id) AS codes
         FROM waste_management_facility f WHERE f.id = $1`,
      [state.facilityId],
    );
    expect(row).toMatchObject({ name, status: 'PLANNED', purpose: 'PROCESSING', period: '[2027-05-01,2028-10-01)', codes: [FKKO_CODE] });
    expect([...row!.supports].sort()).toEqual(['ELECTRICITY_SUPPLY', 'WATER_SUPPLY']);

    // The saved card shows the chosen code inside its catalogue branch (fkko_tree).
    await tab(page, 'Характеристики').click();
    await page.getByText(`${FKKO_CODE_PRINTED} Отходы из жилищ несортированные`, { exact: false }).first().waitFor();
    // Planned, not current.
    await page.goto(`${baseUrl}/terr-schema/waste-management-facilities/current/#page=1&ordering=name&search=${encodeURIComponent(TAG)}`);
    await expect.poll(() => summary(page).textContent()).toBe('Найдено: 0');
    await page.goto(`${baseUrl}/terr-schema/waste-management-facilities/planned/#page=1&ordering=name&search=${encodeURIComponent(TAG)}`);
    await expect.poll(() => summary(page).textContent()).toBe('Найдено: 1');

    // A flow's waste: its ФККО code is picked from the loaded catalogue as you type (here the start of the printed code).
    await page.goto(`${baseUrl}/flows/present-flows/update/new/`);
    await tab(page, 'Отходы').click();
    await page.getByRole('button', { name: 'Добавить' }).click();
    const code = page.getByTestId('fkko-code-input').first();
    await code.fill('7 31 110 01');
    await visibleDropdown(page).getByText(`${FKKO_CODE_PRINTED} — Отходы из жилищ несортированные`, { exact: false }).click();
    await expect.poll(() => code.inputValue()).toBe(FKKO_CODE);
    await page.getByRole('button', { name: 'Отмена' }).click();
    await page.getByRole('button', { name: 'Уйти без сохранения' }).click();
    await page.waitForURL((u) => !u.pathname.includes('/update/'));
  });

  it('4. an unauthorised dump with a discovery date and a liquidation period', async () => {
    await openNewCard(page, '/terr-schema/waste-dumps/');
    const location = `Ангарск, 2 км восточнее СНТ «Строитель» (${TAG})`;
    await field(page, 'location').fill(location);
    await field(page, 'coordinates').fill('52.512345, 103.954321');
    await field(page, 'area').fill('350,5');
    await typeDate(field(page, 'discovery_date'), '14.04.2026');
    await typeDate(page.locator('#f-liquidation_period'), '01.05.2026');
    await typeDate(page.locator('#f-liquidation_period-upper'), '30.06.2026');
    const created = await saveNew(page, '/api/waste-dumps/', (id) => `/terr-schema/waste-dumps/update/${id}/`);
    state.dumpId = created.id;

    const [row] = await sql<{ location: string; status: string; area: string; discovery_date: string; period: string }>(
      `SELECT location, status, area::text AS area, discovery_date::text AS discovery_date, liquidation_period::text AS period FROM waste_dump WHERE id = $1`,
      [state.dumpId],
    );
    expect(row).toEqual({ location, status: 'DETECTED', area: '350.50', discovery_date: '2026-04-14', period: '[2026-05-01,2026-07-01)' });
    // The list shows it, found by the run's tag …
    await page.goto(`${baseUrl}/terr-schema/waste-dumps/#page=1&search=${encodeURIComponent(TAG)}`);
    await expect.poll(() => summary(page).textContent()).toBe('Найдено: 1');
    expect(await dataRows(page).first().textContent()).toContain('Выявлена');
    // … and the export of that list is the one dump, its period in Russian.
    const [download, answer] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse(isCall('POST', '/api/waste-dumps/xlsx/')),
      page.getByRole('button', { name: /Выгрузить в Excel$/ }).click(),
    ]);
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual({ search: TAG });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(await download.path());
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(header).toEqual(Object.values(resourceByName('waste-dumps')!.fields).map((f) => f.label));
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(header.indexOf('Адрес (местоположение)') + 1).value).toBe(location);
  });

  it('5. a juridical person: an invalid ИНН is refused on its field and tab, a valid one is saved', async () => {
    await page.goto(`${baseUrl}/terr-schema/waste-handlers/`);
    await page.waitForURL((u) => u.pathname === '/terr-schema/waste-handlers/juridical-person/');
    await page.getByRole('button', { name: 'Создать' }).click();
    await page.waitForURL((u) => u.pathname === '/terr-schema/waste-handlers/juridical-person/update/new/');

    const name = `ООО «Чистый двор ${TAG}»`;
    await field(page, 'name').fill(name);
    await field(page, 'inn').fill('7707083894'); // Сбербанк's ИНН 7707083893 with a wrong check digit
    await tab(page, 'Лицензия и территория').click();
    let posts = 0;
    const count = (r: Response) => {
      if (isCall('POST', '/api/legal-entities/juridical-person/')(r)) posts += 1;
    };
    page.on('response', count);
    await page.getByRole('button', { name: 'Сохранить' }).click();

    // The card moves to the invalid tab, marks it and says which tabs hold errors.
    await expect.poll(() => page.getByTestId('tab-general').getAttribute('data-invalid')).toBe('true');
    expect(await page.getByTestId('tab-characteristics').getAttribute('data-invalid')).toBeNull();
    await expect.poll(() => page.getByTestId('invalid-tabs').textContent()).toBe('Исправьте ошибки на вкладках: Общие сведения.');
    // The tab's name now carries the error mark («Есть ошибки»).
    await expect.poll(() => page.getByRole('tab', { name: /^Общие сведения/ }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => item(page, 'inn').locator('.ant-form-item-explain').textContent()).toBe('Неверный ИНН: не сходится контрольное число.');
    expect(posts).toBe(0);

    await field(page, 'inn').fill('7707083893');
    await expect.poll(() => page.getByTestId('tab-general').getAttribute('data-invalid')).toBeNull();
    await page.getByTestId('invalid-tabs').waitFor({ state: 'detached' });
    await tab(page, 'Лицензия и территория').click();
    await field(page, 'license_number').fill(`(38)-${TAG}-СТ`);
    await page.getByRole('checkbox', { name: 'Оператор по обращению с ТКО' }).check();
    const created = await saveNew(page, '/api/legal-entities/juridical-person/', (id) => `/terr-schema/waste-handlers/juridical-person/update/${id}/`);
    page.off('response', count);
    expect(posts).toBe(1);
    state.personId = created.id;

    const [row] = await sql<{ kind: string; name: string; inn: string; license_number: string; is_operator: boolean; status: string }>(
      'SELECT kind, name, inn, license_number, is_operator, status FROM legal_entity WHERE id = $1',
      [state.personId],
    );
    expect(row).toEqual({ kind: 'JURIDICAL_PERSON', name, inn: '7707083893', license_number: `(38)-${TAG}-СТ`, is_operator: true, status: 'ACTIVE' });
  });

  it('6. an administrative unit (ОКТМО) is edited; /dicts/atu/{oktmo}/ lists the units of a formation', async () => {
    const [unit] = await sql<{ id: number; code: string; name: string; parent_code: string }>(
      `SELECT id, code, name, parent_code FROM administrative_unit
        WHERE parent_code IS NOT NULL AND length(code) = 8 ORDER BY code LIMIT 1`,
    );
    state.unitId = unit!.id;
    const siblings = await count('SELECT count(*)::int AS n FROM administrative_unit WHERE parent_code = $1', [unit!.parent_code]);

    // The optional {oktmo} segment narrows the list to one formation.
    await page.goto(`${baseUrl}/dicts/atu/${unit!.parent_code}/`);
    await expect.poll(() => summary(page).textContent()).toBe(`Найдено: ${siblings}`);
    await page.getByText(`Единицы, входящие в муниципальное образование с кодом ОКТМО ${unit!.parent_code}.`).waitFor();

    // Search by code (a prefix of the codes below it), open the card from the row's edit link.
    await page.goto(`${baseUrl}/dicts/atu/`);
    const box = page.getByLabel('Поиск по наименованию или коду', { exact: true });
    await box.fill(unit!.code);
    await box.press('Enter');
    const found = await count(`SELECT count(*)::int AS n FROM administrative_unit WHERE code ILIKE $1 OR name ILIKE $1`, [`%${unit!.code}%`]);
    await expect.poll(() => summary(page).textContent()).toBe(`Найдено: ${found}`);
    const unitRow = dataRows(page).filter({ has: page.getByRole('cell', { name: unit!.code, exact: true }) });
    await unitRow.getByRole('link', { name: 'Редактировать' }).click();
    // Cards are named by the ОКТМО code (spec 03 screens), the API still by id.
    await page.waitForURL((u) => u.pathname === `/dicts/atu/update/${unit!.code}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(unit!.name);

    await field(page, 'head').fill('Иванов Иван Иванович');
    await field(page, 'phone').fill('+7 (38553) 2-11-22');
    await field(page, 'email').fill('adm@example.ru');
    await field(page, 'population').fill('1234');
    const [res] = await Promise.all([
      page.waitForResponse(isCall('PUT', `/api/dicts/administrative-unit/${state.unitId}/`)),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    expect(res.status(), await res.text()).toBe(200);
    await page.getByText('Изменения сохранены').first().waitFor();
    const [row] = await sql<{ head: string; phone: string; email: string; population: number; code: string }>(
      'SELECT head, phone, email, population, code FROM administrative_unit WHERE id = $1',
      [state.unitId],
    );
    expect(row).toEqual({ head: 'Иванов Иван Иванович', phone: '+7 (38553) 2-11-22', email: 'adm@example.ru', population: 1234, code: unit!.code });
  });

  it('7. a chamber with a container added and edited in the container card', async () => {
    await openNewCard(page, '/terr-schema/containers/chamber/');
    const location = `Ангарск, 15 мкр, дом 3, мусорокамера (${TAG})`;
    await field(page, 'location').fill(location);
    await field(page, 'coordinates').fill('52.530001, 103.870002');
    await tab(page, 'Контейнеры').click();
    await page.getByRole('button', { name: 'Добавить' }).click();
    // The container card opens, takes the container's fields and closes again.
    await page.getByRole('button', { name: 'Открыть карточку: Контейнер № 1' }).click();
    const card = page.getByTestId('child-card');
    await card.getByText('Контейнер № 1').waitFor();
    await choose(page, card.locator('#f-containers-0-type-card'), 'Евроконтейнер');
    await card.locator('#f-containers-0-volume-card').fill('1,1');
    await card.getByRole('button', { name: 'Закрыть карточку' }).click();
    await card.waitFor({ state: 'hidden' });
    // The table row shows what the card set.
    await expect.poll(() => field(page, 'containers-0-volume').inputValue()).toBe('1,1');
    await expect.poll(() => page.getByTestId('children-containers').textContent()).toContain('Всего: 1 шт., объём 1,1 м³');

    const created = await saveNew(page, '/api/waste-area/chamber/', (id) => `/terr-schema/containers/chamber/update/${id}/`);
    const [row] = await sql<{ kind: string; count_containers: number; volume: string; types: string[] }>(
      `SELECT kind, count_containers, volume::text AS volume,
              array(SELECT type FROM waste_area_container c WHERE c.waste_area_id = w.id) AS types
         FROM waste_area w WHERE id = $1`,
      [created.id],
    );
    expect(row).toEqual({ kind: 'CHAMBER', count_containers: 1, volume: '1.100', types: ['EURO'] });
  });

  it('8. every section opens its list, a new card with each tab, and its menu item', async () => {
    for (const section of SECTIONS) {
      for (const t of section.tabs) {
        const list = t.slug ? `${section.base}${t.slug}/` : section.base;
        // Opened through the router in the loaded app (harness openInApp), as the menu and the «Создать» button do.
        await openInApp(page, list);
        await expect.poll(() => summary(page).textContent(), { message: list }).toMatch(/^Найдено: \d+/);
        await page.getByRole('heading', { level: 1, name: t.title ?? resourceByName(t.resource)!.label }).waitFor();
        await openInApp(page, `${list}update/new/`);
        await page.getByRole('button', { name: 'Сохранить' }).waitFor();
        for (const cardTab of resourceByName(t.resource)!.tabs) {
          await tab(page, cardTab.label).click();
          await expect.poll(() => tab(page, cardTab.label).getAttribute('aria-selected'), { message: `${list} ${cardTab.label}` }).toBe('true');
        }
      }
    }
    const menu = page.getByRole('menu', { name: 'Главное меню' });
    for (const label of ['Места накопления', 'Карта', 'Источники образования', 'Объекты обращения с отходами', 'Несанкционированные свалки', 'Обработчики отходов', 'ФККО', 'АТЕ (ОКТМО)', 'Зоны деятельности']) {
      await menu.getByRole('link', { name: label, exact: true }).waitFor();
    }
    expect(pageErrors).toEqual([]);
  }, 300_000); // 16 lists and every card tab

  it('9. anonymous visitors read the public list and card of waste sources', async () => {
    const anonymous = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
    anonymous.setDefaultTimeout(30_000);
    try {
      const p = await anonymous.newPage();
      p.on('pageerror', (err) => pageErrors.push(err.message));
      const [list] = await Promise.all([
        p.waitForResponse(isCall('GET', '/api/public/v1/waste-sources/')),
        p.goto(`${baseUrl}/terr-schema/waste-sources/#page=1&ordering=location&search=${encodeURIComponent(TAG)}`),
      ]);
      expect(list.status()).toBe(200);
      expect(list.request().headers().authorization).toBeUndefined();
      await expect.poll(() => summary(p).textContent()).toBe('Найдено: 1');
      await p.getByText('Открытый реестр: только просмотр.').waitFor();
      expect(await p.getByRole('button', { name: 'Создать' }).count()).toBe(0);

      const [card] = await Promise.all([p.waitForResponse(isCall('GET', `/api/public/v1/waste-sources/${state.sourceId}/`)), dataRows(p).first().click()]);
      expect(card.status()).toBe(200);
      await p.waitForURL((u) => u.pathname === `/terr-schema/waste-sources/view/${state.sourceId}/`);
      await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent()).toBe(state.sourceName);
      expect(await p.getByRole('link', { name: 'Редактировать' }).count()).toBe(0);

      // A registry without a public variant asks for sign-in.
      await p.goto(`${baseUrl}/terr-schema/waste-dumps/`);
      await p.waitForURL((u) => u.pathname === '/auth/');
      expect(new URL(p.url()).searchParams.get('h')).toBe('/terr-schema/waste-dumps/');
    } finally {
      await anonymous.close();
    }
    expect(pageErrors).toEqual([]);
  });
});
