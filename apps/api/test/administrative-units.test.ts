/**
 * Administrative units over the real ОКТМО file (regions 01 and 03): paging with page_size 500,
 * search by name and code, the region / level / parent filters, the public list and card, PUT
 * validation (spec 03 §5) and what it may change, and the xlsx export on GET and POST
 * /api/dicts/administrative-unit/export/ read back.
 */
import ExcelJS from 'exceljs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataDir, importOktmo, OKTMO_FILE } from '@tko/db';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { TokenService } from '../src/modules/auth/tokens';
import { binary } from './download';

const PATH = '/api/dicts/administrative-unit/';
const PUBLIC = '/api/public/v1/dicts/administrative-unit/';
let t: TestApp;
let aleisky: number;
let operatorId: number;

beforeAll(async () => {
  t = await startTestApp();
  await importOktmo(t.pool, path.join(dataDir(), OKTMO_FILE));
  aleisky = (await t.pool.query(`SELECT id FROM administrative_unit WHERE code = '01601402'`)).rows[0].id;
  operatorId = (await t.pool.query(`INSERT INTO legal_entity (name, is_reg_operator) VALUES ('ООО «Вторресурс»', true) RETURNING id`)).rows[0].id;
});
afterAll(async () => t?.close());

const get = (p: string, query: Record<string, string | number> = {}) => request(t.app.server).get(p).query(query).set(t.auth('admin'));

