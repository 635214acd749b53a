/**
 * Maps with streets, loaded from the screen, and routes without a graph, in headless Chromium against
 * the real API (its region-load job run by the worker's processor in-process on this file's BullMQ
 * prefix; the extract a small cut of shared/data's St Petersburg extract made with osmium here):
 * - with nothing loaded the main map says «Подложка карты … не загружена» with the administrator's link
 *   to Администрирование → Регион; the route card's map tab draws the route's stops and says in plain
 *   Russian why no path is built (never a command line);
 * - the region page takes the upload, follows the job to «Регион загружен.» and shows what was loaded;
 *   the main map then draws the region's base map (its road layers) and the notice is gone;
 * - `/routes/map/` shows two routes, each with its stops, in their own colours.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { openQueues, type Queues } from '@tko/api/src/modules/jobs/queue';
import { QUEUE_REGION } from '@tko/contract';
import { dataDir, ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { redisPublisher } from '@tko/realtime';
import { regionLoadProcessor } from '../../../worker/src/region-load';
import { closeE2e, copyBuiltWeb, launchChromium, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tko-e2e-webmap-${randomBytes(4).toString('hex')}`;
const ADMIN = { email: 'e2e-webmap@tko.local', password: 'Е2е-пароль-карты-26', first_name: 'Вера', last_name: 'Картина' };
const SPB = path.join(dataDir(), 'osm_spb_center_nevsky_2019.osm');
const BBOX = '30.328,59.931,30.338,59.936';

interface MapHandle {
  loaded(): boolean;
  getLayer(id: string): unknown;
  querySourceFeatures(source: string): { properties: Record<string, unknown> }[];
}
type MapWindow = { __map?: MapHandle; __routesMap?: MapHandle; __routeMap?: MapHandle };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let work: string;
let extract: string;
let queues: Queues;
let connection: Redis;
let publishing: Redis;
let worker: Worker;
const routeIds: number[] = [];

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-webmap-');
  work = mkdtempSync(path.join(tmpdir(), 'tko-webmap-e2e-'));
  extract = path.join(work, 'nevsky.osm.pbf');
  execFileSync('osmium', ['extract', '-b', BBOX, SPB, '-o', extract, '--overwrite']);
  const basemapDir = path.join(work, 'basemap');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  // Two routes of two stops each, on sites with points inside the extract.
  const site = async (loc: string, lng: number, lat: number) => (await db.pool.query<{ id: number }>(
    `INSERT INTO waste_area (kind, location, coordinates) VALUES ('CONTAINER', $1, ST_SetSRID(ST_MakePoint($2, $3), 4326)) RETURNING id`, [loc, lng, lat])).rows[0]!.id;
  for (const [name, stops] of [
    ['Невский: запад', [['Невский пр., 40', 30.3300, 59.9350], ['Невский пр., 48', 30.3320, 59.9345]]],
    ['Невский: восток', [['Невский пр., 60', 30.3350, 59.9335], ['Невский пр., 68', 30.3370, 59.9330]]],
  ] as [string, [string, number, number][]][]) {
    const id = (await db.pool.query<{ id: number }>(`INSERT INTO route (name) VALUES ($1) RETURNING id`, [name])).rows[0]!.id;
    routeIds.push(id);
    let order = 1;
    for (const [loc, lng, lat] of stops) {
      await db.pool.query(`INSERT INTO route_stop (route_id, order_in_route, stop_type, waste_area_id) VALUES ($1, $2, 'WASTE_AREA', $3)`, [id, order++, await site(loc, lng, lat)]);
    }
    await db.pool.query(`UPDATE route SET stops_count = 2 WHERE id = $1`, [id]);
  }
  await db.pool.query(`UPDATE system_settings SET center_coordinates = ST_SetSRID(ST_MakePoint(30.333, 59.934), 4326), map_zoom = 15`);

  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  publishing = new Redis(REDIS_URL);
  worker = new Worker(QUEUE_REGION, regionLoadProcessor({ databaseUrl: db.url, basemapDir }, redisPublisher(publishing)), { connection, prefix });
  queues = openQueues(REDIS_URL, prefix)!;
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { redisUrl: REDIS_URL, queuePrefix: prefix, basemapDir }, queues }));
  browser = await launchChromium();
  page = await openPage(browser);
  await signIn(page, baseUrl, ADMIN, '/terr-schema/map/');
}, 180_000);

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-webmap-');
});

afterAll(async () => {
  await worker?.close();
  await queues?.region.obliterate({ force: true }).catch(() => undefined);
  await queues?.close();
  connection?.disconnect();
  publishing?.disconnect();
  await closeE2e({ browser, app, prisma, db, webCopy });
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('maps before the region is loaded', () => {
  it('the main map says there is no base map, with the administrator’s link', async () => {
    const notice = page.getByTestId('no-basemap');
    await notice.waitFor({ timeout: 60_000 });
    expect(await notice.textContent()).toContain('Подложка карты (улицы, дома) не загружена');
    expect(await page.getByTestId('no-basemap-link').getAttribute('href')).toBe('/admin/region/');
    // The other way: an external style in the system settings.
    expect(await page.getByTestId('no-basemap-settings-link').getAttribute('href')).toBe('/settings/');
  });

  it('the route card draws the stops and explains, without a command line, why no path is built', async () => {
    await page.goto(`${baseUrl}/routes/routes/update/${routeIds[0]}/`);
    await page.getByRole('tab', { name: 'Карта' }).click();
    await expect.poll(() => page.getByTestId('route-stops-count').textContent(), { timeout: 60_000 }).toBe('Остановок на карте: 2.');
    const why = page.getByTestId('no-road-graph');
    expect(await why.textContent()).toContain('Дорожный граф региона не загружен');
    expect(await why.textContent()).not.toMatch(/pnpm|region:load/);
    expect(await page.getByRole('button', { name: 'Построить по дорогам' }).isDisabled()).toBe(true);
    await page.waitForFunction(() => {
      const m = (globalThis as unknown as MapWindow).__routeMap;
      return Boolean(m?.loaded() && m.getLayer('route-stops') && m.querySourceFeatures('routes').length >= 2);
    }, undefined, { timeout: 60_000 });
  }, 120_000);
});

describe('loading the region from the screen', () => {
  it('uploads the extract, follows the job and then every map has streets', async () => {
    await page.getByTestId('no-road-graph-link').click();
    await page.waitForURL('**/admin/region/');
    await page.getByTestId('region-status').waitFor();
    expect(await page.getByTestId('region-status').textContent()).toContain('не загружена');
    // The extract's input (the page's section «ОКТМО» has its own).
    await page.locator('input[type=file][accept=".pbf,.osm"]').setInputFiles(extract);
    await page.getByTestId('region-upload').click();
    await expect.poll(() => page.getByTestId('region-job').textContent(), { timeout: 240_000 }).toContain('Регион загружен.');
    await expect.poll(() => page.getByTestId('region-status').textContent(), { timeout: 30_000 }).toContain('из файла «nevsky.osm.pbf»');
    const status = (await page.getByTestId('region-status').textContent())!;
    const edges = Number((await db.pool.query<{ n: string }>('SELECT count(*) AS n FROM osm.ways')).rows[0]!.n);
    expect(status).toContain(`${new Intl.NumberFormat('ru-RU').format(edges)} рёбер`);

    await page.goto(`${baseUrl}/terr-schema/map/`);
    await page.waitForFunction(() => {
      const m = (globalThis as unknown as MapWindow).__map;
      return Boolean(m?.loaded() && m.getLayer('road-0') && m.getLayer('waste-areas-container'));
    }, undefined, { timeout: 60_000 });
    expect(await page.getByTestId('no-basemap').count()).toBe(0);
  }, 300_000);
});

