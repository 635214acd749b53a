/**
 * Issue 10 §5 in the browser: the schedule card's «Маршруты» tab plans a work date (the queued
 * job run by the worker's real processor in-process on this file's BullMQ prefix), shows one route
 * at a time (the first by default) with its stops, and moves one stop to another route with the
 * «Перенести в…» select and one back by dragging its row onto the route's name — the totals of
 * both routes are recomputed; each route's shift (leave, breaks, return, driving) and truck body
 * against its sites; a bunker site no truck of the schedule can lift listed with its reason and
 * the job ending «Выполнено с замечаниями»; a second plan keeping the assignment compared with the
 * first; the card's own plan/fact map counts the date's missed sites. A request appointed to the schedule and completed
 * shows its three log entries on its card's «История» tab. The built app served by the real API on its own database,
 * real Redis, headless Chromium; axe-core checks the tab.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { openQueues, type Queues } from '@tko/api/src/modules/jobs/queue';
import { QUEUE_PLANNING } from '@tko/contract';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { redisPublisher } from '@tko/realtime';
import { planDayProcessor } from '../../../worker/src/planning-worker';
import { apiToken, closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openInApp, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'e2e-schedules@tko.local', password: 'Е2е-пароль-графиков-1', first_name: 'Пётр', last_name: 'Графиков' };
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tko-e2e-planning-${randomBytes(4).toString('hex')}`;

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let connection: Redis;
let worker: Worker;
let publishing: Redis;
let queues: Queues;
let scheduleId = 0;

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-schedules-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const one = async (sql: string, params: unknown[] = []) => (await db.pool.query<{ id: number }>(sql, params)).rows[0]!.id;
  const g = await one(`INSERT INTO garage (name, coordinates) VALUES ('Гараж Север', ST_SetSRID(ST_MakePoint(103.880, 52.545), 4326)) RETURNING id`);
  const f = await one(`INSERT INTO waste_management_facility (name, location, coordinates) VALUES ('Полигон ТБО', 'Ангарск', ST_SetSRID(ST_MakePoint(103.80, 52.58), 4326)) RETURNING id`);
  scheduleId = await one(`INSERT INTO schedule (name, waste_management_facility_id, leave_time) VALUES ('График Ангарск', $1, '09:30') RETURNING id`, [f]);
  for (const plate of ['А 001 АА 38', 'В 002 ВВ 38', 'Е 003 ЕЕ 38']) {
    const v = await one(`INSERT INTO vehicle (license_plate, garage_id, body_m3, compression_ratio) VALUES ($1, $2, 4, '[2,3]') RETURNING id`, [plate, g]);
    await db.pool.query('INSERT INTO schedule_vehicle (schedule_id, vehicle_id) VALUES ($1, $2)', [scheduleId, v]);
  }
  for (let i = 0; i < 12; i++) {
    const w = await one(
      `INSERT INTO waste_area (kind, location, coordinates, periodicity) VALUES ('CONTAINER', $1, ST_SetSRID(ST_MakePoint($2, $3), 4326), 'DAILY') RETURNING id`,
      [`Ангарск, площадка ${i + 1}`, 103.86 + (i % 4) * 0.008, 52.52 + Math.floor(i / 4) * 0.008],
    );
    await db.pool.query(`INSERT INTO schedule_point (schedule_id, waste_area_id, container_amount, container_volume) VALUES ($1, $2, 2, 1.1)`, [scheduleId, w]);
  }
  // 3 bunkers: a multilift's work; the schedule's trucks are (assumed) rear loaders
  const bunker = await one(`INSERT INTO waste_area (kind, location, coordinates, periodicity) VALUES ('CONTAINER', 'Ангарск, бункеры КГО', ST_SetSRID(ST_MakePoint(103.87, 52.53), 4326), 'DAILY') RETURNING id`);
  await db.pool.query(`INSERT INTO schedule_point (schedule_id, waste_area_id, container_type, container_amount, container_volume) VALUES ($1, $2, 'BUNKER', 3, 8)`, [scheduleId, bunker]);
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  // The worker publishes the plan job's progress through Redis; the app's Queues know the planning queue, so the tab's
  // subscription to /topic/jobs.{id} is accepted (the status poll stays the fallback).
  publishing = new Redis(REDIS_URL);
  worker = new Worker(QUEUE_PLANNING, planDayProcessor(db.pool, redisPublisher(publishing)), { connection, prefix });
  queues = openQueues(REDIS_URL, prefix)!;
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { redisUrl: REDIS_URL, queuePrefix: prefix }, queues }));
  browser = await launchChromium();
  page = await openPage(browser);
  await signIn(page, baseUrl, ADMIN, `/routes/schedules-n-requests/schedules/update/${scheduleId}/`);
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-schedules-');
});

afterAll(async () => {
  await worker?.close();
  connection?.disconnect();
  publishing?.disconnect();
  await closeE2e({ browser, app, prisma, db, webCopy });
  await queues?.close();
});

const stopsOf = async (routeId: number) =>
  Number((await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM schedule_route_stop WHERE route_id = $1 AND stop_type = 'WASTE_AREA'`, [routeId])).rows[0]!.n);

describe('the schedule card: routes per work date', () => {
  it('plans a day, shows the first route, and moves one stop to another route', async () => {
    await page.getByRole('tab', { name: 'Маршруты' }).click();
    const panel = page.getByTestId('schedule-routes');
    await panel.waitFor();
    const date = page.locator('#schedule-work-date');
    await date.click();
    await date.fill('24.11.2026');
    await date.press('Enter');
    await panel.getByText('На 24.11.2026 маршрутов нет.').waitFor();
    const posted = page.waitForRequest((r) => r.method() === 'POST' && /\/plan\/24\.11\.2026\/$/.test(r.url()));
    await panel.getByRole('button', { name: 'Построить маршруты' }).click();
    // the route search's default time limit goes with the plan
    expect((await posted).postDataJSON()).toMatchObject({ mode: 'optimise', search_seconds: 30 });
    const summary = page.getByTestId('route-summary');
    await summary.waitFor({ timeout: 60_000 });
    const routes = (await db.pool.query<{ id: number; number: number }>(
      `SELECT id, number FROM schedule_route WHERE schedule_id = $1 AND work_date = '2026-11-24' ORDER BY number`, [scheduleId],
    )).rows;
    expect(routes.length).toBeGreaterThanOrEqual(2);
    // the first route is the one shown
    expect(await summary.textContent()).toContain('Маршрут 1');
    await expect.poll(() => page.getByTestId('route-stops').locator('tbody tr').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('routes-totals').textContent()).toMatch(
      /Итого: .* км, машин \d+, смен \d+, выгрузок \d+, площадок 12, не запланировано 1\. Самая длинная смена .*\. Время в пути — по прямой × 1,30 при 25,0 км\/ч/,
    );
    const outcome = page.getByTestId('plan-outcome');
    expect(await outcome.textContent()).toContain('Выполнено с замечаниями');
    expect(await outcome.textContent()).toContain('нет машины с подходящим кузовом — 1');
    expect(await page.getByTestId('route-shift').textContent()).toMatch(/^Смена 06:00–0\d:\d\d \(\d+ (ч \d+ )?мин\), за рулём \d+ (ч \d+ )?мин; перерывов нет\./);
    expect(await page.getByTestId('route-truck').textContent()).toBe('Кузов: Задняя, грузоподъёмность не указана — подходит ко всем площадкам маршрута.');
    const unplanned = page.getByTestId('unplanned-sites');
    expect(await unplanned.locator('tbody tr').count()).toBe(1);
    expect(await unplanned.locator('tbody tr').first().textContent()).toContain('Ангарск, бункеры КГОнет машины с подходящим кузовом');
    // The card's own plan/fact map (issue 23 §3): a past date nobody drove — its 12 planned sites missed, drawn as such.
    await expect.poll(async () => (await page.getByTestId('schedule-plan-fact-counts').textContent()) ?? '', { timeout: 30_000 })
      .toContain('Площадок по плану 12, обслужено 0, пропущено 12, ожидается 0.');
    await page.getByTestId('schedule-plan-fact-map').locator('canvas').waitFor();
    await expectAccessible(page, 'маршруты графика');

    const before = [await stopsOf(routes[0]!.id), await stopsOf(routes[1]!.id)];
    const move = page.getByRole('combobox', { name: /Перенести остановку \d+ в другой маршрут/ }).first();
    await move.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^Маршрут 2/ }).first().click();
    await expect.poll(() => stopsOf(routes[0]!.id)).toBe(before[0]! - 1);
    expect(await stopsOf(routes[1]!.id)).toBe(before[1]! + 1);
    await expect.poll(async () => (await summary.textContent()) ?? '').toContain(`площадок ${before[0]! - 1}`);
    await page.locator('.ant-segmented-item').filter({ hasText: /^Маршрут 2/ }).click();
    await expect.poll(async () => (await summary.textContent()) ?? '').toContain(`площадок ${before[1]! + 1}`);
    expect(await page.getByTestId('routes-totals').textContent()).toContain('площадок 12');

    // The same by dragging: a site row of route 2 dropped on the name of route 1 moves back there.
    const site = page.getByTestId('route-stops').locator('tbody tr[draggable="true"]').first();
    await site.dragTo(page.getByTestId(`route-drop-${routes[0]!.id}`));
    await expect.poll(() => stopsOf(routes[0]!.id)).toBe(before[0]!);
    expect(await stopsOf(routes[1]!.id)).toBe(before[1]!);
    await expect.poll(async () => (await summary.textContent()) ?? '').toContain(`площадок ${before[1]!}`);
    expect(await page.getByTestId('routes-totals').textContent()).toContain('площадок 12');
  });

  it('plans the date again keeping each truck\'s sites and compares the two plans', async () => {
    const panel = page.getByTestId('schedule-routes');
    await panel.getByRole('combobox', { name: 'Режим построения' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Сохранить закрепление' }).click();
    await panel.getByRole('combobox', { name: 'Время поиска маршрутов' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Без поиска' }).click();
    const posted = page.waitForRequest((r) => r.method() === 'POST' && /\/plan\/24\.11\.2026\/$/.test(r.url()));
    await panel.getByRole('button', { name: 'Построить маршруты' }).click();
    expect((await posted).postDataJSON()).toMatchObject({ mode: 'keep_assignment', search_seconds: 0 });
    const compare = page.getByTestId('plans-compare');
    await compare.waitFor({ timeout: 60_000 });
    const runs = (await db.pool.query<{ mode: string; distance_m: number; vehicles: number }>(
      `SELECT mode, distance_m, vehicles FROM schedule_plan_run WHERE schedule_id = $1 AND work_date = '2026-11-24' ORDER BY id`, [scheduleId],
    )).rows;
    expect(runs.map((r) => r.mode)).toEqual(['optimise', 'keep_assignment']);
    const km = (m: number) => `${(m / 1000).toLocaleString('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} км`;
    const first = compare.locator('tbody tr').first();
    expect(await first.textContent()).toContain(`Пробег${km(runs[0]!.distance_m)}${km(runs[1]!.distance_m)}`);
    expect(await compare.locator('thead').textContent()).toMatch(/оптимизация.*закрепление сохранено.*Разница/);
    expect(await compare.locator('tbody tr').nth(1).textContent()).toContain(`Машин${runs[0]!.vehicles}${runs[1]!.vehicles}`);
    await expectAccessible(page, 'сравнение планов');
  });
});

describe('a request of the schedule: its card\'s «История»', () => {
  it('after NEW → Назначена → Выполнена shows the 3 log entries, newest first, with the status changes in Russian', async () => {
    const access = await apiToken(baseUrl, ADMIN);
    const call = async (path: string, body: object) => {
      const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` }, body: JSON.stringify(body) });
      const json = (await res.json()) as { id: number; status: string };
      expect(res.status, JSON.stringify(json)).toBeLessThan(300);
      return json;
    };
    const { id } = await call('/api/fleet/requests/', { location: 'Ангарск, 12 мкр, 4', coordinates: '52.531234, 103.885678', initiator: 'CUSTOMER' });
    expect((await call(`/api/fleet/requests/${id}/appoint/`, { schedule: scheduleId, schedule_date: '2026-11-25' })).status).toBe('APPOINTED');
    expect((await call(`/api/fleet/requests/${id}/complete/`, { collection_date: '2026-11-25' })).status).toBe('COMPLETED');

    await openInApp(page, `/routes/schedules-n-requests/requests/update/${id}/`);
    await page.getByRole('tab', { name: 'История' }).click();
    const entries = page.getByTestId('history-entry');
    await expect.poll(() => entries.count(), { timeout: 30_000 }).toBe(3);
    const texts = await entries.allTextContents();
    // Newest first; each entry «дата время · Графиков Пётр · действие» and its changed fields «Поле | Было | Стало».
    expect(texts[0]).toMatch(/изменение.*СтатусНазначенаВыполнена/);
    expect(texts[0]).toContain('Дата вывоза—25.11.2026');
    expect(texts[1]).toMatch(/изменение.*СтатусНоваяНазначена/);
    expect(texts[1]).toContain('График—График АнгарскДата в графике—25.11.2026');
    expect(texts[2]).toMatch(/создание.*СтатусНовая/);
    for (const t of texts) expect(t).toContain('Графиков Пётр');
  });
});
