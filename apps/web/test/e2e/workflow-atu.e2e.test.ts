/**
 * Issue 7 §2 and §8 in the browser: workflow actions of an unauthorised dump (the buttons its
 * state and the user's permissions allow, the modal with the action's fields, the required
 * period, the status and buttons after the step, a 409 from a state changed meanwhile, the card
 * after a step; a user with only `waste-dumps:view` sees no action), and the АТЕ pages by ОКТМО
 * code (`/dicts/atu/view/{oktmo}/`, `/dicts/atu/update/{oktmo}/`, the list `/dicts/atu/{oktmo}/`,
 * the id path of a unit without a code). The built app served by the real API on its own
 * database, headless Chromium; nothing mocked. Screenshots go to apps/web/test-results/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { copyBuiltWeb, launchChromium, RESULTS_DIR, screenshotIfFailed, signIn as signInAt, closeE2e, serveApp } from './harness';

const ADMIN = { email: 'e2e-workflow@tko.local', password: 'Е2е-пароль-действий-1', first_name: 'Ольга', last_name: 'Действиева' };
const VIEWER = 'e2e-dump-viewer@tko.local';
const DUMPS = '/terr-schema/waste-dumps/';

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let dumpId = 0;
let raceDumpId = 0;
let angarskId = 0;
let uncodedId = 0;
const pageErrors: string[] = [];

const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await db.pool.query<T>(text, params)).rows;

async function newDump(location: string): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `INSERT INTO waste_dump (location, status, coordinates, discovery_date) VALUES ($1, 'DETECTED', ST_SetSRID(ST_MakePoint(103.95, 52.51), 4326), '2026-04-14') RETURNING id`,
    [location],
  );
  return row!.id;
}

async function shot(p: Page, name: string) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await p.screenshot({ path: path.join(RESULTS_DIR, `workflow-atu-${name}.png`), fullPage: true });
}

async function signIn(p: Page, email: string, password: string, target: string) {
  await signInAt(p, baseUrl, { email, password }, target);
}

/** Types a date DD.MM.YYYY into a picker input and confirms it. */
async function typeDate(p: Page, selector: string, date: string) {
  const input = p.locator(selector);
  await input.click();
  await input.fill(date);
  await input.press('Enter');
}

