/**
 * Issue 10 §6 in the browser: the Angarsk route plan through the system import screen. The REAL
 * file shared/data/angarsk/angarsk_route_plan_example2.cp1251.csv (read where it lies, never
 * copied) is uploaded on /system-import/ with the template «План вывоза (маршрутный план)»; the
 * screen shows the suggested matching of the file's own headers (Lat, Lon, Descr, Столбец2,
 * Столбец4, Sub) and only the run options the template honours (no look-alike rows, no update
 * key: its run groups the rows itself); «Запустить импорт» queues the run on a real BullMQ queue
 * (Redis, a prefix of this test's own) taken by the worker's import processor in-process; the
 * report appears, and SQL holds the command import's 3 garages, 91 vehicles, 1 692 sites and
 * 6 514 vehicle–site links; the garages list of the web app shows the 3 garages. Then a small
 * VEHICLE_COMPLEX file through the same screen: a truck of the plan is updated (make, model), a
 * new one is created in a garage of the plan. axe-core checks the screen.
 *
 * Needs a built web app (WEB_DIST, default apps/web/dist), Redis (REDIS_URL, default
 * redis://127.0.0.1:6379), Chromium (CHROMIUM_PATH) and the data files (TKO_DATA_DIR or
 * ../shared/data). Run: `pnpm exec vitest run --project web-e2e import-plan`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'bullmq';
import { QUEUE_IMPORTS } from '@tko/contract';
import { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { openImportQueue, type ImportQueue } from '@tko/api/src/modules/import/import-queue';
import { openQueues, type Queues } from '@tko/api/src/modules/jobs/queue';
import { createDomain, dataDir, ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { redisPublisher } from '@tko/realtime';
import { importProcessor } from '../../../worker/src/import-worker';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openPage, screenshotIfFailed, serveApp, signIn } from './harness';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'e2e-import-plan@tko.local', password: 'Е2е-пароль-плана-1', first_name: 'Нина', last_name: 'Планова' };
const PLAN = path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv');
const GARAGES_PATH = '/routes/fleet/garages/';

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let queues: Queues;
let imports: ImportQueue;
let worker: Worker;
let redis: { connection: Redis; publisher: Redis };
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let importDir: string;
const pageErrors: string[] = [];

/** The antd select holding input `#id` (its text is the chosen option's label). */
const selectOf = (p: Page, id: string) => p.locator('.ant-select').filter({ has: p.locator(`[id="${id}"]`) });

/** Chooses `label` in the antd select `#id` by keyboard (its option list is virtual: the option may not be rendered yet). */
async function choose(p: Page, id: string, label: string): Promise<void> {
  await p.locator(`[id="${id}"]`).click();
  const dropdown = p.locator('.ant-select-dropdown:visible');
  await dropdown.waitFor();
  const active = dropdown.locator('.ant-select-item-option-active');
  for (let i = 0; i < 20; i++) {
    if ((await active.count()) > 0 && (await active.first().textContent()) === label) break;
    await p.keyboard.press('ArrowDown');
  }
  await p.keyboard.press('Enter');
  await expect.poll(() => selectOf(p, id).textContent()).toContain(label);
}

/** Uploads `buffer` as `name` on the screen; returns the new file's id. */
async function upload(p: Page, name: string, buffer: Buffer): Promise<number> {
  const [uploaded] = await Promise.all([
    p.waitForResponse((r) => new URL(r.url()).pathname === '/api/import/files/upload/' && r.request().method() === 'POST', { timeout: 120_000 }),
    p.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer }),
  ]);
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return ((await uploaded.json()) as { id: number }).id;
}

/** Clicks «Запустить импорт», checks the options sent, waits for «Импортирован»; returns the report's title. */
async function runOnScreen(p: Page, fileId: number): Promise<string> {
  const [started] = await Promise.all([
    p.waitForResponse((r) => r.url().endsWith(`/api/import/files/${fileId}/process/`)),
    p.getByRole('button', { name: 'Запустить импорт' }).click(),
  ]);
  expect(started.status(), await started.text()).toBe(202);
  await expect.poll(() => p.getByTestId('import-status').textContent(), { timeout: 300_000, interval: 500 }).toBe('Импортирован');
  await expect.poll(() => p.getByTestId('import-progress').getAttribute('data-percent')).toBe('100');
  return (await p.getByTestId('import-report').textContent()) ?? '';
}

