/**
 * Issue 11 §3–§4 in the browser: a contract revision approved with the card's «Утвердить
 * редакцию», its history tab labelling it «— текущая версия», a new revision started from it; an
 * appeal's chat open on two pages (two signed-in users' browsers), a reply typed on one arriving
 * on the other live (STOMP, no reload), and an appeal about a site listing that site's last services by
 * plan and fact with a link to the truck's track; a contract's «Места накопления» picked on its map — two
 * sites clicked in, saved and read back from `contract_waste_area`, then one clicked out on the map
 * and the other removed from the list, saved again (no rows left) — with no page error (the card
 * once died with «RangeError: Invalid array length» as soon as a site row was in its table: the
 * container ids' editor listed 2³¹ options; crud/fields/int-list.ts); a citizen, signed out, filing an appeal
 * about a site on the public form with a photo, the staff reply e-mailed (a real SMTP receiver) and the mail's link
 * opening the public dialog page, where the reply is read and answered (issue 25 §2); the link opens once: it
 * leaves the address, a reload keeps the session, another browser is refused and asks for a new link by e-mail. The built app served by
 * the real API (its in-process STOMP broker) on its own database, headless Chromium; nothing
 * mocked. axe-core checks every screen.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { ensureAdmin, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { linkOf, startSmtpReceiver, type SmtpReceiver } from '@tko/api/test/smtp-receiver';
import { png } from '@tko/api/test/fixtures/files';
import { closeE2e, copyBuiltWeb, expectAccessible, launchChromium, openPage, RESULTS_DIR, screenshotIfFailed, signIn, serveApp } from './harness';

const ADMIN = { email: 'e2e-contracts@tko.local', password: 'Е2е-пароль-договоров-1', first_name: 'Дарья', last_name: 'Договорова' };
const OPERATOR = { email: 'e2e-appeals@tko.local', password: ADMIN.password };
type PageGlobals = { __live?: { status(): string } };

/** The maplibre members the test calls on the contract card's map (this tsconfig has no DOM lib). */
interface ContractMap {
  loaded(): boolean;
  areTilesLoaded(): boolean;
  getLayer(id: string): unknown;
  jumpTo(o: { center: [number, number]; zoom: number }): void;
  project(p: [number, number]): { x: number; y: number };
  getCanvas(): { getBoundingClientRect(): { left: number; top: number } };
  queryRenderedFeatures(o: { layers: string[] }): { id?: number | string }[];
}
type MapGlobals = { __contractMap?: ContractMap };
/** Sites of the map test (Ангарск): two container sites ~160 m apart and a bulk one, which a contract cannot name. */
const SITE_A = { lng: 103.888, lat: 52.544, location: 'Ангарск, 12 мкр., д. 4' };
const SITE_B = { lng: 103.890, lat: 52.545, location: 'Ангарск, 12 мкр., д. 9' };
const SITE_BULK = { lng: 103.886, lat: 52.5445, location: 'Ангарск, 12 мкр., бункер' };

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let second: Page | undefined;
let baseUrl: string;
let webCopy: string | undefined;
let smtp: SmtpReceiver;
let token = '';
const sites = { a: 0, b: 0, bulk: 0 };

async function api(method: 'POST' | 'GET', url: string, payload?: unknown) {
  const res = await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
  return res.json() as Record<string, unknown>;
}
const live = (p: Page) => p.evaluate(() => (globalThis as unknown as PageGlobals).__live?.status());

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-contracts-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  // A second staff member with the appeals' rights only (the administrator's password hash).
  const { rows: [op] } = await db.pool.query<{ id: number }>(
    `INSERT INTO app_user (email, password_hash, first_name, last_name) SELECT $1, password_hash, 'Олег', 'Обращенцев' FROM app_user WHERE email = $2 RETURNING id`,
    [OPERATOR.email, ADMIN.email],
  );
  const { rows: [role] } = await db.pool.query<{ id: number }>(`INSERT INTO role (name) VALUES ('Обращения') RETURNING id`);
  for (const action of ['view', 'change']) await db.pool.query(`INSERT INTO role_permission (role_id, resource, action) VALUES ($1, 'appeals', $2)`, [role!.id, action]);
  await db.pool.query(`INSERT INTO user_role (user_id, role_id) VALUES ($1, $2)`, [op!.id, role!.id]);
  for (const [key, kind, s] of [['a', 'CONTAINER', SITE_A], ['b', 'CONTAINER', SITE_B], ['bulk', 'BULK', SITE_BULK]] as const) {
    const { rows: [w] } = await db.pool.query<{ id: number }>(
      `INSERT INTO waste_area (kind, location, coordinates) VALUES ($1, $2, ST_SetSRID(ST_MakePoint($3, $4), 4326)) RETURNING id`,
      [kind, s.location, s.lng, s.lat],
    );
    sites[key] = w!.id;
  }

  smtp = await startSmtpReceiver();
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy, { config: { smtpUrl: smtp.url } }));
  const res = await app.inject({ method: 'POST', url: '/api/auth/token/', payload: { email: ADMIN.email, password: ADMIN.password } });
  token = (res.json() as { access: string }).access;

  browser = await launchChromium();
  page = await openPage(browser);
});

