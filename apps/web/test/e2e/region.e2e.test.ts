/**
 * A region ready to work on first start (issue 23 §1) in the browser, on the real Angarsk route
 * plan imported by the command: the map shows the garages with their estimated points ringed and
 * the legend row «Координаты оценены — проверьте»; the garage card says «Координаты оценены по
 * площадкам — проверьте» until a new point is saved; the schedule card's «Добавить площадки» adds a
 * contract zone's sites and the sites inside an area drawn on the map; a waste-area list's
 * «Добавить все найденные в график» adds what its filter finds. Администрирование → Регион loads
 * the shared Rosstat ОКТМО file, the region of the settings picking its section. Counts checked
 * against the database.
 * The built app served by the real API on its own database, headless Chromium.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { dataDir, ensureAdmin, importAngarsk, OKTMO_FILE, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, launchChromium, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

/** The maplibre instances the pages expose for tests (map-page.tsx, polygon-draw-map.tsx), as far as used here. */
interface MapHandle {
  getLayer(id: string): unknown;
  querySourceFeatures(source: string): { id?: unknown; properties: Record<string, unknown> }[];
  getPaintProperty(layer: string, name: string): unknown;
  jumpTo(o: { center: [number, number]; zoom: number }): void;
  unproject(p: [number, number]): { lng: number; lat: number };
}
type MapGlobals = { __map?: MapHandle; __drawMap?: MapHandle };

const ADMIN = { email: 'e2e-region@tko.local', password: 'Е2е-пароль-региона-1', first_name: 'Регина', last_name: 'Планова' };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;

