/**
 * Unauthorised dumps through HTTP: GET /api/waste-dumps/responsible-for-liquidation/ (every kind
 * of legal entity that is not closed, search, paging, permissions), a dump with its responsible
 * and land owners, the status and date rules, the overdue flag and filter (problem P301), and
 * the xlsx export read back cell by cell.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp } from './helpers';
import type { TestApp } from './helpers';
import { TokenService } from '../src/modules/auth/tokens';

const BASE = '/api/waste-dumps/';
const RESPONSIBLE = '/api/waste-dumps/responsible-for-liquidation/';
let t: TestApp;
const le: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  const rows: [string, string, string, string | null, string][] = [
    ['org', 'JURIDICAL_PERSON', 'ООО «Ангарский регоператор»', '3801111111', 'ACTIVE'],
    ['ie', 'INDIVIDUAL_ENTREPRENEUR', 'ИП Борисов Андрей Петрович', '380122223333', 'ACTIVE'],
    ['person', 'NATURAL_PERSON', 'Васильева Галина Ивановна', null, 'ACTIVE'],
    ['closed', 'JURIDICAL_PERSON', 'ООО «Закрытое»', '3809999999', 'CLOSED'],
  ];
  for (const [key, kind, name, inn, status] of rows) {
    const r = await t.pool.query<{ id: number }>('INSERT INTO legal_entity (kind, name, inn, status) VALUES ($1, $2, $3, $4) RETURNING id', [kind, name, inn, status]);
    le[key] = r.rows[0]!.id;
  }
});
afterAll(async () => t?.close());

const admin = () => t.auth('admin');
const dump = (over: Record<string, unknown> = {}) => ({
  location: 'Ангарск, пустырь у ул. Космонавтов',
  coordinates: { lat: 52.5301234, lng: 103.9012345 },
  discovery_date: '2026-03-01',
  ...over,
});

describe('GET /api/waste-dumps/responsible-for-liquidation/', () => {
  it('lists every kind of legal entity that is not closed, by name', async () => {
    const res = await request(t.app.server).get(RESPONSIBLE).set(admin());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 3, next: null, previous: null });
    expect(res.body.results).toEqual([
      { id: le.person, name: 'Васильева Галина Ивановна', short_name: null, inn: null, kind: 'NATURAL_PERSON' },
      { id: le.ie, name: 'ИП Борисов Андрей Петрович', short_name: null, inn: '380122223333', kind: 'INDIVIDUAL_ENTREPRENEUR' },
      { id: le.org, name: 'ООО «Ангарский регоператор»', short_name: null, inn: '3801111111', kind: 'JURIDICAL_PERSON' },
    ]);
  });

  it('searches by name (case-insensitive) and by ИНН; `%` is taken literally', async () => {
    const byName = await request(t.app.server).get(RESPONSIBLE).query({ search: 'регоператор' }).set(admin());
    expect(byName.body.results.map((r: { id: number }) => r.id)).toEqual([le.org]);
    const byInn = await request(t.app.server).get(RESPONSIBLE).query({ search: '2222' }).set(admin());
    expect(byInn.body.results.map((r: { id: number }) => r.id)).toEqual([le.ie]);
    expect((await request(t.app.server).get(RESPONSIBLE).query({ search: '%' }).set(admin())).body.count).toBe(0);
  });

  it('pages with absolute links; 404 past the end; 400 for an unknown parameter', async () => {
    const p1 = await request(t.app.server).get(RESPONSIBLE).query({ page_size: 1 }).set(admin());
    expect(p1.body.results).toHaveLength(1);
    expect(p1.body.next).toMatch(/^http:\/\/.+\/api\/waste-dumps\/responsible-for-liquidation\/\?page_size=1&page=2$/);
    const p3 = await request(t.app.server).get(RESPONSIBLE).query({ page_size: 1, page: 3 }).set(admin());
    expect(p3.body.results[0].id).toBe(le.org);
    const p2 = await request(t.app.server).get(RESPONSIBLE).query({ page_size: 1, page: 2 }).set(admin());
    expect(p2.body.results[0].id).toBe(le.ie);
    expect(p3.body.next).toBeNull();
    expect((await request(t.app.server).get(RESPONSIBLE).query({ page_size: 1, page: 4 }).set(admin())).status).toBe(404);
    const bad = await request(t.app.server).get(RESPONSIBLE).query({ kind: 'x' }).set(admin());
    expect(bad.status).toBe(400);
  });

  it('needs waste-dumps:view', async () => {
    expect((await request(t.app.server).get(RESPONSIBLE)).status).toBe(401);
    const uid = await createUser(t.pool, 'no-dumps@test.local', ['container:view']);
    const token = new TokenService(t.config.jwtSecret, 300, 86400).access(uid);
    expect((await request(t.app.server).get(RESPONSIBLE).set({ Authorization: `Bearer ${token}` })).status).toBe(403);
    const viewer = await createUser(t.pool, 'dumps-view@test.local', ['waste-dumps:view']);
    const vt = new TokenService(t.config.jwtSecret, 300, 86400).access(viewer);
    expect((await request(t.app.server).get(RESPONSIBLE).set({ Authorization: `Bearer ${vt}` })).status).toBe(200);
  });
});

describe('a dump and its legal entities', () => {
  it('stores the responsible and the land owners of any kind, answered as {id, name}', async () => {
    const res = await request(t.app.server).post(BASE).set(admin()).send(dump({
      responsible_for_liquidation: le.org,
      land_owners: [le.person, { id: le.ie }],
      liquidation_period: { lower: '2026-03-10', upper: '2026-04-10' },
      area: '120',
      volume: 85.5,
    }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'DETECTED',
      responsible_for_liquidation: { id: le.org, name: 'ООО «Ангарский регоператор»' },
      land_owners: [{ id: le.person, name: 'Васильева Галина Ивановна' }, { id: le.ie, name: 'ИП Борисов Андрей Петрович' }],
      liquidation_period: { lower: '2026-03-10', upper: '2026-04-10' },
      area: '120.00',
      volume: '85.500',
      coordinates: { lat: 52.530123, lng: 103.901235 },
    });
    const byOwner = await request(t.app.server).get(BASE).query({ land_owners: String(le.person) }).set(admin());
    expect(byOwner.body.results.map((r: { id: number }) => r.id)).toEqual([res.body.id]);
    const byResponsible = await request(t.app.server).get(BASE).query({ responsible_for_liquidation: String(le.org) }).set(admin());
    expect(byResponsible.body.results.map((r: { id: number }) => r.id)).toEqual([res.body.id]);
  });

  it('answers 400 on the field for an unknown legal entity', async () => {
    const res = await request(t.app.server).post(BASE).set(admin()).send(dump({ responsible_for_liquidation: 999999, land_owners: [le.org, 888888] }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      responsible_for_liquidation: ['Недопустимый первичный ключ «999999» — объект не существует.'],
      land_owners: ['Недопустимый первичный ключ «888888» — объект не существует.'],
    });
  });

  it('needs a liquidation date for a liquidated dump, not before its discovery', async () => {
    const noDate = await request(t.app.server).post(BASE).set(admin()).send(dump({ status: 'LIQUIDATED' }));
    expect(noDate.status).toBe(400);
    expect(noDate.body).toEqual({ liquidation_date: ['Укажите дату ликвидации: свалка отмечена как ликвидированная.'] });
    const early = await request(t.app.server).post(BASE).set(admin()).send(dump({ status: 'LIQUIDATED', liquidation_date: '2026-02-01' }));
    expect(early.body).toEqual({ liquidation_date: ['Дата ликвидации не может быть раньше даты обнаружения.'] });
    const ok = await request(t.app.server).post(BASE).set(admin()).send(dump({ status: 'LIQUIDATED', liquidation_date: '2026-03-20' }));
    expect(ok.status).toBe(201);
    // PATCH sees the stored row: clearing the date of a liquidated dump is refused.
    const clear = await request(t.app.server).patch(`${BASE}${ok.body.id}/`).set(admin()).send({ liquidation_date: null });
    expect(clear.status).toBe(400);
  });

  it('flags a dump whose liquidation deadline has passed (P301) and filters by it', async () => {
    const overdue = (await request(t.app.server).post(BASE).set(admin()).send(dump({ identifier: 'НС-ПРОСРОЧ', liquidation_period: { lower: '2020-01-01', upper: '2020-02-01' } }))).body;
    const future = (await request(t.app.server).post(BASE).set(admin()).send(dump({ identifier: 'НС-В-СРОК', liquidation_period: { lower: '2020-01-01', upper: '2999-01-01' } }))).body;
    const done = (await request(t.app.server).post(BASE).set(admin()).send(dump({ identifier: 'НС-ЛИКВ', status: 'LIQUIDATED', liquidation_date: '2026-03-05', liquidation_period: { lower: '2020-01-01', upper: '2020-02-01' } }))).body;
    expect([overdue.liquidation_overdue, future.liquidation_overdue, done.liquidation_overdue]).toEqual([true, false, false]);
    const ids = async (flag: string) => (await request(t.app.server).get(BASE).query({ liquidation_overdue: flag, search: 'НС-', page_size: 500 }).set(admin())).body.results.map((r: { id: number }) => r.id);
    expect(await ids('true')).toEqual([overdue.id]);
    expect((await ids('false')).sort()).toEqual([future.id, done.id].sort());
  });
});

describe('xlsx export', () => {
  it('reads back the rows with Russian headers and readable cells', async () => {
    const made = await request(t.app.server).post(BASE).set(admin()).send(dump({
      identifier: 'НС-XLSX',
      status: 'LIQUIDATION',
      description: 'Шины и строительный мусор',
      cadastral_number: '38:26:040102:5678',
      area: '350.5',
      volume: '420.75',
      liquidation_period: { lower: '2026-05-01', upper: '2999-06-30' },
      responsible_for_liquidation: le.org,
      land_owners: [le.person, le.ie],
    }));
    expect(made.status).toBe(201);
    const res = await request(t.app.server).post(`${BASE}xlsx/`).set(admin()).send({ search: 'НС-XLSX' })
      .buffer(true).parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const cell = (label: string) => sheet.getRow(2).getCell(header.indexOf(label) + 1).value;
    expect(cell('ID')).toBe(made.body.id);
    expect(cell('Идентификатор')).toBe('НС-XLSX');
    expect(cell('Статус')).toBe('Ликвидируется');
    expect(cell('Адрес (местоположение)')).toBe('Ангарск, пустырь у ул. Космонавтов');
    expect(cell('Координаты')).toBe('52.530123, 103.901235');
    expect(cell('Площадь, м²')).toBe(350.5);
    expect(cell('Объём, м³')).toBe(420.75);
    expect(cell('Дата обнаружения')).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(cell('Срок ликвидации')).toBe('01.05.2026 — 30.06.2999');
    expect(cell('Срок ликвидации истёк')).toBe('Нет');
    expect(cell('Ответственный за ликвидацию')).toBe('ООО «Ангарский регоператор»');
    expect(cell('Собственники земельного участка')).toBe('Васильева Галина Ивановна; ИП Борисов Андрей Петрович');
  });
});
