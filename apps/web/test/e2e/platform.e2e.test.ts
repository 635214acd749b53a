/**
 * The platform services of issue 3 in the browser, end to end: the built app (apps/web/dist)
 * served by the real API with its STOMP broker at /ws/ fanned out through a real Redis, a real
 * BullMQ import worker and export worker in-process (the worker's own processors, publishing
 * through Redis as the worker process does), on a fresh database; headless Chromium through
 * playwright-core. Nothing is mocked. In order, on one signed-in page:
 *
 *   1. an import from upload to the rows in the list: a Windows-1251 CSV of container sites is
 *      uploaded on /system-import/, the suggested matching is checked, one column is matched by
 *      hand, the run's progress reaches 100 % (live job messages on the websocket), the rows are
 *      in the container list and in SQL;
 *   2. a notification arriving live while the page is open: the badge goes up and the toast
 *      appears without a reload; a download notification's 'Скачать' saves the file (bearer
 *      token); the centre lists, marks read and deletes;
 *   3. an export run as a job: the progress toast (bottom right, progress bar, 400 ms motion)
 *      ends with 'Скачать' and the file is the list;
 *   4. the live connection closes when the device goes offline and reopens when it is back; a
 *      notification sent meanwhile shows in the badge after the reconnect;
 *   5. the change history: the site's params_history on the characteristics tab, the «История
 *      изменений» drawer, /system-logs/; and the 584 × 300 modal;
 *   6. an open list follows its registry's change topic: a site created elsewhere appears.
 *
 * Needs the build (`pnpm --filter @tko/web build`), Redis (REDIS_URL, default
 * redis://127.0.0.1:6379) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
 * Run: `pnpm exec vitest run --project web-e2e platform`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'bullmq';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { Redis } from 'ioredis';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { openImportQueue, type ImportQueue } from '@tko/api/src/modules/import/import-queue';
import { openQueues, type Queues } from '@tko/api/src/modules/jobs/queue';
import { containerResource, ContainerType, QUEUE_EXPORTS, QUEUE_IMPORTS, type ImportLabels } from '@tko/contract';
import { createDomain, ensureAdmin, Notifier, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { redisPublisher, type RealtimePublisher } from '@tko/realtime';
import { importProcessor } from '../../../worker/src/import-worker';
import { xlsxExportProcessor } from '../../../worker/src/processors/xlsx-export';
import { copyBuiltWeb, launchChromium, screenshotIfFailed, signIn, serveApp } from './harness';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'e2e-platform@tko.local', password: 'Е2е-пароль-платформы-1', first_name: 'Нина', last_name: 'Платформина' };
/** This run's mark in the imported addresses (lists are searched by it). */
const TAG = `П${randomBytes(3).toString('hex').toUpperCase()}`;
const LIST_PATH = '/terr-schema/containers/container/';
/** Column names as the operators' exports write them (Windows-1251 has no «³»). */
const HEADER = ['Адрес', 'Широта', 'Долгота', 'Числа месяца вывоза', 'Количество контейнеров', 'Объём контейнера, м3', 'Тип контейнера', 'Примечание оператора'];
const EURO = ContainerType.labels.EURO;
const ROWS = [
  [`Ангарск, квартал ${TAG}, дом 1`, '52,540101', '103,880101', '1;15', '2', '1,1', EURO, 'у шлагбаума'],
  [`Ангарск, квартал ${TAG}, дом 2`, '52,540202', '103,880202', '5', '1', '0,75', EURO, 'за магазином'],
  [`Ангарск, квартал ${TAG}, дом 3`, '52,540303', '103,880303', '10;20', '3', '1,1', EURO, ''],
];

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let queues: Queues;
let imports: ImportQueue;
let importWorker: Worker | undefined;
let importDir: string;
let exportWorker: Worker;
let redis: { connection: Redis; publisher: Redis };
let publisher: RealtimePublisher;
let adminId: number;
let queuePrefix: string;

