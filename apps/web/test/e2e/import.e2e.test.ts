/**
 * Issue 9 §1 in the browser: the duplicate-resolution step of the import screen. A file whose
 * rows share a point (three addresses a public geocoder snapped onto one spot) and a pair of
 * rows with one address is uploaded on /system-import/; before processing the screen lists the
 * two groups with «Оставить раздельно» chosen, the user merges one group and skips the repeats of
 * the other, and the choices are saved with the matching (options.groups). The built app served by
 * the real API on its own database, headless Chromium; nothing mocked. axe-core checks the screen.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, screenshotIfFailed, signIn, openPage, serveApp } from './harness';

const ADMIN = { email: 'e2e-import@tko.local', password: 'Е2е-пароль-импорта-1', first_name: 'Нина', last_name: 'Импортова' };
const CSV = [
  'Адрес;Широта;Долгота;Количество;Объём',
  'Усолье, ул. Снеговая, 1;52.7501;103.6401;1;0,75',
  'Усолье, ул. Снеговая, 3;52.7501;103.6401;1;0,75',
  'Усолье, ул. Снеговая, 5;52.7501;103.6401;2;0,75',
  'Усолье, ул. Мира, д. 7;52.7601;103.6501;1;1,1',
  'Усолье, улица Мира, 7;52.7701;103.6601;1;1,1',
  'Усолье, ул. Мира, 9;52.7801;103.6701;1;1,1',
].join('\r\n');

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let importDir: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-import-');
  importDir = mkdtempSync(path.join(tmpdir(), 'tko-e2e-import9-'));
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { importDir } }));
  browser = await launchChromium();
  page = await openPage(browser);
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await signIn(page, baseUrl, ADMIN, '/system-import/');
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-import-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
  rmSync(importDir, { recursive: true, force: true });
});

describe('import: look-alike rows', () => {
  it('lists the groups before processing, apart by default, and saves the user’s choices', async () => {
    const [uploaded] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/import/files/upload/' && r.request().method() === 'POST'),
      page.locator('input[type=file]').setInputFiles({ name: 'похожие.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) }),
    ]);
    expect(uploaded.status()).toBe(201);
    const fileId = ((await uploaded.json()) as { id: number }).id;

    const step = page.getByTestId('import-duplicates');
    await step.waitFor();
    expect(await step.textContent()).toContain('Похожие строки (2)');
    const snapped = step.locator('[data-group="L2"]');
    const sameAddress = step.locator('[data-group="L5"]');
    const rowOf = (id: string) => step.locator('tr', { has: page.locator(`[data-group="${id}"]`) });
    expect(await rowOf('L2').textContent()).toContain('Точки не дальше 5 м друг от друга');
    expect(await rowOf('L5').textContent()).toContain('Один адрес');
    // Nothing is merged unless asked: every group starts «Оставить раздельно».
    for (const g of [snapped, sameAddress]) expect(await g.locator('.ant-radio-button-wrapper-checked').textContent()).toBe('Оставить раздельно');
    await expectAccessible(page, 'импорт: похожие строки');

    await snapped.getByText('Объединить').click();
    await sameAddress.getByText('Пропустить повторы').click();
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/import/files/${fileId}/`) && r.request().method() === 'PATCH'),
      page.getByRole('button', { name: 'Сохранить сопоставление' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    expect(((await saved.json()) as { options: { groups: Record<string, string> } }).options.groups).toEqual({ L2: 'merge', L5: 'skip' });
    const row = await db.pool.query<{ options: { groups: Record<string, string>; duplicates: string } }>('SELECT options FROM import_file WHERE id = $1', [fileId]);
    expect(row.rows[0]!.options).toMatchObject({ duplicates: 'separate', groups: { L2: 'merge', L5: 'skip' } });
    await expect.poll(() => snapped.locator('.ant-radio-button-wrapper-checked').textContent()).toBe('Объединить');
    expect(pageErrors).toEqual([]);
  });
});
