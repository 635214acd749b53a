/**
 * Issue 11 §1, §2 in the browser: the dispatcher's events list receives a new event live (posted
 * through the REST API as the mobile app would, no reload), a present waste flow is drawn on
 * the map as a line (layer «Потоки отходов (текущие)»), and «Пересчитать» above the predicted
 * flows recounts two years for real — POST /api/flows/predicted/generate/ queues the job on this
 * file's BullMQ prefix, the worker's own processor (flows-generate.ts) runs it in-process, its
 * progress toast gives way to «Прогнозные потоки пересчитаны» and the new flows (the present
 * flow × 1,1ⁿ) appear in the list and in `predicted_flow`. The built app served by the real API
 * (its in-process STOMP broker fed through Redis) on its own database, real Redis, headless
 * Chromium; nothing mocked. axe-core checks the events list and the predicted flows.
 */
import { randomBytes } from 'node:crypto';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { openQueues, type Queues } from '@tko/api/src/modules/jobs/queue';
import { QUEUE_FLOWS } from '@tko/contract';
import { createDomain, ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { redisPublisher } from '@tko/realtime';
import { flowsGenerateProcessor } from '../../../worker/src/flows-generate';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'e2e-operations@tko.local', password: 'Е2е-пароль-операций-1', first_name: 'Олег', last_name: 'Диспетчеров' };
const START = { lat: 52.5443, lng: 103.8884 };
const END = { lat: 52.5243, lng: 103.9284 };
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tko-e2e-flows-${randomBytes(4).toString('hex')}`;

interface MapHandle {
  loaded(): boolean;
  getLayer(id: string): { type: string } | undefined;
  queryRenderedFeatures(options: { layers: string[] }): { geometry: { type: string }; properties: Record<string, unknown> }[];
}
type PageGlobals = { __map?: MapHandle; __live?: { status(): string } };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let token = '';
let connection: Redis;
let publishing: Redis;
let worker: Worker;
let queues: Queues;

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-operations-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const pt = (p: { lat: number; lng: number }) => `ST_SetSRID(ST_MakePoint(${p.lng}, ${p.lat}), 4326)`;
  await db.pool.query(`INSERT INTO present_flow (start_location, start_coordinates, end_location, end_coordinates, total_volume)
                       VALUES ('Ангарск, 85 квартал', ${pt(START)}, 'Полигон ТКО', ${pt(END)}, 12000)`);
  await db.pool.query(`UPDATE system_settings SET center_coordinates = ${pt({ lat: (START.lat + END.lat) / 2, lng: (START.lng + END.lng) / 2 })}, map_zoom = 13`);

  // The recount job: the app's queues and the worker's processor on this file's prefix; the worker publishes the
  // job's progress through Redis to the app's STOMP broker (/topic/jobs.{id}; the status poll stays the fallback).
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  publishing = new Redis(REDIS_URL);
  worker = new Worker(QUEUE_FLOWS, flowsGenerateProcessor(createDomain({ pool: db.pool, publisher: redisPublisher(publishing) })), { connection, prefix, concurrency: 1 });
  queues = openQueues(REDIS_URL, prefix)!;
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { redisUrl: REDIS_URL, queuePrefix: prefix }, queues }));
  const res = await app.inject({ method: 'POST', url: '/api/auth/token/', payload: { email: ADMIN.email, password: ADMIN.password } });
  token = (res.json() as { access: string }).access;

  browser = await launchChromium();
  page = await openPage(browser);
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-operations-');
});

afterAll(async () => {
  await worker?.close();
  connection?.disconnect();
  publishing?.disconnect();
  await closeE2e({ browser, app, prisma, db, webCopy });
  await queues?.flows.obliterate({ force: true }).catch(() => undefined);
  await queues?.close();
});

describe('operations in the browser', () => {
  it('the dispatcher\'s events list shows a new mobile event without a reload', async () => {
    await signIn(page, baseUrl, ADMIN, '/dispatcher/events/');
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).__live?.status()), { timeout: 30_000 }).toBe('connected');
    await page.getByRole('heading', { name: 'События', level: 1 }).or(page.getByRole('heading', { level: 1 })).first().waitFor();
    await page.getByText('Нет данных').or(page.locator('.ant-empty')).first().waitFor({ timeout: 30_000 });
    const before = page.url();
    const posted = await app.inject({
      method: 'POST', url: '/api/dispatcher/event/', headers: { authorization: `Bearer ${token}` },
      payload: { type: 'SEND_PROBLEM', source: 'MOBILE', priority: 'HIGH_PRIORITY', location: 'Ангарск, 85 квартал, д. 3 — машина во дворе', coordinates: `${START.lat}, ${START.lng}` },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    await page.getByText('Ангарск, 85 квартал, д. 3 — машина во дворе').waitFor({ timeout: 15_000 });
    expect(page.url()).toBe(before);
    // antd's hidden width-measuring row (aria-hidden, re-rendered by the live refetch of a scrolled table) is
    // not content; everything else of the list is checked.
    await expectAccessible(page, 'dispatcher events list', { exclude: ['.ant-table-measure-row'] });
  }, 90_000);

  it('draws a present flow on the map as a line', async () => {
    await page.goto(`${baseUrl}/terr-schema/map/`);
    await page.waitForFunction(() => {
      const map = (globalThis as unknown as PageGlobals).__map;
      return Boolean(map && map.getLayer('flows-present') && map.loaded() && map.queryRenderedFeatures({ layers: ['flows-present'] }).length >= 1);
    }, undefined, { timeout: 60_000 });
    const drawn = await page.evaluate(() => {
      const map = (globalThis as unknown as PageGlobals).__map!;
      return { type: map.getLayer('flows-present')!.type, features: map.queryRenderedFeatures({ layers: ['flows-present'] }).map((f) => ({ g: f.geometry.type, volume: f.properties.volume })) };
    });
    expect(drawn.type).toBe('line');
    expect(drawn.features[0]).toEqual({ g: 'LineString', volume: 12000 });
    await page.getByTestId('layer-toggle-flows-present').waitFor();
  }, 90_000);
  it('«Пересчитать» recounts the predicted flows of the chosen years: progress, then the flows in the list and the database', async () => {
    // A present flow of 1000 t/year of ТКО growing by 10 % a year (predict_coeff 1,1).
    const present = await app.inject({
      method: 'POST', url: '/api/flows/present/', headers: { authorization: `Bearer ${token}` },
      payload: {
        start_location: 'Ангарск, 12 мкр (прогноз)', start_coordinates: '52.5440, 103.8880', end_location: 'Полигон ТКО', end_coordinates: `${END.lat}, ${END.lng}`,
        predict_coeff: '1.1', wastes: [{ fkko: '73111001724', fkko_value: 'ТКО', volume: '1000' }],
      },
    });
    expect(present.statusCode, present.body).toBe(201);
    // The server's base year is this year (no base_year in the web's call): n = 1 and 2 years ahead.
    const year = new Date().getFullYear();
    const [first, last] = [year + 1, year + 2];

    await page.goto(`${baseUrl}/flows/predicted-flows/`);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as PageGlobals).__live?.status()), { timeout: 30_000 }).toBe('connected');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.ant-empty').first().waitFor({ timeout: 30_000 });
    // Every toast text shown from now on, in order (the progress toast may be replaced within a moment).
    // Every toast text shown from now on, in order (the progress toast may be replaced within a moment). A
    // string: this tsconfig has no DOM lib.
    await page.evaluate(`(() => {
      window.__toasts = [];
      new MutationObserver(() => {
        for (const n of document.querySelectorAll('.ant-notification-notice')) {
          const t = n.textContent || '';
          if (t && window.__toasts[window.__toasts.length - 1] !== t) window.__toasts.push(t);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    })()`);

    await page.getByTestId('flows-generate').click();
    const dialog = page.getByRole('dialog', { name: 'Пересчёт прогнозных потоков' });
    await dialog.waitFor();
    await dialog.getByLabel('С года').fill(String(first));
    await dialog.getByLabel('По год').fill(String(last));
    const [queued] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === '/api/flows/predicted/generate/'),
      dialog.getByRole('button', { name: 'Пересчитать' }).click(),
    ]);
    expect(queued.status()).toBe(202);
    expect(JSON.parse(queued.request().postData() ?? '{}')).toEqual({ years: [first, last] });
    await dialog.waitFor({ state: 'hidden' });

    await page.getByText('Прогнозные потоки пересчитаны').waitFor({ timeout: 60_000 });
    await page.getByText(`Годы: ${first}–${last}.`).waitFor();
    const toasts = await page.evaluate(() => (globalThis as unknown as { __toasts: string[] }).__toasts);
    // The job was followed: its progress toast first, the result under the same key after it.
    expect(toasts[0]).toMatch(/^Пересчёт прогнозных потоков/);
    expect(toasts.at(-1)).toMatch(/^Прогнозные потоки пересчитаны/);

    // The list reloads with the new flows: this flow for both years, 1000 × 1,1 and 1000 × 1,1².
    const rows = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'Ангарск, 12 мкр (прогноз)' });
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(2);
    for (const [y, volume] of [[first, '1\u202f100'], [last, '1\u202f210']] as const) { // ru-RU: thousands split by a narrow no-break space
      await rows.filter({ hasText: String(y) }).filter({ hasText: volume }).waitFor();
    }
    const { rows: saved } = await db.pool.query<{ year: number; total_volume: string; generated: boolean }>(
      `SELECT year, total_volume::text, generated FROM predicted_flow WHERE start_location = 'Ангарск, 12 мкр (прогноз)' ORDER BY year`,
    );
    expect(saved).toEqual([{ year: first, total_volume: '1100.000', generated: true }, { year: last, total_volume: '1210.000', generated: true }]);
    await expectAccessible(page, 'predicted flows after the recount', { exclude: ['.ant-table-measure-row'] });
  }, 120_000);
});
