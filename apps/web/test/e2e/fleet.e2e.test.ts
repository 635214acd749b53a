/**
 * Fleet in the browser (issue 10 §1, §5; spec 02 §2 /routes/fleet/, /routes/way-bills/): the
 * vehicle list with its plates, last-online buckets and garages, a vehicle card edited and
 * saved (checked with SQL), and a new way-bill that starts dated now with the next number, is
 * saved with a driver and vehicle, shows its four tabs, and downloads its printed form («Печать»). The built app served by the real
 * API on its own database with the real Angarsk garages and trucks; headless Chromium; axe-core
 * on the list, the card and the way-bill.
 */
import path from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { dataDir, ensureAdmin, importAngarsk, verifySecret, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'e2e-fleet@tko.local', password: 'Е2е-пароль-транспорта-1', first_name: 'Фёдор', last_name: 'Гаражов' };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let vehicleId = 0;

const field = (p: Page, name: string) => p.locator(`#f-${name}`);
const isCall = (method: string, pathname: string) => (r: Response) => r.request().method() === method && new URL(r.url()).pathname === pathname;

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-fleet-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  await importAngarsk(db.pool, path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv'));
  const { rows } = await db.pool.query<{ id: number }>(
    `UPDATE vehicle SET last_online_at = now() - interval '3 minutes', make = 'КАМАЗ'
      WHERE id = (SELECT id FROM vehicle ORDER BY license_plate, id LIMIT 1) RETURNING id`,
  );
  vehicleId = rows[0]!.id;
  await db.pool.query(`INSERT INTO staff_member (full_name, employee_number) VALUES ('Сидоров Пётр Алексеевич', '0577')`);
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));
  browser = await launchChromium();
  page = await openPage(browser);
}, 120_000);

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-fleet-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('fleet in the browser', () => {
  it('lists the Angarsk trucks with their garage and last-online bucket', async () => {
    await signIn(page, baseUrl, ADMIN, '/routes/fleet/fleet/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('list-summary').waitFor();
    await expect.poll(async () => page.getByTestId('list-summary').innerText(), { timeout: 30_000 }).toMatch(/91/);
    // The first truck by plate (the list's default order) reported 3 minutes ago; the others never did.
    await page.getByRole('cell', { name: 'Недавно', exact: true }).first().waitFor();
    await page.getByRole('cell', { name: 'Нет данных', exact: true }).first().waitFor();
    await expectAccessible(page, 'vehicle list');
    await page.getByRole('tab', { name: 'Гаражи' }).click();
    await page.waitForURL((u) => u.pathname === '/routes/fleet/garages/');
    await expect.poll(async () => page.getByTestId('list-summary').innerText(), { timeout: 30_000 }).toMatch(/3/);
  }, 120_000);

  it('edits a vehicle card: loading, body volume and compression range are saved', async () => {
    await page.goto(`${baseUrl}/routes/fleet/fleet/update/${vehicleId}/`);
    await page.getByRole('button', { name: 'Сохранить' }).waitFor();
    const plate = (await db.pool.query<{ p: string }>('SELECT license_plate AS p FROM vehicle WHERE id = $1', [vehicleId])).rows[0]!.p;
    await expect.poll(() => field(page, 'license_plate').inputValue()).toBe(plate);
    await field(page, 'body_m3').fill('22,5');
    await expectAccessible(page, 'vehicle card');
    const [res] = await Promise.all([
      page.waitForResponse((r) => ['PUT', 'PATCH'].includes(r.request().method()) && new URL(r.url()).pathname === `/api/fleet/vehicles/${vehicleId}/`),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    expect(res.status(), await res.text()).toBe(200);
    const { rows } = await db.pool.query<{ m3: string }>('SELECT body_m3::text AS m3 FROM vehicle WHERE id = $1', [vehicleId]);
    expect(rows[0]!.m3).toBe('22.50');
  }, 120_000);

  it('sets the tracker password in the card: write-only, stored hashed, shown as «Задан», kept when the card is saved again', async () => {
    const hash = async () => (await db.pool.query<{ h: string | null }>('SELECT tracker_password_hash AS h FROM vehicle WHERE id = $1', [vehicleId])).rows[0]!.h;
    await db.pool.query('UPDATE vehicle SET tracker_password_hash = NULL WHERE id = $1', [vehicleId]);
    const save = async () => {
      const [res] = await Promise.all([
        page.waitForResponse((r) => ['PUT', 'PATCH'].includes(r.request().method()) && new URL(r.url()).pathname === `/api/fleet/vehicles/${vehicleId}/`),
        page.getByRole('button', { name: 'Сохранить' }).click(),
      ]);
      expect(res.status(), await res.text()).toBe(200);
      return res.request().postDataJSON() as Record<string, unknown>;
    };
    await page.goto(`${baseUrl}/routes/fleet/fleet/update/${vehicleId}/`);
    await page.getByRole('button', { name: 'Сохранить' }).waitFor();
    await expect.poll(() => field(page, 'tracker_password').getAttribute('placeholder')).toBe('Не задан');
    await field(page, 'tracker_password').fill('Card-Pass_1');
    expect((await save()).tracker_password).toBe('Card-Pass_1');
    const stored = await hash();
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(stored!, 'Card-Pass_1')).toBe(true);
    // Opened again: the input is empty (never filled from the server) and says «Задан»; saving keeps it.
    await page.goto(`${baseUrl}/routes/fleet/fleet/update/${vehicleId}/`);
    await page.getByRole('button', { name: 'Сохранить' }).waitFor();
    await expect.poll(() => field(page, 'tracker_password').getAttribute('placeholder')).toBe('Задан. Введите новый, чтобы заменить');
    expect(await field(page, 'tracker_password').inputValue()).toBe('');
    expect(await save()).not.toHaveProperty('tracker_password');
    expect(await hash()).toBe(stored);
  }, 120_000);

  it('a new way-bill starts dated now with the next number; dates typed DD.MM.YYYY HH:mm and picked in the Russian calendar are saved', async () => {
    await page.goto(`${baseUrl}/routes/way-bills/update/new/`);
    await page.getByRole('button', { name: 'Сохранить' }).waitFor();
    await expect.poll(() => field(page, 'number').inputValue(), { timeout: 30_000 }).toBe('000001');
    for (const tab of ['Общие сведения', 'Водитель и автомобиль', 'Гараж', 'Задание и отчётность']) await page.getByRole('tab', { name: tab }).waitFor();
    await field(page, 'series').fill('АН');
    // The prefilled «Дата» reads as a person writes it (no ISO text), and a typed one is taken.
    const date = field(page, 'date');
    await expect.poll(() => date.inputValue(), { timeout: 30_000 }).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    await date.click();
    await date.fill('27.11.2026 10:15');
    await date.press('Enter');
    await expect.poll(() => date.inputValue()).toBe('27.11.2026 10:15');
    // Its calendar closed first: otherwise the next field's calendar opens while this one slides out, and both have
    // a «today» cell.
    await date.press('Escape');
    await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
    expect(await date.inputValue()).toBe('27.11.2026 10:15');
    // The Russian calendar: weekday heads «пн…вс»; today's cell picked sets today's date.
    const pre = field(page, 'pre_trip_inspection_at');
    await pre.click();
    const dropdown = page.locator('.ant-picker-dropdown:visible');
    await expect.poll(async () => ((await dropdown.locator('thead').textContent()) ?? '').replace(/\s/g, '').toLowerCase()).toBe('пнвтсрчтптсбвс');
    await dropdown.locator('.ant-picker-cell-today').click();
    await page.keyboard.press('Escape');
    const today = await page.evaluate(() => { const d = new Date(); return `${String(d.getDate()).padStart(2, '0')}.${String(d.getMonth() + 1).padStart(2, '0')}.${d.getFullYear()}`; });
    await expect.poll(() => pre.inputValue()).toMatch(new RegExp(`^${today.replace(/\./g, '\\.')} \\d{2}:\\d{2}$`));
    await expectAccessible(page, 'new way-bill');
    const [res] = await Promise.all([page.waitForResponse(isCall('POST', '/api/fleet/waybillnew/')), page.getByRole('button', { name: 'Сохранить' }).click()]);
    const body = (await res.json()) as { id: number; date: string; pre_trip_inspection_at: string | null };
    expect(res.status(), JSON.stringify(body)).toBe(201);
    // 10:15 of the browser's own zone, built independently in the page.
    expect(Date.parse(body.date)).toBe(await page.evaluate(() => new Date(2026, 10, 27, 10, 15).getTime()));
    expect(body.pre_trip_inspection_at).not.toBeNull();
    expect(await page.evaluate((iso) => new Date(iso).toDateString() === new Date().toDateString(), body.pre_trip_inspection_at!)).toBe(true);
    await page.waitForURL((u) => u.pathname === `/routes/way-bills/update/${body.id}/`);
    const { rows } = await db.pool.query<{ n: string; s: string }>('SELECT number AS n, series AS s FROM waybill WHERE id = $1', [body.id]);
    expect(rows[0]).toEqual({ n: '000001', s: 'АН' });

    // «Печать»: the saved way-bill's form 4-П as xlsx
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Печать' }).click()]);
    expect(download.suggestedFilename()).toMatch(/000001.*\.xlsx$/);
  }, 120_000);
});