const actionButtons = (p: Page) => p.locator('[data-testid^="action-"]:not([data-testid^="action-form"]):not([data-testid="action-error"])');
const buttonTexts = async (p: Page) => (await actionButtons(p).allTextContents()).map((t) => t.trim());
/** The value of «Статус» on the view page (bordered Descriptions: a label cell, then its value cell). */
const statusCell = (p: Page) => p.locator('.ant-descriptions-item-label', { hasText: /^Статус$/ }).locator('xpath=following-sibling::*[1]');

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-workflow-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  // A user holding only waste-dumps:view, with the administrator's password hash.
  const [viewer] = await sql<{ id: number }>(
    `INSERT INTO app_user (email, password_hash, first_name, last_name) SELECT $1, password_hash, 'Пётр', 'Смотров' FROM app_user WHERE email = $2 RETURNING id`,
    [VIEWER, ADMIN.email],
  );
  const [role] = await sql<{ id: number }>(`INSERT INTO role (name) VALUES ('Только просмотр свалок') RETURNING id`);
  await sql(`INSERT INTO role_permission (role_id, resource, action) VALUES ($1, 'waste-dumps', 'view')`, [role!.id]);
  await sql(`INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)`, [viewer!.id, role!.id]);

  dumpId = await newDump('Ангарск, свалка у гаражей');
  raceDumpId = await newDump('Ангарск, свалка у реки');
  // The Angarsk city okrug, two of its localities, a formation elsewhere and a unit without a code.
  const units = await sql<{ id: number; code: string | null }>(
    `INSERT INTO administrative_unit (code, name, area) VALUES
       ('25703000', 'Ангарский городской округ', 'Ангарский городской округ'),
       ('25703000101', 'г Ангарск', 'Ангарский городской округ'),
       ('25703000106', 'с Савватеевка', 'Ангарский городской округ'),
       ('25612000', 'Иркутский муниципальный район', 'Иркутский муниципальный район'),
       (NULL, 'Новый муниципальный округ', NULL)
     RETURNING id, code`,
  );
  angarskId = units.find((u) => u.code === '25703000')!.id;
  uncodedId = units.find((u) => u.code === null)!.id;

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));

  browser = await launchChromium();
  context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(30_000);
  page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await signIn(page, ADMIN.email, ADMIN.password, `${DUMPS}view/${dumpId}/`);
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-workflow-atu-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('workflow actions of an unauthorised dump', () => {
  it('a detected dump offers «Начать ликвидацию» and «Не подтверждена», not «Отметить ликвидированной»', async () => {
    await page.getByRole('heading', { name: 'Ангарск, свалка у гаражей' }).waitFor();
    await expect.poll(() => statusCell(page).textContent()).toBe('Выявлена');
    expect(await buttonTexts(page)).toEqual(['Начать ликвидацию', 'Не подтверждена']);
    expect(await page.getByRole('button', { name: 'Отметить ликвидированной' }).count()).toBe(0);
    await shot(page, 'dump-view-detected');
  });

  it('the modal requires the liquidation period; after the step the status and the buttons change', async () => {
    await page.getByRole('button', { name: 'Начать ликвидацию' }).click();
    const dialog = page.getByRole('dialog', { name: 'Начать ликвидацию' });
    await dialog.waitFor();
    // The required field is marked, the optional one is not.
    await expect.poll(() => dialog.locator('.ant-form-item-required').allTextContents()).toEqual(['Срок ликвидации']);
    let posted = 0;
    const count = (r: { url(): string; method(): string }) => {
      if (r.method() === 'POST' && r.url().includes(`/api/waste-dumps/${dumpId}/start-liquidation/`)) posted++;
    };
    page.on('request', count);
    await dialog.getByRole('button', { name: 'Выполнить' }).click();
    await dialog.getByText('Обязательное поле.').waitFor();
    expect(posted).toBe(0);
    await shot(page, 'dump-modal-required');

    await typeDate(page, '#f-action-liquidation_period', '01.05.2026');
    await typeDate(page, '#f-action-liquidation_period-upper', '30.06.2026');
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/waste-dumps/${dumpId}/start-liquidation/`)),
      dialog.getByRole('button', { name: 'Выполнить' }).click(),
    ]);
    page.off('request', count);
    expect(res.status()).toBe(200);
    expect(await res.request().postDataJSON()).toEqual({ liquidation_period: { lower: '2026-05-01', upper: '2026-06-30' }, responsible_for_liquidation: null });
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Выполнено: Начать ликвидацию').waitFor();
    await expect.poll(() => statusCell(page).textContent()).toBe('Ликвидируется');
    await expect.poll(() => buttonTexts(page)).toEqual(['Отметить ликвидированной']);
    const [row] = await sql<{ status: string; period: string }>(`SELECT status, liquidation_period::text AS period FROM waste_dump WHERE id = $1`, [dumpId]);
    expect(row).toEqual({ status: 'LIQUIDATION', period: '[2026-05-01,2026-07-01)' });
    await shot(page, 'dump-view-liquidation');
  });

  it('a state changed meanwhile: the 409 detail shows in the modal and the buttons follow the row', async () => {
    await page.goto(`${baseUrl}${DUMPS}view/${raceDumpId}/`);
    await page.getByRole('button', { name: 'Не подтверждена' }).waitFor();
    await sql(`UPDATE waste_dump SET status = 'LIQUIDATED', liquidation_date = '2026-05-20' WHERE id = $1`, [raceDumpId]);
    await page.getByRole('button', { name: 'Не подтверждена' }).click();
    const dialog = page.getByRole('dialog', { name: 'Не подтверждена' });
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/waste-dumps/${raceDumpId}/reject/`)),
      dialog.getByRole('button', { name: 'Выполнить' }).click(),
    ]);
    expect(res.status()).toBe(409);
    await expect.poll(() => dialog.getByTestId('action-error').textContent()).toBe('Действие «Не подтверждена» недоступно: объект в состоянии «Ликвидирована».');
    await shot(page, 'dump-modal-409');
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect.poll(() => statusCell(page).textContent()).toBe('Ликвидирована');
    expect(await buttonTexts(page)).toEqual([]);
  });

  it('the card offers the step too: a server 400 lands on the modal’s field, then the card shows the row after it', async () => {
    await page.goto(`${baseUrl}${DUMPS}update/${dumpId}/`);
    await page.getByRole('button', { name: 'Отметить ликвидированной' }).click();
    // Behind the page's back the discovery date moves past the liquidation date: only the server knows.
    await sql(`UPDATE waste_dump SET discovery_date = '2026-06-01' WHERE id = $1`, [dumpId]);
    const posts: number[] = [];
    const onResponse = (r: { url(): string; status(): number; request(): { method(): string } }) => {
      if (r.request().method() === 'POST' && r.url().endsWith(`/api/waste-dumps/${dumpId}/liquidate/`)) posts.push(r.status());
    };
    page.on('response', onResponse);
    const dialog = page.getByRole('dialog', { name: 'Отметить ликвидированной' });
    // Enter confirms the picker and does not submit the modal.
    await typeDate(page, '#f-action-liquidation_date', '20.05.2026');
    await dialog.getByRole('button', { name: 'Выполнить' }).click();
    await dialog.getByText('Дата ликвидации не может быть раньше даты обнаружения.').waitFor();
    await shot(page, 'dump-modal-400');
    // The refusal refreshed the row; a date after the new discovery date goes through.
    await typeDate(page, '#f-action-liquidation_date', '10.06.2026');
    await dialog.getByRole('button', { name: 'Выполнить' }).click();
    await page.getByText('Выполнено: Отметить ликвидированной').waitFor();
    page.off('response', onResponse);
    expect(posts).toEqual([400, 200]);
    await expect.poll(() => page.locator('#f-status').locator('xpath=ancestor::*[contains(@class,"ant-select")][1]').textContent()).toContain('Ликвидирована');
    await expect.poll(() => page.locator('#f-liquidation_date').inputValue()).toBe('10.06.2026');
    await expect.poll(() => page.locator('#f-discovery_date').inputValue()).toBe('01.06.2026');
    expect(await buttonTexts(page)).toEqual([]);
    await shot(page, 'dump-card-liquidated');
  });

  it('a user with only waste-dumps:view sees no action buttons', async () => {
    const other = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
    other.setDefaultTimeout(30_000);
    const p = await other.newPage();
    try {
      const id = await newDump('Ангарск, свалка для просмотра');
      await signIn(p, VIEWER, ADMIN.password, `${DUMPS}view/${id}/`);
      await p.getByRole('heading', { name: 'Ангарск, свалка для просмотра' }).waitFor();
      await expect.poll(() => statusCell(p).textContent()).toBe('Выявлена');
      expect(await actionButtons(p).count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Начать ликвидацию' }).count()).toBe(0);
      await shot(p, 'dump-view-viewer');
    } finally {
      await other.close();
    }
  });
});

