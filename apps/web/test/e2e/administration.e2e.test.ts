/**
 * Issue 14 in the browser: the system settings drive the maps (saved on /settings/, the public
 * map of an anonymous visitor opens at that centre and zoom), and the administration screens —
 * a role made on /admin/roles/ with the permission matrix, a user made on /admin/users/ with
 * that role (the registration e-mail goes to a real SMTP receiver), the lists showing both.
 * Each screen passes the axe-core check. Built app, real API and database, headless Chromium.
 */
import { type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { startSmtpReceiver, type SmtpReceiver } from '@tko/api/test/smtp-receiver';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, screenshotIfFailed, signIn, openPage, serveApp } from './harness';

const ADMIN = { email: 'e2e-admin14@tko.local', password: 'Е2е-пароль-админ-14', first_name: 'Ольга', last_name: 'Админова' };

interface MapHandle {
  getCenter(): { lat: number; lng: number };
  getZoom(): number;
  loaded(): boolean;
}
type MapWindow = { __map?: MapHandle };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let smtp: SmtpReceiver;

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-admin14-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  smtp = await startSmtpReceiver();
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { smtpUrl: smtp.url } }));
  browser = await launchChromium();
  page = await openPage(browser);
  await signIn(page, baseUrl, ADMIN, '/settings/');
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-admin14-');
});

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
  await smtp?.close();
});

describe('system settings drive the map', () => {
  it('saved on /settings/, the public map opens at that centre and zoom', async () => {
    await page.getByRole('heading', { level: 1, name: 'Системные настройки' }).waitFor();
    await page.locator('#settings_region').fill('Иркутская область');
    await page.locator('#settings_center').fill('52.2869, 104.305');
    await page.locator('#settings_map_zoom').fill('9');
    await page.locator('#settings_map_zoom_mini').fill('15');
    await expectAccessible(page, 'системные настройки');
    // The external map style: a wrong address is refused at its field in Russian, nothing is saved.
    await page.locator('#settings_map_style_url').fill('tiles.example.org/style.json');
    await page.getByTestId('settings-save').click();
    await page.getByText('Укажите полный адрес стиля карты, например https://tiles.example.org/styles/basic/style.json.').waitFor();
    expect((await db.pool.query('SELECT region, map_style_url FROM system_settings')).rows[0]).toEqual({ region: null, map_style_url: null });
    await page.locator('#settings_map_style_url').fill('');
    await page.getByTestId('settings-save').click();
    await page.getByText('Настройки сохранены').waitFor();
    const saved = await db.pool.query<{ lat: number; lng: number; map_zoom: number }>('SELECT ST_Y(center_coordinates) AS lat, ST_X(center_coordinates) AS lng, map_zoom FROM system_settings');
    expect(saved.rows[0]).toEqual({ lat: 52.2869, lng: 104.305, map_zoom: 9 });

    // An anonymous visitor's map (another browser context, no session).
    const anon = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 800 } });
    const p = await anon.newPage();
    await p.goto(`${baseUrl}/terr-schema/map/`);
    await p.waitForFunction(() => Boolean((globalThis as unknown as MapWindow).__map?.loaded()), undefined, { timeout: 60_000 });
    const view = await p.evaluate(() => {
      const map = (globalThis as unknown as MapWindow).__map!;
      return { ...map.getCenter(), zoom: map.getZoom() };
    });
    expect(view.lat).toBeCloseTo(52.2869, 4);
    expect(view.lng).toBeCloseTo(104.305, 4);
    expect(view.zoom).toBeCloseTo(9, 5);
    await anon.close();
  });

  it('a card’s small map opens at the settings’ centre and map_zoom_mini; a click fills the coordinates', async () => {
    await page.goto(`${baseUrl}/terr-schema/containers/container/update/new/`);
    await page.getByTestId('mini-map').first().waitFor();
    await page.waitForFunction(() => Boolean((globalThis as unknown as { __miniMap?: MapHandle }).__miniMap?.loaded()), undefined, { timeout: 60_000 });
    const view = await page.evaluate(() => {
      const map = (globalThis as unknown as { __miniMap: MapHandle }).__miniMap;
      return { ...map.getCenter(), zoom: map.getZoom() };
    });
    expect(view.lat).toBeCloseTo(52.2869, 4);
    expect(view.lng).toBeCloseTo(104.305, 4);
    expect(view.zoom).toBeCloseTo(15, 5);
    await page.getByTestId('mini-map').first().click();
    await expect.poll(() => page.locator('#f-coordinates').inputValue()).toMatch(/^52\.\d{6}, 104\.\d{6}$/);
  });
});

