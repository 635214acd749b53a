/**
 * Contracts and citizen appeals (issue 11 §3–§4), on a real PostgreSQL/PostGIS, Redis (the
 * STOMP fan-out) and LibreOffice:
 * - revision rules: defaults, update by POST, approve, 409 on an approved revision (PUT, PATCH,
 *   POST-update, DELETE, approve again), a new revision from the current one, history order and
 *   labels, the previous approved revision archived;
 * - contract waste areas: kind from the site, DAILY default, the site card's «contracts»;
 * - the printable DOCX: document.xml carries the record, LibreOffice converts it to a PDF;
 * - appeals: deadline = received + the configured term, overdue flag and filter;
 * - the dialog: a reply pushed to two STOMP clients that have the appeal open, refused to a user
 *   without appeals:view; the zip read back (appeal.html, dialog.html, every attachment).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appealDialogTopic, ATTACHMENT_UPLOAD_PATH, CONTRACT_MSG, contractResource } from '@tko/contract';
import { binary, documentText, unzip } from './download';
import * as files from './fixtures/files';
import { createUser } from './helpers';
import { connectClient, json, REDIS_URL, startStompApp, waitFor } from './stomp-helpers';
import type { StompTestApp } from './stomp-helpers';
import { TokenService } from '../src/modules/auth/tokens';

const run = promisify(execFile);
let t: StompTestApp;
let dir: string;
const TERM_DAYS = 12;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'tko-appeals-'));
  t = await startStompApp({ redisUrl: REDIS_URL, overrides: { attachmentsDir: path.join(dir, 'files') } });
});
afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const admin = () => ({ Authorization: `Bearer ${t.tokens.admin}` });
const api = () => request(t.app.server);

async function site(kind: 'container' | 'bulk', extra: Record<string, unknown> = {}): Promise<number> {
  const res = await api().post(`/api/waste-area/${kind}/`).set(admin()).send({
    location: 'Ангарск, 84 квл, 12', coordinates: { lat: 52.537311, lng: 103.886912 }, ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

describe('contracts: revisions', () => {
  it('creates with the spec defaults and checks the ИНН', async () => {
    const res = await api().post('/api/contracts/').set(admin()).send({ number: 'Д-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      number: 'Д-1', revision: 1, revision_status: 'DRAFT', is_approved: false, fee: '1.00',
      customer_base_of_acting: 'ARTICLES_OF_ASSOCIATION', contractor_base_of_acting: 'ARTICLES_OF_ASSOCIATION',
      tko_storing_method: 'CHUTE', kgo_storing_method: 'BUNKER', commercial_accounting: 'QUANTITY',
    });
    const bad = await api().post('/api/contracts/').set(admin()).send({ number: 'Д-2', customer_inn: '7707083890' });
    expect(bad.status).toBe(400);
    expect(bad.body.customer_inn[0]).toMatch(/контрольное число/);
    // Numbers are unique per regional operator (docs/DECISIONS.md «Unique numbers»): a second «Д-1» is
    // refused on `number`, a rename too.
    const twin = await api().post('/api/contracts/').set(admin()).send({ number: 'Д-1' });
    expect(twin.status, JSON.stringify(twin.body)).toBe(400);
    expect(twin.body.number).toEqual(['Запись с таким значением поля «Номер договора» уже существует.']);
    const other = (await api().post('/api/contracts/').set(admin()).send({ number: 'Д-1а' })).body;
    expect((await api().patch(`/api/contracts/${other.id}/`).set(admin()).send({ number: 'Д-1' })).status).toBe(400);
  });

  it('dates the conclusion steps of ПП РФ № 1156: draft deadline in working days, overdue flag, history', async () => {
    const c = (await api().post('/api/contracts/').set(admin()).send({ number: 'Д-5', application_date: '2026-04-27' })).body;
    // 15 working days after 27.04.2026: 1 May, 9 May (a Saturday → 11 May) and the weekends skipped → 20.05.2026.
    const open = await api().get(`/api/contracts/${c.id}/life-cycle/`).set(admin());
    expect(open.status, JSON.stringify(open.body)).toBe(200);
    expect(open.body).toMatchObject({ state: 'APPLICATION', draft_deadline: '2026-05-20', draft_overdue: true }); // today is past it
    const early = await api().patch(`/api/contracts/${c.id}/`).set(admin()).send({ draft_sent_date: '2026-04-20' });
    expect(early.status).toBe(400);
    expect(early.body.draft_sent_date).toEqual(['Проект не может быть направлен раньше поступления заявки.']);
    await api().patch(`/api/contracts/${c.id}/`).set(admin()).send({ draft_sent_date: '2026-05-19' });
    await api().patch(`/api/contracts/${c.id}/`).set(admin()).send({ signing_date: '2026-06-01' });
    const signed = (await api().get(`/api/contracts/${c.id}/life-cycle/`).set(admin())).body;
    expect(signed).toMatchObject({ state: 'SIGNED', draft_overdue: false, application_date: '2026-04-27', draft_sent_date: '2026-05-19', signing_date: '2026-06-01' });
    expect(signed.history.map((h: { field: string; value: string }) => [h.field, h.value])).toEqual([
      ['application_date', '2026-04-27'], ['draft_sent_date', '2026-05-19'], ['signing_date', '2026-06-01'],
    ]);
  });

  it('updates by POST with an id, approves, refuses every write to the approved revision with 409', async () => {
    const created = (await api().post('/api/contracts/').set(admin()).send({ number: 'Д-10', customer_name: 'ООО «Старое»' })).body;
    const upd = await api().post('/api/contracts/').set(admin()).send({ id: created.id, number: 'Д-10', customer_name: 'ООО «Новое»' });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body).toMatchObject({ id: created.id, customer_name: 'ООО «Новое»' });
    expect((await api().get('/api/contracts/').set(admin()).query({ search: 'Д-10' })).body.count).toBe(1);

    const ok = await api().post(`/api/contracts/${created.id}/approve/`).set(admin()).send({});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ revision_status: 'APPROVED', is_approved: true });

    const writes = [
      api().put(`/api/contracts/${created.id}/`).set(admin()).send({ number: 'Д-10', signing_location: 'Иркутск' }),
      api().patch(`/api/contracts/${created.id}/`).set(admin()).send({ signing_location: 'Иркутск' }),
      api().post('/api/contracts/').set(admin()).send({ id: created.id, number: 'Д-10' }),
      api().delete(`/api/contracts/${created.id}/`).set(admin()),
    ];
    for (const res of await Promise.all(writes)) {
      expect(res.status).toBe(409);
      expect(res.body.detail).toBe(CONTRACT_MSG.frozen);
    }
    const again = await api().post(`/api/contracts/${created.id}/approve/`).set(admin()).send({});
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/Утвердить редакцию/);
    expect((await api().get(`/api/contracts/${created.id}/`).set(admin())).body.signing_location).toBeNull();
  });

  it('starts a new revision from the current one, approves it, and lists the history newest first', async () => {
    const siteId = await site('container', { containers: [{ type: 'EURO', volume: '1.1' }, { type: 'STANDARD', volume: '0.75' }] });
    const first = (await api().post('/api/contracts/').set(admin()).send({
      ...contractResource.example, number: 'Д-20', waste_areas: [{ waste_area: siteId, periodicity_on_weekdays: [1, 4] }],
    })).body;
    expect((await api().post(`/api/contracts/${first.id}/revision/`).set(admin())).status).toBe(409); // nothing approved yet
    await api().post(`/api/contracts/${first.id}/approve/`).set(admin()).send({});

    const rev = await api().post(`/api/contracts/${first.id}/revision/`).set(admin());
    expect(rev.status, JSON.stringify(rev.body)).toBe(201);
    expect(rev.body).toMatchObject({ number: 'Д-20', revision: 2, revision_status: 'DRAFT', customer_inn: '7707083893' });
    expect(rev.body.waste_areas).toHaveLength(1);
    expect(rev.body.waste_areas[0]).toMatchObject({ waste_area: siteId, periodicity: 'DAILY', periodicity_on_weekdays: [1, 4] });
    const twice = await api().post(`/api/contracts/${first.id}/revision/`).set(admin());
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe(CONTRACT_MSG.draftExists(2));

    // The draft is editable; approving it archives revision 1.
    expect((await api().patch(`/api/contracts/${rev.body.id}/`).set(admin()).send({ fee: '2500.50' })).status).toBe(200);
    expect((await api().post(`/api/contracts/${rev.body.id}/approve/`).set(admin()).send({})).status).toBe(200);
    expect((await api().get(`/api/contracts/${first.id}/`).set(admin())).body.revision_status).toBe('ARCHIVED');

    const hist = await api().get(`/api/contracts/${first.id}/history/`).set(admin());
    expect(hist.status).toBe(200);
    expect(hist.body.count).toBe(2);
    expect(hist.body.results.map((r: { id: number }) => r.id)).toEqual([rev.body.id, first.id]);
    expect(hist.body.results[0].label).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d — текущая версия$/);
    expect(hist.body.results[1].label).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    expect(hist.body.results.map((r: { is_current: boolean }) => r.is_current)).toEqual([true, false]);
    // The same history from either revision.
    expect((await api().get(`/api/contracts/${rev.body.id}/history/`).set(admin())).body).toEqual(hist.body);
  });
});

describe('contracts: waste areas and the printable form', () => {
  let contractId: number;
  let siteId: number;

  beforeAll(async () => {
    siteId = await site('container', { containers: [{ type: 'EURO', volume: '1.1' }] });
    const res = await api().post('/api/contracts/').set(admin()).send({
      ...contractResource.example, number: 'Д-30/2026', waste_areas: [{ waste_area: siteId }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    contractId = res.body.id;
  });

  it('lists the waste areas with the site, its kind and containers; the site card names the contract', async () => {
    const res = await api().get(`/api/contracts/${contractId}/waste-areas/`).set(admin()).query({ page_size: 500 });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(1);
    expect(res.body.results[0]).toMatchObject({
      waste_area: { id: siteId }, waste_area_type: 'CONTAINER_WASTE_AREA', waste_area_location: 'Ангарск, 84 квл, 12',
      waste_area_coordinates: { lat: 52.537311, lng: 103.886912 }, periodicity: 'DAILY', containers: [{ type: 'EURO', volume: '1.100' }],
    });
    const card = await api().get(`/api/waste-area/container/${siteId}/`).set(admin());
    expect(card.body.contracts).toEqual([{ id: contractId, name: '№ Д-30/2026 (ред. 1, черновик)' }]);

    const bulk = await site('bulk');
    const bad = await api().patch(`/api/contracts/${contractId}/`).set(admin()).send({ waste_areas: [{ waste_area: bulk }] });
    expect(bad.status).toBe(400);
    const missing = await api().patch(`/api/contracts/${contractId}/`).set(admin()).send({ waste_areas: [{ waste_area: 999999 }] });
    expect(missing.status).toBe(400);
  });

  it('prints the typical contract as a DOCX that LibreOffice opens', async () => {
    // The customer from the legal-entity registry: its ОГРН and КПП are printed with the contract's ИНН.
    const { rows: [le] } = await t.pool.query<{ id: number }>(
      `INSERT INTO legal_entity (name, inn, kpp, ogrn) VALUES ('ООО «Управляющая компания Центр»', '7707083893', '773601001', '1027700132195') RETURNING id`,
    );
    expect((await api().patch(`/api/contracts/${contractId}/`).set(admin()).send({ customer: le!.id, customer_signatory: 'Петров Пётр Петрович' })).status).toBe(200);
    const res = await api().get(`/api/contracts/${contractId}/docx/`).set(admin()).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/wordprocessingml/);
    const text = documentText(await unzip(res.body as Buffer));
    expect(text).toContain('ДОГОВОР № Д-30/2026');
    expect(text).toContain('на оказание услуг по обращению с твёрдыми коммунальными отходами');
    expect(text).toContain('ООО «Управляющая компания Центр»');
    expect(text).toContain('ИНН 7707083893, ОГРН 1027700132195, КПП 773601001, в лице генерального директора Петрова Петра Петровича, действующего');
    // The requisites table: label, then the operator's and the customer's value (a blank line for what is unknown).
    expect(text).toContain('ИНН3811439309');
    expect(text).toContain('КПП________________773601001');
    expect(text).toContain('ОГРН (ОГРНИП)________________ОГРН 1027700132195');
    // Only the objects' storing method: a container site, not the default «Мусоропроводы…» (typical form п. 3).
    expect(text).toContain('Контейнеры на контейнерных площадках');
    expect(text).not.toContain('Мусоропроводы');
    expect(text).toContain('Ангарск, 84 квл, 12');
    expect(text).toContain('15.01.2026');

    const docx = path.join(dir, 'contract.docx');
    await writeFile(docx, res.body as Buffer);
    await run('libreoffice', ['--headless', `-env:UserInstallation=file://${dir}/lo`, '--convert-to', 'pdf', '--outdir', dir, docx], { timeout: 120_000 });
    const pdf = await readFile(path.join(dir, 'contract.pdf'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5000);
  }, 150_000);

  it('computes each object’s volume and the price from the single tariff in force (ПП РФ № 505, № 1156)', async () => {
    // A source of 150 residents at 2.1 m³ per resident a year (the seeded MKD_RESIDENT norm): 315 m³.
    const { rows } = await t.pool.query<{ id: number }>(
      `INSERT INTO waste_source (name, location, category, normative_value, normative_unit_id)
       SELECT 'Дом', 'Ангарск, 84 квл, 1', 'MULTI_APARTMENT', 150, id FROM normative_unit WHERE code = 'MKD_RESIDENT' RETURNING id`,
    );
    const source = rows[0]!.id;
    for (const tariff of [
      { start_date: '2025-01-01', end_date: '2025-12-31', cost: '500' },
      { start_date: '2026-01-01', end_date: '2026-12-31', cost: '612.45' },
    ]) {
      const res = await api().post('/api/tariffs/reg-operator/').set(admin()).send({ kind: 'SINGLE', name: 'Единый тариф', unit: 'RUB_PER_M3', ...tariff });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const child = (await api().get(`/api/contracts/${contractId}/`).set(admin())).body.waste_areas[0].id as number;
    const patched = await api().patch(`/api/contracts/${contractId}/`).set(admin())
      .send({ waste_areas: [{ id: child, waste_source: source, kgo_volume_year: '12.5' }] });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);

    // By containers: 1.1 m³ daily = 401.5 m³ + 12.5 m³ КГО = 414 m³ × 612.45 (the 2026 tariff, the
    // contract taking effect 01.02.2026) = 253 554.30 руб. a year, 21 129.525 → 21 129.53 a month.
    const byContainers = await api().get(`/api/contracts/${contractId}/price/`).set(admin());
    expect(byContainers.status, JSON.stringify(byContainers.body)).toBe(200);
    expect(byContainers.body).toMatchObject({
      date: '2026-02-01', commercial_accounting: 'QUANTITY', tko_m3_year: '401.500', kgo_m3_year: '12.500', volume_m3_year: '414.000',
      tariff: { cost: '612.45', unit: 'RUB_PER_M3' }, price_year: '253554.30', price_month: '21129.53', reasons: [],
      objects: [{ waste_area: { id: siteId }, waste_source: { id: source }, tko_m3_year: '401.500', containers_m3: '1.100', collections_per_year: '365.0' }],
    });
    // By normative: 315 + 12.5 = 327.5 m³ × 612.45 = 200 577.375 → 200 577.38 руб.; / 12 = 16 714.78.
    await api().patch(`/api/contracts/${contractId}/`).set(admin()).send({ commercial_accounting: 'NORMATIVE' });
    const byNorm = (await api().get(`/api/contracts/${contractId}/price/`).set(admin())).body;
    expect(byNorm).toMatchObject({ tko_m3_year: '315.000', volume_m3_year: '327.500', price_year: '200577.38', price_month: '16714.78' });
    const areas = await api().get(`/api/contracts/${contractId}/waste-areas/`).set(admin());
    expect(areas.body.results[0]).toMatchObject({ waste_source: { id: source, name: 'Дом, Ангарск, 84 квл, 1' }, kgo_volume_year: '12.500' });
    // The printed contract states that price, not the fee, and the annex the object's volumes.
    const docx = await api().get(`/api/contracts/${contractId}/docx/`).set(admin()).buffer(true).parse(binary);
    const text = documentText(await unzip(docx.body as Buffer));
    expect(text).toContain('Цена настоящего договора составляет 200\u202f577,38 руб. в год (16\u202f714,78 руб. в месяц)');
    expect(text).toContain('× объём 327,5 м³ в год');
    expect(text).toContain('Дом, Ангарск, 84 квл, 1');
    expect(text).toContain('315 м³');
    expect(text).not.toContain('Цена настоящего договора: 1');
  });
});

describe('appeals', () => {
  it('sets the deadline from the received date and the configured term; flags and filters overdue ones', async () => {
    // The term of the category «Другое» set in the system settings (calendar days).
    expect((await api().put('/api/system-settings/').set(admin()).send({ appeal_terms: [{ category: 'OTHER', days: TERM_DAYS, working_days: false }] })).status).toBe(200);
    const received = '2026-01-10T08:00:00.000Z';
    const a = await api().post('/api/appeals/').set(admin()).send({ author_name: 'Иванов И. И.', text: 'Не вывезли мусор.', received_at: received });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(a.body.deadline_at).toBe(new Date(Date.parse(received) + TERM_DAYS * 86_400_000).toISOString());
    expect(a.body).toMatchObject({ status: 'NEW', is_overdue: true });

    const fresh = await api().post('/api/appeals/').set(admin()).send({ author_name: 'Петрова А. А.', text: 'Сломан контейнер.' });
    expect(fresh.body.is_overdue).toBe(false);
    expect(Date.parse(fresh.body.deadline_at) - Date.parse(fresh.body.received_at)).toBe(TERM_DAYS * 86_400_000);
    const answered = await api().post('/api/appeals/').set(admin()).send({ author_name: 'Сидоров', text: 'Спасибо.', received_at: received, status: 'ANSWERED' });
    expect(answered.body.is_overdue).toBe(false);

    // Moving the received date moves a computed deadline; an edited deadline stays.
    const moved = await api().patch(`/api/appeals/${a.body.id}/`).set(admin()).send({ received_at: '2026-01-20T08:00:00.000Z' });
    expect(moved.body.deadline_at).toBe(new Date(Date.parse('2026-01-20T08:00:00.000Z') + TERM_DAYS * 86_400_000).toISOString());
    await api().patch(`/api/appeals/${a.body.id}/`).set(admin()).send({ deadline_at: '2026-03-01T00:00:00.000Z' });
    const kept = await api().patch(`/api/appeals/${a.body.id}/`).set(admin()).send({ received_at: '2026-01-25T08:00:00.000Z' });
    expect(kept.body.deadline_at).toBe('2026-03-01T00:00:00.000Z');

    const overdue = await api().get('/api/appeals/').set(admin()).query({ is_overdue: 'true', page_size: 500 });
    const ids = overdue.body.results.map((r: { id: number }) => r.id);
    expect(ids).toContain(a.body.id);
    expect(ids).not.toContain(fresh.body.id);
    expect(ids).not.toContain(answered.body.id);
  });

  it('pushes a reply live to everyone who has the appeal open, and zips the appeal with its dialog and files', async () => {
    const appeal = (await api().post('/api/appeals/').set(admin()).send({ author_name: 'Кузнецова О. В.', text: 'Площадка переполнена <3 дня>.' })).body;
    const ts = new TokenService(t.config.jwtSecret, t.config.accessTokenLifetime, t.config.refreshTokenLifetime);
    const operator = await createUser(t.pool, 'operator@test.local', ['appeals:view', 'appeals:change'], { first: 'Олег', last: 'Операторов' });
    const a = await connectClient(t.wsUrl, t.tokens.admin);
    const b = await connectClient(t.wsUrl, ts.access(operator));
    const outsider = await connectClient(t.wsUrl, t.tokens.viewer);
    try {
      const gotA = await a.subscribe(appealDialogTopic(appeal.id));
      const gotB = await b.subscribe(appealDialogTopic(appeal.id));
      await expect(outsider.subscribe(appealDialogTopic(appeal.id))).rejects.toThrow(/refused/);

      const up = await api().post(ATTACHMENT_UPLOAD_PATH).set({ Authorization: `Bearer ${ts.access(operator)}` })
        .attach('file', files.pdf(), { filename: 'akt.pdf', contentType: 'application/pdf' });
      expect(up.status, JSON.stringify(up.body)).toBe(201);
      const reply = await api().post(`/api/appeals/${appeal.id}/reply/`).set({ Authorization: `Bearer ${ts.access(operator)}` })
        .send({ text: 'Вывоз назначен на завтра.', files: [up.body.id] });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body).toMatchObject({ author_name: 'Операторов Олег', text: 'Вывоз назначен на завтра.', files: [{ id: up.body.id, name: 'akt.pdf' }] });

      await waitFor(() => gotA.length > 0 && gotB.length > 0, 'the reply on both clients');
      for (const got of [gotA, gotB]) expect(json(got[0]!)).toEqual(reply.body);

      // Someone else's file cannot be attached.
      const foreign = await api().post(ATTACHMENT_UPLOAD_PATH).set(admin()).attach('file', files.pdf(), { filename: 'x.pdf', contentType: 'application/pdf' });
      const refused = await api().post(`/api/appeals/${appeal.id}/reply/`).set({ Authorization: `Bearer ${ts.access(operator)}` }).send({ text: 'ещё', files: [foreign.body.id] });
      expect(refused.status).toBe(400);
      expect(refused.body['files.0']).toBeDefined();

      const dialog = await api().get(`/api/appeals/${appeal.id}/dialog/`).set(admin());
      expect(dialog.body.count).toBe(1);
      const card = await api().get(`/api/appeals/${appeal.id}/`).set(admin());
      expect(card.body.status).toBe('IN_PROGRESS');
      expect(card.body.attachments.map((f: { id: number }) => f.id)).toEqual([up.body.id]);

      const zip = await api().get(`/api/appeals/${appeal.id}/zip/`).set(admin()).buffer(true).parse(binary);
      expect(zip.status).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      const entries = await unzip(zip.body as Buffer);
      expect([...entries.keys()].sort()).toEqual(['appeal.html', 'dialog.html', 'files/akt.pdf']);
      expect(entries.get('files/akt.pdf')!).toEqual(files.pdf());
      expect(entries.get('appeal.html')!.toString()).toContain('Площадка переполнена &lt;3 дня&gt;.');
      expect(entries.get('dialog.html')!.toString()).toContain('Вывоз назначен на завтра.');
      expect(entries.get('dialog.html')!.toString()).toContain('Операторов Олег');
    } finally {
      await Promise.all([a.disconnect(), b.disconnect(), outsider.disconnect()]);
    }
  });
});
