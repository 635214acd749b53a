/**
 * Issue 11 §1, §2 in the browser: the dispatcher's events list receives a new event live (posted
 * through the REST API as the mobile app would, no reload), and a present waste flow is drawn on
 * the map as a line (layer «Потоки отходов (текущие)»). The built app served by the real API (its
 * in-process STOMP broker) on its own database, headless Chromium; nothing mocked. axe-core checks
 * the events list.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openPage, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'e2e-operations@tko.local', password: 'Е2е-пароль-операций-1', first_name: 'Олег', last_name: 'Диспетчеров' };
const START = { lat: 52.5443, lng: 103.8884 };
const END = { lat: 52.5243, lng: 103.9284 };

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

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-operations-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  const pt = (p: { lat: number; lng: number }) => `ST_SetSRID(ST_MakePoint(${p.lng}, ${p.lat}), 4326)`;
  await db.pool.query(`INSERT INTO present_flow (start_location, start_coordinates, end_location, end_coordinates, total_volume)
                       VALUES ('Ангарск, 85 квартал', ${pt(START)}, 'Полигон ТКО', ${pt(END)}, 12000)`);
  await db.pool.query(`UPDATE system_settings SET center_coordinates = ${pt({ lat: (START.lat + END.lat) / 2, lng: (START.lng + END.lng) / 2 })}, map_zoom = 13`);

  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));
  const res = await app.inject({ method: 'POST', url: '/api/auth/token/', payload: { email: ADMIN.email, password: ADMIN.password } });
  token = (res.json() as { access: string }).access;

  browser = await launchChromium();
  page = await openPage(browser);
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-operations-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
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
});
