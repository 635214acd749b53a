/**
 * Screen audit (lean): every screen of the specification's list (/work/shared/spec/screens.tsv,
 * path column; `{objectId}`-style segments filled with a real id read from the registry's API — an empty
 * registry first gets one row, created through its own API from the contract's example (`exampleVariant` /
 * `example`); `{oktmo}` filled with the Angarsk okrug's code of a tiny ОКТМО set loaded in the set-up)
 * is opened once as the administrator in one Chromium page at
 * 1440 × 900 over the Angarsk data. Each screen is checked for what a person should never see:
 * a console error or uncaught exception, a failed request (status ≥ 400 other than 403), a raw ISO
 * date (`2026-11-27`, `…T12:27`), a dot-decimal number (`56.7`; coordinates «52.546842, 103.870102»
 * are the spec's own format, 5–6 decimals, and are allowed), the words «undefined», «null», «NaN»,
 * and Latin-only words outside the allow-list (audit-text.ts). Findings not in {@link KNOWN_DEFECTS} fail
 * the test; the counts are printed (bench/RESULTS.md keeps them). A screen whose id cannot be
 * filled (a registry without an example, or whose example the API refuses) is skipped and listed with its reason.
 *
 * Lean: the app is loaded once (the sign-in) and each screen is then opened as the app's own links
 * open it (history.pushState + popstate: the router renders the screen, no reload of the bundle and the
 * session); a screen is read once its requests are done (harness `settled`: none in flight for 250 ms,
 * instead of Playwright's «networkidle» 500 ms after a full load). After a screen that logged an error
 * the next one is opened by a full load, so one broken screen cannot hide the following ones.
 *
 * axe-core (harness `axeViolations`, same rule sets as `expectAccessible`) reads every screen opened:
 * a serious or critical violation (or a strict rule) is a finding; every impact is counted and printed.
 * The seeded roles are screen-audit-roles.e2e.test.ts's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { buildApp } from '@tko/api/src/app';
import { dataDir, ensureAdmin, importAngarsk, type PrismaClient } from '@tko/db';
import { createTestDatabase, type TestDatabase } from '@tko/db/testing';
import { REPORT_KIND_INFOS, resourceByName } from '@tko/contract';
import { SECTIONS } from '../../src/resources/sections';
import { shownText, textFindings, type TextKind } from './audit-text';
import { apiToken, axeFails, axeViolations, closeE2e, copyBuiltWeb, launchChromium, openInApp, openPage, serveApp, settled, signIn, watchRequests } from './harness';

const ADMIN = { email: 'e2e-audit@tko.local', password: 'Е2е-пароль-аудита-1', first_name: 'Анна', last_name: 'Аудитова' };
// The specification sits beside the shared data (`<repo>/../shared/spec`), as dataDir() finds the data.
const SCREENS_TSV = process.env.SCREENS_TSV ?? path.resolve(dataDir(), '..', 'spec', 'screens.tsv');

/**
 * Known defects left for later work, each named: `screen path (as in screens.tsv) → finding kind`.
 * Listed so nothing is hidden; remove a line when its defect is fixed (the test then holds it).
 */
const KNOWN_DEFECTS: { kind: Kind; sample: RegExp; why: string }[] = [];
const isKnown = (f: Finding) => KNOWN_DEFECTS.some((d) => d.kind === f.kind && d.sample.test(f.sample));

type Kind = 'console' | 'request' | 'axe' | TextKind;
interface Finding { screen: string; kind: Kind; sample: string }

let db: TestDatabase;
let prisma: PrismaClient;
let app: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let page: Page;
let baseUrl: string;
let webCopy: string | undefined;
let token = '';

/** Screen paths of the spec's list (rows whose first column is a path). */
function screenPaths(): string[] {
  return readFileSync(SCREENS_TSV, 'utf8').split('\n').slice(1).map((l) => l.split('\t')[0]!.trim()).filter((p) => p.startsWith('/'));
}

/** The registry behind a screen path: the section tab whose base is the longest prefix of it. */
function registryOf(screen: string): string | undefined {
  let best: { len: number; resource: string } | undefined;
  for (const s of SECTIONS) {
    for (const t of s.tabs) {
      const prefix = `${s.base}${t.slug ? `${t.slug}/` : ''}`;
      if (screen.startsWith(prefix) && (!best || prefix.length > best.len)) best = { len: prefix.length, resource: t.resource };
    }
  }
  return best?.resource;
}

/** The ОКТМО code the `{oktmo}` screens open: the Angarsk city okrug of the tiny set loaded in the set-up. */
const OKTMO = '25703000';
/** Registries given their one row by this test (name → id), for the printed counts. */
const created = new Map<string, string>();

/**
 * A real id of the registry: its first row; an empty registry first gets one, POSTed through its own API
 * from the contract's example. `{ reason }` when there is none to give (no example, or the API's answer).
 */
async function firstId(resource: string | undefined): Promise<{ id: string } | { reason: string }> {
  const def = resource ? resourceByName(resource) : undefined;
  if (!def) return { reason: resource ? `реестр ${resource} не найден` : 'экран вне разделов реестров' };
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const res = await fetch(`${baseUrl}${def.path}?page_size=1`, { headers });
  if (!res.ok) return { reason: `список ${def.path}: ${res.status}` };
  const id = ((await res.json()) as { results?: { id?: number }[] }).results?.[0]?.id;
  if (id !== undefined) return { id: String(id) };
  const example = def.exampleVariant?.(1) ?? def.example;
  if (!example) return { reason: `${def.name} пуст, в контракте нет примера` };
  const made = await fetch(`${baseUrl}${def.path}`, { method: 'POST', headers, body: JSON.stringify(example) });
  const body = (await made.json()) as { id?: number };
  if (made.status !== 201 || body.id === undefined) return { reason: `${def.name}: пример отклонён ${made.status} ${JSON.stringify(body).slice(0, 200)}` };
  created.set(def.name, String(body.id));
  return { id: String(body.id) };
}

