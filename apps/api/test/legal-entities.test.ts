/**
 * Waste handlers (spec 02 §3): the three kinds over one table with their own field sets,
 * check digits with Russian messages per field, roles derived from the flags (read-only) and
 * the roles filter, the territory links, the CLOSED rule, and roles in the xlsx by label.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { individualEntrepreneurResource, juridicalPersonResource, naturalPersonResource } from '@tko/contract';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

const JP = '/api/legal-entities/juridical-person/';
const IE = '/api/legal-entities/individual-entrepreneur/';
const NP = '/api/legal-entities/natural-person/';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const post = (path: string, body: object) => request(t.app.server).post(path).set(t.auth('admin')).send(body);
const get = (path: string, query: Record<string, string | number> = {}) => request(t.app.server).get(path).query(query).set(t.auth('admin'));

const sber = { name: 'Публичное акционерное общество «Сбербанк России»', short_name: 'ПАО Сбербанк', inn: '7707083893', kpp: '773601001', ogrn: '1027700132195', okpo: '00032537' };

describe('field sets of the three kinds', () => {
  it('a juridical person stores its fields and answers exactly its own', async () => {
    const res = await post(JP, { ...sber, okved2: '64.19', chief_name: 'Греф Герман Оскарович', ogrnip: '304500116000157', passport_number: '0104 123456', number_of_residents: 5 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ ...sber, okved2: '64.19', status: 'ACTIVE', roles: [] });
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(juridicalPersonResource.fields).sort());
    for (const k of ['ogrnip', 'passport_number', 'number_of_residents', 'phone']) expect(res.body, k).not.toHaveProperty(k);
    // What another kind's field would have held was not stored either.
    const row = (await t.pool.query('SELECT kind, ogrnip, passport_number, number_of_residents FROM legal_entity WHERE id = $1', [res.body.id])).rows[0];
    expect(row).toEqual({ kind: 'JURIDICAL_PERSON', ogrnip: null, passport_number: null, number_of_residents: null });
  });

  it('an individual entrepreneur has ОГРНИП, passport and residents, and no КПП or ОГРН', async () => {
    const res = await post(IE, { name: 'Иванов Иван Иванович', inn: '500100732259', ogrnip: '304500116000157', kpp: '773601001', ogrn: '1027700132195', passport_number: '0104 123456', number_of_residents: 4, phone: '+7 913 000-00-00' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ ogrnip: '304500116000157', passport_number: '0104 123456', number_of_residents: 4, status: 'ACTIVE' });
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(individualEntrepreneurResource.fields).sort());
    expect(res.body).not.toHaveProperty('kpp');
    expect(res.body).not.toHaveProperty('ogrn');
    expect((await t.pool.query('SELECT kpp, ogrn, kind FROM legal_entity WHERE id = $1', [res.body.id])).rows[0]).toEqual({ kpp: null, ogrn: null, kind: 'INDIVIDUAL_ENTREPRENEUR' });
  });

  it('a natural person has name, ИНН, passport, contacts, address and three role flags, no licence or status', async () => {
    const res = await post(NP, { name: 'Петрова Мария Сергеевна', inn: '500100732259', address: 'г Барнаул, ул. Ленина, 1', is_room_owner: true, is_operator: true, license_number: 'X', status: 'CLOSED' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(naturalPersonResource.fields).sort());
    expect(res.body).toMatchObject({ address: 'г Барнаул, ул. Ленина, 1', is_room_owner: true, roles: ['ROOM_OWNER'] });
    for (const k of ['license_number', 'status', 'is_operator', 'kpp']) expect(res.body, k).not.toHaveProperty(k);
    const row = (await t.pool.query('SELECT is_operator, license_number, status, location FROM legal_entity WHERE id = $1', [res.body.id])).rows[0];
    expect(row).toEqual({ is_operator: false, license_number: null, status: 'ACTIVE', location: 'г Барнаул, ул. Ленина, 1' });
  });

  it('each kind sees only its rows: another kind’s id is 404 and absent from the list', async () => {
    const ie = await post(IE, { name: 'Сидоров Пётр', inn: '500100732259' });
    expect((await get(`${JP}${ie.body.id}/`)).status).toBe(404);
    expect((await request(t.app.server).put(`${JP}${ie.body.id}/`).set(t.auth('admin')).send({ name: 'x' })).status).toBe(404);
    expect((await request(t.app.server).delete(`${NP}${ie.body.id}/`).set(t.auth('admin'))).status).toBe(404);
    const list = await get(JP, { page_size: 500 });
    expect(list.body.results.map((r: { id: number }) => r.id)).not.toContain(ie.body.id);
    expect((await get(`${IE}${ie.body.id}/`)).status).toBe(200);
  });
});

describe('check digits answer 400 per field, in Russian', () => {
  it('juridical person: ИНН, КПП, ОГРН, ОКПО, ОКТМО, ОКВЭД 2, contacts', async () => {
    const res = await post(JP, {
      name: 'ООО «Ошибка»', inn: '7707083894', kpp: '7736ab001', ogrn: '1027700132196', okpo: '00032538', oktmo: '0160100',
      okved2: '38,11', contact_person_phone: 'звонить вечером', contact_person_email: 'почта@',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      inn: ['Неверный ИНН: не сходится контрольное число.'],
      kpp: [expect.stringMatching(/^КПП состоит из 9 символов/)],
      ogrn: ['Неверный ОГРН: не сходится контрольное число.'],
      okpo: ['Неверный код ОКПО: не сходится контрольное число.'],
      oktmo: [expect.stringMatching(/8 цифр/)],
      okved2: [expect.stringMatching(/ОКВЭД 2/)],
      contact_person_phone: [expect.stringMatching(/номер телефона/)],
      contact_person_email: ['Введите правильный адрес электронной почты.'],
    });
    expect((await t.pool.query(`SELECT count(*)::int AS n FROM legal_entity WHERE name = 'ООО «Ошибка»'`)).rows[0].n).toBe(0);
  });

  it('an organisation needs a 10-digit ИНН, a person a 12-digit one; ОГРНИП and passport are checked', async () => {
    expect((await post(JP, { name: 'ООО «Длинный ИНН»', inn: '500100732259' })).body.inn).toEqual(['ИНН юридического лица состоит из 10 цифр.']);
    const ie = await post(IE, { name: 'ИП Короткий', inn: '7707083893', ogrnip: '304500116000158', passport_number: '01 04 12345' });
    expect(ie.status).toBe(400);
    expect(ie.body.inn).toEqual(['ИНН физического лица или индивидуального предпринимателя состоит из 12 цифр.']);
    expect(ie.body.ogrnip).toEqual(['Неверный ОГРНИП: не сходится контрольное число.']);
    expect(ie.body.passport_number[0]).toMatch(/10 цифр/);
    expect((await post(NP, { name: 'Без ИНН', inn: '500100732250' })).body.inn).toEqual(['Неверный ИНН: не сходится контрольное число.']);
  });

  it('a liquidated entity needs its closing date; a negative number of residents is refused', async () => {
    expect((await post(JP, { ...sber, status: 'CLOSED' })).body).toEqual({ closed_at: ['Укажите дату прекращения деятельности.'] });
    expect((await post(JP, { ...sber, status: 'CLOSED', closed_at: '2020-01-01' })).status).toBe(201);
    expect((await post(IE, { name: 'ИП', number_of_residents: -1 })).body.number_of_residents[0]).toMatch(/больше либо равно 0/);
  });
});

describe('bank details (Положение Банка России № 579-П: the accounts’ key against the БИК)', () => {
  // ПАО Сбербанк's published БИК and к/с; a р/с of it as published on a bill (docs/CONTRACTS.md).
  const bank = { bank_name: 'ПАО Сбербанк', bik: '044525225', settlement_account: '40702810238720001420', correspondent_account: '30101810400000000225' };

  it('stores them for an organisation and an entrepreneur; answers them on the card', async () => {
    const jp = await post(JP, { name: 'ООО «С банком»', ...bank });
    expect(jp.status, JSON.stringify(jp.body)).toBe(201);
    expect((await get(`${JP}${jp.body.id}/`)).body).toMatchObject(bank);
    const ie = await post(IE, { name: 'ИП С банком', ...bank, bik: '044525700', settlement_account: '40702810800001400002', correspondent_account: null });
    expect(ie.status, JSON.stringify(ie.body)).toBe(201);
  });

  it('refuses a malformed БИК or account and an account that does not match the БИК, per field in Russian', async () => {
    const form = await post(JP, { name: 'ООО «Формат»', bik: '44525225', settlement_account: '4070281023872000142', correspondent_account: '3010181040000000022x' });
    expect(form.status).toBe(400);
    expect(form.body).toEqual({
      bik: [expect.stringMatching(/^БИК состоит из 9 цифр/)],
      settlement_account: ['Номер счёта состоит из 20 цифр.'],
      correspondent_account: ['Номер счёта состоит из 20 цифр.'],
    });
    // One digit changed in each account: the key no longer matches.
    const key = await post(JP, { name: 'ООО «Ключ»', ...bank, settlement_account: '40702810238720001421', correspondent_account: '30101810500000000225' });
    expect(key.status).toBe(400);
    expect(key.body).toEqual({
      settlement_account: ['Расчётный счёт не соответствует БИК: не сходится контрольный ключ (Положение Банка России № 579-П).'],
      correspondent_account: ['Корреспондентский счёт не соответствует БИК: не сходится контрольный ключ (Положение Банка России № 579-П).'],
    });
    expect((await post(JP, { name: 'ООО «Без БИК»', settlement_account: bank.settlement_account })).body).toEqual({ bik: ['Укажите БИК банка: без него номер счёта не проверить.'] });
    // A PATCH is checked with the stored БИК: another bank's account is refused.
    const ok = (await post(JP, { name: 'ООО «Правка»', ...bank })).body;
    const patched = await request(t.app.server).patch(`${JP}${ok.id}/`).set(t.auth('admin')).send({ settlement_account: '40702810800001400002' });
    expect(patched.status).toBe(400);
    expect(Object.keys(patched.body)).toEqual(['settlement_account']);
  });
});

describe('roles', () => {
  let operatorId: number;
  let producerId: number;

  beforeAll(async () => {
    operatorId = (await post(JP, { name: 'ООО «Региональный оператор»', inn: '7736050003', is_operator: true, is_reg_operator: true })).body.id;
    producerId = (await post(JP, { name: 'ООО «Образователь»', inn: '7702070139', is_waste_producer: true, roles: ['OPERATOR'] })).body.id;
  });

  it('are derived from the true flags, in the enumeration order, and never written', async () => {
    expect((await get(`${JP}${operatorId}/`)).body.roles).toEqual(['OPERATOR', 'REG_OPERATOR']);
    expect((await get(`${JP}${producerId}/`)).body.roles).toEqual(['WASTE_PRODUCER']);
    const patched = await request(t.app.server).patch(`${JP}${operatorId}/`).set(t.auth('admin')).send({ is_operator: false, is_waste_area_owner: true, roles: [] });
    expect(patched.body.roles).toEqual(['REG_OPERATOR', 'WASTE_AREA_OWNER']);
  });

  it('filter the list by any of the given roles', async () => {
    const ids = async (roles: string) => (await get(JP, { roles, page_size: 500 })).body.results.map((r: { id: number }) => r.id);
    expect(await ids('REG_OPERATOR')).toEqual([operatorId]);
    expect((await ids('WASTE_PRODUCER,REG_OPERATOR')).sort()).toEqual([operatorId, producerId].sort());
    expect(await ids('ROOM_OWNER')).toEqual([]);
    const bad = await get(JP, { roles: 'BOSS' });
    expect(bad.status).toBe(400);
    expect(bad.body.roles[0]).toMatch(/нет среди допустимых вариантов/);
  });

  it('are exported to xlsx by their Russian labels', async () => {
    const res = await request(t.app.server).post(`${JP}xlsx/`).set(t.auth('admin')).send({ roles: ['REG_OPERATOR'] }).buffer(true)
      .parse((r, cb) => { const chunks: Buffer[] = []; r.on('data', (c: Buffer) => chunks.push(c)); r.on('end', () => cb(null, Buffer.concat(chunks))); });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = header.indexOf('Роли') + 1;
    expect(col).toBeGreaterThan(0);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(col).value).toBe('Региональный оператор; Собственник места накопления');
  });
});

describe('territory: administrative units and contract zones', () => {
  it('links both and answers them as {id, name}; an unknown id is a 400 on its field', async () => {
    const zone = (await t.pool.query(`INSERT INTO contract_zone (name) VALUES ('Барнаульская зона') RETURNING id`)).rows[0].id;
    const unit = (await t.pool.query(`INSERT INTO administrative_unit (code, name) VALUES ('01701000', 'город Барнаул') RETURNING id`)).rows[0].id;
    const res = await post(JP, { name: 'ООО «Перевозчик»', is_operator: true, contract_zones: [zone], administrative_units: [{ id: unit }], license_number: '(22)-220001-СТ', license_issued_at: '2019-06-10' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.contract_zones).toEqual([{ id: zone, name: 'Барнаульская зона' }]);
    expect(res.body.administrative_units).toEqual([{ id: unit, name: 'город Барнаул' }]);
    const bad = await post(JP, { name: 'ООО «Нет зоны»', contract_zones: [999999] });
    expect(bad.status).toBe(400);
    expect(bad.body.contract_zones[0]).toMatch(/не существует/);
  });
});
