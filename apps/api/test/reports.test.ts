/**
 * Regulatory reports (issue 13) on the real app and database: the kinds and their field trees,
 * `data` validated by path, the review workflow step by step (allowed and refused by role and
 * status, 409 on a wrong state and on edits outside DRAFT / BEING_FINALIZED), per-field comments
 * by revision, signing (SHA-256 of the canonical JSON, then frozen), notices to the users the
 * templates name (the seeded roles «Декларант» and «Проверяющий отчёты»), row scope (a declarant
 * never sees another organisation's report: list, card, search, xlsx, personal-area numbers), the
 * /api/report/<form>/ registries, report sets (201 with the default forms; submit and sign as a
 * whole), the template renderer's escaping.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../src/modules/auth/tokens';
import { canonicalJson, canonicalSha256, renderTemplate, signedContent } from '@tko/db';
import type { TestApp } from './helpers';
import { createUser, startTestApp } from './helpers';
import { binary } from './import-helpers';

const R = '/api/bnreports/reports/';
let t: TestApp;
const org = { a: 0, b: 0 };
const tok: Record<'declA' | 'declB' | 'reviewer' | 'otherReviewer', string> = { declA: '', declB: '', reviewer: '', otherReviewer: '' };
const uid: Record<keyof typeof tok, number> = { declA: 0, declB: 0, reviewer: 0, otherReviewer: 0 };
const as = (who: keyof typeof tok) => ({ Authorization: `Bearer ${tok[who]}` });
const http = () => request(t.app.server);

async function userWithRole(email: string, role: string, first: string): Promise<number> {
  const id = await createUser(t.pool, email, [], { first, last: 'Тестов' });
  await t.pool.query(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = $2`, [id, role]);
  return id;
}

const validData = { year: '2025', waste_sources: [{ name: 'Магазин «Берёзка»', location: 'Ангарск, 12 мкр., д. 5', mass_t: '1,5' }] };
async function newReport(who: keyof typeof tok, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await http().post(R).set(as(who)).send({ name: 'Источники 2025', number: 'ИО-1', report_kind: 'WASTE_SOURCES', year: 2025, organization: who === 'declB' ? org.b : org.a, oktmo: '25603101051', data: validData, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}
const step = (who: keyof typeof tok, id: number, action: string) => http().post(`${R}${id}/${action}/`).set(as(who)).send({});
async function notices(who: keyof typeof tok): Promise<string[]> {
  const { rows } = await t.pool.query<{ body: string }>(`SELECT body FROM notification WHERE user_id = $1 ORDER BY id`, [uid[who]]);
  return rows.map((r) => r.body);
}

beforeAll(async () => {
  t = await startTestApp();
  const le = async (name: string, inn: string) => (await t.pool.query<{ id: number }>('INSERT INTO legal_entity (name, inn) VALUES ($1, $2) RETURNING id', [name, inn])).rows[0]!.id;
  org.a = await le('ООО «Декларант А»', '3801009466');
  org.b = await le('ООО «Декларант Б»', '3801131296');
  uid.declA = await userWithRole('decl-a@test.local', 'Декларант', 'Алла');
  uid.declB = await userWithRole('decl-b@test.local', 'Декларант', 'Борис');
  uid.reviewer = await userWithRole('rev@test.local', 'Проверяющий отчёты', 'Вера');
  uid.otherReviewer = await userWithRole('rev2@test.local', 'Проверяющий отчёты', 'Глеб');
  await t.pool.query('INSERT INTO user_organization (user_id, legal_entity_id) VALUES ($1, $2), ($3, $4)', [uid.declA, org.a, uid.declB, org.b]);
  const unit = async (code: string) => (await t.pool.query<{ id: number }>(`INSERT INTO administrative_unit (code, name) VALUES ($1, $2) RETURNING id`, [code, `МО ${code}`])).rows[0]!.id;
  await t.pool.query('INSERT INTO user_administrative_unit (user_id, administrative_unit_id) VALUES ($1, $2), ($3, $4)', [uid.reviewer, await unit('25603101'), uid.otherReviewer, await unit('25701000')]);
  const ts = new TokenService(t.config.jwtSecret, t.config.accessTokenLifetime, t.config.refreshTokenLifetime);
  for (const k of Object.keys(tok) as (keyof typeof tok)[]) tok[k] = ts.access(uid[k]);
});

afterAll(async () => {
  await t?.close();
});

describe('report kinds and data validation', () => {
  it('all-report-infos lists the kinds with their field trees; {reportType}/ gives one, 404 otherwise', async () => {
    const list = await http().get('/api/bnreports/all-report-infos/').query({ page_size: 500 }).set(as('declA'));
    expect(list.status).toBe(200);
    expect(list.body.results.map((k: { report_kind: string }) => k.report_kind).sort()).toEqual(['BALANCE', 'CONTAINER_WASTE_AREA', 'WASTE_MANAGEMENT_FACILITY', 'WASTE_SOURCES']);
    const one = await http().get('/api/bnreports/all-report-infos/BALANCE/').set(as('reviewer'));
    expect(one.body).toMatchObject({ name: expect.any(String), number: '3', fields: expect.any(Array) });
    expect(one.body.fields[0]).toMatchObject({ path: 'year', placeholder: 'Отчётный год' });
    expect((await http().get('/api/bnreports/all-report-infos/NOPE/').set(as('declA'))).status).toBe(404);
    expect((await http().get('/api/report/report-types/').set(as('declA'))).body).toHaveLength(4);
    expect((await http().get('/api/bnreports/notification-events/').set(as('reviewer'))).body.count).toBeGreaterThanOrEqual(7);
  });

  it('a bad `data` is a 400 by field path; a good one is stored as sent', async () => {
    const bad = await http().post(R).set(as('declA')).send({ name: 'Плохой', report_kind: 'WASTE_SOURCES', organization: org.a, data: { waste_sources: [{ name: 'X', location: 'Y', mass_t: 'много' }, { location: 'Z' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      'data.year': ['Обязательное поле.'],
      'data.waste_sources.0.mass_t': ['Введите число, например «12.5».'],
      'data.waste_sources.1.name': ['Обязательное поле.'],
    });
    const id = await newReport('declA');
    const card = await http().get(`${R}${id}/`).set(as('declA'));
    expect(card.body).toMatchObject({ status: 'DRAFT', revision: 1, data: validData, comments: [] });
  });

  it('the /api/report/<form>/ registries keep their kind and normalise data by the form', async () => {
    const res = await http().post('/api/report/form3-report/').set(as('declA')).send({ name: 'Форма 3', organization: org.a, oktmo: '25603101', data: { year: 2025, compiled_on: '2026-01-20', by_hazard_class: [{ hazard_class: '4', formed: '12,5' }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.report_kind).toBe('BALANCE');
    const card = await http().get(`/api/report/form3-report/${res.body.id}/`).set(as('declA'));
    expect(card.body.data).toMatchObject({ year: '2025', compiled_on: '20.01.2026', no_activity: false, by_hazard_class: [{ formed: '12.5', fkko: [] }] });
    const bad = await http().post('/api/report/form3-report/').set(as('declA')).send({ name: 'Форма 3', organization: org.a, data: { year: '2025', by_hazard_class: [{ hazard_class: '9' }] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['data.by_hazard_class.0.hazard_class']);
    const withFields = await http().get(`/api/report/${res.body.id}/`).set(as('declA'));
    expect(withFields.body.fields.length).toBeGreaterThan(0);
    expect((await http().get('/api/report/waste-source-report/').set(as('declA'))).body.results.every((r: { report_kind: string }) => r.report_kind === 'WASTE_SOURCES')).toBe(true);
  });

  it('a draft of form 3 with nonsense saves, but submit refuses it with 400 by path and leaves it a draft (contract checks.ts)', async () => {
    const { rows: [fkko] } = await t.pool.query<{ id: number }>(
      `INSERT INTO fkko (code, name) VALUES ('73111001724', 'Отходы из жилищ несортированные') ON CONFLICT (code) DO UPDATE SET code = EXCLUDED.code RETURNING id`);
    // Class 1 for a class-4 code; received 5 below its parts 50; a negative year end.
    const row = { hazard_class: '1', fkko: fkko!.id, formed: '10', received_total: '5', received_processing: '50', end_of_year: '-1' };
    const res = await http().post('/api/report/form3-report/').set(as('declA')).send({ name: 'Форма 3 с ошибками', organization: org.a, oktmo: '25603101', data: { year: 2025, by_hazard_class: [row] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const refused = await http().post(`/api/report/form3-report/${res.body.id}/submit/`).set(as('declA')).send({});
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      'data.by_hazard_class.0.end_of_year': ['Значение не может быть отрицательным.', 'Баланс не сходится: начало года + образовано + поступило − обработано − утилизировано − обезврежено − передано − размещено = 15 т, а указано −1 т.'],
      'data.by_hazard_class.0.received_total': ['Поступило от других всего (5 т) меньше суммы по видам обращения (50 т).'],
      'data.by_hazard_class.0.hazard_class': ['Класс опасности 1 не совпадает с кодом ФККО 73111001724: последняя цифра кода — класс 4.'],
    });
    expect((await http().get(`${R}${res.body.id}/`).set(as('declA'))).body.status).toBe('DRAFT');
    const fixed = { ...row, hazard_class: '4', received_total: '50', end_of_year: '60' };
    expect((await http().put(`/api/report/form3-report/${res.body.id}/`).set(as('declA')).send({ name: 'Форма 3', organization: org.a, oktmo: '25603101', data: { year: 2025, by_hazard_class: [fixed] } })).status).toBe(200);
    expect((await http().post(`/api/report/form3-report/${res.body.id}/submit/`).set(as('declA')).send({})).body.status).toBe('SUBMITTED_FOR_REVIEW');
  });

  it('a form updates by PUT on the list (id in the body) and by POST on {id}/ too (endpoints.tsv); 400 without id, 404 out of scope, 409 once submitted', async () => {
    const P = '/api/report/waste-source-report/';
    const id = await newReport('declA');
    const byPut = await http().put(P).set(as('declA')).send({ id, name: 'Источники 2025 (PUT)', organization: org.a, data: validData });
    expect(byPut.status, JSON.stringify(byPut.body)).toBe(200);
    expect([byPut.body.id, byPut.body.name, byPut.body.report_kind]).toEqual([id, 'Источники 2025 (PUT)', 'WASTE_SOURCES']);
    const byPost = await http().post(`${P}${id}/`).set(as('declA')).send({ name: 'Источники 2025 (POST)', organization: org.a, data: { ...validData, waste_sources: [{ ...validData.waste_sources[0], mass_t: '2,5' }] } });
    expect(byPost.status, JSON.stringify(byPost.body)).toBe(200);
    const card = await http().get(`${P}${id}/`).set(as('declA'));
    expect(card.body.name).toBe('Источники 2025 (POST)');
    expect(card.body.data.waste_sources[0].mass_t).toBe('2.5');
    expect(await http().put(P).set(as('declA')).send({ name: 'Без id', organization: org.a }).then((r) => [r.status, r.body])).toEqual([400, { id: ['Обязательное поле.'] }]);
    expect((await http().put(P).set(as('declA')).send({ id: 'abc', name: 'x', organization: org.a })).status).toBe(400);
    const bad = await http().post(`${P}${id}/`).set(as('declA')).send({ name: 'x', organization: org.a, data: { year: '2025', waste_sources: [{ mass_t: 'много' }] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).every((k) => k.startsWith('data.waste_sources.0.'))).toBe(true);
    const bId = await newReport('declB', { name: 'Отчёт Б для PUT' });
    expect((await http().put(P).set(as('declA')).send({ id: bId, name: 'Чужой', organization: org.a })).status).toBe(404);
    expect((await http().post(`${P}${bId}/`).set(as('declA')).send({ name: 'Чужой', organization: org.a })).status).toBe(404);
    await t.pool.query('DELETE FROM report WHERE id = $1', [bId]); // the row-scope test counts declB's reports
    expect((await http().put(P).send({ id, name: 'x' })).status).toBe(401);
    expect((await step('declA', id, 'submit')).status).toBe(200);
    expect((await http().post(`${P}${id}/`).set(as('declA')).send({ name: 'После отправки', organization: org.a, data: validData })).status).toBe(409);
  });
});

describe('the review workflow', () => {
  it('every step: allowed for its role and status, 403 for the other role, 409 from another status', async () => {
    const id = await newReport('declA');
    expect((await step('reviewer', id, 'submit')).status).toBe(403);
    expect((await step('declA', id, 'accept')).status).toBe(403);
    expect((await step('declA', id, 'sign')).status).toBe(409);
    expect((await step('reviewer', id, 'approve')).status).toBe(409);
    const s = await step('declA', id, 'submit');
    expect([s.status, s.body.status]).toEqual([200, 'SUBMITTED_FOR_REVIEW']);
    expect((await step('declA', id, 'submit')).body.detail).toBe('Действие «Отправить на проверку» недоступно: объект в состоянии «Отправлен на проверку».');
    const edit = await http().patch(`${R}${id}/`).set(as('declA')).send({ name: 'Правка' });
    expect(edit.status).toBe(409);
    expect((await http().patch(`${R}${id}/`).set(as('reviewer')).send({ name: 'Правка' })).status).toBe(403);
    expect((await step('reviewer', id, 'accept')).body.status).toBe('ACCEPTED_FOR_REVIEW');
    const c = await http().post(`${R}${id}/comments/`).set(as('reviewer')).send({ field_name: 'waste_sources.0.mass_t', text: 'Проверьте массу' });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ field_name: 'waste_sources.0.mass_t', revision: 1, author: 'Тестов Вера' });
    expect((await http().post(`${R}${id}/comments/`).set(as('declA')).send({ field_name: 'x', text: 'y' })).status).toBe(403);
    expect((await step('reviewer', id, 'return')).body.status).toBe('BEING_FINALIZED');
    const fix = await http().patch(`${R}${id}/`).set(as('declA')).send({ data: { ...validData, waste_sources: [{ ...validData.waste_sources[0], mass_t: '2' }] } });
    expect(fix.status, JSON.stringify(fix.body)).toBe(200);
    expect((await http().patch(`${R}${id}/`).set(as('declA')).send({ status: 'APPROVED' })).status).toBe(400);
    const again = await step('declA', id, 'submit');
    expect([again.body.status, again.body.revision]).toEqual(['SUBMITTED_FOR_REVIEW', 2]);
    expect((await http().get(`${R}${id}/`).set(as('declA'))).body.comments).toEqual([expect.objectContaining({ revision: 1, text: 'Проверьте массу' })]);
    await step('reviewer', id, 'accept');
    expect((await step('declA', id, 'approve')).status).toBe(403);
    expect((await step('reviewer', id, 'approve')).body.status).toBe('APPROVED');
    expect((await step('reviewer', id, 'sign')).status).toBe(403);
    const signed = await step('declA', id, 'sign');
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ status: 'SIGNED', signed_by: 'Тестов Алла', signature_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const card = (await http().get(`${R}${id}/`).set(as('declA'))).body;
    expect(card.signature_sha256).toBe(canonicalSha256(signedContent(card)));
    expect((await http().patch(`${R}${id}/`).set(as('declA')).send({ name: 'После подписи' })).status).toBe(409);
    expect((await http().delete(`${R}${id}/`).set(t.auth('admin'))).status).toBe(409);
    expect((await step('declA', id, 'submit')).status).toBe(409);
    const history = await t.pool.query<{ step: string }>(`SELECT step FROM change_log WHERE resource = 'reports' AND object_id = $1 AND step IS NOT NULL ORDER BY id`, [id]);
    expect(history.rows.map((r) => r.step)).toEqual(['submit', 'accept', 'return', 'submit', 'accept', 'approve', 'sign']);
    // The hooks' changes are in their step's history row: the new revision, the signer, time and digest.
    const rows = (await t.pool.query<{ step: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      `SELECT step, before, after FROM change_log WHERE resource = 'reports' AND object_id = $1 AND step IN ('submit', 'sign') ORDER BY id`, [id])).rows;
    expect(rows.map((r) => [r.step, Object.keys(r.after).sort()])).toEqual([
      ['submit', ['status']], ['submit', ['revision', 'status']], ['sign', ['signature_sha256', 'signed_at', 'signed_by', 'status']]]);
    expect([rows[1]!.before.revision, rows[1]!.after.revision]).toEqual([1, 2]);
    expect(rows[2]!.after).toMatchObject({ signed_by: 'Тестов Алла', signed_at: card.signed_at, signature_sha256: card.signature_sha256 });
  });

  it('a rejection needs its reason, which the declarant reads; a rejected report cannot be signed', async () => {
    const id = await newReport('declA');
    await step('declA', id, 'submit');
    await step('reviewer', id, 'accept');
    const bare = await step('reviewer', id, 'reject');
    expect(bare.status).toBe(400);
    expect(Object.keys(bare.body)).toEqual(['rejection_reason']);
    const blank = await http().post(`${R}${id}/reject/`).set(as('reviewer')).send({ rejection_reason: '   ' });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body)).toEqual(['rejection_reason']);
    expect((await http().get(`${R}${id}/`).set(as('declA'))).body.status).toBe('ACCEPTED_FOR_REVIEW');
    const rejected = await http().post(`${R}${id}/reject/`).set(as('reviewer')).send({ rejection_reason: 'Отчёт подан не за тот год.' });
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejection_reason: 'Отчёт подан не за тот год.' });
    expect((await http().get(`${R}${id}/`).set(as('declA'))).body.rejection_reason).toBe('Отчёт подан не за тот год.');
    expect((await step('declA', id, 'sign')).status).toBe(409);
    expect((await step('reviewer', id, 'return')).status).toBe(409);
  });

  it('each step notified the users the templates name, within their scope', async () => {
    const a = await notices('declA');
    expect(a.some((b) => b.includes('принят на проверку'))).toBe(true);
    expect(a.some((b) => b.includes('возвращён на доработку'))).toBe(true);
    expect(a.some((b) => b.includes('одобрен'))).toBe(true);
    expect(a.some((b) => b.includes('отклонён'))).toBe(true);
    expect(a.some((b) => b.includes('комментарий: waste_sources.0.mass_t: Проверьте массу'))).toBe(true);
    const r = await notices('reviewer');
    expect(r.some((b) => b.includes('отправлен на проверку') && b.includes('ООО «Декларант А»'))).toBe(true);
    expect(r.some((b) => b.includes('подписан'))).toBe(true);
    expect(await notices('declB')).toEqual([]);
    expect(await notices('otherReviewer')).toEqual([]);
  });
});

describe('row scope', () => {
  it('a declarant never sees another organisation’s report: list, card, search, xlsx; reviewers by ОКТМО', async () => {
    const bId = await newReport('declB', { name: 'Отчёт Б' });
    const listA = await http().get(R).query({ page_size: 500 }).set(as('declA'));
    expect(listA.body.results.some((r: { id: number }) => r.id === bId)).toBe(false);
    expect(listA.body.results.length).toBeGreaterThan(0);
    expect((await http().get(`${R}${bId}/`).set(as('declA'))).status).toBe(404);
    expect((await step('declA', bId, 'submit')).status).toBe(404);
    const search = await http().post(`${R}search/`).set(as('declA')).send({ search: 'Отчёт Б' });
    expect([search.status, search.body.count]).toEqual([200, 0]);
    const xlsx = await http().post(`${R}xlsx/`).set(as('declB')).send({}).buffer(true).parse(binary);
    expect(xlsx.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.body as unknown as ArrayBuffer);
    const rows: string[] = [];
    wb.worksheets[0]!.eachRow((row, n) => { if (n > 1) rows.push(String(row.values)); });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('Отчёт Б');
    expect((await http().get(`${R}${bId}/`).set(as('reviewer'))).status).toBe(200);
    expect((await http().get(`${R}${bId}/`).set(as('otherReviewer'))).status).toBe(404);
    expect((await http().get(`/api/report/${bId}/`).set(as('declA'))).status).toBe(404);
    // A declarant cannot file a report for another organisation.
    const foreign = await http().post(R).set(as('declA')).send({ name: 'Чужой', organization: org.b, data: validData });
    expect(foreign.status).toBe(400);
  });

  it('the personal-area numbers count the organisation’s own objects only', async () => {
    const site = async (body: Record<string, unknown>) => {
      const res = await http().post('/api/waste-area/container/').set(t.auth('admin')).send({ coordinates: '52.546842, 103.870102', ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await site({ location: 'Площадка А', reg_operator: org.a, containers: [{ type: 'EURO', volume: '1.1' }, { type: 'EURO', volume: '1.1' }] });
    await site({ location: 'Площадка Б', reg_operator: org.b, containers: [{ type: 'EURO', volume: '0.75' }] });
    const a = await http().get('/api/personal-area/numerical-indicators/').set(as('declA'));
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ container_waste_area_count: 1, containers_count: 2, waste_sources_count: 0, facilities_count: 0, wastes_total: '0.000' });
    const b = await http().get('/api/personal-area/numerical-indicators/').set(as('declB'));
    expect(b.body).toMatchObject({ container_waste_area_count: 1, containers_count: 1 });
    // A self-registered declarant whose organisation is not yet confirmed sees zeros, not the region's totals.
    const lone = await userWithRole('decl-none@test.local', 'Декларант', 'Нина');
    await t.pool.query('UPDATE app_user SET is_declarant = true WHERE id = $1', [lone]);
    const none = await http().get('/api/personal-area/numerical-indicators/').set({ Authorization: `Bearer ${new TokenService(t.config.jwtSecret, 300, 600).access(lone)}` });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ container_waste_area_count: 0, containers_count: 0, waste_sources_count: 0, facilities_count: 0, wastes_total: '0.000' });
    const pre = await http().get('/api/bnreports/prefill/CONTAINER_WASTE_AREA/').set(as('declA'));
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.data.waste_areas).toEqual([expect.objectContaining({ location: 'Площадка А', containers: [{ container_type: 'EURO', volume: '1.100', count: '2' }] })]);
    expect((await http().get('/api/bnreports/prefill/CONTAINER_WASTE_AREA/').query({ organization: org.b }).set(as('declA'))).status).toBe(400);
    // A user bound to no organisation: the form with the year only, no organisation — not a 400.
    const bare = await http().get('/api/bnreports/prefill/CONTAINER_WASTE_AREA/').set({ Authorization: `Bearer ${new TokenService(t.config.jwtSecret, 300, 600).access(lone)}` });
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect(bare.body).toEqual({ report_kind: 'CONTAINER_WASTE_AREA', organization: null, data: { year: String(new Date().getFullYear() - 1), contact_person: null, note: null, waste_areas: [] } });
  });
});

describe('report sets', () => {
  it('creating a set answers 201 with the default group’s forms; submit and sign act on its reports', async () => {
    // The spec's body as the client sends it: the declarant's one organisation is taken (row-scope.ts withOwnOrganization).
    const res = await http().post('/api/bnreports/sets/').set(as('declA')).send({ name: 'Новый набор отчётов', status: 'DRAFT', is_signed: false });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'Новый набор отчётов', status: 'DRAFT', is_signed: false, organization: { id: org.a } });
    // Naming another organisation is still refused.
    const other = await http().post('/api/bnreports/sets/').set(as('declA')).send({ name: 'Чужой набор', organization: org.b });
    expect(other.status).toBe(400);
    expect(Object.keys(other.body)).toEqual(['organization']);
    expect(res.body.reports.map((r: { report_kind: string }) => r.report_kind).sort()).toEqual(['BALANCE', 'CONTAINER_WASTE_AREA', 'WASTE_MANAGEMENT_FACILITY', 'WASTE_SOURCES']);
    expect((await http().post('/api/bnreports/sets/').set(as('declA')).send({ name: 'X', is_signed: true, organization: org.a })).status).toBe(400);
    const set = res.body.id as number;
    const rid = await newReport('declA', { report_set: set });
    expect((await http().post(`/api/bnreports/sets/${set}/submit/`).set(as('declA')).send({})).body.status).toBe('SUBMITTED_FOR_REVIEW');
    expect((await http().get(`${R}${rid}/`).set(as('declA'))).body.status).toBe('SUBMITTED_FOR_REVIEW');
    const early = await http().post(`/api/bnreports/sets/${set}/sign/`).set(as('declA')).send({});
    expect(early.status).toBe(409);
    expect(early.body.detail).toContain('подписать можно только одобренные');
    await step('reviewer', rid, 'accept');
    await step('reviewer', rid, 'approve');
    // Only 1 of the set's 4 forms is filed: not signed, the missing forms named.
    const incomplete = await http().post(`/api/bnreports/sets/${set}/sign/`).set(as('declA')).send({});
    expect(incomplete.status).toBe(409);
    expect(incomplete.body.detail).toMatch(/не заполнены формы, входящие в набор: «.+», «.+», «.+»\./);
    expect((await http().get(`${R}${rid}/`).set(as('declA'))).body.status).toBe('APPROVED');
    // The set requires only that form now: it is signed.
    const forms = res.body.reports.map((r: { report_kind: string }) => ({ ...r, in_set: r.report_kind === 'WASTE_SOURCES' }));
    expect((await http().patch(`/api/bnreports/sets/${set}/`).set(as('declA')).send({ reports: forms })).status).toBe(200);
    const signed = await http().post(`/api/bnreports/sets/${set}/sign/`).set(as('declA')).send({});
    expect(signed.body).toMatchObject({ status: 'SIGNED', is_signed: true });
    expect((await http().get(`${R}${rid}/`).set(as('declA'))).body.status).toBe('SIGNED');
    expect((await http().get(`/api/bnreports/sets/${set}/`).set(as('declB'))).status).toBe(404);
  });
});

describe('notification templates', () => {
  it('placeholders are replaced and escaped for HTML; the registry keeps kinds and roles', async () => {
    expect(renderTemplate('Отчёт «{{name}}» {{ status }} {{unknown}}', { name: '<b>Х&Y</b>', status: 'Одобрен' })).toBe('Отчёт «<b>Х&Y</b>» Одобрен ');
    expect(renderTemplate('{{name}}', { name: '<script>"x"</script>' }, 'html')).toBe('&lt;script&gt;&quot;x&quot;&lt;/script&gt;');
    expect(renderTemplate('{{name}}', { name: '{{status}}', status: 'S' })).toBe('{{status}}');
    const role = (await t.pool.query<{ id: number }>(`SELECT id FROM role WHERE name = 'Декларант'`)).rows[0]!.id;
    const res = await http().post('/api/bnreports/notification-templates/').set(as('reviewer')).send({ event: 'APPROVED', template: 'Готово: {{name}}', bnreport_kinds: ['BALANCE'], user_roles: [role] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ event: 'APPROVED', bnreport_kinds: ['BALANCE'], user_roles: [{ id: role, name: 'Декларант' }] });
    expect((await http().post('/api/bnreports/notification-templates/').set(as('declA')).send({ event: 'APPROVED', template: 'x' })).status).toBe(403);
    expect(canonicalJson({ b: [1, { d: null, c: 'т' }], a: true })).toBe('{"a":true,"b":[1,{"c":"т","d":null}]}');
  });
});