const one = async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.pool.query<R>(sql, params)).rows[0]!;
const emptySchedule = async (name: string) => (await one<{ id: number }>('INSERT INTO schedule (name) VALUES ($1) RETURNING id', [name])).id;
/** Picks `text` in a select: typed, then its option chosen once listed (the selects filter as one types). */
async function choose(select: ReturnType<Page['locator']>, text: string): Promise<void> {
  await select.click();
  await select.fill(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
}
const points = async (id: number) => (await one<{ n: number }>('SELECT count(*)::int AS n FROM schedule_point WHERE schedule_id = $1', [id])).n;

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-region-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  await importAngarsk(db.pool, path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv'));
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));
  browser = await launchChromium();
  page = await openPage(browser);
  await signIn(page, baseUrl, ADMIN, '/terr-schema/map/');
}, 180_000);

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-region-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('estimated points', () => {
  it('the map rings the estimated garages and the landfill and says so in the legend and the popup', async () => {
    await page.getByTestId('map').and(page.locator('[data-ready="true"]')).waitFor({ timeout: 60_000 });
    await page.getByTestId('layer-estimated-garages').waitFor();
    expect(await page.getByTestId('layer-estimated-garages').textContent()).toBe('Координаты оценены — проверьте');
    await page.getByTestId('layer-estimated-waste-management-facilities').waitFor();
    // The 3 garages are drawn, each with its estimate flag.
    const drawn = async () => page.evaluate(() => {
      const map = (globalThis as unknown as MapGlobals).__map!;
      if (!map.getLayer('garages')) return [];
      // A GeoJSON source is cut into tiles: a feature may come back once per tile it touches.
      return [...new Map(map.querySourceFeatures('garages').map((f) => [String(f.properties.id), f.properties.estimated === true])).values()];
    });
    await expect.poll(async () => (await drawn()).length, { timeout: 30_000 }).toBe(3);
    expect(await drawn()).toEqual([true, true, true]);
    // The ring colour follows the flag.
    const stroke = await page.evaluate(() => JSON.stringify((globalThis as unknown as MapGlobals).__map!.getPaintProperty('garages', 'circle-stroke-color')));
    expect(stroke).toContain('#d4380d');
    expect(stroke).toContain('estimated');
  }, 120_000);

  it('the garage card says the point is estimated until a new point is saved', async () => {
    const g = await one<{ id: number; name: string }>(`SELECT id, name FROM garage WHERE name = 'Гараж АМП'`);
    await page.goto(`${baseUrl}/routes/fleet/garages/update/${g.id}/`);
    await page.getByRole('button', { name: 'Сохранить' }).waitFor();
    expect(await page.getByTestId('card-notice').textContent()).toBe('Координаты оценены по площадкам — проверьте');
    await page.locator('#f-coordinates').fill('52.540512, 103.921870');
    const [res] = await Promise.all([
      page.waitForResponse((r) => ['PUT', 'PATCH'].includes(r.request().method()) && new URL(r.url()).pathname === `/api/fleet/garages/${g.id}/`),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    expect(res.status(), await res.text()).toBe(200);
    await expect.poll(() => page.getByTestId('card-notice').count()).toBe(0);
    expect(await one(`SELECT name, coordinates_needs_checking AS flagged, ST_Y(coordinates) AS lat FROM garage WHERE id = $1`, [g.id])).toEqual({ name: g.name, flagged: false, lat: 52.540512 });
    // Another garage still says it.
    const other = await one<{ id: number }>(`SELECT id FROM garage WHERE name = 'Генерала Доватора'`);
    await page.goto(`${baseUrl}/routes/fleet/garages/view/${other.id}/`);
    await page.getByTestId('card-notice').waitFor();
  }, 120_000);
});

describe('adding sites to a schedule in bulk', () => {
  it('adds a contract zone\'s sites from the schedule card', async () => {
    const id = await emptySchedule('График: зона');
    await page.goto(`${baseUrl}/routes/schedules-n-requests/schedules/update/${id}/`);
    await page.getByTestId('bulk-sites-open').click();
    const dialog = page.getByRole('dialog', { name: 'Добавить площадки в график' });
    await dialog.waitFor();
    await choose(dialog.locator('#bulk-sites-zone'), 'Ангарский городской округ');
    await dialog.getByTestId('bulk-sites-submit').click();
    const result = dialog.getByTestId('bulk-sites-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toContain('Найдено площадок: 1692. Добавлено: 1692, уже были в графике: 0, не добавлено: 0. Точек в графике: 1692.');
    expect(await points(id)).toBe(1692);
    // Again: nothing new.
    await dialog.getByTestId('bulk-sites-submit').click();
    await expect.poll(async () => (await result.textContent()) ?? '').toContain('Добавлено: 0, уже были в графике: 1692');
    await dialog.getByRole('button', { name: 'Закрыть' }).first().click();
  }, 120_000);

  it('adds the sites inside an area drawn on the map', async () => {
    const id = await emptySchedule('График: область');
    await page.goto(`${baseUrl}/routes/schedules-n-requests/schedules/update/${id}/`);
    await page.getByTestId('bulk-sites-open').click();
    const dialog = page.getByRole('dialog', { name: 'Добавить площадки в график' });
    await dialog.getByText('Область на карте').click();
    const map = dialog.getByTestId('draw-map');
    await map.and(page.locator('[data-ready="true"]')).waitFor({ timeout: 60_000 });
    // Centre the map on a part of Angarsk and click four corners around it.
    await page.evaluate(() => (globalThis as unknown as MapGlobals).__drawMap!.jumpTo({ center: [103.87, 52.545], zoom: 13.5 }));
    const box = (await map.boundingBox())!;
    const pixels: [number, number][] = [[box.width * 0.3, box.height * 0.3], [box.width * 0.7, box.height * 0.3], [box.width * 0.7, box.height * 0.7], [box.width * 0.3, box.height * 0.7]]
      .map(([x, y]) => [Math.round(x!), Math.round(y!)]);
    for (const [x, y] of pixels) await page.mouse.click(box.x + x, box.y + y);
    expect(await dialog.getByTestId('draw-corners').textContent()).toBe('Область из 4 углов.');
    // The corners as the map reads those pixels (the sent polygon must be these, within a pixel).
    const corners = await page.evaluate((px) => px.map(([x, y]) => {
      const p = (globalThis as unknown as MapGlobals).__drawMap!.unproject([x, y]);
      return [p.lng, p.lat];
    }), pixels);
    const [req] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === `/api/fleet/schedules/${id}/sites/bulk/`),
      dialog.getByTestId('bulk-sites-submit').click(),
    ]);
    const polygon = (req.postDataJSON() as { polygon: { type: string; coordinates: number[][][] } }).polygon;
    expect(polygon.type).toBe('Polygon');
    const ring = polygon.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[4]).toEqual(ring[0]);
    ring.slice(0, 4).forEach((c, k) => {
      expect(Math.abs(c[0]! - corners[k]![0]!)).toBeLessThan(3e-4);
      expect(Math.abs(c[1]! - corners[k]![1]!)).toBeLessThan(3e-4);
    });
    // What the database finds inside that polygon, counted without the API.
    const expected = (await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM waste_area WHERE ST_Covers(ST_SetSRID(ST_GeomFromGeoJSON($1), 4326), coordinates)`, [JSON.stringify(polygon)],
    )).n;
    expect(expected).toBeGreaterThan(0);
    const result = dialog.getByTestId('bulk-sites-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toContain(`Найдено площадок: ${expected}. Добавлено: ${expected}`);
    expect(await points(id)).toBe(expected);
    await dialog.getByRole('button', { name: 'Закрыть' }).first().click();
  }, 120_000);

  it('«Добавить все найденные в график» adds what the waste-area list\'s filter finds', async () => {
    const id = await emptySchedule('График: найденные');
    await page.goto(`${baseUrl}/terr-schema/containers/container/#page=1&ordering=location&search=${encodeURIComponent('47 квл')}`);
    await expect.poll(async () => page.getByTestId('list-summary').innerText(), { timeout: 30_000 }).toMatch(/\d/);
    const found = (await one<{ n: number }>(`SELECT count(*)::int AS n FROM waste_area WHERE kind = 'CONTAINER' AND location ILIKE '%47 квл%'`)).n;
    expect(found).toBeGreaterThan(5);
    await page.getByTestId('add-found-to-schedule').click();
    const dialog = page.getByRole('dialog', { name: 'Добавить все найденные площадки в график' });
    await choose(dialog.locator('#add-found-schedule'), 'График: найденные');
    await dialog.getByTestId('add-found-submit').click();
    const result = dialog.getByTestId('bulk-sites-result');
    await result.waitFor({ timeout: 60_000 });
    expect(await result.textContent()).toContain(`Найдено площадок: ${found}. Добавлено: ${found}`);
    expect(await points(id)).toBe(found);
  }, 120_000);
});


