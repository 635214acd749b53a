/**
 * Issue 12 §3–§5 in the browser: the balance table with its year and hazard-class filters and the
 * totals, the balance files screen, a target indicator's plan-vs-actual chart, the tariff screen
 * with its two tabs and a new predicted tariff filled by init/; axe-core finds no serious violation on them. The real API on its own
 * database (rows inserted with SQL), headless Chromium.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, screenshotIfFailed, signIn, openPage, serveApp } from './harness';

const ADMIN = { email: 'e2e-analytics@tko.local', password: 'Е2е-пароль-баланс-1', first_name: 'Борис', last_name: 'Балансов' };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let wkiId: number;

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-analytics-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const q = (sql: string) => db.pool.query(sql);
  await q(`INSERT INTO fkko (code, name) VALUES ('73111001724', 'Отходы из жилищ несортированные'), ('47110101521', 'Лампы ртутные')`);
  await q(`INSERT INTO balance (year, fkko_id, created, disposed, year_end)
           SELECT 2024, id, CASE WHEN hazard_class = 4 THEN 1000 ELSE 0.5 END, CASE WHEN hazard_class = 4 THEN 900 ELSE 0 END, 100 FROM fkko`);
  await q(`INSERT INTO predicted_tariff (year, operating_expenses, flows_total_distance, flows_total_waste_volume, transportation_cost, sales_expenses,
             contracts_maintenance_expenses, revenue_correction, transportation_waste_weight)
           VALUES (2027, 1000000, 50000, 96500, 60, 150000, 50000, -200000, 17300)`);
  const { rows } = await q(`INSERT INTO wki (name, unit) VALUES ('Доля обработанных ТКО', 'PERCENT') RETURNING id`);
  wkiId = rows[0].id as number;
  await q(`INSERT INTO wki_planned (wki_id, year, value) VALUES (${wkiId}, 2023, 40), (${wkiId}, 2024, 60)`);
  await q(`INSERT INTO wki_actual (wki_id, year, value) VALUES (${wkiId}, 2023, 35)`);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));
  browser = await launchChromium();
  page = await openPage(browser);
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-analytics-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

const summary = () => page.getByTestId('list-summary').innerText();

describe('analytics screens', () => {
  it('shows the balance with totals, filters it by year and hazard class, and lists the balance files', async () => {
    await signIn(page, baseUrl, ADMIN, '/analitics/balance/#page=1&year=2024');
    await expect.poll(summary).toMatch(/Найдено: 2/);
    await expect.poll(summary).toMatch(/образовано, т: 1\u202f000,5, .*размещено \(захоронено\), т: 900/);
    await expect.poll(() => page.locator('tbody tr', { hasText: '7 31 110 01 72 4' }).count()).toBe(1);
    await expectAccessible(page, 'моделируемый баланс');
    await page.goto(`${baseUrl}/analitics/balance/#page=1&year=2024&hazard_class=1`);
    await expect.poll(summary).toMatch(/Найдено: 1, .*образовано, т: 0,5/);
    await page.goto(`${baseUrl}/analitics/balance-files/`);
    await page.getByRole('heading', { name: 'Файлы моделируемого баланса' }).waitFor();
    await expect.poll(() => page.getByTestId('balance-files').innerText()).toMatch(/Файлов баланса нет/);
    await expectAccessible(page, 'файлы баланса');
    // The computed page: the typed rows of 2024 shown as «Введено вручную», with the checks' messages.
    await page.goto(`${baseUrl}/analitics/balance-model/#from=2024&to=2024`);
    await page.getByRole('heading', { name: 'Баланс и целевые показатели: расчёт по реестрам' }).waitFor();
    const row = page.getByTestId('balance-model').locator('tbody tr', { hasText: '73111001724' });
    await expect.poll(() => row.innerText()).toMatch(/Введено вручную[\s\S]*Поступило 0 т, а обработано, утилизировано, обезврежено, размещено и хранится 900 т/);
    await expect.poll(() => page.getByTestId('wki-computed').innerText()).toMatch(/Доля ТКО, направленных на обработку/);
    await expectAccessible(page, 'баланс: расчёт');
  });

  it('draws a target indicator\'s plan vs actual; the tariff screen has its two tabs', async () => {
    await page.goto(`${baseUrl}/analitics/targets/view/${wkiId}/`);
    await page.getByRole('tab', { name: 'План и факт' }).click();
    await page.getByTestId('wki-chart').locator('canvas').waitFor();
    await expect.poll(() => page.getByTestId('wki-chart').locator('tbody').innerText()).toMatch(/2023\s+40\s+35[\s\S]*2024\s+60\s+—/);
    await expectAccessible(page, 'целевой показатель');
    await page.goto(`${baseUrl}/analitics/tariff/`);
    await page.getByRole('tab', { name: 'Прогнозные тарифы' }).waitFor();
    await expect.poll(() => page.locator('tbody tr', { hasText: '2027' }).innerText()).toMatch(/41,45[\s\S]*231,21/);
    await expectAccessible(page, 'тарифы');
    await page.getByRole('tab', { name: 'Тарифы регионального оператора' }).click();
    await expect.poll(() => page.url()).toContain('/analitics/tariff/reg-operator/');
    // A new predicted tariff opens filled by init/: the money figures of the latest stored tariff.
    await page.goto(`${baseUrl}/analitics/tariff/predicted/update/new/`);
    await page.getByRole('tab', { name: 'Расходы и объёмы' }).click();
    await expect.poll(() => page.locator('#f-operating_expenses').inputValue()).toMatch(/^1\s?000\s?000([.,]0+)?$/);
    await expect.poll(() => page.locator('#f-transportation_cost').inputValue()).toMatch(/^60([.,]0+)?$/);
  });
});