/** Starts the import worker (step 1 starts it once the page follows the queued run). */
async function startImportWorkerNow(): Promise<void> {
  importWorker = new Worker(QUEUE_IMPORTS, importProcessor(createDomain({ pool: db.pool, publisher }), { dir: importDir }), { connection: redis.connection, prefix: queuePrefix, concurrency: 1 });
  await importWorker.waitUntilReady();
}
let browser: Browser;
let context: BrowserContext;
let page: Page;
let baseUrl: string;
const dirs: string[] = [];
const pageErrors: string[] = [];
/** STOMP frames the page received (MESSAGE frames of the live connection). */
const wsFrames: string[] = [];
/** STOMP frames the page sent (SUBSCRIBE, SEND …). */
const wsSent: string[] = [];
let navigations = 0;
const state: { fileId: number; csv: Buffer; siteId: number } = { fileId: 0, csv: Buffer.alloc(0), siteId: 0 };

/** CSV text in Windows-1251, ';'-separated, quoted where needed. */
function cp1251Csv(rows: string[][]): Buffer {
  const cell = (s: string) => (/[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return iconv.encode(`${rows.map((r) => r.map(cell).join(';')).join('\r\n')}\r\n`, 'win1251');
}

const summary = (p: Page) => p.getByTestId('list-summary');
const dataRows = (p: Page) => p.locator('.ant-table-tbody tr.ant-table-row');
const toasts = (p: Page) => p.locator('.ant-notification-notice');
const bell = (p: Page) => p.getByTestId('notification-bell');
const unread = async (p: Page) => Number(await bell(p).getAttribute('data-unread'));
/** `window` and `getComputedStyle` in the page (this tsconfig has no DOM types). */
type PageGlobals = { __live?: { status(): string }; getComputedStyle(el: unknown): { transitionDuration: string } };
const liveStatus = (p: Page) => p.evaluate(() => (globalThis as unknown as PageGlobals).__live?.status());
/** The antd select holding input `#id` (its text is the chosen option's label). */
const selectOf = (p: Page, id: string) => p.locator('.ant-select').filter({ has: p.locator(`[id="${id}"]`) });

beforeAll(async () => {
  const webCopy = copyBuiltWeb('tko-web-e2e-');
  dirs.push(webCopy);
  importDir = mkdtempSync(path.join(tmpdir(), 'tko-e2e-import-'));
  const exportDir = mkdtempSync(path.join(tmpdir(), 'tko-e2e-export-'));
  dirs.push(importDir, exportDir);

  db = await createTestDatabase();
  // Live messages of every process on this Redis share one channel, addressed by user and job
  // ids; ids far from those of other test databases keep their messages away from this page.
  await db.pool.query(`SELECT setval(pg_get_serial_sequence('app_user', 'id'), $1), setval(pg_get_serial_sequence('import_file', 'id'), $1)`, [randomInt(1_000_000, 900_000_000)]);
  adminId = (await ensureAdmin(db.pool, ADMIN)).userId;

  const prefix = `tko-e2e-platform-${randomBytes(4).toString('hex')}`;
  queues = openQueues(REDIS_URL, prefix)!;
  imports = openImportQueue(REDIS_URL, prefix)!;
  await queues.exports.waitUntilReady();
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { redisUrl: REDIS_URL, importDir, exportDir, xlsxAsyncThreshold: 1 }, queues, imports }));
  await app.realtime.subscribed;

  // The worker's side, as apps/worker/src/main.ts wires it: its own Redis connections.
  redis = { connection: new Redis(REDIS_URL, { maxRetriesPerRequest: null }), publisher: new Redis(REDIS_URL) };
  publisher = redisPublisher(redis.publisher);
  queuePrefix = prefix;
  exportWorker = new Worker(QUEUE_EXPORTS, xlsxExportProcessor(createDomain({ pool: db.pool, publisher }), exportDir), { connection: redis.connection, prefix });
  await exportWorker.waitUntilReady();

  browser = await launchChromium();
  context = await browser.newContext({ acceptDownloads: true, locale: 'ru-RU', viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(30_000);
  page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations += 1;
  });
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => wsFrames.push(String(f.payload)));
    ws.on('framesent', (f) => wsSent.push(String(f.payload)));
  });
  if (process.env.TEST_LOG) {
    page.on('console', (m) => console.log(`[browser ${m.type()}] ${m.text()}`));
    page.on('response', (r) => r.url().includes('/api/') && console.log(`[browser response] ${r.request().method()} ${r.url()} ${r.status()}`));
  }
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-');
});