describe('ОКТМО from the screen (Администрирование → Регион)', () => {
  it('loads the settings\' region of the shared two-region Rosstat file and shows the units by region', async () => {
    await db.pool.query(`UPDATE system_settings SET region = 'Алтайский край' WHERE id = 1`);
    await page.goto(`${baseUrl}/admin/region/`);
    const section = page.getByTestId('oktmo-section');
    await section.getByTestId('oktmo-loaded').getByText('ОКТМО не загружен').waitFor({ timeout: 30_000 });
    expect(await section.getByTestId('oktmo-settings-region').textContent()).toBe('Регион в настройках системы: Алтайский край.');
    await section.locator('input[type=file]').setInputFiles(path.join(dataDir(), OKTMO_FILE));
    await section.getByTestId('oktmo-upload').click();
    const result = section.getByTestId('oktmo-result');
    await result.waitFor({ timeout: 60_000 });
    const text = (await result.textContent())!;
    expect(text).toContain('В файле несколько регионов: загружен регион настроек системы «Алтайский край» — 01 (Алтайского края).');
    // Region 01 of the file: 717 formations + 1 605 localities = 2 322 units (docs/DATA.md «The numbers», counted from the file).
    expect(text).toMatch(/строк 5\u202f690, единиц ОКТМО 2\u202f322 \(создано 2\u202f322, обновлено 0, без изменений 0\).*не загружено строк 0\./);
    const rows = section.getByTestId('oktmo-loaded').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringMatching(/^01\s+717\s+1\u202f605$/)]);
    expect(await one(`SELECT count(*) FILTER (WHERE length(code) = 8)::int AS f, count(*) FILTER (WHERE length(code) = 11)::int AS l FROM administrative_unit`))
      .toEqual({ f: 717, l: 1605 });
  }, 120_000);
});
