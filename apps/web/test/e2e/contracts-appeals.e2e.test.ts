/**
 * Issue 11 §3–§4 in the browser: a contract revision approved with the card's «Утвердить
 * редакцию», its history tab labelling it «— текущая версия», a new revision started from it; an
 * appeal's chat open on two pages (two signed-in users' browsers), a reply typed on one arriving
 * on the other live (STOMP, no reload). The built app served by the real API (its in-process STOMP
 * broker) on its own database, headless Chromium; nothing mocked. axe-core checks both screens.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'e2e-contracts@tko.local', password: 'Е2е-пароль-договоров-1', first_name: 'Дарья', last_name: 'Договорова' };
const OPERATOR = { email: 'e2e-appeals@tko.local', password: ADMIN.password };
type PageGlobals = { __live?: { status(): string } };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let second: Page | undefined;
let baseUrl: string;
let webCopy: string | undefined;
let token = '';

async function api(method: 'POST' | 'GET', url: string, payload?: unknown) {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  return res.json() as Record<string, unknown>;
}
const live = (p: Page) => p.evaluate(() => (globalThis as unknown as PageGlobals).__live?.status());

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-contracts-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  // A second staff member with the appeals' rights only (the administrator's password hash).
  const { rows: [op] } = await db.pool.query<{ id: number }>(
    `INSERT INTO app_user (email, password_hash, first_name, last_name) SELECT $1, password_hash, 'Олег', 'Обращенцев' FROM app_user WHERE email = $2 RETURNING id`,
    [OPERATOR.email, ADMIN.email],
  );
  const { rows: [role] } = await db.pool.query<{ id: number }>(`INSERT INTO role (name) VALUES ('Обращения') RETURNING id`);
  for (const action of ['view', 'change']) await db.pool.query(`INSERT INTO role_permission (role_id, resource, action) VALUES ($1, 'appeals', $2)`, [role!.id, action]);
  await db.pool.query(`INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)`, [op!.id, role!.id]);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));
  const res = await app.inject({ method: 'POST', url: '/api/auth/token/', payload: { email: ADMIN.email, password: ADMIN.password } });
  token = (res.json() as { access: string }).access;

  browser = await launchChromium();
  page = await openPage(browser);
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-contracts-');
  await screenshotIfFailed(second, task, 'failed-contracts-second-');
});

afterAll(async () => {
  await second?.context().close();
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('contracts and appeals in the browser', () => {
  it('approves a contract revision, shows it as the current version in the history, starts a new one', async () => {
    const contract = await api('POST', '/api/contracts/', { number: 'Д-38/2026', customer_name: 'ТСЖ «Северное»' });
    await signIn(page, baseUrl, ADMIN, `/contracts/update/${String(contract.id)}/`);
    await page.getByTestId('action-approve').click();
    await page.getByRole('button', { name: 'Выполнить' }).click();
    await expect.poll(async () => (await api('GET', `/api/contracts/${String(contract.id)}/`)).revision_status, { timeout: 15_000 }).toBe('APPROVED');
    await expect.poll(() => page.getByTestId('action-approve').count()).toBe(0);

    await page.getByRole('tab', { name: 'История редакций' }).click();
    const history = page.getByTestId('contract-history');
    await history.getByText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d — текущая версия$/).waitFor();
    await expectAccessible(page, 'contract revisions');

    await page.getByRole('button', { name: 'Новая редакция' }).click();
    await page.waitForURL((u) => u.pathname !== `/contracts/update/${String(contract.id)}/` && /\/contracts\/update\/\d+\//.test(u.pathname));
    // The draft's own card (its «Утвердить редакцию» button) must be on screen before its tab is chosen:
    // a click on the previous card's tab, still shown for a moment, would be lost with it.
    await page.getByTestId('action-approve').waitFor();
    await page.getByRole('tab', { name: 'История редакций' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'contract_revisions');
    const draftHistory = page.getByTestId('contract-history');
    await draftHistory.waitFor();
    await expect.poll(() => draftHistory.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    await draftHistory.getByText('Черновик').waitFor();
    await draftHistory.getByText(/текущая версия/).waitFor();
  }, 120_000);

  it('delivers a reply in an appeal\'s chat to the other open page without a reload', async () => {
    const appeal = await api('POST', '/api/appeals/', { author_name: 'Смирнова Е. А.', text: 'Во дворе переполнены контейнеры.' });
    const url = `/appeals/update/${String(appeal.id)}/?tab=appeal_dialog`;
    // Two fresh browsers: the administrator's and the operator's.
    const first = await openPage(browser);
    page = first;
    second = await openPage(browser);
    await signIn(page, baseUrl, ADMIN, url);
    await signIn(second, baseUrl, OPERATOR, url);
    for (const p of [page, second]) {
      await expect.poll(() => live(p), { timeout: 30_000 }).toBe('connected');
      await p.getByTestId('appeal-dialog').getByText('Сообщений пока нет.').waitFor();
    }
    const before = second.url();
    await page.getByLabel('Текст ответа').fill('Вывоз назначен на сегодня до 18:00.');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('appeal-message').getByText('Вывоз назначен на сегодня до 18:00.').waitFor();
    await second.getByTestId('appeal-message').getByText('Вывоз назначен на сегодня до 18:00.').waitFor({ timeout: 15_000 });
    await second.getByTestId('appeal-message').getByText('Договорова Дарья').waitFor();
    expect(second.url()).toBe(before);

    // And back: the operator answers, the administrator's page gets it.
    await second.getByLabel('Текст ответа').fill('Принято, проконтролирую.');
    await second.getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('appeal-message').getByText('Принято, проконтролирую.').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('appeal-message').count()).toBe(2);
    await expectAccessible(second, 'appeal chat');
  }, 120_000);
});