async function sheetOf(res: request.Response) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.body as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('list', () => {
  it('pages 4 513 units 500 at a time by code, with next links', async () => {
    const first = await get(PATH, { page_size: 500 });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(4513);
    expect(first.body.results).toHaveLength(500);
    expect(first.body.results[0]).toMatchObject({ code: '01601000', name: 'Алейский муниципальный район', level: 'MUNICIPAL_DISTRICT', region: '01', section: 1 });
    expect(first.body.next).toMatch(/page=2/);
    const last = await get(PATH, { page_size: 500, page: 10 });
    expect(last.body.results).toHaveLength(13);
    expect(last.body.next).toBeNull();
    expect((await get(PATH, { page_size: 501 })).status).toBe(400);
  });

  it('searches by name and by code', async () => {
    const byName = await get(PATH, { search: 'алейский сельсовет' });
    // Case-insensitive substring: «Алейский», «Усть-Алейский», «Новоалейский», «Староалейский» сельсоветы.
    expect(byName.body.results.map((r: { code: string }) => r.code)).toEqual(['01601402', '01615480', '01650433', '01650466']);
    const byCode = await get(PATH, { search: '03731000', page_size: 500 });
    expect(byCode.body.results[0]).toMatchObject({ code: '03731000', name: 'Сириус' });
    expect(byCode.body.count).toBeGreaterThan(1);
    expect(byCode.body.results.every((r: { code: string; parent_code: string | null }) => r.code === '03731000' || r.parent_code === '03731000')).toBe(true);
  });

  it('filters by region, level and parent; refuses malformed codes', async () => {
    expect((await get(PATH, { region: '03' })).body.count).toBe(2191);
    expect((await get(PATH, { region: '01,03' })).body.count).toBe(4513);
    const okrugs = await get(PATH, { region: '03', level: 'URBAN_OKRUG', ordering: 'name', page_size: 500 });
    expect(okrugs.body.results.map((r: { name: string }) => r.name)).toEqual([
      'Сириус', 'город Армавир', 'город Горячий Ключ', 'город Краснодар', 'город Новороссийск', 'город-курорт Анапа', 'город-курорт Геленджик', 'город-курорт Сочи',
    ]);
    const inAleisky = await get(PATH, { parent: '01601000', page_size: 500 });
    expect(inAleisky.body.count).toBe(19);
    expect(inAleisky.body.results.every((r: { level: string; area: string }) => r.level === 'RURAL_SETTLEMENT' && r.area === 'Алейский муниципальный район')).toBe(true);
    const bad = await get(PATH, { region: '1', parent: '016010' });
    expect(bad.status).toBe(400);
    expect(bad.body.region).toEqual(['Код субъекта — две цифры, например 01 или 03.']);
    expect(bad.body.parent).toEqual(['Код вышестоящего образования — 8 цифр ОКТМО.']);
  });

  it('finds a unit by its exact ОКТМО code (the web opens /dicts/atu/view/{oktmo}/ this way), publicly too', async () => {
    const one = await get(PATH, { code: '01601000' });
    expect(one.status).toBe(200);
    expect(one.body.results.map((r: { code: string }) => r.code)).toEqual(['01601000']);
    // Exact, not a substring: the formation's 19 settlements are not found by its code.
    expect((await get(PATH, { code: '01601402,03731000' })).body.results.map((r: { code: string }) => r.code)).toEqual(['01601402', '03731000']);
    expect((await get(PATH, { code: '01601999' })).body.count).toBe(0);
    const pub = await request(t.app.server).get(PUBLIC).query({ code: '01601402' });
    expect(pub.body.results.map((r: { name: string }) => r.name)).toEqual(['Алейский сельсовет']);
    const bad = await get(PATH, { code: '0160' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toEqual(['Код ОКТМО — 8 или 11 цифр.']);
  });

  it('has a public list and card for anonymous visitors', async () => {
    const list = await request(t.app.server).get(PUBLIC).query({ region: '01', level: 'URBAN_OKRUG' });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(10);
    const card = await request(t.app.server).get(`${PUBLIC}${aleisky}/`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ code: '01601402', name: 'Алейский сельсовет', parent_code: '01601000' });
    expect((await request(t.app.server).put(`${PUBLIC}${aleisky}/`).send({ head: 'x' })).status).toBe(404);
    expect((await request(t.app.server).get(`${PATH}${aleisky}/`)).status).toBe(401);
  });
});

describe('PUT', () => {
  it('changes head, phone, e-mail, population and the regional operator', async () => {
    const res = await request(t.app.server).put(`${PATH}${aleisky}/`).set(t.auth('admin')).send({
      name: 'Алейский сельсовет', head: 'Иванов Иван Иванович', phone: '+7 (38553) 2-11-45', email: 'aleisk-ss@example.ru', population: 2370, reg_operator: operatorId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ head: 'Иванов Иван Иванович', phone: '+7 (38553) 2-11-45', email: 'aleisk-ss@example.ru', population: 2370, reg_operator: { id: operatorId, name: 'ООО «Вторресурс»' } });
  });

  it('never writes what follows from the code (level, region, section, parent) or the import source', async () => {
    const res = await request(t.app.server).patch(`${PATH}${aleisky}/`).set(t.auth('admin')).send({ level: 'LOCALITY', region: '99', section: 2, parent_code: '99999999', data_import_source: 'руками' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ level: 'RURAL_SETTLEMENT', region: '01', section: 1, parent_code: '01601000', data_import_source: 'oktmo' });
  });

  it('answers 400 per field, in Russian, for bad contacts, population, code and operator', async () => {
    const res = await request(t.app.server).patch(`${PATH}${aleisky}/`).set(t.auth('admin')).send({ phone: 'нет', email: 'глава@', population: -5, code: '0160140', name: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      phone: [expect.stringMatching(/номер телефона/)],
      email: ['Введите правильный адрес электронной почты.'],
      population: ['Убедитесь, что это значение больше либо равно 0.'],
      code: [expect.stringMatching(/8 цифр/)],
      name: ['Это поле не может быть пустым.'],
    });
    expect((await request(t.app.server).patch(`${PATH}${aleisky}/`).set(t.auth('admin')).send({ population: 'много' })).body.population).toEqual(['Введите правильное целое число.']);
    expect((await request(t.app.server).patch(`${PATH}${aleisky}/`).set(t.auth('admin')).send({ reg_operator: 999999 })).body.reg_operator[0]).toMatch(/не существует/);
    const dup = await request(t.app.server).patch(`${PATH}${aleisky}/`).set(t.auth('admin')).send({ code: '01601000' });
    expect(dup.status).toBe(400);
    expect(dup.body.code).toEqual(['Запись с таким значением поля «Код ОКТМО» уже существует.']);
    expect((await t.pool.query('SELECT code, population FROM administrative_unit WHERE id = $1', [aleisky])).rows[0]).toEqual({ code: '01601402', population: 2370 });
  });

  it('a unit added by hand gets its level, region and parent from its code', async () => {
    const res = await request(t.app.server).post(PATH).set(t.auth('admin')).send({ code: '01601499', name: 'Новый сельсовет' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ level: 'RURAL_SETTLEMENT', region: '01', section: 1, parent_code: '01601000', data_import_source: null });
  });
});

describe('export', () => {
  it('GET …/export/ with the list filters in the query answers an xlsx of the matching units', async () => {
    const res = await request(t.app.server).get(`${PATH}export/`).query({ region: '01', level: 'URBAN_OKRUG', ordering: 'name' }).set(t.auth('admin')).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const sheet = await sheetOf(res);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['ID', 'Код ОКТМО', 'Наименование', 'Район (муниципальный район, городской округ)']);
    expect(sheet.rowCount).toBe(11);
    const names = Array.from({ length: 10 }, (_, i) => sheet.getRow(i + 2).getCell(3).value);
    expect(names).toContain('город Барнаул');
    expect(names).toContain('ЗАТО Сибирский');
    expect(sheet.getRow(2).getCell(header.indexOf('Уровень') + 1).value).toBe('Городской округ');
  });

  it('POST …/export/ takes the filters in the body; bad filters are 400; it needs the export permission', async () => {
    const res = await request(t.app.server).post(`${PATH}export/`).set(t.auth('admin')).send({ parent: ['01601000'] }).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect((await sheetOf(res)).rowCount).toBe(21); // header + 19 settlements of the district + the one added by hand
    expect((await request(t.app.server).get(`${PATH}export/`).query({ region: 'Алтай' }).set(t.auth('admin'))).status).toBe(400);
    const uid = await createUser(t.pool, 'atu-viewer@test.local', ['administrative-unit:view']);
    const viewer = { Authorization: `Bearer ${new TokenService(t.config.jwtSecret, 300, 86400).access(uid)}` };
    expect((await request(t.app.server).get(`${PATH}export/`).set(viewer)).status).toBe(403);
    expect((await request(t.app.server).post(`${PATH}export/`).send({})).status).toBe(401);
  });
});
