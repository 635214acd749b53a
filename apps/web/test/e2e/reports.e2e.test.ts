/**
 * Issue 13 §6 in the browser: a declarant fills a waste-source report on the page built from its
 * field tree and submits it; a reviewer accepts it, comments on a field and returns it; the
 * declarant sees the comment over the field, fixes the value and submits again; the reviewer
 * approves; the declarant signs. Each sees the other's steps as notifications (the seeded roles
 * «Декларант» and «Проверяющий отчёты» and the default templates of migration 20261125070000).
 * The list starts with spec 03 §2's default type/status filters and a row opens the report's form.
 * A balance report's card downloads its 2-ТП (отходы) export (issue 25 §3), read back with exceljs.
 * The built app served by the real API on its own database, headless Chromium; axe-core checks
 * the templates page, the edit page and the report list.
 */
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { resourceByName } from '@tko/contract';
import { apiToken, closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'e2e-reports-admin@tko.local', password: 'Е2е-пароль-отчётов-1', first_name: 'Ада', last_name: 'Админова' };
const DECLARANT = { email: 'e2e-declarant@tko.local', password: ADMIN.password };
const REVIEWER = { email: 'e2e-reviewer@tko.local', password: ADMIN.password };

/** `getComputedStyle` in the page (this tsconfig has no DOM types). */
interface PageDom { getComputedStyle(el: unknown): { color: string } }

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let decl: Page;
let rev: Page;
let baseUrl: string;
let webCopy: string | undefined;
let orgId = 0;