describe('АТЕ by ОКТМО code', () => {
  it('the card opens at /dicts/atu/view/<code>/ and /dicts/atu/update/<code>/', async () => {
    await page.goto(`${baseUrl}/dicts/atu/view/25703000/`);
    await page.getByRole('heading', { name: 'Ангарский городской округ' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dicts/atu/view/25703000/');
    await shot(page, 'atu-view-by-code');
    await page.getByRole('link', { name: 'Редактировать' }).click();
    await page.waitForURL((u) => u.pathname === '/dicts/atu/update/25703000/');
    await expect.poll(() => page.locator('#f-name').inputValue()).toBe('Ангарский городской округ');
    // A code no unit has is not found.
    await page.goto(`${baseUrl}/dicts/atu/view/25703999/`);
    await page.getByText('Страница не найдена').waitFor();
  });

  it('the list links to cards by code; /dicts/atu/<code>/ lists the formation’s units and names it', async () => {
    await page.goto(`${baseUrl}/dicts/atu/`);
    await page.getByRole('cell', { name: 'Иркутский муниципальный район' }).first().click();
    await page.waitForURL((u) => u.pathname === '/dicts/atu/view/25612000/');

    await page.goto(`${baseUrl}/dicts/atu/25703000/`);
    await expect.poll(() => page.locator('.ant-table-tbody .ant-table-row').count()).toBe(2);
    const names = await page.locator('.ant-table-tbody .ant-table-row').allTextContents();
    expect(names.some((t) => t.includes('г Ангарск')) && names.some((t) => t.includes('с Савватеевка'))).toBe(true);
    const formation = page.getByTestId('segment-object');
    await expect.poll(() => formation.textContent()).toBe('Ангарский городской округ (25703000)');
    await shot(page, 'atu-list-segment');
    await formation.click();
    await page.waitForURL((u) => u.pathname === '/dicts/atu/view/25703000/');
  });

  it('a unit without a code keeps an id path; an id path of a coded unit moves to its code', async () => {
    await page.goto(`${baseUrl}/dicts/atu/view/id-${uncodedId}/`);
    await page.getByRole('heading', { name: 'Новый муниципальный округ' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/dicts/atu/view/id-${uncodedId}/`);
    await page.goto(`${baseUrl}/dicts/atu/view/id-${angarskId}/`);
    await page.waitForURL((u) => u.pathname === '/dicts/atu/view/25703000/');
    await page.getByRole('heading', { name: 'Ангарский городской округ' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