async function count(table: string): Promise<number> {
  return (await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
}

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-import-plan-');
  importDir = mkdtempSync(path.join(tmpdir(), 'tko-e2e-import-plan-'));
  db = await createTestDatabase();
  // Live messages of every process on this Redis share one channel, addressed by user and job
  // ids; ids far from those of other test databases keep their messages away from this page.
  await db.pool.query(`SELECT setval(pg_get_serial_sequence('app_user', 'id'), $1), setval(pg_get_serial_sequence('import_file', 'id'), $1)`, [randomInt(1_000_000, 900_000_000)]);
  await ensureAdmin(db.pool, ADMIN);
  const prefix = `tko-e2e-plan-${randomBytes(4).toString('hex')}`;
  queues = openQueues(REDIS_URL, prefix)!;
  imports = openImportQueue(REDIS_URL, prefix)!;
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { redisUrl: REDIS_URL, importDir }, queues, imports }));
  // The worker's side, as apps/worker/src/main.ts wires it: its own Redis connections.
  redis = { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }), publisher: new Redis(REDIS_URL) };
  const publisher = redisPublisher(redis.publisher);
  worker = new Worker(QUEUE_IMPORTS, importProcessor(createDomain({ pool: db.pool, publisher }), { dir: importDir }), { connection: redis.connection, prefix, concurrency: 1 });
  await worker.waitUntilReady();
  browser = await launchChromium();
  page = await openPage(browser);
  page.setDefaultTimeout(30_000);
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await signIn(page, baseUrl, ADMIN, '/system-import/');
}, 120_000);

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-import-plan-');
});

afterAll(async () => {
  await worker?.close();
  await closeE2e({ browser, app, prisma, db, webCopy });
  await queues?.close();
  await imports?.close();
  redis?.connection.disconnect();
  redis?.publisher.disconnect();
  rmSync(importDir, { recursive: true, force: true });
});

