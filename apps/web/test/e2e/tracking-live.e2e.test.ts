/**
 * Issue 23 §4 in the browser: the dispatcher's live plan/fact on the tracking screen. A small day
 * of one schedule in Angarsk (@tko/db/testing hand-track: metres → degrees by hand): truck
 * Т 123 ТТ 38 plans КП Ранняя (window 00:00–00:01, long over: missed) and КП Дневная (window
 * 00:00–23:59: pending). The screen, opened on the schedule's day, shows КП Ранняя among the missed
 * sites, in the table and red on the map, the route's planned path drawn; then the truck stands 2 minutes at КП Дневная through the
 * real REST ingest — the API enqueues the recompute, the worker's real processor (in-process on this
 * file's BullMQ prefix) publishes /topic/plan-fact.{id} through Redis — and the table turns it
 * «Обслужена» without a reload. Built app, real API, PostgreSQL, Redis, headless Chromium.
 */
import { randomBytes } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { openQueues, type Queues } from '@tko/api/src/modules/jobs/queue';
import { QUEUE_PLAN_FACT } from '@tko/contract';
import { createDomain, ensureAdmin, type PrismaClient } from '@tko/db';
import { at, createTestDatabase, Track, type TestDatabase } from '@tko/db/testing';
import { redisPublisher } from '@tko/realtime';
import { planFactProcessor } from '../../../worker/src/plan-fact';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'e2e-live@tko.local', password: 'Е2е-пароль-живого-вида-1', first_name: 'Вера', last_name: 'Диспетчерова' };
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tko-e2e-live-${randomBytes(4).toString('hex')}`;
const PLATE = 'Т 123 ТТ 38';
// The region's day (Asia/Irkutsk, UTC+8, no daylight saving) as the screen's address and the schedule calls write it.
const isoDay = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

interface MapHandle { getSource(id: string): { serialize(): { data: { features: { properties: { name: string; missed: boolean }; geometry: { coordinates: unknown[] } }[] } } } | undefined }
type PageGlobals = { __trackingMap?: MapHandle; __live?: { status(): string }; __noReload?: number };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let connection: Redis;
let publishing: Redis;
let worker: Worker;
let queues: Queues;
let token = '';
let schedule = 0;
let vehicle = 0;
let route = 0;
const sites: Record<string, number> = {};

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-live-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const q = <T extends Record<string, unknown>>(sql: string, args: unknown[] = []) => db.pool.query<T>(sql, args);
  vehicle = (await q<{ id: number }>(`INSERT INTO vehicle (license_plate) VALUES ($1) RETURNING id`, [PLATE])).rows[0]!.id;
  const place: Record<string, [number, number, string, string]> = { 'КП Ранняя': [500, 5, '00:00', '00:01'], 'КП Дневная': [1000, 5, '00:00', '23:59'] };
  for (const [name, [x, y, open, close]] of Object.entries(place)) {
    const p = at(x, y);
    sites[name] = (await q<{ id: number }>(
      `INSERT INTO waste_area (kind, name_waste_area, coordinates, arrival_time, leave_time) VALUES ('CONTAINER', $1, ST_SetSRID(ST_MakePoint($2, $3), 4326), $4, $5) RETURNING id`,
      [name, p.lng, p.lat, open, close])).rows[0]!.id;
  }
  schedule = (await q<{ id: number }>(`INSERT INTO schedule (name) VALUES ('График живого вида') RETURNING id`)).rows[0]!.id;
  await q(`INSERT INTO schedule_vehicle (schedule_id, vehicle_id) VALUES ($1, $2)`, [schedule, vehicle]);
  route = (await q<{ id: number }>(
    `INSERT INTO schedule_route (schedule_id, work_date, number, vehicle_id, distance_m, duration_s, unloads) VALUES ($1, $2, 1, $3, 2000, 3600, 0) RETURNING id`,
    [schedule, isoDay, vehicle])).rows[0]!.id;
  const stops: [string, number | null, string][] = [['GARAGE', null, '00:00'], ['WASTE_AREA', sites['КП Ранняя']!, '00:00'], ['WASTE_AREA', sites['КП Дневная']!, '12:00'], ['GARAGE', null, '23:00']];
  for (const [k, [type, area, time]] of stops.entries()) {
    // The planner stores each stop's point (the garage's, the site's): the planned path is drawn through them.
    const p = type === 'GARAGE' ? at(0, 0) : at(area === sites['КП Ранняя'] ? 500 : 1000, 5);
    await q(`INSERT INTO schedule_route_stop (route_id, order_in_route, stop_type, waste_area_id, latitude, longitude, arrival_time, departure_time)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`, [route, k + 1, type, area, p?.lat ?? null, p?.lng ?? null, time]);
  }

  // The recompute job: the app's queues (the position ingest enqueues it) and the worker's processor on this file's prefix,
  // publishing through Redis to the app's STOMP broker.
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  publishing = new Redis(REDIS_URL);
  worker = new Worker(QUEUE_PLAN_FACT, planFactProcessor(createDomain({ pool: db.pool, publisher: redisPublisher(publishing) })), { connection, prefix, concurrency: 1 });
  queues = openQueues(REDIS_URL, prefix)!;
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { redisUrl: REDIS_URL, queuePrefix: prefix }, queues }));
  token = (await app.inject({ method: 'POST', url: '/api/auth/token/', payload: { email: ADMIN.email, password: ADMIN.password } })).json().access;

  browser = await launchChromium();
  page = await openPage(browser);
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-tracking-live-');
});

afterAll(async () => {
  await worker?.close();
  connection?.disconnect();
  publishing?.disconnect();
  await closeE2e({ browser, app, prisma, db, webCopy });
  if (queues) {
    const planFact = new Queue(QUEUE_PLAN_FACT, { connection: { url: REDIS_URL }, prefix });
    await planFact.obliterate({ force: true }).catch(() => undefined);
    await planFact.close();
    await queues.close();
  }
});

const siteRow = (name: string) => page.getByTestId('plan-fact-sites').locator('tr', { hasText: name });
const mapSites = () => page.evaluate(() => (globalThis as unknown as PageGlobals).__trackingMap?.getSource('plan-fact-sites')?.serialize().data.features
  .map((f) => `${f.properties.name}:${f.properties.missed}`).sort() ?? []);

describe('the dispatcher\'s live plan/fact', () => {
  it('shows the missed site of the day in the list, the table and red on the map, and the route\'s progress', async () => {
    await signIn(page, baseUrl, ADMIN, `/routes/nav-ctrl/?schedule=${schedule}&day=${isoDay}&route=${route}`);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).__live?.status()), { timeout: 30_000 }).toBe('connected');
    await expect.poll(() => page.getByTestId('missed-sites').textContent(), { timeout: 30_000 }).toContain('КП Ранняя');
    expect(await page.getByTestId('missed-sites').textContent()).not.toContain('КП Дневная');
    expect(await siteRow('КП Ранняя').textContent()).toContain('Пропущена');
    expect(await siteRow('КП Дневная').textContent()).toContain('Ожидается');
    await expect.poll(() => page.getByTestId('plan-fact-totals').textContent()).toBe('Обслужено 0 из 2 · пропущено 1 · ожидается 1');
    await expect.poll(() => page.getByTestId(`route-progress-${route}`).textContent()).toContain('0 из 2, пропущено 1');
    await expect.poll(mapSites, { timeout: 15_000 }).toEqual(['КП Дневная:false', 'КП Ранняя:true']);
    // The route chosen in the address: its planned path through its 4 stops (garage, the two sites, garage).
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).__trackingMap?.getSource('planned-path')?.serialize().data.features
      .map((f) => f.geometry.coordinates.length) ?? [])).toEqual([4]);
    await expectAccessible(page, 'мониторинг: план и факт', { exclude: ['.ant-table-measure-row'] });
  }, 120_000);

  it('turns a site «Обслужена» over STOMP when the truck stands there, without a reload', async () => {
    await page.evaluate(() => { (globalThis as unknown as PageGlobals).__noReload = 1; });
    // 2 minutes at КП Дневная (5 m off), a fix every 10 s, ending 30 s ago; no speed sent (derived from the positions).
    const track = new Track(Date.now() - 4 * 60_000, 800, 0, false).drive(1000, 0, 20).stand(120);
    const positions = track.points.map((p) => ({ vehicle_id: vehicle, time: new Date(p.t).toISOString(), lat: p.lat, lng: p.lng }));
    const res = await app.inject({ method: 'POST', url: '/api/navctl/positions/', headers: { authorization: `Bearer ${token}` }, payload: { positions } });
    expect(res.json()).toEqual({ received: positions.length, stored: positions.length });
    await expect.poll(() => siteRow('КП Дневная').textContent(), { timeout: 60_000 }).toContain('Обслужена');
    expect(await siteRow('КП Дневная').textContent()).toContain(PLATE);
    await expect.poll(() => page.getByTestId('plan-fact-totals').textContent()).toBe('Обслужено 1 из 2 · пропущено 1 · ожидается 0');
    await expect.poll(() => page.getByTestId(`route-progress-${route}`).textContent()).toContain('1 из 2, пропущено 1');
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).__noReload)).toBe(1);
  }, 120_000);
});
