/**
 * Issue 12 §3–§5 in the browser: the balance table with its year and hazard-class filters and the
 * totals, the balance files screen, the modelled balance (typed figures marked with the model's
 * value under them, the year-to-year continuity break) and computed indicators (issue 27 §3), a target indicator's plan-vs-actual chart, the tariff screen
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
  // The model (base year 2024): 800 t a year of 7 31 110 01 72 4 to a landfill; generation 5 000 units × 400 kg = 2 000 t a year.
  // 2025 typed with a start of 0 after 2024's typed end of 100 (a continuity break).
  await q(`UPDATE system_settings SET forecast_base_year = 2024 WHERE id = 1`);
  await q(`INSERT INTO balance (year, fkko_id, year_begin, received, disposed, year_end) SELECT 2025, id, 0, 800, 800, 0 FROM fkko WHERE code = '73111001724'`);
  await q(`WITH f AS (INSERT INTO waste_management_facility (name, location, status, purpose) VALUES ('Полигон', 'Ангарск', 'ACTIVE', 'DISPOSING') RETURNING id),
                p AS (INSERT INTO present_flow (start_location, start_coordinates, end_location, end_coordinates, wmf_id)
                      SELECT 'Откуда', ST_SetSRID(ST_MakePoint(103.9, 52.5), 4326), 'Куда', ST_SetSRID(ST_MakePoint(103.9, 52.5), 4326), id FROM f RETURNING id)
           INSERT INTO present_flow_waste (flow_id, fkko, volume) SELECT id, '73111001724', 800 FROM p`);
  await q(`WITH u AS (INSERT INTO normative_unit (code, name, unit, kg_per_unit_year, m3_per_unit_year) VALUES ('E2E', 'Жильё', 'чел.', 400, 2) RETURNING id)
           INSERT INTO waste_source (name, location, category, number_of_residents, normative_unit_id, normative_value) SELECT 'Дом 1', 'Ангарск', 'MULTI_APARTMENT', 3000, id, 5000 FROM u`);
  // The indicator named as a computed one: its typed actual of 2023 is shown with the computed value beside.
  const { rows } = await q(`INSERT INTO wki (name, unit) VALUES ('Доля ТКО, направленных на захоронение', 'PERCENT') RETURNING id`);
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
    // The computed page: 2023 from the flows; the typed rows of 2024 and 2025 shown as «Введено вручную», each figure
    // with the model's under it (2024: disposed 900 typed, 800 computed), with the checks' messages (2025: the continuity break).
    await page.goto(`${baseUrl}/analitics/balance-model/#from=2023&to=2025`);
    await page.getByRole('heading', { name: 'Баланс и целевые показатели: расчёт по реестрам' }).waitFor();
    const row = (year: number) => page.getByTestId('balance-model').locator('tbody tr', { hasText: '73111001724' })
      .filter({ has: page.locator('td:first-child', { hasText: String(year) }) });
    await expect.poll(() => row(2023).innerText()).toMatch(/^2023\s+73111001724\s+Расчёт\s+0\s+800\s+0\s+0\s+0\s+800\s+0\s+0\s+сходится$/);
    await expect.poll(() => row(2024).innerText()).toMatch(/Введено вручную[\s\S]*900 ✎\s+расчёт: 800[\s\S]*100 ✎\s+расчёт: 0\s+Поступило 0 т, а обработано, утилизировано, обезврежено, размещено и хранится 900 т/);
    await expect.poll(() => row(2025).innerText()).toMatch(/Введено вручную\s+0 ✎\s+расчёт: 100[\s\S]*Остаток на конец 2024 года 100 т, а на начало 2025 года 0 т\./);
    // Disposed share: 2023 computed 800 / 2 000; 2024 typed balance 900 / 2 000; 2023's typed actual 35 shown, 40 beside it.
    const disposed = page.getByTestId('wki-computed').locator('tbody tr', { hasText: 'Доля ТКО, направленных на захоронение' });
    await expect.poll(() => disposed.innerText()).toMatch(/^Доля ТКО, направленных на захоронение\s+35 ✎\s+расчёт: 40\s+45\s+40$/);
    await expectAccessible(page, 'баланс: расчёт');
  });

  it('draws a target indicator\'s plan vs actual; the tariff screen has its two tabs', async () => {
    await page.goto(`${baseUrl}/analitics/targets/view/${wkiId}/`);
    await page.getByRole('tab', { name: 'План и факт' }).click();
    await page.getByTestId('wki-chart').locator('canvas').waitFor();
    // The actual of 2023 is typed (✎); the computed share beside each year (2023: 800 / 2 000, 2024: 900 / 2 000).
    await expect.poll(() => page.getByTestId('wki-chart').locator('tbody').innerText()).toMatch(/2023\s+40\s+35 ✎\s+40\s+2024\s+60\s+—\s+45/);
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
