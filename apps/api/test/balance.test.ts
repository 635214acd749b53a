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