afterAll(async () => {
  await browser?.close();
  await importWorker?.close();
  await exportWorker?.close();
  await app?.close();
  await queues?.exports.obliterate({ force: true }).catch(() => undefined);
  await queues?.close();
  await imports?.close();
  redis?.connection.disconnect();
  redis?.publisher.disconnect();
  await prisma?.$disconnect();
  await db?.drop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('platform services in the browser', () => {
  it('1. imports a Windows-1251 CSV from upload to the rows in the list', async () => {
    // Sign in.
    await signIn(page, baseUrl, ADMIN, '/system-import/');
    // The live connection opens when the application starts.
    await expect.poll(() => liveStatus(page)).toBe('connected');
    // The menu leads here, and the empty list says what to do.
    await page.getByRole('menu', { name: 'Главное меню' }).getByRole('link', { name: 'Импорт данных', exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('import-files').textContent()).toContain('Файлов пока нет. Выберите тип шаблона');

    // Upload (the template type chosen beforehand: container sites).
    await expect.poll(() => selectOf(page, 'import-template').textContent()).toContain('Контейнерные площадки');
    state.csv = cp1251Csv([HEADER, ...ROWS]);
    const [uploaded] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/import/files/upload/' && r.request().method() === 'POST'),
      page.locator('input[type=file]').setInputFiles({ name: 'площадки.csv', mimeType: 'text/csv', buffer: state.csv }),
    ]);
    expect(uploaded.status()).toBe(201);
    state.fileId = ((await uploaded.json()) as { id: number }).id;
    const panel = page.getByTestId('import-file-panel');
    await panel.waitFor();
    await expect.poll(() => panel.textContent()).toContain('windows-1251');
    expect(await panel.textContent()).toContain('Строк с данными3');

    // The suggested matching, shown with the template's labels.
    const token = ((await (await app.inject({ method: 'POST', url: '/api/auth/token/', payload: { email: ADMIN.email, password: ADMIN.password } })).json()) as { access: string }).access;
    const labels = (await app.inject({ method: 'GET', url: '/api/import/templates/CWA_BUNDLE/labels/', headers: { authorization: `Bearer ${token}` } })).json() as ImportLabels;
    const labelOf = (field: string) => labels.fields.find((f) => f.field === field)!.label;
    const suggested: Record<string, string | null> = {
      Адрес: 'location', Широта: 'coordinates_lat', Долгота: 'coordinates_lng', 'Числа месяца вывоза': 'periodicity_on_monthdays',
      'Количество контейнеров': 'containers_count', 'Объём контейнера, м3': 'container_volume', 'Тип контейнера': 'container_type', 'Примечание оператора': null,
    };
    for (const [i, column] of HEADER.entries()) {
      const shown = selectOf(page, `import-column-${i}`);
      const target = suggested[column];
      if (target) await expect.poll(() => shown.textContent(), { message: column }).toContain(labelOf(target));
      else await expect.poll(() => shown.textContent(), { message: column }).toContain('— не импортировать —');
    }
    // The operator's note goes into the landmark, matched by hand.
    const landmark = labelOf('landmark');
    const noteSelect = page.locator(`[id="import-column-${HEADER.length - 1}"]`);
    await noteSelect.click();
    await noteSelect.pressSequentially(landmark, { delay: 20 }); // the option list is virtual: search
    await page.locator(`.ant-select-dropdown:visible [id="import-column-${HEADER.length - 1}_list"]`).waitFor({ state: 'attached' });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: landmark }).first().click();
    await expect.poll(() => selectOf(page, `import-column-${HEADER.length - 1}`).textContent()).toContain(landmark);

    // Process: the matching is saved, the run queued, its progress followed live to 100 %.
    const [saved, started] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/import/files/${state.fileId}/`) && r.request().method() === 'PATCH'),
      page.waitForResponse((r) => r.url().endsWith(`/api/import/files/${state.fileId}/process/`)),
      page.getByRole('button', { name: 'Запустить импорт' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    expect(saved.request().postDataJSON()).toMatchObject({ column_mapping: { ...suggested, 'Примечание оператора': 'landmark' } });
    expect(started.status()).toBe(202);
    const jobId = ((await started.json()) as { job_id: string }).job_id;
    // No worker is running yet: the run waits in the queue while the page follows its job topic.
    await expect.poll(() => page.getByTestId('import-status').textContent()).toBe('В очереди');
    const subscribe = () => wsSent.find((f) => f.startsWith('SUBSCRIBE') && f.includes(`destination:/topic/jobs.${jobId}\n`));
    await expect.poll(subscribe).toBeTruthy();
    const receipt = /\nreceipt:([^\n]+)/.exec(subscribe()!)![1]!;
    await expect.poll(() => wsFrames.some((f) => f.startsWith('RECEIPT') && f.includes(`receipt-id:${receipt}\n`))).toBe(true);
    await startImportWorkerNow();
    await expect.poll(() => page.getByTestId('import-progress').getAttribute('data-percent'), { timeout: 60_000 }).toBe('100');
    await expect.poll(() => page.getByTestId('import-status').textContent(), { timeout: 30_000 }).toBe('Импортирован');
    expect(await page.getByTestId('import-report').textContent()).toContain('создано 3');
    // The progress came over the websocket, on the job's topic.
    expect(wsFrames.some((f) => f.startsWith('MESSAGE') && f.includes(`destination:/topic/jobs.${jobId}`) && f.includes('"state":"completed"'))).toBe(true);
    // The import's end is also a notification (toast).
    await expect.poll(() => toasts(page).filter({ hasText: 'Импорт файла «площадки.csv»' }).count()).toBeGreaterThan(0);

    // The rows are in the container list …
    await page.getByRole('button', { name: 'Закрыть файл' }).click();
    await page.goto(`${baseUrl}${LIST_PATH}#page=1&ordering=location&search=${encodeURIComponent(TAG)}`);
    await expect.poll(() => summary(page).textContent()).toMatch(/^Найдено: 3, контейнеров: 6$/);
    expect(await dataRows(page).first().textContent()).toContain(`квартал ${TAG}, дом 1`);
    // … and in SQL, with the values of the file.
    const { rows } = await db.pool.query<{ id: number; location: string; lat: number; lng: number; landmark: string | null; periodicity: string | null; days: number[] | null; n: number; volume: string }>(
      `SELECT w.id, w.location, round(ST_Y(w.coordinates)::numeric, 6)::float AS lat, round(ST_X(w.coordinates)::numeric, 6)::float AS lng, w.landmark,
              w.periodicity::text AS periodicity, w.periodicity_on_monthdays AS days,
              (SELECT count(*)::int FROM waste_area_container c WHERE c.waste_area_id = w.id) AS n,
              (SELECT sum(c.volume)::text FROM waste_area_container c WHERE c.waste_area_id = w.id) AS volume
         FROM waste_area w WHERE w.location LIKE $1 ORDER BY w.location`,
      [`%квартал ${TAG}%`],
    );
    expect(rows.map((r) => [r.location, r.lat, r.lng, r.landmark, r.periodicity, r.days, r.n, r.volume])).toEqual([
      [ROWS[0]![0], 52.540101, 103.880101, 'у шлагбаума', 'ON_MONTHDAYS', [1, 15], 2, '2.200'],
      [ROWS[1]![0], 52.540202, 103.880202, 'за магазином', 'ON_MONTHDAYS', [5], 1, '0.750'],
      [ROWS[2]![0], 52.540303, 103.880303, null, 'ON_MONTHDAYS', [10, 20], 3, '3.300'],
    ]);
    state.siteId = rows[0]!.id;
    expect(pageErrors).toEqual([]);
  });

  it('2. a notification arrives live while the page is open: badge and toast, no reload', async () => {
    await expect.poll(() => liveStatus(page)).toBe('connected');
    const before = await unread(page);
    const loadsBefore = navigations;
    const notifier = new Notifier(db.pool, publisher);
    const text = `Проверка живого уведомления ${TAG}`;
    await notifier.notify(adminId, { body: text });
    await expect.poll(() => unread(page)).toBe(before + 1);
    await toasts(page).filter({ hasText: text }).waitFor();
    expect(await toasts(page).filter({ hasText: text }).textContent()).toContain('Новое уведомление');
    expect(navigations).toBe(loadsBefore);

    // A file ready to download: 'Скачать' on the toast fetches it with the bearer token.
    await notifier.notify(adminId, {
      type: 'download', body: `Файл для проверки ${TAG}`, documentUrl: `/api/import/files/${state.fileId}/download/`, documentName: 'площадки.csv', documentFileType: 'csv',
    });
    await expect.poll(() => unread(page)).toBe(before + 2);
    const fileToast = toasts(page).filter({ hasText: `Файл для проверки ${TAG}` });
    const [download] = await Promise.all([page.waitForEvent('download'), fileToast.getByRole('link', { name: 'Скачать' }).click()]);
    expect(download.suggestedFilename()).toBe('площадки.csv');
    expect(readFileSync((await download.path())!).equals(state.csv)).toBe(true);

    // The centre: newest first, unread marked; downloading marked that one read.
    await bell(page).click();
    const drawer = page.getByTestId('notification-drawer');
    const items = drawer.getByTestId('notification-item');
    await expect.poll(() => items.first().textContent()).toContain(`Файл для проверки ${TAG}`);
    await expect.poll(() => unread(page)).toBe(before + 1);
    expect(await items.nth(1).getAttribute('data-unread')).toBe('true');
    await drawer.getByRole('button', { name: 'Прочитать все' }).click();
    await expect.poll(() => unread(page)).toBe(0);
    const count = await items.count();
    await items.nth(1).getByRole('button', { name: 'Удалить уведомление' }).click();
    await expect.poll(() => items.count()).toBe(count - 1);
    expect(await drawer.textContent()).not.toContain(text);
    const { rows } = await db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM notification WHERE user_id = $1 AND NOT readed', [adminId]);
    expect(rows[0]!.n).toBe(0);
    await page.getByRole('button', { name: 'Закрыть уведомления' }).click();
    expect(navigations).toBe(loadsBefore);
    expect(pageErrors).toEqual([]);
  });

  it('3. an export run as a job shows its progress toast and ends with Скачать', async () => {
    await page.goto(`${baseUrl}${LIST_PATH}#page=1&ordering=location&search=${encodeURIComponent(TAG)}`);
    await expect.poll(() => summary(page).textContent()).toMatch(/^Найдено: 3/);
    const unreadBefore = await unread(page);
    const [queued] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/waste-area/container/xlsx/'),
      page.getByRole('button', { name: /Выгрузить в Excel$/ }).click(),
    ]);
    expect(queued.status()).toBe(202);
    const done = toasts(page).filter({ hasText: 'Выгрузка готова' });
    await done.waitFor({ timeout: 60_000 });
    // One toast for the job: the notification that also ends it joins the centre, no toast.
    await expect.poll(() => unread(page)).toBe(unreadBefore + 1);
    expect(await toasts(page).filter({ hasText: `Выгрузка «${containerResource.label}» готова` }).count()).toBe(0);
    // Toast settings of spec 01 §9: bottom right, progress bar, 400 ms motion.
    expect(await page.locator('.ant-notification-bottomRight .ant-notification-notice').filter({ hasText: 'Выгрузка готова' }).count()).toBe(1);
    expect(await done.locator('.ant-notification-notice-progress').count()).toBe(1);
    expect(await done.evaluate((el) => (globalThis as unknown as PageGlobals).getComputedStyle(el).transitionDuration)).toContain('0.4s');
    const [download] = await Promise.all([page.waitForEvent('download'), done.getByRole('link', { name: 'Скачать' }).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await download.path())!);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(sheet.getRow(2).getCell(header.indexOf(containerResource.fields.location!.label) + 1).value).toBe(ROWS[0]![0]);
    expect(pageErrors).toEqual([]);
  });

  it('4. the live connection closes offline and reopens online, catching up on notifications', async () => {
    await expect.poll(() => liveStatus(page)).toBe('connected');
    const before = await unread(page);
    await context.setOffline(true);
    await expect.poll(() => liveStatus(page)).toBe('offline');
    await new Notifier(db.pool, publisher).notify(adminId, { body: `Пока вы были не в сети ${TAG}` });
    await context.setOffline(false);
    await expect.poll(() => liveStatus(page)).toBe('connected');
    await expect.poll(() => unread(page)).toBe(before + 1);
    expect(pageErrors).toEqual([]);
  });

  it('5. the change history on the card, its drawer, the system log; the 584 × 300 modal', async () => {
    // A change through the card: the landmark (general tab) and a parameter of the characteristics tab.
    await page.goto(`${baseUrl}${LIST_PATH}update/${state.siteId}/`);
    const landmark = page.locator('#f-landmark');
    await landmark.waitFor();
    await landmark.fill('у шлагбаума, слева');
    await page.getByRole('tab', { name: 'Характеристики', exact: true }).click();
    await page.locator('#f-kg_accumulated_waste').fill('1250,5');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/api/waste-area/container/${state.siteId}/`) && r.request().method() === 'PUT'),
      page.getByRole('button', { name: 'Сохранить' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    // params_history on the characteristics tab shows the parameters of that tab only (issue 7 §8):
    // who, when, which parameter before → after; the landmark of the general tab is not listed.
    await page.getByRole('tab', { name: 'Характеристики', exact: true }).click();
    const history = page.getByTestId('history-params_history');
    await expect.poll(() => history.getByTestId('history-entry').count()).toBe(2);
    const latest = history.getByTestId('history-entry').first();
    const latestText = (await latest.textContent())!;
    expect(latestText).toContain(`${ADMIN.last_name} ${ADMIN.first_name}`);
    expect(latestText).toContain('изменение');
    expect(latestText).toContain(containerResource.fields.kg_accumulated_waste!.label);
    expect(latestText).toContain('1\u202f250,5'); // decimal comma, a narrow no-break space between thousands (ru-RU)
    expect(latestText).not.toContain(containerResource.fields.landmark!.label);
    expect(await history.getByTestId('history-entry').nth(1).textContent()).toContain('создание');

    // The history drawer of the card.
    await page.getByRole('button', { name: 'История изменений' }).click();
    const drawer = page.getByTestId('history-drawer');
    await expect.poll(() => drawer.getByTestId('history-entry').count()).toBe(2);
    await page.getByRole('button', { name: 'Закрыть историю' }).click();

    // The modal of the app: «Удалить» asks in a 584 × ≥300 box; cancelled.
    await page.getByRole('button', { name: 'Удалить', exact: true }).click();
    const box = page.locator('.ant-modal-container:visible');
    await box.waitFor();
    // Measured once the zoom-in animation has ended (the box is scaled while it runs).
    await expect.poll(async () => Math.round((await box.boundingBox())?.width ?? 0)).toBe(584);
    await expect.poll(async () => Math.round((await box.boundingBox())?.height ?? 0)).toBeGreaterThanOrEqual(300);
    await page.getByRole('button', { name: 'Отмена' }).last().click();
    await box.waitFor({ state: 'detached' }).catch(() => box.waitFor({ state: 'hidden' }));

    // The system log: every change, filterable.
    await page.getByRole('menu', { name: 'Главное меню' }).getByRole('link', { name: 'Системный журнал', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/system-logs/');
    const logRows = page.getByTestId('system-logs').locator('tr.ant-table-row');
    await expect.poll(() => logRows.count()).toBe(4); // 3 created by the import, 1 change
    await page.getByLabel('Действие').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('изменение', { exact: true }).click();
    await expect.poll(() => logRows.count()).toBe(1);
    expect(await logRows.first().textContent()).toContain(`№ ${state.siteId}`);
    await logRows.first().click();
    await expect.poll(() => page.getByTestId('system-logs').textContent()).toContain('у шлагбаума, слева');
    expect(pageErrors).toEqual([]);
  });

  it('6. an open list follows its registry live: a site created elsewhere appears without a reload', async () => {
    await page.goto(`${baseUrl}${LIST_PATH}#page=1&ordering=location&search=${encodeURIComponent(TAG)}`);
    await expect.poll(() => summary(page).textContent()).toMatch(/^Найдено: 3,/);
    // The subscription to the registry's topic is confirmed before the change is made.
    const subscribe = () => wsSent.findLast((f) => f.startsWith('SUBSCRIBE') && f.includes('destination:/topic/registry.container\n'));
    await expect.poll(subscribe).toBeTruthy();
    const receipt = /\nreceipt:([^\n]+)/.exec(subscribe()!)![1]!;
    await expect.poll(() => wsFrames.some((f) => f.startsWith('RECEIPT') && f.includes(`receipt-id:${receipt}\n`))).toBe(true);
    const loadsBefore = navigations;
    const token = ((await (await app.inject({ method: 'POST', url: '/api/auth/token/', payload: { email: ADMIN.email, password: ADMIN.password } })).json()) as { access: string }).access;
    const created = await app.inject({
      method: 'POST', url: '/api/waste-area/container/', headers: { authorization: `Bearer ${token}` },
      payload: { location: `Ангарск, квартал ${TAG}, дом 4`, coordinates: { lat: 52.540404, lng: 103.880404 } },
    });
    expect(created.statusCode).toBe(201);
    await expect.poll(() => summary(page).textContent()).toMatch(/^Найдено: 4,/);
    expect(navigations).toBe(loadsBefore);
    expect(pageErrors).toEqual([]);
  });
});