/** The screen path with its `{…}` segments filled, or why it cannot be filled here (said in the result). */
async function concrete(screen: string): Promise<{ target: string } | { reason: string }> {
  if (!screen.includes('{')) return { target: screen };
  const out = screen.replace('{reportType}', REPORT_KIND_INFOS[0]!.report_kind).replace('{oktmo}', OKTMO);
  if (!/\{(objectId|flowId)\}/.test(out)) return { target: out };
  // A declarant organisation's page shows a legal entity (reports/declarant-organization-page.tsx).
  const resource = registryOf(screen) ?? (screen.startsWith('/reports-ddf/declarant-organization/') ? 'juridical-person' : undefined);
  // Screens outside the registries' sections (users, roles, declarants' reports): their edit page as a new one.
  if (!resource && out.includes('/update/')) return { target: out.replace(/\{(objectId|flowId)\}/, 'new') };
  const got = await firstId(resource);
  return 'id' in got ? { target: out.replace(/\{(objectId|flowId)\}/, got.id) } : got;
}

beforeAll(async () => {
  webCopy = copyBuiltWeb('tko-web-audit-');
  db = await createTestDatabase();
  await ensureAdmin(db.pool, ADMIN);
  await importAngarsk(db.pool, path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv'));
  // A tiny ОКТМО set (codes of ОК 033-2013): the Angarsk okrug and one of its localities, so the `{oktmo}` screens open.
  await db.pool.query(`INSERT INTO administrative_unit (code, name, area) VALUES
    ('${OKTMO}', 'Ангарский городской округ', 'Ангарский городской округ'), ('25703000101', 'г Ангарск', 'Ангарский городской округ')`);
  ({ prisma, app, baseUrl } = await serveApp(db, webCopy));
  token = await apiToken(baseUrl, ADMIN);
  browser = await launchChromium();
  page = await openPage(browser);
  watchRequests(page);
}, 180_000);

afterAll(async () => {
  await closeE2e({ browser, app, prisma, db, webCopy });
});

describe('screen audit', () => {
  it('every screen of screens.tsv, as the administrator: no console error, failed request, raw ISO date, dot decimal, undefined/null or stray Latin', async () => {
    const findings: Finding[] = [];
    const skipped: string[] = [];
    let current = '';
    page.on('console', (m) => { if (m.type() === 'error') findings.push({ screen: current, kind: 'console', sample: m.text().slice(0, 160) }); });
    page.on('pageerror', (e) => findings.push({ screen: current, kind: 'console', sample: e.message.slice(0, 160) }));
    page.on('response', (r) => {
      const s = r.status();
      if (s >= 400 && s !== 403) findings.push({ screen: current, kind: 'request', sample: `${s} ${new URL(r.url()).pathname}` });
    });
    await signIn(page, baseUrl, ADMIN, '/admin/');
    await settled(page);
    const screens = screenPaths();
    let visited = 0;
    let reload = false;
    let reloads = 0;
    /** axe violations (rules failing on a screen) of every screen, by impact. */
    const axe: Record<string, number> = {};
    for (const screen of screens) {
      const filled = await concrete(screen);
      if ('reason' in filled) { skipped.push(`${screen} (${filled.reason})`); continue; }
      const { target } = filled;
      current = screen;
      const before = findings.length;
      if (reload) { await page.goto(`${baseUrl}${target}`); reloads++; } else await openInApp(page, target);
      await settled(page);
      // Spinners and «Загрузка…» gone, so the text read is the screen's own.
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 20_000 }).catch(() => undefined);
      // Every screen has its h1 once rendered; axe names a screen without one.
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 20_000 }).catch(() => undefined);
      findings.push(...textFindings(screen, await shownText(page)));
      for (const v of await axeViolations(page)) {
        axe[v.impact ?? 'unknown'] = (axe[v.impact ?? 'unknown'] ?? 0) + 1;
        if (axeFails(v)) findings.push({ screen, kind: 'axe', sample: `${v.id} (${v.impact}): ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join('; ')}` });
      }
      reload = findings.slice(before).some((f) => f.kind === 'console');
      visited++;
    }
    const unexpected = findings.filter((f) => !isKnown(f));
    const byKind: Record<string, number> = {};
    for (const f of findings) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
    console.log(`SCREEN AUDIT: screens ${screens.length}, visited ${visited} (${reloads} by a full load after an error), skipped ${skipped.length} (${skipped.join(', ')}); rows created in empty registries ${created.size} (${[...created.keys()].join(', ')}); findings ${findings.length} ${JSON.stringify(byKind)}; axe ${JSON.stringify(axe)}; unexpected ${unexpected.length}`);
    for (const f of findings) console.log(`AUDIT\t${f.screen}\t${f.kind}\t${f.sample}`);
    expect(unexpected.map((f) => `${f.screen} → ${f.kind}: ${f.sample}`)).toEqual([]);
  }, 1_800_000);
});