describe('the routes map', () => {
  it('shows the two routes, each with its stops, in its own colour', async () => {
    await page.goto(`${baseUrl}/routes/map/`);
    await page.getByTestId('routes-map').and(page.locator('[data-ready="true"]')).waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('routes-map-count').textContent()).toBe('Найдено маршрутов: 2.');
    expect(await page.getByTestId('routes-map-item').allTextContents()).toEqual([
      expect.stringContaining('Невский: восток'), expect.stringContaining('Невский: запад'),
    ]);
    const stops = async () => page.evaluate(() => {
      const m = (globalThis as unknown as MapWindow).__routesMap!;
      const seen = new Map<string, number>();
      for (const f of m.querySourceFeatures('routes')) {
        if (f.properties.kind === 'stop') seen.set(`${String(f.properties.route_id)}:${String(f.properties.order)}`, Number(f.properties.route_id));
      }
      return [...seen.values()].sort((a, b) => a - b);
    });
    await expect.poll(stops, { timeout: 30_000 }).toEqual([routeIds[0], routeIds[0], routeIds[1], routeIds[1]].sort((a, b) => a! - b!));
    // Each route its own colour: the stops' colour is matched on the route id.
    const color = await page.evaluate(() => JSON.stringify((globalThis as unknown as { __routesMap: { getPaintProperty(l: string, p: string): unknown } }).__routesMap.getPaintProperty('route-stops', 'circle-color')));
    const parsed = JSON.parse(color) as unknown[];
    expect(parsed[0]).toBe('match');
    expect(new Set([parsed[3], parsed[5]]).size).toBe(2);
    // The name filter narrows the map to one route.
    await page.getByLabel('Название маршрута').fill('запад');
    await page.getByLabel('Название маршрута').press('Enter');
    await expect.poll(() => page.getByTestId('routes-map-count').textContent()).toBe('Найдено маршрутов: 1.');
  }, 120_000);
});