afterEach(async ({ task }) => {
  await screenshotIfFailed(page, task, 'failed-contracts-');
  await screenshotIfFailed(second, task, 'failed-contracts-second-');
});

afterAll(async () => {
  await second?.context().close();
  await closeE2e({ browser, app, prisma, db, webCopy });
  await smtp?.close();
});

describe('contracts and appeals in the browser', () => {
  it('approves a contract revision, shows it as the current version in the history, starts a new one', async () => {
    const contract = await api('POST', '/api/contracts/', { number: 'Д-38/2026', customer_name: 'ТСЖ «Северное»', application_date: '2026-04-27' });
    await signIn(page, baseUrl, ADMIN, `/contracts/update/${String(contract.id)}/`);
    // The conclusion (ПП РФ № 1156): the draft was due on the 15th working day after 27.04.2026 and is late;
    // the price is unknown without objects, and says so.
    await page.getByRole('tab', { name: 'Заключение договора' }).click();
    const lifeCycle = page.getByTestId('contract-life-cycle');
    await lifeCycle.getByText('20.05.2026').waitFor();
    await lifeCycle.getByText('Просрочен').waitFor();
    await page.getByRole('tab', { name: 'Объёмы и цена' }).click();
    await page.getByTestId('contract-price-year').getByText('не определена').waitFor();
    await page.getByTestId('action-approve').click();
    await page.getByRole('button', { name: 'Выполнить' }).click();
    await expect.poll(async () => (await api('GET', `/api/contracts/${String(contract.id)}/`)).revision_status, { timeout: 15_000 }).toBe('APPROVED');
    await expect.poll(() => page.getByTestId('action-approve').count()).toBe(0);

    await page.getByRole('tab', { name: 'История редакций' }).click();
    const history = page.getByTestId('contract-history');
    await history.getByText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d — текущая версия$/).waitFor();
    await expectAccessible(page, 'contract revisions');

    await page.getByRole('button', { name: 'Новая редакция' }).click();
    await page.waitForURL((u) => u.pathname !== `/contracts/update/${String(contract.id)}/` && /\/contracts\/update\/\d+\//.test(u.pathname));
    // The draft's own card (its «Утвердить редакцию» button) must be on screen before its tab is chosen:
    // a click on the previous card's tab, still shown for a moment, would be lost with it.
    await page.getByTestId('action-approve').waitFor();
    await page.getByRole('tab', { name: 'История редакций' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'contract_revisions');
    const draftHistory = page.getByTestId('contract-history');
    await draftHistory.waitFor();
    await expect.poll(() => draftHistory.locator('tbody tr').count(), { timeout: 15_000 }).toBe(2);
    await draftHistory.getByText('Черновик').waitFor();
    await draftHistory.getByText(/текущая версия/).waitFor();
  }, 120_000);

  it('picks a contract\'s waste areas on its map: clicked in, saved, clicked out and removed, saved again', async () => {
    const contract = await api('POST', '/api/contracts/', { number: 'Д-12/2026', customer_name: 'ТСЖ «Двенадцатый»' });
    const id = Number(contract.id);
    page = await openPage(browser);
    const pageErrors: string[] = [];
    // An error React's boundary catches («Что-то пошло не так») is logged, not thrown: both are watched.
    page.on('pageerror', (e) => pageErrors.push(String(e.stack ?? e)));
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text());
    });
    // The card opens on «Общие сведения»: the sites tab (and its map's box) is rendered hidden.
    await signIn(page, baseUrl, ADMIN, `/contracts/update/${id}/`);
    await page.getByTestId('tab-general').waitFor();
    await page.getByTestId('tab-waste_areas').click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'waste_areas');

    const mapReady = () => page.waitForFunction(() => {
      const m = (globalThis as unknown as MapGlobals).__contractMap;
      return Boolean(m && m.getLayer('contract-sites-chosen') && m.loaded());
    }, undefined, { timeout: 60_000 });
    const rendered = (layer: string) => page.evaluate((l) => ((globalThis as unknown as MapGlobals).__contractMap!.queryRenderedFeatures({ layers: [l] })
      .map((f) => Number(f.id)).sort((x, y) => x - y)), layer);
    /** A mouse click on the map at a site's place. */
    const clickSite = async (s: { lng: number; lat: number }) => {
      const at = await page.evaluate(([x, y]) => {
        const m = (globalThis as unknown as MapGlobals).__contractMap!;
        const p = m.project([x, y]);
        const r = m.getCanvas().getBoundingClientRect();
        return { x: r.left + p.x, y: r.top + p.y };
      }, [s.lng, s.lat] as [number, number]);
      await page.mouse.click(at.x, at.y);
    };
    const showSites = async () => {
      await mapReady();
      await page.evaluate(() => (globalThis as unknown as MapGlobals).__contractMap!.jumpTo({ center: [103.888, 52.5445], zoom: 16 }));
      // Both container sites drawn; the bulk site is not a contract site and is not on this map.
      await expect.poll(() => rendered('contract-sites'), { timeout: 30_000 }).toEqual([sites.a, sites.b].sort((x, y) => x - y));
    };
    const count = page.getByTestId('contract-sites-count');
    const linked = async () => (await db.pool.query<{ w: number }>('SELECT waste_area_id AS w FROM contract_waste_area WHERE contract_id = $1 ORDER BY waste_area_id', [id])).rows.map((r) => r.w);
    const save = async () => {
      const [res] = await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === `/api/contracts/${id}/` && r.request().method() === 'PUT'),
        page.getByRole('button', { name: 'Сохранить' }).click(),
      ]);
      expect(res.status()).toBe(200);
    };

    await showSites();
    await expect.poll(() => count.textContent()).toBe('Выбрано мест накопления: 0.');
    await clickSite(SITE_A);
    await expect.poll(() => count.textContent()).toBe('Выбрано мест накопления: 1.');
    await clickSite(SITE_B);
    await expect.poll(() => count.textContent()).toBe('Выбрано мест накопления: 2.');
    // The chosen sites are highlighted, listed by address, and are rows of the table below.
    await expect.poll(() => rendered('contract-sites-chosen')).toEqual([sites.a, sites.b].sort((x, y) => x - y));
    await page.getByTestId('contract-sites-list').getByText(SITE_A.location).waitFor();
    await page.getByTestId('contract-sites-list').getByText(SITE_B.location).waitFor();
    await expect.poll(() => page.getByTestId('children-waste_areas').locator('tbody tr.ant-table-row').count()).toBe(2);
    await save();
    expect(await linked()).toEqual([sites.a, sites.b].sort((x, y) => x - y));
    const { rows } = await db.pool.query('SELECT waste_area_type, periodicity FROM contract_waste_area WHERE contract_id = $1', [id]);
    expect(rows).toEqual([{ waste_area_type: 'CONTAINER_WASTE_AREA', periodicity: 'DAILY' }, { waste_area_type: 'CONTAINER_WASTE_AREA', periodicity: 'DAILY' }]);

    // The saved card comes back on the same tab: addresses from {id}/waste-areas/, the sites highlighted.
    await page.getByTestId('contract-sites-list').getByText(SITE_A.location).waitFor();
    await showSites();
    await expect.poll(() => rendered('contract-sites-chosen')).toEqual([sites.a, sites.b].sort((x, y) => x - y));
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, 'contract-sites.png'), fullPage: true });
    await expectAccessible(page, 'contract sites on the map');

    // Out again: A clicked on the map, B removed from the list.
    await clickSite(SITE_A);
    await expect.poll(() => count.textContent()).toBe('Выбрано мест накопления: 1.');
    await expect.poll(() => rendered('contract-sites-chosen')).toEqual([sites.b]);
    await page.getByRole('button', { name: `Убрать из договора: ${SITE_B.location}` }).click();
    await expect.poll(() => count.textContent()).toBe('Выбрано мест накопления: 0.');
    await expect.poll(() => rendered('contract-sites-chosen')).toEqual([]);
    await save();
    await expect.poll(linked).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 150_000);

  it('delivers a reply in an appeal\'s chat to the other open page without a reload', async () => {
    const appeal = await api('POST', '/api/appeals/', { author_name: 'Смирнова Е. А.', text: 'Во дворе переполнены контейнеры.' });
    const url = `/appeals/update/${String(appeal.id)}/?tab=appeal_dialog`;
    // Two fresh browsers: the administrator's and the operator's.
    const first = await openPage(browser);
    page = first;
    second = await openPage(browser);
    await signIn(page, baseUrl, ADMIN, url);
    await signIn(second, baseUrl, OPERATOR, url);
    for (const p of [page, second]) {
      await expect.poll(() => live(p), { timeout: 30_000 }).toBe('connected');
      await p.getByTestId('appeal-dialog').getByText('Сообщений пока нет.').waitFor();
    }
    const before = second.url();
    await page.getByLabel('Текст ответа').fill('Вывоз назначен на сегодня до 18:00.');
    await page.getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('appeal-message').getByText('Вывоз назначен на сегодня до 18:00.').waitFor();
    await second.getByTestId('appeal-message').getByText('Вывоз назначен на сегодня до 18:00.').waitFor({ timeout: 15_000 });
    await second.getByTestId('appeal-message').getByText('Договорова Дарья').waitFor();
    expect(second.url()).toBe(before);

    // And back: the operator answers, the administrator's page gets it.
    await second.getByLabel('Текст ответа').fill('Принято, проконтролирую.');
    await second.getByRole('button', { name: 'Отправить' }).click();
    await page.getByTestId('appeal-message').getByText('Принято, проконтролирую.').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('appeal-message').count()).toBe(2);
    await expectAccessible(second, 'appeal chat');

    // The appeal names site A, which plan and fact saw served (issue 23 §3): its «Вывозы с площадки» tab
    // lists the service with its truck and a link opening that truck's track of the day on the tracking screen.
    const { rows: [v] } = await db.pool.query<{ id: number }>(`INSERT INTO vehicle (license_plate) VALUES ('К 777 КК 38') RETURNING id`);
    const { rows: [sch] } = await db.pool.query<{ id: number }>(`INSERT INTO schedule (name) VALUES ('График обращения') RETURNING id`);
    await db.pool.query(
      `INSERT INTO plan_fact_site (schedule_id, work_date, site_key, waste_area_id, status, window_close, vehicle_id, arrived_at, left_at, dwell_s, distance_m)
       VALUES ($1, '2026-11-20', $2, $3, 'served', '2026-11-20T01:00:00Z', $4, '2026-11-20T00:10:00Z', '2026-11-20T00:12:00Z', 120, 7)`,
      [sch!.id, `a${sites.a}`, sites.a, v!.id]);
    const about = await api('POST', '/api/appeals/', { author_name: 'Смирнова Е. А.', text: 'Контейнеры не вывезли.', waste_area: sites.a });
    await page.goto(`${baseUrl}/appeals/update/${String(about.id)}/?tab=site_services`);
    const services = page.getByTestId('appeal-site-services');
    await services.getByRole('row', { name: /20\.11\.2026.*Обслужена.*К 777 КК 38/ }).waitFor();
    expect(await services.getByRole('link', { name: 'Открыть трек' }).getAttribute('href')).toBe(`/routes/nav-ctrl/?schedule=${sch!.id}&day=2026-11-20&vehicle=${v!.id}`);
  }, 150_000);

  it('files an appeal on the public form, e-mails the staff reply, and the mail\'s link opens the dialog to read and answer', async () => {
    // A citizen, signed out, comes from the public map's popup of site B («Сообщить о проблеме»).
    const citizen = await openPage(browser);
    page = citizen;
    await citizen.goto(`${baseUrl}/public/appeal/new/?waste_area=${sites.b}&location=${encodeURIComponent(SITE_B.location)}`);
    await citizen.getByTestId('public-appeal-site').getByText(SITE_B.location).waitFor();
    await citizen.getByLabel('Текст обращения').fill('Площадку не убирают вторую неделю.');
    await citizen.getByLabel('Ваше имя').fill('Кузнецова Ирина');
    await citizen.getByLabel('Электронная почта').fill('kuznetsova@example.ru');
    await citizen.locator('input[type=file]').setInputFiles({ name: 'площадка.png', mimeType: 'image/png', buffer: png() });
    await citizen.getByText('площадка.png').waitFor();
    await expectAccessible(citizen, 'public appeal form');
    await citizen.getByRole('button', { name: 'Отправить обращение' }).click();
    const number = await citizen.getByTestId('public-appeal-number').textContent({ timeout: 30_000 });
    const id = Number(/№ (\d+)/.exec(number ?? '')?.[1]);
    // The site gives the appeal its address; the default category; the author's e-mail for the reply.
    const { rows: [filed] } = await db.pool.query<{ waste_area_id: number; location: string; category: string; author_email: string; status: string }>(
      'SELECT waste_area_id, location, category::text, author_email, status::text FROM appeal WHERE id = $1', [id]);
    expect(filed).toEqual({ waste_area_id: sites.b, location: SITE_B.location, category: 'NOT_COLLECTED', author_email: 'kuznetsova@example.ru', status: 'NEW' });
    const { rows: photos } = await db.pool.query<{ name: string; content_type: string }>(
      'SELECT a.name, a.content_type FROM appeal_attachment j JOIN attachment a ON a.id = j.attachment_id WHERE j.appeal_id = $1', [id]);
    expect(photos).toEqual([{ name: 'площадка.png', content_type: 'image/png' }]);
    // The dispatcher's card of the appeal shows the photo among its attachments.
    const dispatcher = await openPage(browser);
    try {
      await signIn(dispatcher, baseUrl, OPERATOR, `/appeals/update/${id}/`);
      await dispatcher.getByText('площадка.png').first().waitFor();
    } finally {
      await dispatcher.context().close();
    }

    const reply = await app.inject({ method: 'POST', url: `/api/appeals/${id}/reply/`, headers: { authorization: `Bearer ${token}` }, payload: { text: 'Уборка площадки назначена на завтра.' } });
    expect(reply.statusCode, reply.body).toBe(201);
    const mail = await smtp.next('kuznetsova@example.ru');
    expect(mail.subject).toBe(`Ответ на обращение № ${id}`);
    const link = linkOf(mail);
    expect(link.pathname).toBe('/public/appeal/');

    await citizen.goto(`${baseUrl}${link.pathname}${link.search}`);
    await citizen.getByRole('heading', { name: `Обращение № ${id}` }).waitFor();
    const dialog = citizen.getByTestId('public-appeal-dialog');
    await dialog.getByText('Уборка площадки назначена на завтра.').waitFor();
    await dialog.getByText('Договорова Дарья').waitFor();
    // The link opened once: it left the address; a reload keeps this browser's session.
    expect(new URL(citizen.url()).search).toBe(`?appeal=${id}`);
    await citizen.reload();
    await dialog.getByText('Уборка площадки назначена на завтра.').waitFor();
    await expectAccessible(citizen, 'public appeal dialog');
    await citizen.getByLabel('Ваш ответ').fill('Спасибо, буду ждать.');
    await citizen.getByRole('button', { name: 'Отправить ответ' }).click();
    await dialog.getByText('Спасибо, буду ждать.').waitFor();
    await expect.poll(() => citizen.getByTestId('public-appeal-message').count()).toBe(2);
    const { rows: messages } = await db.pool.query<{ author_id: number | null; author_name: string }>(
      'SELECT author_id, author_name FROM appeal_message WHERE appeal_id = $1 ORDER BY id', [id]);
    expect(messages.map((m) => [m.author_id === null, m.author_name])).toEqual([[false, 'Договорова Дарья'], [true, 'Кузнецова Ирина']]);

    // The same link in another browser: refused, with a form that e-mails a new link.
    const other = await openPage(browser);
    try {
      await other.goto(`${baseUrl}${link.pathname}${link.search}`);
      const need = other.getByTestId('public-appeal-need-link');
      await need.getByText(/Эта ссылка уже открыта в другом браузере/).waitFor();
      expect(await other.getByLabel('Номер обращения').inputValue()).toBe(String(id));
      await other.getByLabel('Электронная почта, указанная в обращении').fill('kuznetsova@example.ru');
      await expectAccessible(other, 'public appeal new link');
      await other.getByRole('button', { name: 'Выслать новую ссылку' }).click();
      await other.getByTestId('public-appeal-link-sent').waitFor();
      const again = await smtp.next('kuznetsova@example.ru');
      expect(again.subject).toBe(`Ссылка на обращение № ${id}`);
      await other.goto(`${baseUrl}${linkOf(again).pathname}${linkOf(again).search}`);
      await other.getByTestId('public-appeal-dialog').getByText('Спасибо, буду ждать.').waitFor();
    } finally {
      await other.context().close();
    }

    // A link altered by one character is refused in plain Russian, with the way to a new appeal.
    await citizen.goto(`${baseUrl}/public/appeal/?token=${encodeURIComponent(`${link.searchParams.get('token')!.slice(0, -2)}xx`)}`);
    await citizen.getByTestId('public-appeal-bad-link').getByText('Ссылка недействительна или устарела', { exact: true }).waitFor();
    await citizen.getByRole('link', { name: 'Написать новое обращение' }).waitFor();
  }, 120_000);
});