async function user(email: string, first: string, role: string): Promise<number> {
  const { rows: [u] } = await db.pool.query<{ id: number }>(
    `INSERT INTO app_user (email, password_hash, first_name, last_name) SELECT $1, password_hash, $2, 'Тестова' FROM app_user WHERE email = $3 RETURNING id`, [email, first, ADMIN.email]);
  await db.pool.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = $2`, [u!.id, role]);
  return u!.id;
}
const reportStatus = async (id: number) => (await db.pool.query<{ status: string }>(`SELECT status FROM report WHERE id = $1`, [id])).rows[0]?.status;
async function step(p: Page, action: string) {
  await p.getByTestId(`action-${action}`).click();
  await p.getByRole('button', { name: 'Выполнить' }).click();
}
async function bellHas(p: Page, text: string) {
  await p.getByTestId('notification-bell').click();
  const drawer = p.getByTestId('notification-drawer');
  await drawer.getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });
  await p.getByRole('button', { name: 'Закрыть уведомления' }).click();
}

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-reports-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const { rows: [org] } = await db.pool.query<{ id: number }>(`INSERT INTO legal_entity (name, inn) VALUES ('ООО «Берёзка»', '3801009466') RETURNING id`);
  const declarant = await user(DECLARANT.email, 'Дина', 'Декларант');
  const reviewer = await user(REVIEWER.email, 'Роза', 'Проверяющий отчёты');
  await db.pool.query(`INSERT INTO user_organization (user_id, legal_entity_id) VALUES ($1, $2)`, [declarant, org!.id]);
  orgId = org!.id;
  const { rows: [unit] } = await db.pool.query<{ id: number }>(`INSERT INTO administrative_unit (code, name) VALUES ('25603101', 'МО «Тестовое»') RETURNING id`);
  await db.pool.query(`INSERT INTO user_administrative_unit (user_id, administrative_unit_id) VALUES ($1, $2)`, [reviewer, unit!.id]);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));
  browser = await launchChromium();
  decl = await openPage(browser);
  rev = await openPage(browser);
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(decl, task, 'failed-reports-declarant-');
  await screenshotIfFailed(rev, task, 'failed-reports-reviewer-');
});

afterAll(async () => {
  await rev?.context().close();
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('reports in the browser', () => {
  it('declarant fills and submits, reviewer comments and returns, declarant fixes, reviewer approves, declarant signs', async () => {
    await signIn(decl, baseUrl, DECLARANT, '/reports/reports/templates/');
    await decl.getByRole('heading', { name: 'Шаблоны отчётов' }).waitFor();
    await expectAccessible(decl, 'шаблоны отчётов');
    await decl.getByRole('button', { name: 'Создать отчёт: Сведения об источниках образования ТКО' }).click();
    await decl.waitForURL((u) => u.pathname === '/reports-ddf/report/WASTE_SOURCES/update/new/');
    await decl.locator('#report-head-name').fill('Источники 2025');
    await decl.locator('#report-head-oktmo').fill('25603101');
    // «Отчётный год» once (the head's; the form's own year takes its value), prefilled with last year.
    expect(await decl.getByText('Отчётный год', { exact: true }).count()).toBe(1);
    await decl.locator('#report-head-year').fill('2025');
    await decl.getByRole('button', { name: 'Добавить: источники образования' }).click();
    await decl.locator('#report-waste_sources-0-name').fill('Магазин «Берёзка»');
    await decl.locator('#report-waste_sources-0-location').fill('Ангарск, 12 мкр., д. 5');
    await decl.locator('#report-waste_sources-0-mass_t').fill('много');
    await decl.getByRole('button', { name: 'Сохранить' }).click();
    await decl.getByRole('alert').filter({ hasText: 'Введите число' }).waitFor();
    await decl.locator('#report-waste_sources-0-mass_t').fill('1,5');
    await decl.getByRole('button', { name: 'Сохранить' }).click();
    await decl.waitForURL((u) => /\/reports-ddf\/report\/WASTE_SOURCES\/update\/\d+\/$/.test(u.pathname));
    const id = Number(/update\/(\d+)\//.exec(decl.url())![1]);
    await decl.getByTestId('action-submit').waitFor();
    // Enabled once the saved report is loaded again (until then the form counts as unsaved: a disabled button).
    await expect.poll(() => decl.getByTestId('action-submit').isEnabled(), { timeout: 15_000 }).toBe(true);
    // …and its colours have left the disabled grey (antd animates the change).
    await expect.poll(() => decl.getByTestId('action-submit').evaluate((b) => (globalThis as unknown as PageDom).getComputedStyle(b).color), { timeout: 5_000 }).not.toBe('rgb(176, 176, 176)');
    await expectAccessible(decl, 'отчёт: форма');
    await step(decl, 'submit');
    await expect.poll(() => reportStatus(id), { timeout: 15_000 }).toBe('SUBMITTED_FOR_REVIEW');

    const page = `/reports-ddf/report/WASTE_SOURCES/update/${id}/`;
    await signIn(rev, baseUrl, REVIEWER, page);
    await bellHas(rev, 'отправлен на проверку');
    await step(rev, 'accept');
    await expect.poll(() => reportStatus(id), { timeout: 15_000 }).toBe('ACCEPTED_FOR_REVIEW');
    await rev.getByRole('button', { name: 'Прокомментировать поле waste_sources.0.mass_t' }).click();
    await rev.getByLabel('Комментарий к полю waste_sources.0.mass_t').fill('Проверьте массу: по накладным 2 т');
    await rev.getByRole('button', { name: 'Отправить' }).click();
    await rev.getByTestId('comment-waste_sources.0.mass_t').waitFor();
    await step(rev, 'return');
    await expect.poll(() => reportStatus(id), { timeout: 15_000 }).toBe('BEING_FINALIZED');

    await decl.reload();
    await decl.getByTestId('comment-waste_sources.0.mass_t').getByText('Проверьте массу', { exact: false }).waitFor();
    await bellHas(decl, 'возвращён на доработку');
    await decl.locator('#report-waste_sources-0-mass_t').fill('2');
    await decl.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(async () => (await db.pool.query(`SELECT data->'waste_sources'->0->>'mass_t' AS m FROM report WHERE id = $1`, [id])).rows[0]?.m, { timeout: 15_000 }).toBe('2');
    await step(decl, 'submit');
    await expect.poll(() => reportStatus(id), { timeout: 15_000 }).toBe('SUBMITTED_FOR_REVIEW');

    await rev.reload();
    await step(rev, 'accept');
    await expect.poll(() => reportStatus(id), { timeout: 15_000 }).toBe('ACCEPTED_FOR_REVIEW');
    await rev.reload();
    await step(rev, 'approve');
    await expect.poll(() => reportStatus(id), { timeout: 15_000 }).toBe('APPROVED');

    await decl.reload();
    await bellHas(decl, 'одобрен');
    await step(decl, 'sign');
    await expect.poll(() => reportStatus(id), { timeout: 15_000 }).toBe('SIGNED');
    await decl.reload();
    await decl.getByTestId('report-status').getByText('Подписан').waitFor();
    await rev.reload();
    await bellHas(rev, 'подписан');

    await decl.goto(`${baseUrl}/reports/reports/`);
    await decl.getByRole('heading', { level: 1 }).waitFor();
    await decl.getByText('Источники 2025').first().waitFor();
    await expectAccessible(decl, 'список отчётов');
    // Spec 03 §2: the list starts with the default type and status filters (kept in the hash); a row opens the report's form.
    const hash = new URLSearchParams(new URL(decl.url()).hash.slice(1));
    expect(hash.get('type')).toBe('WASTE_SOURCES,CONTAINER_WASTE_AREA,WASTE_MANAGEMENT_FACILITY,BALANCE');
    expect(hash.get('status')).toBe('DRAFT,SUBMITTED_FOR_REVIEW,ACCEPTED_FOR_REVIEW,BEING_FINALIZED,APPROVED,REJECTED,SIGNED');
    await decl.getByRole('cell', { name: 'Источники 2025' }).first().click();
    await decl.waitForURL((u) => u.pathname === page);
    await decl.getByTestId('report-status').getByText('Подписан').waitFor();
  }, 420_000);

  it('a user bound to no organisation reads a plain note (no failed prefill); «Площадка из реестра» shows the site by its address and fills address and coordinates', async () => {
    const access = await apiToken(baseUrl, ADMIN);
    const site = resourceByName('container')!.example!;
    const made = await fetch(`${baseUrl}/api/waste-area/container/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` }, body: JSON.stringify(site) });
    expect(made.status).toBe(201);
    const admin = await openPage(browser);
    const failed: string[] = [];
    admin.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${new URL(r.url()).pathname}`); });
    await signIn(admin, baseUrl, ADMIN, '/reports-ddf/report/CONTAINER_WASTE_AREA/update/new/');
    await admin.getByTestId('report-no-organization').waitFor();
    expect(await admin.getByText('Данные организации не подставлены').count()).toBe(0);
    await admin.getByRole('button', { name: 'Добавить: места накопления' }).click();
    await admin.locator('#report-waste_areas-0-waste_area').fill('Набережная');
    await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: String(site.location) }).click();
    await expect.poll(() => admin.locator('#report-waste_areas-0-location').inputValue()).toBe(site.location);
    await expect.poll(() => admin.locator('#report-waste_areas-0-coordinates').inputValue()).toBe(site.coordinates);
    expect(await admin.locator('[data-path="waste_areas.0.waste_area"]').textContent()).toContain(String(site.location));
    expect(failed).toEqual([]);
    await admin.context().close();
  }, 120_000);

  it('a balance report\'s card downloads its 2-ТП (отходы) form with the report\'s figures', async () => {
    const { rows: [r] } = await db.pool.query<{ id: number }>(
      `INSERT INTO report (name, report_kind, status, year, organization_id, oktmo, data)
       VALUES ('Баланс 2025', 'BALANCE', 'DRAFT', 2025, $1, '25603101', $2) RETURNING id`,
      [orgId, JSON.stringify({ year: '2025', by_hazard_class: [{ hazard_class: '4', fkko: [], formed: '12.5', utilized: '2.5', end_of_year: '10' }] })]);
    const p = await openPage(browser);
    try {
      await signIn(p, baseUrl, DECLARANT, `/reports-ddf/report/BALANCE/update/${r!.id}/`);
      const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('button', { name: 'Выгрузить 2-ТП (отходы)' }).click()]);
      expect(download.suggestedFilename()).toBe(`2-ТП (отходы) за 2025 год, отчёт № ${r!.id}.xlsx`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(await download.path());
      const ws = wb.worksheets[0]!;
      expect(String(ws.getCell(6, 1).value)).toContain('ООО «Берёзка»');
      const total = ws.getColumn(2).values.findIndex((v) => v === '01');
      // Columns 4 (образовано), 11 (утилизировано), 20 (на конец года) are sheet columns 6, 13, 22.
      expect([ws.getCell(total, 1).value, ws.getCell(total, 6).value, ws.getCell(total, 13).value, ws.getCell(total, 22).value]).toEqual(['Всего', 12.5, 2.5, 10]);
    } finally {
      await p.context().close();
    }
  }, 120_000);
});
