/**
 * Waste management facilities through HTTP: every field kind round-trips (text, dates, ranges,
 * decimals, enums, enum lists, booleans, point, address, ref, refs to ФККО, computed licence and
 * fkko_tree), the nested `parameters` merge, the current/planned tabs (stage), the ФККО filter,
 * cross-field rules, the public variant and the xlsx export read back.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wasteManagementFacilityResource as def } from '@tko/contract';
import { startTestApp } from './helpers';
import type { TestApp } from './helpers';

const BASE = '/api/waste-management-facility/';
const PUBLIC = '/api/public/v1/facilities/';
let t: TestApp;
let operatorId: number;
let otherOperatorId: number;
/** code → id of the ФККО rows of this file. */
const fkko: Record<string, number> = {};

/** A small real subtree of the catalogue (7 → 7 30 → 7 31 → 7 31 100 → 7 31 110 → items) and one item of block 4. */
const CODES: [string, string][] = [
  ['70000000000', 'ОТХОДЫ ПРИ ВОДОСНАБЖЕНИИ, ВОДООТВЕДЕНИИ, ДЕЯТЕЛЬНОСТИ ПО СБОРУ, ОБРАБОТКЕ, УТИЛИЗАЦИИ, ОБЕЗВРЕЖИВАНИЮ, РАЗМЕЩЕНИЮ ОТХОДОВ'],
  ['73000000000', 'ОТХОДЫ КОММУНАЛЬНЫЕ, ПОДОБНЫЕ КОММУНАЛЬНЫМ НА ПРОИЗВОДСТВЕ И ПРИ ПРЕДОСТАВЛЕНИИ УСЛУГ НАСЕЛЕНИЮ'],
  ['73100000000', 'Отходы коммунальные твердые'],
  ['73110000000', 'Отходы из жилищ'],
  ['73111000000', 'Отходы из жилищ при совместном накоплении'],
  ['73111001724', 'Отходы из жилищ несортированные (исключая крупногабаритные)'],
  ['73111002215', 'Отходы из жилищ крупногабаритные'],
  ['40000000000', 'ОТХОДЫ ПОТРЕБЛЕНИЯ ПРОИЗВОДСТВЕННЫЕ И НЕПРОИЗВОДСТВЕННЫЕ'],
];

beforeAll(async () => {
  t = await startTestApp();
  const { rows } = await t.pool.query<{ id: number; code: string }>(
    'INSERT INTO fkko (code, name) SELECT * FROM unnest($1::text[], $2::text[]) RETURNING id, code',
    [CODES.map((c) => c[0]), CODES.map((c) => c[1])],
  );
  for (const r of rows) fkko[r.code] = r.id;
  const op = await t.pool.query<{ id: number }>(
    `INSERT INTO legal_entity (kind, name, inn, is_operator, license_number, license_issued_by, license_issued_at)
     VALUES ('JURIDICAL_PERSON', 'ООО «Полигон»', '3801000000', true, '(38)-3800123-СТОУРБ/П', 'Управление Росприроднадзора по Иркутской области', '2019-06-10'),
            ('JURIDICAL_PERSON', 'АО «Сортировка»', '3802000000', true, NULL, NULL, NULL)
     RETURNING id`,
  );
  operatorId = op.rows[0]!.id;
  otherOperatorId = op.rows[1]!.id;
});
afterAll(async () => t?.close());

const admin = () => t.auth('admin');
const post = (body: Record<string, unknown>) => request(t.app.server).post(BASE).set(admin()).send(body);
const minimal = (over: Record<string, unknown> = {}) => ({ name: 'Мусоросортировочный комплекс', location: 'Ангарск, промзона', coordinates: '52.55, 103.88', ...over });

