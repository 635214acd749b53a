/**
 * Streamed sources (source.ts; issue 9 §4): a CSV (any encoding, quoted line breaks, blank rows)
 * and an XLSX read chunk by chunk give the same columns and rows as the whole-file readers, in
 * chunks of SOURCE_CHUNK_ROWS, readable twice; broken quoting fails with its line; readAll gives
 * back the table.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvSource, ImportInputError, readAll, readCsv, readXlsx, SOURCE_CHUNK_ROWS, tableSource, xlsxSource } from '../src/index';
import { collect } from './collect';

/** A CSV of `n` data rows with a quoted line break, a quoted delimiter and blank rows in it. */
function text(n: number): string {
  const lines = ['Адрес;Широта;Долгота;Примечание'];
  for (let i = 1; i <= n; i++) {
    lines.push(`Ангарск, ${i} мкр, 1;52,${i};103,9;${i === 3 ? '"две\r\nстроки"' : i === 4 ? '"а;б"' : `прим ${i}`}`);
    if (i === 10) lines.push(';;;', '');
  }
  return lines.join('\r\n') + '\r\n';
}

describe('csvSource', () => {
  it('gives the rows readCsv gives, chunk by chunk, in every encoding, twice', async () => {
    const n = SOURCE_CHUNK_ROWS * 2 + 7;
    for (const [encoding, name] of [['UTF-8', 'utf8'], ['windows-1251', 'win1251'], ['UTF-16LE', 'utf16le']] as const) {
      const bytes = iconv.encode(text(n), name, { addBOM: encoding === 'UTF-16LE' });
      const whole = readCsv(bytes, encoding);
      const source = csvSource(() => Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), encoding, ';', bytes.length);
      for (let pass = 0; pass < 2; pass++) {
        const got = await collect(source);
        expect(got.columns).toEqual(whole.columns);
        expect(got.rows).toEqual(whole.rows);
        expect(got.chunks).toEqual([SOURCE_CHUNK_ROWS, SOURCE_CHUNK_ROWS, 7]);
        expect(source.fraction()).toBe(1);
      }
      expect(whole.rows[2]!.cells[3]).toBe('две\r\nстроки');
      expect(whole.rows[3]!.cells[3]).toBe('а;б');
    }
  });

  it('fails broken quoting with its line, in Russian', async () => {
    const bytes = Buffer.from('Адрес;Широта\r\nА;1\r\n"Б;2\r\n');
    const source = csvSource(() => Readable.from([bytes]), 'UTF-8', ';', bytes.length);
    const err = await collect(source).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportInputError);
    expect((err as Error).message).toMatch(/^Не удалось прочитать CSV: строка \d+, не закрыты кавычки\.$/);
  });

  it('refuses a file without a header', async () => {
    const bytes = Buffer.from('\r\n;;\r\n');
    const err = await collect(csvSource(() => Readable.from([bytes]), 'UTF-8', ';', bytes.length)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImportInputError);
  });
});

describe('xlsxSource', () => {
  it('gives the rows readXlsx gives, blank rows dropped', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Лист1');
    ws.addRow([]);
    ws.addRow(['Адрес', 'Широта', 'Дата']);
    for (let i = 1; i <= SOURCE_CHUNK_ROWS + 3; i++) ws.addRow([`Ангарск, ${i}`, 52 + i / 1000, new Date(Date.UTC(2026, 0, 1 + (i % 28)))]);
    ws.addRow([null, null, null]);
    ws.addRow(['после пустой', 1, null]);
    const dir = mkdtempSync(path.join(tmpdir(), 'tko-src-'));
    const file = path.join(dir, 'a.xlsx');
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    writeFileSync(file, bytes);
    const whole = await readXlsx(file);
    const source = xlsxSource(file, bytes.length);
    const got = await collect(source);
    expect(got.columns).toEqual(whole.columns);
    // readXlsx pads every row to the header's width; the stream leaves that to the converter.
    expect(got.rows.map((r) => ({ ...r, cells: [...r.cells, '', '', ''].slice(0, 3) }))).toEqual(whole.rows);
    expect(got.chunks).toEqual([SOURCE_CHUNK_ROWS, 4]);
    expect(source.fraction()).toBe(1);
  });
});

describe('readAll', () => {
  it('gives back the table of a tableSource', async () => {
    const table = readCsv(Buffer.from(text(30)), 'UTF-8');
    expect(await readAll(tableSource(table))).toEqual({ columns: table.columns, rows: table.rows });
  });
});
