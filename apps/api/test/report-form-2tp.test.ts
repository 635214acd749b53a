/**
 * The 2-ТП (отходы) export of a balance report (section 1 of 2-ТП (отходы), приказ Росстата от 09.10.2020 №
 * 627; @tko/xlsx form-2tp.ts, reports module report-form-2tp.ts), end to end: a hand-made form 3 report of
 * three wastes is exported by GET /api/bnreports/reports/{id}/form-2tp/, the file is opened by LibreOffice
 * (headless, to CSV, raw values) and every quantity of every line — the wastes, «Всего» and the classes — is
 * compared with sums computed by hand below; exceljs reads the number cells and their format and the title
 * block. Refusals: another kind, broken figures (409), an unknown report (404).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers';
import { startTestApp } from './helpers';
import { binary } from './import-helpers';

let t: TestApp;
let org = 0;
const fkko: Record<string, number> = {};
const http = () => request(t.app.server);

// Three wastes of 2025 (tonnes). Row A, Б: with ФККО codes; row В: class IV without a code.
const A = { hazard_class: '4', start_of_year: '1,5', formed: '1200,25', received_total: '300', received_placement: '300', utilized: '100,125', transferred_total: '50', transferred_utilization: '50', own_burial: '1300', end_of_year: '51,625' };
const B = { hazard_class: '5', formed: '10,5', transferred_total: '10,5', transferred_placement: '10,5', end_of_year: '0' };
const V = { hazard_class: '4', formed: '2', utilized: '2', end_of_year: '0' };

// By hand, in the form's column order 3…20 (blank = no movement, '' here).
//            3      4         5      6  7  8  9      10 11         12 13      14    15 16 17     18 19      20
const rowA = ['1.5', '1200.25', '300', '', '', '', '300', '', '100.125', '', '50', '', '50', '', '', '', '1300', '51.625'];
const rowB = ['', '10.5', '', '', '', '', '', '', '', '', '10.5', '', '', '', '10.5', '', '', '0'];
const rowV = ['', '2', '', '', '', '', '', '', '2', '', '', '', '', '', '', '', '', '0'];
// Всего = A + Б + В; class IV = A + В; class V = Б; classes I–III: zeros.
const total = ['1.5', '1212.75', '300', '0', '0', '0', '300', '0', '102.125', '0', '60.5', '0', '50', '0', '10.5', '0', '1300', '51.625'];
const classIV = ['1.5', '1202.25', '300', '0', '0', '0', '300', '0', '102.125', '0', '50', '0', '50', '0', '0', '0', '1300', '51.625'];
const classV = ['0', '10.5', '0', '0', '0', '0', '0', '0', '0', '0', '10.5', '0', '0', '0', '10.5', '0', '0', '0'];
const zeros = Array(18).fill('0');

async function report(kind: string, data: unknown): Promise<number> {
  const res = await http().post('/api/bnreports/reports/').set(t.auth('admin')).send({ name: 'Баланс 2025', report_kind: kind, year: 2025, organization: org, data });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}
const exportOf = (id: number | string) => http().get(`/api/bnreports/reports/${id}/form-2tp/`).set(t.auth('admin')).buffer(true).parse(binary);

beforeAll(async () => {
  t = await startTestApp();
  org = (await t.pool.query<{ id: number }>(
    `INSERT INTO legal_entity (name, inn, okpo, location) VALUES ('ООО «Чистый город»', '3801009466', '12345678', 'Иркутская обл., г. Ангарск, ул. Ленина, д. 1') RETURNING id`)).rows[0]!.id;
  for (const [code, name] of [['73111001724', 'Отходы из жилищ несортированные (исключая крупногабаритные)'], ['73310001725', 'Мусор от офисных и бытовых помещений организаций несортированный']] as const) {
    fkko[code] = (await t.pool.query<{ id: number }>(
      `INSERT INTO fkko (code, name) VALUES ($1, $2) ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name RETURNING id`, [code, name])).rows[0]!.id;
  }
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/bnreports/reports/{id}/form-2tp/', () => {
  it('is section 1 of 2-ТП (отходы) whose every line LibreOffice reads as computed by hand', async () => {
    const id = await report('BALANCE', {
      year: 2025,
      by_hazard_class: [{ ...A, fkko: [{ id: fkko['73111001724'] }] }, { ...B, fkko: [{ id: fkko['73310001725'] }] }, V],
    });
    const res = await exportOf(id);
    expect(res.status, res.body.toString()).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`2tp-othody-2025-${id}.xlsx`);

    const dir = mkdtempSync(path.join(tmpdir(), 'tko-2tp-'));
    const file = path.join(dir, 'form.xlsx');
    writeFileSync(file, res.body as Buffer);
    // «;»-separated, UTF-8, raw values (not as shown: the numbers as LibreOffice read them).
    execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'csv:Text - txt - csv (StarCalc):59,34,76,1,,0,false,true,false', '--outdir', dir, file], { timeout: 120000, stdio: 'ignore' });
    const lines = readFileSync(path.join(dir, 'form.csv'), 'utf8').split('\n').map((l) => l.split(';').map((c) => c.replace(/^"|"$/g, '')));
    const line = (no: string) => {
      const l = lines.find((x) => x[1] === no);
      expect(l, `line ${no}`).toBeDefined();
      return l!;
    };
    const text = lines.map((l) => l.join(' ')).join('\n');
    expect(text).toContain('Форма № 2-ТП (отходы). Утверждена приказом Росстата от 09.10.2020 № 627');
    expect(text).toContain('за 2025 год');
    expect(text).toContain('ООО «Чистый город»');
    expect(text).toContain('ИНН: 3801009466    Код по ОКПО: 12345678');
    // The column codes row, then the lines.
    expect(lines.find((l) => l[0] === 'А')!.slice(0, 22)).toEqual(['А', 'Б', 'В', 'Г', ...Array.from({ length: 18 }, (_, i) => String(i + 3))]);
    expect(line('01').slice(0, 22)).toEqual(['Всего', '01', '', '', ...total]);
    expect(line('02').slice(3, 22)).toEqual(['I', ...zeros]);
    expect(line('03').slice(3, 22)).toEqual(['II', ...zeros]);
    expect(line('04').slice(3, 22)).toEqual(['III', ...zeros]);
    expect(line('05').slice(0, 22)).toEqual(['в том числе отходы IV класса опасности', '05', '', 'IV', ...classIV]);
    expect(line('06').slice(3, 22)).toEqual(['V', ...classV]);
    expect(line('07').slice(0, 22)).toEqual(['Отходы из жилищ несортированные (исключая крупногабаритные)', '07', '73111001724', 'IV', ...rowA]);
    expect(line('08').slice(0, 22)).toEqual(['Мусор от офисных и бытовых помещений организаций несортированный', '08', '73310001725', 'V', ...rowB]);
    expect(line('09').slice(0, 22)).toEqual(['Отходы IV класса опасности', '09', '', 'IV', ...rowV]);
    expect(lines.some((l) => l[1] === '10')).toBe(false);

    // Numbers are number cells in tonnes with the Russian-readable format (decimal comma by locale).
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const totalRow = ws.getColumn(2).values.findIndex((v) => v === '01');
    expect(ws.getCell(totalRow, 6).value).toBe(1212.75);
    expect(ws.getCell(totalRow, 6).numFmt).toBe('#,##0.000');
    expect(ws.getCell(totalRow, 22).value).toBe(51.625);
  }, 180000);

  it('refuses another kind and figures that do not add up (409), an unknown report (404)', async () => {
    const sources = await report('WASTE_SOURCES', { year: '2025', waste_sources: [{ name: 'Магазин', location: 'Ангарск', mass_t: '1' }] });
    const other = await exportOf(sources);
    expect(other.status).toBe(409);
    expect(JSON.parse(other.body.toString()).detail).toBe('Форма 2-ТП (отходы) строится только из отчёта вида «Форма 3 баланса».');
    // A draft may hold a broken balance (end 10 instead of 12): the official form is refused.
    const broken = await report('BALANCE', { year: 2025, by_hazard_class: [{ hazard_class: '4', formed: '12', end_of_year: '10' }] });
    const refused = await exportOf(broken);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.body.toString()).detail).toContain('Баланс не сходится');
    expect((await exportOf(2_000_000_000)).status).toBe(404);
  });
});