describe('every field kind round-trips', () => {
  let card: Record<string, unknown>;

  beforeAll(async () => {
    const res = await post({ ...def.example, operator: operatorId, fkko: [fkko['73111001724'], fkko['73111002215']] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    card = (await request(t.app.server).get(`${BASE}${res.body.id}/`).set(admin())).body;
  });

  it('answers text, dates, ranges, decimals (as strings, their scale), enums, enum lists, booleans, point and address', () => {
    expect(card).toMatchObject({
      name: 'Полигон ТБО г. Ангарска',
      status: 'ACTIVE',
      stage: 'CURRENT',
      purpose: 'DISPOSING',
      location: 'Иркутская обл., Ангарский городской округ, 4 км севернее г. Ангарска',
      coordinates: { lat: 52.586911, lng: 103.882153 },
      structured_address: { region: 'Иркутская область', area: 'Ангарский городской округ' },
      cadastral_number: '38:26:000000:1234',
      commissioning_date: '2004-07-01',
      closing_date: null,
      building_period: { lower: '2002-05-01', upper: '2004-06-30' },
      reconstruction_period: { lower: '2027-01-01', upper: null },
      decommissioning_period: null,
      capital_investment: '125000000.00',
      production_capacity: '150000.000',
      design_capacity: '180000.000',
      available_capacity: '30000.000',
      expiry: '2035-12-31',
      has_negative_impact: true,
      environment_monitoring: ['GROUNDWATER', 'AIR'],
      environment_protection: ['FILM', 'COLLECT_AND_CLEAN_FILTRATE'],
      access_roads: ['ASPHALT'],
      engineering_supports: ['ELECTRICITY_SUPPLY', 'WATER_SUPPLY'],
      conclusion_number: '38-1-15-02',
      conclusion_date: '2002-02-20',
      land_document_kind: 'LEASE',
      area: '12.5000',
      capacity: '3500000.000',
      used: '2100000.000',
      used_last_year: '140000.000',
      remaining_years: '9.5',
      registry_number: '38-00012-З-00592-250914',
      order_date: '2014-09-25',
      order_number: '592',
    });
  });

  it('answers the operator as {id, name} and its licence from the operator card', () => {
    expect(card.operator).toEqual({ id: operatorId, name: 'ООО «Полигон»' });
    expect(card).toMatchObject({
      license_number: '(38)-3800123-СТОУРБ/П',
      license_issued_by: 'Управление Росприроднадзора по Иркутской области',
      license_issued_at: '2019-06-10',
    });
  });

  it('answers the chosen ФККО codes by title and the tree of them with every ancestor', () => {
    expect(card.fkko).toEqual([
      { id: fkko['73111001724'], name: '7 31 110 01 72 4 Отходы из жилищ несортированные (исключая крупногабаритные)' },
      { id: fkko['73111002215'], name: '7 31 110 02 21 5 Отходы из жилищ крупногабаритные' },
    ]);
    const tree = card.fkko_tree as { code: string; selected: boolean; parent_code: string | null; hazard_class: number; level: string }[];
    expect(tree.map((n) => [n.code, n.selected])).toEqual([
      ['70000000000', false], ['73000000000', false], ['73100000000', false], ['73110000000', false],
      ['73111000000', false], ['73111001724', true], ['73111002215', true],
    ]);
    expect(tree[0]).toMatchObject({ parent_code: null, hazard_class: 0, level: 'BLOCK' });
    expect(tree.at(-1)).toMatchObject({ parent_code: '73111000000', hazard_class: 5, level: 'ITEM' });
  });

  it('keeps the answer flat: no `parameters` key, every field at the top level', () => {
    expect(card).not.toHaveProperty('parameters');
    expect(Object.keys(card).sort()).toEqual(Object.keys(def.fields).sort());
  });

  it('follows the operator: a licence changed on the operator shows on the facility; another operator, another licence', async () => {
    await t.pool.query(`UPDATE legal_entity SET license_number = '(38)-3800999-СТОУРБ/П' WHERE id = $1`, [operatorId]);
    const again = await request(t.app.server).get(`${BASE}${card.id}/`).set(admin());
    expect(again.body.license_number).toBe('(38)-3800999-СТОУРБ/П');
    const moved = await request(t.app.server).patch(`${BASE}${card.id}/`).set(admin()).send({ operator: otherOperatorId });
    expect(moved.body).toMatchObject({ operator: { id: otherOperatorId, name: 'АО «Сортировка»' }, license_number: null, license_issued_at: null });
  });

  it('replaces the ФККО codes on update and filters facilities by an accepted code', async () => {
    const other = await post(minimal({ fkko: [fkko['73111001724']] }));
    const upd = await request(t.app.server).patch(`${BASE}${card.id}/`).set(admin()).send({ fkko: [fkko['73111002215']] });
    expect(upd.status).toBe(200);
    expect((upd.body.fkko as { id: number }[]).map((x) => x.id)).toEqual([fkko['73111002215']]);
    expect((upd.body.fkko_tree as { code: string; selected: boolean }[]).filter((n) => n.selected).map((n) => n.code)).toEqual(['73111002215']);
    const byCode = await request(t.app.server).get(BASE).query({ fkko: String(fkko['73111001724']) }).set(admin());
    expect(byCode.body.results.map((r: { id: number }) => r.id)).toEqual([other.body.id]);
    const either = await request(t.app.server).get(BASE).query({ fkko: `${fkko['73111001724']},${fkko['73111002215']}`, ordering: 'id' }).set(admin());
    expect(either.body.results.map((r: { id: number }) => r.id)).toEqual([card.id, other.body.id]);
    expect((await request(t.app.server).get(BASE).query({ fkko: 'x' }).set(admin())).status).toBe(400);
  });
});

describe('the nested `parameters` object', () => {
  it('is merged into the top level on create; a key given at both levels keeps its top-level value', async () => {
    const res = await post(minimal({ name: 'Верхний уровень', parameters: { name: 'Из parameters', design_capacity: '100', area: '2.5', access_roads: ['GRAVEL'] } }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'Верхний уровень', design_capacity: '100.000', area: '2.5000', access_roads: ['GRAVEL'] });
    expect(res.body).not.toHaveProperty('parameters');
  });

  it('is merged on PUT and PATCH too, and validated like top-level fields', async () => {
    const id = (await post(minimal())).body.id;
    const put = await request(t.app.server).put(`${BASE}${id}/`).set(admin()).send(minimal({ parameters: { used: '10', remaining_years: '3' } }));
    expect(put.body).toMatchObject({ used: '10.000', remaining_years: '3.0' });
    const patch = await request(t.app.server).patch(`${BASE}${id}/`).set(admin()).send({ parameters: { capacity: '1000' } });
    expect(patch.body).toMatchObject({ capacity: '1000.000', used: '10.000' });
    const bad = await request(t.app.server).patch(`${BASE}${id}/`).set(admin()).send({ parameters: { capacity: 'много' } });
    expect(bad.status).toBe(400);
    expect(bad.body.capacity).toEqual(['Введите правильное число.']);
  });

  it('is ignored when it is not an object', async () => {
    const res = await post(minimal({ parameters: 'нет' }));
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty('parameters');
  });
});

describe('current and planned tabs', () => {
  it('derive the stage from the status and filter by it', async () => {
    const made: Record<string, number> = {};
    for (const status of ['ACTIVE', 'PLANNED', 'PLANNED_RECONSTRUCTION', 'PLANNED_DECOMMISSION', 'INACTIVE']) {
      const res = await post(minimal({ name: `Объект ${status}`, status }));
      expect(res.body.stage).toBe(status === 'PLANNED' ? 'PLANNED' : 'CURRENT');
      made[status] = res.body.id;
    }
    const ids = async (stage: string) => (await request(t.app.server).get(BASE).query({ stage, page_size: 500 }).set(admin())).body.results.map((r: { id: number }) => r.id);
    const planned = await ids('PLANNED');
    const current = await ids('CURRENT');
    expect(planned).toContain(made.PLANNED);
    for (const s of ['ACTIVE', 'PLANNED_RECONSTRUCTION', 'PLANNED_DECOMMISSION', 'INACTIVE']) {
      expect(current).toContain(made[s]);
      expect(planned).not.toContain(made[s]);
    }
    // Built: the planned facility moves to the current tab.
    await request(t.app.server).patch(`${BASE}${made.PLANNED}/`).set(admin()).send({ status: 'ACTIVE' });
    expect(await ids('PLANNED')).not.toContain(made.PLANNED);
    expect(await ids('CURRENT')).toContain(made.PLANNED);
    // The stage is derived: a body cannot set it.
    const res = await post(minimal({ status: 'ACTIVE', stage: 'PLANNED' }));
    expect(res.body.stage).toBe('CURRENT');
  });
});

describe('validation', () => {
  it('answers 400 per field, in Russian', async () => {
    const res = await post(minimal({
      building_period: { lower: '2004-01-01', upper: '2003-01-01' },
      access_roads: ['ASPHALT', 'ЛЕД'],
      cadastral_number: '38-26-1',
    }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      'building_period.upper': ['Конец периода не может быть раньше начала.'],
      'access_roads.1': ['Значения "ЛЕД" нет среди допустимых вариантов.'],
      cadastral_number: [expect.stringMatching(/^Кадастровый номер вводится в формате/)],
    });
    const refs = await post(minimal({ fkko: [999999] }));
    expect(refs.status).toBe(400);
    expect(refs.body.fkko).toEqual(['Недопустимый первичный ключ «999999» — объект не существует.']);
  });

  it('checks the dates and capacities against each other', async () => {
    const res = await post(minimal({ commissioning_date: '2010-01-01', closing_date: '2009-12-31', design_capacity: '100', available_capacity: '150' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      closing_date: ['Дата вывода из эксплуатации не может быть раньше даты ввода.'],
      available_capacity: ['Свободная мощность не может быть больше проектной.'],
    });
  });
});

describe('public variant /api/public/v1/facilities/', () => {
  it('lists and shows facilities without a token, read-only', async () => {
    const id = (await post(minimal({ name: 'Открытый объект', fkko: [fkko['73111001724']] }))).body.id;
    const list = await request(t.app.server).get(PUBLIC).query({ search: 'Открытый объект' });
    expect(list.status).toBe(200);
    expect(list.body.results.map((r: { id: number }) => r.id)).toEqual([id]);
    const card = await request(t.app.server).get(`${PUBLIC}${id}/`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ id, name: 'Открытый объект', stage: 'CURRENT' });
    expect((card.body.fkko_tree as unknown[]).length).toBe(6);
    expect((await request(t.app.server).post(PUBLIC).send(minimal())).status).toBe(404);
    expect((await request(t.app.server).get(`${PUBLIC}999999/`)).status).toBe(404);
  });
});

describe('xlsx export', () => {
  it('writes a facility with readable ranges, lists, licence and ФККО codes', async () => {
    const id = (await post({ ...def.example, name: 'Полигон для выгрузки', operator: operatorId, fkko: [fkko['73111001724']] })).body.id;
    const res = await request(t.app.server).post(`${BASE}xlsx/`).set(admin()).send({ search: 'Полигон для выгрузки' })
      .buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const cell = (label: string) => sheet.getRow(2).getCell(header.indexOf(label) + 1).value;
    expect(cell('ID')).toBe(id);
    expect(cell('Период строительства')).toBe('01.05.2002 — 30.06.2004');
    expect(cell('Период реконструкции')).toBe('01.01.2027 — …');
    expect(cell('Подъездные пути')).toBe('Асфальт');
    expect(cell('Мониторинг окружающей среды')).toBe('Подземные воды; Атмосферный воздух');
    expect(cell('Статус')).toBe('Действующий');
    expect(cell('Раздел')).toBe('Действующие объекты');
    expect(cell('Оператор')).toBe('ООО «Полигон»');
    expect(cell('Номер лицензии оператора')).toBe('(38)-3800999-СТОУРБ/П');
    expect(cell('Проектная мощность, т/год')).toBe(180000);
    expect(cell('Виды отходов (ФККО)')).toBe('7 31 110 01 72 4 Отходы из жилищ несортированные (исключая крупногабаритные)');
    expect(String(cell('Дерево ФККО'))).toMatch(/^7 00 000 00 00 0 ОТХОДЫ ПРИ ВОДОСНАБЖЕНИИ.*; 7 31 110 01 72 4 Отходы из жилищ несортированные \(исключая крупногабаритные\)$/);
    expect(cell('Объект негативного воздействия на окружающую среду')).toBe('Да');
  });
});