describe('the Angarsk route plan through the import screen', () => {
  it('imports the real plan: 3 garages, 91 vehicles, 1 692 sites, 6 514 links; the garages in their list', async () => {
    await choose(page, 'import-template', 'План вывоза (маршрутный план)');
    const fileId = await upload(page, 'angarsk_route_plan_example2.cp1251.csv', readFileSync(PLAN));
    const panel = page.getByTestId('import-file-panel');
    await panel.waitFor();
    await expect.poll(() => panel.textContent()).toContain('windows-1251');
    expect(await panel.textContent()).toContain('Строк с данными20626');
    expect(await selectOf(page, 'import-file-template').textContent()).toContain('План вывоза (маршрутный план)');
    expect(await panel.textContent()).toContain('Строки одного объекта узнаются по точке с точностью 6 знаков (площадка), по госномеру (машина) и по названию (гараж).');

    // The suggested matching of the file's own headers.
    const suggested: [string, string][] = [
      ['Lat', 'Широта'], ['Lon', 'Долгота'], ['Descr', 'Гараж'], ['Столбец2', 'Госномер машины'], ['Столбец3', '— не импортировать —'],
      ['Столбец4', 'Адрес площадки'], ['Sub', 'Числа месяца вывоза'], ['Num', '— не импортировать —'],
    ];
    for (const [i, [column, label]] of suggested.entries()) {
      await expect.poll(() => selectOf(page, `import-column-${i}`).textContent(), { message: column }).toContain(label);
    }
    await expect(page.getByTestId('import-missing').count()).resolves.toBe(0);

    // Only the options the template honours: no look-alike rows, no update key, no match on coordinates.
    await expect.poll(() => panel.textContent()).toContain('Объекты, уже есть в реестре:');
    expect(await panel.textContent()).toContain('Всё или ничего');
    expect(await page.getByTestId('import-duplicates').count()).toBe(0);
    expect(await page.getByTestId('import-duplicates-none').count()).toBe(0);
    expect(await page.locator('[id="import-match-key"]').count()).toBe(0);
    expect(await page.locator('[id="import-duplicates-default"]').count()).toBe(0);
    expect(await page.getByText('по координатам, не дальше').count()).toBe(0);
    await expectAccessible(page, 'импорт: маршрутный план');

    const report = await runOnScreen(page, fileId);
    expect(report).toContain(`создано ${3 + 91 + 1692}, обновлено 0`);
    expect(report).toContain('строк с ошибками 0');
    expect(await page.getByTestId('import-report').textContent()).toContain('Строк в файле: 20626');

    // In SQL: the command import's counts (docs/DATA.md).
    expect({ garage: await count('garage'), vehicle: await count('vehicle'), waste_area: await count('waste_area'), vehicle_waste_area: await count('vehicle_waste_area') })
      .toEqual({ garage: 3, vehicle: 91, waste_area: 1692, vehicle_waste_area: 6514 });
    const { rows: garages } = await db.pool.query<{ name: string; vehicles: number }>(
      'SELECT g.name, (SELECT count(*)::int FROM vehicle v WHERE v.garage_id = g.id) AS vehicles FROM garage g ORDER BY g.name',
    );
    expect(garages.reduce((s, g) => s + g.vehicles, 0)).toBe(91);

    // The garages list of the web app shows the 3 garages.
    await page.getByRole('button', { name: 'Закрыть файл' }).click();
    await page.goto(`${baseUrl}${GARAGES_PATH}`);
    await expect.poll(() => page.getByTestId('list-summary').textContent()).toMatch(/^Найдено: 3\b/);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(3);
    const shown = (await rows.allTextContents()).join('\n');
    for (const g of garages) expect(shown).toContain(g.name);
    expect(pageErrors).toEqual([]);
  }, 420_000);

  // After the plan: its trucks and garages are in the registries.
  it('VEHICLE_COMPLEX through the same screen: a truck of the plan updated by plate, a new one created', async () => {
    const { rows: [garage] } = await db.pool.query<{ name: string }>('SELECT name FROM garage ORDER BY name LIMIT 1');
    const csv = [
      'Госномер;Гараж;Модель;Марка;Объём кузова',
      `A 186 BA 138;${garage!.name};КО-427-72;КАМАЗ;22`,
      `М 310 КС 38;${garage!.name};МК-4512-04;МАЗ;16`,
    ].join('\r\n');
    await page.goto(`${baseUrl}/system-import/`);
    await choose(page, 'import-template', 'Транспорт');
    const fileId = await upload(page, 'транспорт.csv', Buffer.from(csv));
    const panel = page.getByTestId('import-file-panel');
    await panel.waitFor();
    expect(await selectOf(page, 'import-file-template').textContent()).toContain('Транспорт');
    await expect.poll(() => selectOf(page, 'import-column-0').textContent()).toContain('Госномер');
    // Trucks have a natural key (the plate): «existing» applies, look-alike rows and update keys do not.
    await expect.poll(() => panel.textContent()).toContain('Объекты, уже есть в реестре:');
    expect(await page.locator('[id="import-match-key"]').count()).toBe(0);
    expect(await page.getByTestId('import-duplicates-none').count()).toBe(0);

    const report = await runOnScreen(page, fileId);
    expect(report).toContain('создано 1, обновлено 1');
    const { rows } = await db.pool.query<{ license_plate: string; make: string | null; model: string | null; garage: string | null }>(
      `SELECT v.license_plate, v.make, m.model AS model, g.name AS garage FROM vehicle v
         LEFT JOIN vehicle_model m ON m.id = v.model_id LEFT JOIN garage g ON g.id = v.garage_id
        WHERE v.license_plate IN ('А 186 ВА 138', 'М 310 КС 38') ORDER BY 1`,
    );
    expect(rows).toEqual([
      { license_plate: 'А 186 ВА 138', make: 'КАМАЗ', model: 'КО-427-72', garage: garage!.name },
      { license_plate: 'М 310 КС 38', make: 'МАЗ', model: 'МК-4512-04', garage: garage!.name },
    ]);
    expect(await count('vehicle')).toBe(92);
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
