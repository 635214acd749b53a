/**
 * «Удалить выбранные» on a registry list (issue 9 §1, crud/bulk-delete.tsx), in headless Chromium
 * against the real API on a fresh database: the administrator selects two rows by their
 * checkboxes (a checkbox selects, it does not open the card), confirms, and exactly those two are
 * deleted in one batch transaction, each with its history row; the third stays. The page passes
 * axe with the selection and the button shown.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { containerResource, createSchema } from '@tko/contract';
import { ensureAdmin, RegistryRepository, SYSTEM_WRITE, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'bulk-admin@tko.local', password: 'Пароль-для-пакетного-удаления-1', first_name: 'Ирина', last_name: 'Удалова' };
const LIST_PATH = '/terr-schema/containers/container/';

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
const ids: number[] = [];

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-bulk-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const repo = new RegistryRepository(db.pool, containerResource);
  for (const n of [1, 2, 3]) {
    const row = await repo.create(createSchema(containerResource).parse({ location: `Ангарск, Пакетная улица, ${n}`, coordinates: `52.5${n}, 103.8${n}`, identifier: `УДЛ-${n}` }) as Record<string, unknown>, SYSTEM_WRITE);
    ids.push(Number(row.id));
  }
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));
  browser = await launchChromium();
  page = await openPage(browser);
}, 120_000);

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-bulk-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('bulk delete on a registry list', () => {
  it('deletes exactly the selected rows in one transaction, with history, after a confirmation', async () => {
    await signIn(page, baseUrl, ADMIN, LIST_PATH);
    await page.getByText('Пакетная улица, 3').waitFor();
    await page.getByLabel(`Выбрать запись № ${ids[0]}`).check();
    await page.getByLabel(`Выбрать запись № ${ids[1]}`).check();
    // A checkbox selects; it does not open the card.
    expect(new URL(page.url()).pathname).toBe(LIST_PATH);
    const button = page.getByRole('button', { name: 'Удалить выбранные (2)' });
    await button.waitFor();
    await expectAccessible(page, 'list with a selection');
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-modal-confirm-title', { hasText: 'Удалить 2 записи?' }).waitFor();
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/transaction/' && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    expect((await answer).status()).toBe(200);
    await page.getByText('Удалено: 2 записи').first().waitFor();
    await page.getByText('Пакетная улица, 1').waitFor({ state: 'detached' });
    const left = await db.pool.query<{ id: number }>(`SELECT id FROM waste_area WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
    expect(left.rows.map((r) => r.id)).toEqual([ids[2]]);
    const history = await db.pool.query<{ object_id: number }>(`SELECT object_id FROM change_log WHERE action = 'delete' AND resource = $1 ORDER BY object_id`, [containerResource.name]);
    expect(history.rows.map((r) => r.object_id)).toEqual([ids[0], ids[1]]);
    await expect(page.getByRole('button', { name: /Удалить выбранные/ }).count()).resolves.toBe(0);
  });
});
