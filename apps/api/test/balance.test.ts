/**
 * The simulated balance (issue 12 §3): the identity flag (a breaking row is stored and flagged,
 * never refused), the list's totals and filters, PUT/DELETE by {year}/{fkko_id}/, the xlsx export
 * (years, fields, hazard classes 1–5 by default) read back, the public variant for anonymous
 * visitors, and a BALANCE import file: its rows, the file list, deleting the file deletes its rows.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceYearEnd } from '@tko/contract';
import type { ImportHarness } from './import-helpers';
import { binary, files, finished, startImportHarness, upload } from './import-helpers';
import type { TestApp } from './helpers';

let h: ImportHarness;
let t: TestApp;
const fkko: Record<string, number> = {};
const BASE = '/api/balance/simulated/';

beforeAll(async () => {
  h = await startImportHarness();
  t = h.t;
  for (const [code, name] of [['73111001724', 'Отходы из жилищ несортированные'], ['73310001724', 'Мусор от офисных помещений'], ['47110101521', 'Лампы ртутные'], ['73100000000', 'Группа: отходы коммунальные']]) {
    const { rows } = await t.pool.query<{ id: number }>('INSERT INTO fkko (code, name) VALUES ($1, $2) RETURNING id', [code, name]);
    fkko[code!] = rows[0]!.id;
  }
}, 120000);
afterAll(async () => h?.close());

const admin = () => t.auth('admin');

describe('balance rows', () => {
  it('stores a row that breaks the identity and flags it; a row that keeps it is not flagged', async () => {
    const good = { year: 2020, fkko: fkko['73111001724'], year_begin: '10', created: '120.5', received: '5', processed: '100', disposed: '20', year_end: '15.5' };
    expect(balanceYearEnd(good)).toBe('15.500');
    const ok = await request(t.app.server).post(BASE).set(admin()).send(good);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body).toMatchObject({ identity_broken: false, hazard_class: 4, year_end: '15.500', fkko: { id: fkko['73111001724'] } });

    const bad = await request(t.app.server).post(BASE).set(admin()).send({ ...good, fkko: fkko['73310001724'], year_end: '16' });
    expect(bad.status, JSON.stringify(bad.body)).toBe(201);
    expect(bad.body.identity_broken).toBe(true);
    const { rows } = await t.pool.query('SELECT identity_broken FROM balance WHERE id = $1', [bad.body.id]);
    expect(rows[0].identity_broken).toBe(true);

    const flagged = await request(t.app.server).get(BASE).query({ year: 2020, identity_broken: 'true' }).set(admin());
    expect(flagged.body.results.map((r: { id: number }) => r.id)).toEqual([bad.body.id]);
    // Fixing the end of year clears the flag.
    const fixed = await request(t.app.server).patch(`${BASE}${bad.body.id}/`).set(admin()).send({ year_end: '15.5' });
    expect(fixed.body.identity_broken).toBe(false);
  });

  it('answers totals per quantity over the filtered rows, and filters by hazard class and year', async () => {
    await request(t.app.server).post(BASE).set(admin()).send({ year: 2021, fkko: fkko['47110101521'], created: '0.25', year_end: '0.25' });
    await request(t.app.server).post(BASE).set(admin()).send({ year: 2021, fkko: fkko['73111001724'], created: '1000', disposed: '1000', year_end: '0' });
    const all = await request(t.app.server).get(BASE).query({ year: 2021 }).set(admin());
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(2);
    expect(all.body.total_created).toBe(1000.25);
    expect(all.body.total_disposed).toBe(1000);
    const first = await request(t.app.server).get(BASE).query({ year: 2021, hazard_class: '1' }).set(admin());
    expect(first.body.results.map((r: { hazard_class: number }) => r.hazard_class)).toEqual([1]);
    expect(first.body.total_created).toBe(0.25);
    const bad = await request(t.app.server).get(BASE).query({ year: 2031 }).set(admin());
    expect(bad.status).toBe(400);
    const out = await request(t.app.server).post(BASE).set(admin()).send({ year: 2014, fkko: fkko['73111001724'] });
    expect(out.status).toBe(400);
    expect(out.body.year[0]).toMatch(/2015/);
    const noFkko = await request(t.app.server).post(BASE).set(admin()).send({ year: 2022, fkko: null });
    expect(noFkko.status).toBe(400);
    expect(noFkko.body).toHaveProperty('fkko');
  });

  it('PUT {year}/{fkko_id}/ creates the row of that key, then updates it; DELETE removes it', async () => {
    const id = fkko['73310001724'];
    const path = `${BASE}2025/${id}/`;
    const created = await request(t.app.server).put(path).set(admin()).send({ created: '50', year_end: '50' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ year: 2025, fkko: { id }, created: '50.000', identity_broken: false });
    const updated = await request(t.app.server).put(path).set(admin()).send({ processed: '10' });
    expect(updated.body).toMatchObject({ id: created.body.id, created: '50.000', processed: '10.000', identity_broken: true });
    const { rows } = await t.pool.query('SELECT count(*)::int AS n FROM balance WHERE year = 2025 AND fkko_id = $1', [id]);
    expect(rows[0].n).toBe(1);
    // The card's change history: the create and the update through the pipeline.
    const history = await request(t.app.server).get(`${BASE}${created.body.id}/history/`).set(admin());
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.results.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect((await request(t.app.server).put(`${BASE}2014/${id}/`).set(admin()).send({})).status).toBe(404);
    expect((await request(t.app.server).put(`${BASE}2025/999999/`).set(admin()).send({})).status).toBe(404);
    expect((await request(t.app.server).put(path).set(admin()).send({ created: 'много' })).body.created[0]).toMatch(/число/);
    expect((await request(t.app.server).put(path).send({})).status).toBe(401);
    expect((await request(t.app.server).put(path).set(t.auth('viewer')).send({})).status).toBe(403);
    expect((await request(t.app.server).delete(path).set(admin())).status).toBe(204);
    expect((await request(t.app.server).get(`${BASE}${created.body.id}/`).set(admin())).status).toBe(404);
    expect((await request(t.app.server).delete(path).set(admin())).status).toBe(404);
  });

  it('exports the chosen years and quantities of hazard classes 1–5 (all by default) as xlsx', async () => {
    await request(t.app.server).put(`${BASE}2023/${fkko['73100000000']}/`).set(admin()).send({ created: '7' });
    await request(t.app.server).put(`${BASE}2023/${fkko['73111001724']}/`).set(admin()).send({ created: '8', year_end: '8' });
    await request(t.app.server).put(`${BASE}2023/${fkko['47110101521']}/`).set(admin()).send({ created: '9', year_end: '9' });
    const read = async (query: Record<string, string>) => {
      const res = await request(t.app.server).get(`${BASE}export/`).query(query).set(admin()).buffer(true).parse(binary);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/spreadsheetml/);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as unknown as ArrayBuffer);
      return (wb.worksheets[0]!.getSheetValues().slice(1) as unknown[][]).map((r) => r.slice(1));
    };
    const all = await read({ year: '2023' });
    expect(all[0]).toEqual(['Год', 'Код ФККО', 'Класс опасности', 'Остаток на начало года, т', 'Образовано, т', 'Поступило от других, т', 'Обработано, т', 'Утилизировано, т', 'Обезврежено, т', 'Размещено (захоронено), т', 'Передано другим, т', 'Хранится, т', 'Остаток на конец года, т', 'Баланс не сходится']);
    // The grouping code (class 0) is not a kind of waste: left out by default.
    expect(all.slice(1).map((r) => r[2]).sort()).toEqual([1, 4]);
    const some = await read({ year: '2023', hazard_class: '4', fields: 'created,year_end' });
    expect(some).toEqual([
      ['Год', 'Код ФККО', 'Класс опасности', 'Образовано, т', 'Остаток на конец года, т', 'Баланс не сходится'],
      [2023, expect.stringContaining('7 31 110 01 72 4'), 4, 8, 8, 'Нет'],
    ]);
    expect((await request(t.app.server).get(`${BASE}export/`).query({ hazard_class: '6' }).set(admin())).status).toBe(400);
    expect((await request(t.app.server).get(`${BASE}export/`).query({ fields: 'nothing' }).set(admin())).status).toBe(400);
  });

  it('answers the public variant to anonymous visitors, read-only', async () => {
    const list = await request(t.app.server).get('/api/public/v1/balance/').query({ year: 2020 });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(2);
    expect(list.body).toHaveProperty('total_created');
    const card = await request(t.app.server).get(`/api/public/v1/balance/${list.body.results[0].id}/`);
    expect(card.status).toBe(200);
    expect((await request(t.app.server).post('/api/public/v1/balance/').send({})).status).toBe(404);
    expect((await request(t.app.server).get(BASE)).status).toBe(401);
  });
});

describe('balance files', () => {
  async function balanceXlsx(rows: (string | number)[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Баланс 2024');
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('imports an xlsx of one year through the BALANCE template; deleting the file deletes its rows', async () => {
    const bytes = await balanceXlsx([
      ['Год', 'Код ФККО', 'Остаток на начало года', 'Образовано', 'Обработано', 'Размещено', 'Остаток на конец года'],
      [2024, '7 31 110 01 72 4', 0, 300, 100, 150, 50],
      [2024, '47110101521', 1, 2, 0, 0, 4],
    ]);
    const up = await upload(t, bytes, 'balance-2024.xlsx', 'BALANCE');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const run = await request(t.app.server).post(files(up.body.id, 'process/')).set(admin());
    expect(run.status, JSON.stringify(run.body)).toBe(202);
    const done = await finished(t, up.body.id);
    expect(done.status, JSON.stringify(done)).toBe('DONE');

    const rows = await request(t.app.server).get(BASE).query({ year: 2024 }).set(admin());
    expect(rows.body.results.map((r: { fkko: { id: number }; identity_broken: boolean; file: { id: number } }) => [r.fkko.id, r.identity_broken, r.file.id]).sort())
      .toEqual([[fkko['47110101521'], true, up.body.id], [fkko['73111001724'], false, up.body.id]].sort());

    const list = await request(t.app.server).get('/api/balance/simulated-file/').set(admin());
    expect(list.status).toBe(200);
    expect(list.body.results).toEqual([expect.objectContaining({ id: up.body.id, name: 'balance-2024.xlsx', rows: 2, years: [2024] })]);

    expect((await request(t.app.server).delete(`/api/balance/simulated-file/${up.body.id}/`).set(t.auth('viewer'))).status).toBe(403);
    const del = await request(t.app.server).delete(`/api/balance/simulated-file/${up.body.id}/`).set(admin());
    expect(del.status, JSON.stringify(del.body)).toBe(204);
    expect((await request(t.app.server).get(BASE).query({ year: 2024 }).set(admin())).body.count).toBe(0);
    expect((await request(t.app.server).get('/api/balance/simulated-file/').set(admin())).body.count).toBe(0);
    // Rows of other years and typed in by hand stay.
    expect((await request(t.app.server).get(BASE).query({ year: 2020 }).set(admin())).body.count).toBe(2);
    const history = await t.pool.query(`SELECT count(*)::int AS n FROM change_log WHERE resource = 'balance' AND action = 'delete'`);
    expect(history.rows[0].n).toBeGreaterThanOrEqual(2);
    expect((await request(t.app.server).delete(`/api/balance/simulated-file/${up.body.id}/`).set(admin())).status).toBe(404);
  });
});

describe('modelled balance', () => {
  const X = '73111001724';
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const q = (sql: string, v: unknown[] = []) => t.pool.query(sql, v);
    await q(`UPDATE system_settings SET forecast_base_year = 2027 WHERE id = 1`);
    const fac = async (name: string, purpose: string | null, capacity: number | null) =>
      (await q(`INSERT INTO waste_management_facility (name, location, status, purpose, production_capacity) VALUES ($1, 'Ангарск', 'ACTIVE', $2, $3) RETURNING id`, [name, purpose, capacity])).rows[0].id as number;
    ids.P = await fac('Сортировка', 'PROCESSING', 1000);
    ids.L = await fac('Полигон', 'DISPOSING', null);
    ids.N = await fac('Без назначения', null, null);
    const pt = `ST_SetSRID(ST_MakePoint(103.9, 52.5), 4326)`;
    const flow = async (table: 'present_flow' | 'predicted_flow', wmf: number | null, tonnes: number, extra: Record<string, number>) => {
      const cols = Object.keys(extra);
      const id = (await q(`INSERT INTO ${table} (start_location, start_coordinates, end_location, end_coordinates, wmf_id${cols.map((c) => `, ${c}`).join('')})
        VALUES ('Откуда', ${pt}, 'Куда', ${pt}, $1${cols.map((_, i) => `, $${i + 2}`).join('')}) RETURNING id`, [wmf, ...Object.values(extra)])).rows[0].id as number;
      await q(`INSERT INTO ${table}_waste (flow_id, fkko, volume) VALUES ($1, $2, $3)`, [id, X, tonnes]);
    };
    // Present flows (base year 2027): 1 200 t a year growing 10 % to the sorting plant (capacity 1 000 t),
    // 300 t to the landfill, 50 t to a facility without a purpose, 20 t naming no facility.
    await flow('present_flow', ids.P!, 1200, { predict_coeff: 1.1 });
    await flow('present_flow', ids.L!, 300, {});
    await flow('present_flow', ids.N!, 50, {});
    await flow('present_flow', null, 20, {});
    // 2029 has predicted flows: only they count that year.
    await flow('predicted_flow', ids.L!, 500, { year: 2029 });
  });

  const get = (query: Record<string, unknown>) => request(t.app.server).get('/api/balance/modelled/').query(query).set(admin());
  type R = { year: number; fkko_code: string; source: string; flags: { code: string; message: string }[]; facilities: { id: number }[] } & Record<string, unknown>;
  const rowOf = (body: { rows: R[] }, year: number) => body.rows.find((r) => r.year === year && r.fkko_code === X)!;

  it('derives each year from the flows and the facilities’ purposes and capacities, and flags what does not add up', async () => {
    const res = await get({ year_from: 2027, year_to: 2029 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 2027: plant 1 200 → 1 000 processed + 200 stored (over capacity); landfill 300 disposed; 50 unallocated.
    const y27 = rowOf(res.body, 2027);
    expect(y27).toMatchObject({ source: 'model', fkko_id: fkko[X], year_begin: 0, received: 1550, processed: 1000, disposed: 300, stored: 200, year_end: 250 });
    expect(y27.flags.map((f) => f.code).sort()).toEqual(['identity', 'no_purpose', 'over_capacity']);
    expect(y27.facilities.find((f) => f.id === ids.P)).toMatchObject({ received: 1200, processed: 1000, stored: 200 });
    // 2028: plant 1 320 (×1,1) → 1 000 + 320; begins with 2027's end.
    expect(rowOf(res.body, 2028)).toMatchObject({ year_begin: 250, received: 1670, processed: 1000, disposed: 300, stored: 320, year_end: 620 });
    // 2029: the predicted flow alone.
    const y29 = rowOf(res.body, 2029);
    expect(y29).toMatchObject({ year_begin: 620, received: 500, disposed: 500, processed: 0, year_end: 620 });
    expect(y29.flags).toEqual([]);
    expect(res.body.unassigned).toEqual([{ year: 2027, tonnes: 20, flows: 1 }, { year: 2028, tonnes: 20, flows: 1 }]);
    // Every tonne of the flows is in the rows or unassigned (SQL sum written here, 2027 = base year).
    const { rows: [s] } = await t.pool.query(`SELECT sum(volume)::float8 AS t FROM present_flow_waste WHERE fkko = $1`, [X]);
    expect((y27.received as number) + 20).toBeCloseTo(s.t, 6);
  });

  it('shows a typed row instead of the model, marked, and flags a broken continuity', async () => {
    const put = await request(t.app.server).put(`${BASE}2028/${fkko[X]}/`).set(admin()).send({ year_begin: '0', received: '10', processed: '10', year_end: '0' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const res = await get({ year_from: 2027, year_to: 2029 });
    const y28 = rowOf(res.body, 2028);
    expect(y28).toMatchObject({ source: 'manual', year_begin: 0, received: 10, year_end: 0, model: expect.objectContaining({ received: 1670 }) });
    expect(y28.flags).toEqual([{ code: 'continuity', message: 'Остаток на конец 2027 года 250 т, а на начало 2028 года 0 т.' }]);
    // The next modelled year begins with the typed row's end.
    expect(rowOf(res.body, 2029)).toMatchObject({ source: 'model', year_begin: 0, year_end: 0 });
    expect((await get({ year_from: 2029, year_to: 2027 })).status).toBe(400);
    expect((await get({ year_from: 2014 })).status).toBe(400);
    expect((await request(t.app.server).get('/api/balance/modelled/')).status).toBe(401);
    await request(t.app.server).delete(`${BASE}2028/${fkko[X]}/`).set(admin());
  });

  it('computes the target indicators per year from the balance, the forecast and the sources; typed values shown instead, marked', async () => {
    const q = (sql: string, v: unknown[] = []) => t.pool.query(sql, v);
    // Generation: 5 000 units × 400 kg = 2 000 t a year (no coefficients); 3 000 residents served, 1 000 not.
    const unit = (await q(`INSERT INTO normative_unit (code, name, unit, kg_per_unit_year, m3_per_unit_year) VALUES ('BM', 'Жильё', 'чел.', 400, 2) RETURNING id`)).rows[0].id;
    const served = (await q(`INSERT INTO waste_source (name, location, category, number_of_residents, normative_unit_id, normative_value)
      VALUES ('Дом 1', 'Ангарск', 'MULTI_APARTMENT', 3000, $1, 5000) RETURNING id`, [unit])).rows[0].id;
    await q(`INSERT INTO waste_source (name, location, category, number_of_residents) VALUES ('Дом 2', 'Ангарск', 'MULTI_APARTMENT', 1000)`);
    const site = (await q(`INSERT INTO waste_area (kind, status) VALUES ('CONTAINER', 'ACTIVE') RETURNING id`)).rows[0].id;
    await q(`INSERT INTO waste_source_waste_area (waste_source_id, waste_area_id) VALUES ($1, $2)`, [served, site]);
    const wki = await request(t.app.server).post('/api/wki/').set(admin())
      .send({ name: 'Доля  ТКО, направленных на захоронение', unit: 'PERCENT', actual_indications: [{ year: 2028, value: '12.5' }] });
    expect(wki.status, JSON.stringify(wki.body)).toBe(201);

    const res = await request(t.app.server).get('/api/wki/computed/').query({ year_from: 2027, year_to: 2029 }).set(admin());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const of = (code: string) => res.body.indicators.find((i: { code: string }) => i.code === code);
    // 2027: processed 1 000 / 2 000; 2028 as well (the plant's capacity); 2029: no processing flow.
    expect(of('TKO_PROCESSED_SHARE').values.map((v: { value: number }) => v.value)).toEqual([50, 50, 0]);
    expect(of('TKO_RECYCLED_SHARE').values.map((v: { value: number }) => v.value)).toEqual([0, 0, 0]);
    // Disposed 300, typed 12,5 in 2028 (computed 15 beside it), 500 in 2029.
    expect(of('TKO_DISPOSED_SHARE')).toMatchObject({ wki_id: wki.body.id, values: [
      { year: 2027, value: 15, computed: 15, source: 'model' },
      { year: 2028, value: 12.5, computed: 15, source: 'manual' },
      { year: 2029, value: 25, computed: 25, source: 'model' },
    ] });
    // Coverage: 3 000 of 4 000 residents, in the base year only (unknown for others: null, not 0).
    expect(of('POPULATION_COVERED_SHARE').values.map((v: { value: number | null }) => v.value)).toEqual([75, null, null]);
    expect((await request(t.app.server).get('/api/wki/computed/').set(t.auth('nobody'))).status).toBe(403);
  });
});