describe('administration screens', () => {
  it('makes a role with the permission matrix, then a user holding it', async () => {
    await page.goto(`${baseUrl}/admin/roles/update/new/`);
    await page.getByTestId('permission-matrix').waitFor();
    await page.locator('#role-name').fill('Контролёр площадок');
    await page.getByRole('checkbox', { name: 'Контейнерные площадки: Просмотр' }).check();
    await page.getByRole('checkbox', { name: 'Контейнерные площадки: Изменение' }).check();
    await expectAccessible(page, 'карточка роли');
    await page.getByTestId('role-save').click();
    await page.waitForURL(/\/admin\/roles\/update\/\d+\/$/);
    const role = await db.pool.query<{ id: number; perms: string[] }>(
      `SELECT r.id, array_agg(p.resource || ':' || p.action ORDER BY p.action) AS perms FROM role r JOIN role_permission p ON p.role_id = r.id WHERE r.name = 'Контролёр площадок' GROUP BY r.id`,
    );
    expect(role.rows[0]!.perms).toEqual(['container:change', 'container:view']);

    await page.goto(`${baseUrl}/admin/users/update/new/`);
    await page.locator('#user_email').fill('kontroler@tko.local');
    await page.locator('#user_last_name').fill('Контролёрова');
    await page.locator('#user_first_name').fill('Анна');
    await page.locator('#user_roles').click();
    await page.keyboard.type('Контролёр');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    // The check is of the card, not of the role list's closing animation (its options fade out).
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').count()).toBe(0);
    await expectAccessible(page, 'карточка пользователя');
    await page.getByTestId('user-save').click();
    await page.waitForURL(/\/admin\/users\/update\/\d+\/$/);
    const user = await db.pool.query<{ roles: string[] }>(
      `SELECT array_agg(r.name) AS roles FROM app_user u JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id WHERE u.email = 'kontroler@tko.local' GROUP BY u.id`,
    );
    expect(user.rows[0]!.roles).toEqual(['Контролёр площадок']);
    const mail = await smtp.next('kontroler@tko.local');
    expect(mail.subject).toBe('Регистрация в реестре ТКО');

    await page.goto(`${baseUrl}/admin/users/`);
    await page.getByTestId('users-list').getByText('kontroler@tko.local').waitFor();
    await expectAccessible(page, 'список пользователей');
    await page.goto(`${baseUrl}/admin/roles/`);
    await page.getByTestId('roles-list').getByText('Контролёр площадок').waitFor();
  });

  it('restore: the page sends the link; the link sets the password', async () => {
    const anon = await browser.newContext({ locale: 'ru-RU' });
    const p = await anon.newPage();
    await p.goto(`${baseUrl}/restore/`);
    await p.locator('#restore_email').fill(ADMIN.email);
    await expectAccessible(p, 'восстановление пароля');
    await p.getByRole('button', { name: 'Отправить ссылку' }).click();
    await p.getByText('Проверьте почту').waitFor();
    const mail = await smtp.next(ADMIN.email);
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    await p.goto(`${baseUrl}${link.pathname}${link.search}`);
    await p.locator('#pw_password').fill('Новый-пароль-админа-14');
    await p.locator('#pw_repeat').fill('Новый-пароль-админа-14');
    await p.getByRole('button', { name: 'Сохранить пароль' }).click();
    await p.getByText('Пароль установлен. Войдите с новым паролем.').waitFor();
    await anon.close();
  });
});
