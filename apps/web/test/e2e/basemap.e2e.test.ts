/**
 * Issue 9 §3 in the browser: the region's own base map under the registry's layers. The base map
 * is made from the St Petersburg extract of shared/data by the region load (tilemaker, as
 * `pnpm region:load --only basemap`) into a temporary BASEMAP_DIR; the built app served by the
 * real API, headless Chromium; no internet, nothing mocked. The map must draw streets (rendered
 * features of the style's road layers, and a screenshot that is far from a blank background) with
 * the registry's sites above them, and street names in the product's own glyphs. Screenshot: apps/web/test-results/basemap.png.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { loadRegion } from '@tko/geocoding';
import { closeE2e, copyBuiltWeb, launchChromium, RESULTS_DIR, screenshotIfFailed, signIn, serveApp } from './harness';

const SPB = path.resolve(import.meta.dirname, '../../../../../shared/data/osm_spb_center_nevsky_2019.osm');
const ADMIN = { email: 'e2e-basemap@tko.local', password: 'Е2е-пароль-подложки-1', first_name: 'Осип', last_name: 'Картов' };
/** Невский пр. at Садовая ул.: inside the extract. */
const CENTER = { lat: 59.9337, lng: 30.3340 };
const ZOOM = 16;
const ROAD_LAYERS = ['road-0', 'road-1', 'road-2', 'road-3', 'road-4'];

interface MapHandle {
  getLayer(id: string): unknown;
  loaded(): boolean;
  areTilesLoaded(): boolean;
  queryRenderedFeatures(options: { layers: string[] }): unknown[];
}
type MapWindow = { __map?: MapHandle };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let basemapDir: string | undefined;
const pageErrors: string[] = [];

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-basemap-');
  basemapDir = mkdtempSync(path.join(tmpdir(), 'tko-basemap-'));
  db = await createTestDatabase();
  await loadRegion({ file: SPB, databaseUrl: db.url, dataDir: basemapDir, parts: { basemap: true, addresses: false, roads: false } });
  await ensureAdmin(db.pool, ADMIN);
  const point = `ST_SetSRID(ST_MakePoint(${CENTER.lng}, ${CENTER.lat}), 4326)`;
  await db.pool.query(`INSERT INTO waste_area (kind, location, coordinates, identifier) VALUES ('CONTAINER', 'Санкт-Петербург, Невский пр., 50', ${point}, 'СПб-1')`);
  await db.pool.query(`UPDATE system_settings SET center_coordinates = ${point}, map_zoom = ${ZOOM}`);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { basemapDir } }));

  browser = await launchChromium();
  const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(30_000);
  page = await context.newPage();
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await signIn(page, baseUrl, ADMIN, '/terr-schema/map/');
}, 240_000);

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-basemap-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
  if (basemapDir) rmSync(basemapDir, { recursive: true, force: true });
});

/** Share of the PNG's pixels far from `bg` and share of near-white (road) pixels, decoded in a blank page. */
async function pixelShares(png: Buffer, bg: [number, number, number]): Promise<{ notBackground: number; white: number }> {
  const blank = await browser.newPage();
  try {
    return await blank.evaluate(async ({ b64, bg }) => {
      // The page's DOM, typed here (the tests compile without the DOM library).
      interface Img { src: string; width: number; height: number; decode(): Promise<void> }
      interface Ctx { drawImage(i: Img, x: number, y: number): void; getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } }
      const dom = globalThis as unknown as { Image: new () => Img; document: { createElement(tag: 'canvas'): { width: number; height: number; getContext(k: '2d'): Ctx | null } } };
      const img = new dom.Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = dom.document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const d = ctx.getImageData(0, 0, img.width, img.height).data;
      let far = 0; let white = 0;
      for (let i = 0; i < d.length; i += 4) {
        const diff = Math.abs(d[i]! - bg[0]) + Math.abs(d[i + 1]! - bg[1]) + Math.abs(d[i + 2]! - bg[2]);
        if (diff > 24) far++;
        if (d[i]! > 250 && d[i + 1]! > 250 && d[i + 2]! > 250) white++;
      }
      const n = d.length / 4;
      return { notBackground: far / n, white: white / n };
    }, { b64: png.toString('base64'), bg });
  } finally {
    await blank.close();
  }
}

describe('the region’s base map', () => {
  it('draws the streets of the extract under the registry’s sites, with no internet', async () => {
    await page.waitForFunction((roads) => {
      const map = (globalThis as unknown as MapWindow).__map;
      return Boolean(map && map.getLayer('waste-areas-container') && map.getLayer(roads[0]!) && map.loaded() && map.areTilesLoaded());
    }, ROAD_LAYERS, { timeout: 60_000 });
    await expect.poll(() => page.evaluate((roads) => (globalThis as unknown as MapWindow).__map!.queryRenderedFeatures({ layers: roads }).length, ROAD_LAYERS), { timeout: 30_000 })
      .toBeGreaterThan(10);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as MapWindow).__map!.queryRenderedFeatures({ layers: ['building'] }).length)).toBeGreaterThan(10);
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as MapWindow).__map!.queryRenderedFeatures({ layers: ['waste-areas-container'] }).length)).toBe(1);
    // Street names in the product's own Noto Sans glyphs.
    await expect.poll(() => page.evaluate(() => (globalThis as unknown as MapWindow).__map!.queryRenderedFeatures({ layers: ['road-label'] }).length)).toBeGreaterThan(0);

    const png = await page.getByTestId('map').screenshot();
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, 'basemap.png'), png);
    // The style's background is #f2efe9; the built-in plain style would be all #eef2ee.
    const shares = await pixelShares(png, [0xf2, 0xef, 0xe9]);
    expect(shares.notBackground).toBeGreaterThan(0.2);
    expect(shares.white).toBeGreaterThan(0.03);
    expect(pageErrors).toEqual([]);
  });
});
