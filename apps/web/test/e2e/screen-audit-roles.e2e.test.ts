/**
 * Screen audit per seeded role (issue 26): each non-administrator role of the roles table
 * (contract SEEDED_ROLES) signs in and opens the screens of its job — the side menu's items its
 * rights show (app/navigation.ts `navItemVisible` over its own /api/users/me/ permissions) — over
 * the Angarsk data at 1440 × 900. Every role opens every screen of its menu, through the router in the
 * app already loaded (harness `openInApp`, read once `settled`), as the menu's links do. Fails on a
 * console error, a failed request (status ≥ 400 other than 403: a screen answering «нет прав» is
 * expected), the text checks of audit-text.ts, and axe-core (harness `axeViolations`, on the page
 * already loaded, once per screen in the run — a role changes the markup only by the buttons and rows
 * it gets — by the first role that opens it): a serious or critical
 * violation (or a strict rule) is a finding; the violations of every impact are counted per role and
 * printed (bench/RESULTS.md keeps them). Screens with real ids (cards) are the administrator's audit's
 * (screen-audit.e2e.test.ts); docs/TESTING.md «Screen audits» says who covers what.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { dataDir, ensureAdmin, importAngarsk, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { SEEDED_ROLES, type Me } from '@tko/contract';
import { NAVIGATION, navItemVisible } from '../../src/app/navigation';
import { shownText, textFindings } from './audit-text';
import { apiToken, axeFails, axeViolations, closeE2e, copyBuiltWeb, launchChromium, openInApp, openPage, serveApp, settled, signIn, watchRequests } from './harness';

const ADMIN = { email: 'e2e-roles-audit@tko.local', password: 'Е2е-пароль-ролей-1', first_name: 'Анна', last_name: 'Ролева' };
const ADMIN_ROLE = 'Администратор';

interface Finding { role: string; screen: string; kind: string; sample: string }

/** Known defects left for later work, each named (remove a line when its defect is fixed); none now. */
const KNOWN_DEFECTS: { screen: string; kind: string; sample: RegExp }[] = [];
const isKnown = (f: Finding) => KNOWN_DEFECTS.some((d) => d.screen === f.screen && d.kind === f.kind && d.sample.test(f.sample));

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let baseUrl: string;
let webCopy: string | undefined;

/** A user of `role` with the administrator's password (its hash copied). */
async function roleUser(i: number, role: string): Promise<{ email: string; password: string }> {
  const email = `e2e-role-${i}@tko.local`;
  const { rows: [u] } = await db.pool.query<{ id: number }>(
    `INSERT INTO app_user (email, password_hash, first_name, last_name) SELECT $1, password_hash, 'Роль', $2 FROM app_user WHERE email = $3 RETURNING id`, [email, `Номер ${i}`, ADMIN.email]);
  const { rowCount } = await db.pool.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = $2`, [u!.id, role]);
  expect(rowCount, `роль «${role}» засеяна`).toBe(1);
  return { email, password: ADMIN.password };
}

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-roles-audit-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  await importAngarsk(db.pool, path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv'));
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('screen audit per role', () => {
  it('every non-administrator seeded role opens the screens of its menu: no console error, failed request (but 403), raw ISO date, dot decimal, undefined/null, stray Latin or serious/critical axe violation', async () => {
    const roles = SEEDED_ROLES.filter((r) => r.name !== ADMIN_ROLE);
    expect(roles.length).toBeGreaterThan(4);
    const findings: Finding[] = [];
    const seen = new Set<string>();
    const perRole: string[] = [];
    const started = Date.now();
    let axeMs = 0;
    let opened = 0;
    for (const [i, role] of roles.entries()) {
      const user = await roleUser(i, role.name);
      const page: Page = await openPage(browser);
      let current = '';
      /** axe violations (rules failing on a screen) of this role's screens, by impact. */
      const axe: Record<string, number> = {};
      page.on('console', (m) => { if (m.type() === 'error') findings.push({ role: role.name, screen: current, kind: 'console', sample: m.text().slice(0, 160) }); });
      page.on('pageerror', (e) => findings.push({ role: role.name, screen: current, kind: 'console', sample: e.message.slice(0, 160) }));
      page.on('response', (r) => {
        const s = r.status();
        if (s >= 400 && s !== 403) findings.push({ role: role.name, screen: current, kind: 'request', sample: `${s} ${new URL(r.url()).pathname}` });
      });
      const access = await apiToken(baseUrl, user);
      const me = (await (await fetch(`${baseUrl}/api/users/me/`, { headers: { Authorization: `Bearer ${access}` } })).json()) as Me;
      const menu = NAVIGATION.flatMap((s) => s.items).filter((item) => navItemVisible(item, true, me.permissions)).map((item) => item.path);
      expect(menu.length, `меню роли «${role.name}»`).toBeGreaterThan(0);
      watchRequests(page);
      await signIn(page, baseUrl, user, menu[0]!);
      let reload = false;
      for (const screen of menu) {
        current = screen;
        const before = findings.length;
        // Through the router in the app already loaded, as the menu does; a full load after a screen that logged an error.
        if (new URL(page.url()).pathname !== screen) {
          if (reload) await page.goto(`${baseUrl}${screen}`);
          else await openInApp(page, screen);
        }
        await settled(page);
        // Every screen has its h1 once rendered (issue 15 §3); axe names a screen without one.
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 }).catch(() => undefined);
        await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
        findings.push(...textFindings(screen, await shownText(page)).map((f) => ({ ...f, role: role.name })));
        reload = findings.slice(before).some((f) => f.kind === 'console');
        // axe reads the markup, which a role changes only by the buttons and rows it gets: once per screen in the run.
        if (seen.has(screen)) continue;
        seen.add(screen);
        const axeStarted = Date.now();
        const violations = await axeViolations(page);
        axeMs += Date.now() - axeStarted;
        for (const v of violations) {
          axe[v.impact ?? 'unknown'] = (axe[v.impact ?? 'unknown'] ?? 0) + 1;
          if (axeFails(v)) findings.push({ role: role.name, screen, kind: 'axe', sample: `${v.id} (${v.impact}): ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join('; ')}` });
        }
      }
      opened += menu.length;
      perRole.push(`${role.name}: меню ${menu.length}, axe ${JSON.stringify(axe)}`);
      await page.context().close();
    }
    const byKind: Record<string, number> = {};
    for (const f of findings) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
    console.log(`ROLES AUDIT: roles ${roles.length}, screens opened ${opened} (${seen.size} distinct), ${((Date.now() - started) / 1000).toFixed(0)} s (axe ${(axeMs / 1000).toFixed(0)} s); ${perRole.join('; ')}; findings ${findings.length} ${JSON.stringify(byKind)}`);
    for (const f of findings) console.log(`ROLES AUDIT\t${f.role}\t${f.screen}\t${f.kind}\t${f.sample}`);
    expect(findings.filter((f) => !isKnown(f)).map((f) => `${f.role} ${f.screen} → ${f.kind}: ${f.sample}`)).toEqual([]);
  }, 600_000);
});
