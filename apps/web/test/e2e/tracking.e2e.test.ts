/**
 * Issue 10 §3, §5 in the browser: /routes/nav-ctrl/ lists the trucks with online / offline
 * counts (92 of them scroll in their own panel, the trips stay in view); a simulated truck sends Wialon IPS packets through the real receiver (apps/tracker,
 * TCP) and moves in the list and on the map live (STOMP over a real Redis); choosing it shows
 * its trips of the day, the trip card and the track on the map. Built app, real API, headless
 * Chromium; axe-core checks the screen.
 */
import { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { redisPublisher } from '@tko/realtime';
import { fixesAlong, NEVSKY, replay, setTrackerPassword } from '../../../tracker/src/simulator';
import { startTracker, type Tracker } from '../../../tracker/src/tracker';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'e2e-tracking@tko.local', password: 'Е2е-пароль-трекинга-1', first_name: 'Глеб', last_name: 'Диспетчеров' };
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const IMEI = '862000000000001';
const PASSWORD = 'e2e-Tracker-1'; // the vehicle card's «Пароль трекера» (issue 22)

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let tracker: Tracker;
let redis: Redis;
let browser: Browser;
let page: Page;
let webCopy: string | undefined;
let truckId = 0;
let baseUrl = '';
/** When the earlier trip starts: two hours ago, moved back so that it never straddles midnight. */
let tripStart: Date;

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-tracking-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  truckId = (await db.pool.query<{ id: number }>(`INSERT INTO vehicle (license_plate, external_identifier) VALUES ('К555КК38', $1) RETURNING id`, [IMEI])).rows[0]!.id;
  await setTrackerPassword(db.pool, truckId, PASSWORD);
  await db.pool.query(`INSERT INTO vehicle (license_plate) VALUES ('М777ММ38')`);
  // 90 more trucks without data: with 92, the list scrolls in its own panel (the trips stay in view).
  await db.pool.query(`INSERT INTO vehicle (license_plate) SELECT 'Я' || lpad(g::text, 3, '0') || 'ЯЯ38' FROM generate_series(1, 90) g`);
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { redisUrl: REDIS_URL } }));
  redis = new Redis(REDIS_URL);
  tracker = await startTracker({ pool: db.pool, publisher: redisPublisher(redis), port: 0, host: '127.0.0.1' });
  // Earlier today: one trip along Nevsky with a 2-minute stop at a container site (vertex 3), then parked at its end.
  await db.pool.query(`INSERT INTO waste_area (kind, name_waste_area, coordinates) VALUES ('CONTAINER', 'КП Невский 3', ST_SetSRID(ST_MakePoint($2, $1), 4326))`, [NEVSKY[3]![0], NEVSKY[3]![1]]);
  tripStart = new Date(Date.now() - 2 * 3600_000);
  if (new Date(tripStart.getTime() + 20 * 60_000).getDate() !== tripStart.getDate()) tripStart = new Date(tripStart.getTime() - 20 * 60_000);
  const fixes = fixesAlong(NEVSKY.slice(0, 6), tripStart, { speedKmh: 30, stepS: 10, stops: { 3: 120 } });
  expect(await replay(tracker.port, IMEI, fixes, { kind: 'B', password: PASSWORD })).toEqual([`#AB#${fixes.length}`]);
  // … and a fix a minute ago: on line.
  expect(await replay(tracker.port, IMEI, [{ time: new Date(Date.now() - 60_000), lat: NEVSKY[5]![0], lng: NEVSKY[5]![1], speed: 0 }], { password: PASSWORD })).toEqual(['#ASD#1']);

  browser = await launchChromium();
  page = await openPage(browser);
  await signIn(page, baseUrl, ADMIN, '/routes/nav-ctrl/');
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-tracking-');
});

afterAll(async () => {
  await tracker?.close();
  redis?.disconnect();
  await closeE2e({ browser, app, prisma, db, webCopy });
});

const markerTitle = () => page.locator(`.tracking-marker[data-vehicle-id="${truckId}"]`).getAttribute('title');

describe('tracking screen', () => {
  it('shows the trucks with counts and moves a simulated truck live in the list and on the map', async () => {
    await page.getByRole('heading', { level: 1, name: 'Мониторинг транспорта' }).waitFor();
    await expect.poll(() => page.getByTestId('online-counts').textContent()).toBe('На связи: 1 · Нет связи: 91');
    // The 92 trucks scroll inside their panel; the trips' panel below stays within the 900 px window.
    const list = await page.getByTestId('vehicles-scroll').evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
    expect(list.scroll).toBeGreaterThan(list.client);
    expect((await page.getByRole('heading', { name: /^Рейсы/ }).boundingBox())!.y).toBeLessThan(900);
    const cell = page.getByTestId(`position-${truckId}`);
    await expect.poll(() => cell.textContent()).toContain(`${NEVSKY[5]![0].toFixed(5)}, ${NEVSKY[5]![1].toFixed(5)}`);
    await expect.poll(markerTitle).toContain('К555КК38');
    await expectAccessible(page, 'мониторинг транспорта');
    // The truck drives on to the east end of Nevsky: the list and the marker follow.
    const drive = fixesAlong(NEVSKY.slice(5), new Date(Date.now() - 50_000), { speedKmh: 60, stepS: 5 }).slice(0, 8);
    await replay(tracker.port, IMEI, drive, { delayMs: 150, password: PASSWORD });
    const last = drive.at(-1)!;
    await expect.poll(() => cell.textContent(), { timeout: 15_000 }).toContain(`${last.lat.toFixed(5)}, ${last.lng.toFixed(5)}`);
    await expect.poll(markerTitle).toContain(`${last.lat.toFixed(6)}, ${last.lng.toFixed(6)}`);
  });

  it('chooses the truck and shows its trips of the day, the trip card and the track on the map', async () => {
    // Shortly after midnight the earlier trip lies on yesterday: the day of the screen is then chosen by its `day` parameter.
    const day = (t: number) => page.evaluate((ms) => { const d = new Date(ms); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; }, t);
    const tripDay = await day(tripStart.getTime());
    if (tripDay !== await day(Date.now())) await page.goto(`${baseUrl}/routes/nav-ctrl/?day=${tripDay}`);
    await page.getByRole('link', { name: 'К555КК38' }).click();
    await page.getByRole('heading', { name: 'Рейсы К555КК38' }).waitFor();
    await page.getByRole('heading', { name: 'Рейс № 1' }).waitFor();
    await expect.poll(() => page.getByText('Пробег').first().isVisible()).toBe(true);
    await expect.poll(() => page.evaluate(() => {
      const map = (globalThis as unknown as { __trackingMap?: { getSource(id: string): { serialize(): { data: { features: unknown[] } } } | undefined } }).__trackingMap;
      return map?.getSource('trip-track')?.serialize().data.features.length ?? 0;
    })).toBe(1);
    // The stop is a visit (docs/TRACKING.md): in the trip card and the day's list, with its dwell (the first standing fix is 10 s after arrival).
    await expect.poll(() => page.getByTestId('trip-visits').textContent()).toContain('КП Невский 3');
    await expect.poll(() => page.getByTestId('day-visits').textContent()).toMatch(/КП Невский 3: .*стоянка 1 мин 50 с, 0 м, рейс № 1/);
    // The views can be hidden.
    await page.getByRole('checkbox', { name: 'Карточка рейса' }).uncheck();
    await expect.poll(() => page.getByRole('heading', { name: 'Рейс № 1' }).count()).toBe(0);
    await expectAccessible(page, 'мониторинг: рейсы');
  });
});
