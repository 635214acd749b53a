/**
 * Reading import files: type and encoding from the bytes, the CSV delimiter, header clean-up,
 * and xlsx cell values as text.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cellText, columnNames, detectBufferType, detectEncoding, guessDelimiter, ImportInputError, MAX_CSV_RECORD_CHARS, readCsv, readCsvStream, readXlsx } from '../src/index';

const RU = 'Адрес;Широта;Долгота\r\nАнгарск, улица Ленина, дом 5;52,5;103,8\r\n';

describe('detectEncoding', () => {
  it('reads a BOM, valid UTF-8 (ASCII too), and Windows-1251 even in a short file', () => {
    expect(detectEncoding(Buffer.from(`\ufeff${RU}`))).toBe('UTF-8');
    expect(detectEncoding(Buffer.from(RU))).toBe('UTF-8');
    expect(detectEncoding(Buffer.from('Lat;Lon\n1;2\n'))).toBe('UTF-8');
    expect(detectEncoding(iconv.encode(`\ufeff${RU}`, 'utf16le', { addBOM: false }))).toBe('UTF-16LE');
    for (const text of [RU, 'Адрес;Lat;Lon\r\nАнгарск  15 мкр  7;52,63;103,95\r\n', 'Адрес\tLat\r\nАнгарск\t52\r\n']) {
      expect(detectEncoding(iconv.encode(text, 'win1251'))).toBe('windows-1251');
    }
  });

  it('refuses KOI8-R and DOS (IBM866) text naming the encoding, and binary without a BOM', () => {
    const refuse = (bytes: Buffer) => {
      try {
        detectEncoding(bytes);
      } catch (e) {
        expect(e).toBeInstanceOf(ImportInputError);
        return (e as Error).message;
      }
      return 'accepted';
    };
    expect(refuse(iconv.encode(RU, 'koi8-r'))).toBe('Кодировка файла KOI8-R не поддерживается: сохраните его в UTF-8 или Windows-1251.');
    expect(refuse(iconv.encode(RU, 'cp866'))).toBe('Кодировка файла IBM866 не поддерживается: сохраните его в UTF-8 или Windows-1251.');
    expect(refuse(Buffer.from([0x41, 0x00, 0x42, 0xff, 0xfe]))).toBe('Файл не похож на таблицу CSV или XLSX.');
  });
});

describe('file type', () => {
  it('tells xlsx from text by the bytes and refuses other binaries', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('a').addRow(['x']);
    expect(await detectBufferType(Buffer.from(await wb.xlsx.writeBuffer()))).toBe('XLSX');
    expect(await detectBufferType(Buffer.from(RU))).toBe('CSV');
    await expect(detectBufferType(Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'))).rejects.toThrow('Файл не похож на таблицу CSV или XLSX.');
    await expect(detectBufferType(Buffer.alloc(0))).rejects.toThrow('Файл пуст.');
  });
});

describe('CSV', () => {
  it('guesses ";", "," and tab, respecting quotes', () => {
    expect(guessDelimiter('a;b;c\n1;"2,5";3\n')).toBe(';');
    expect(guessDelimiter('Адрес,Координаты\n"Ангарск, 8 мкр","52.5, 103.8"\n')).toBe(',');
    expect(guessDelimiter('Адрес;Координаты\nАнгарск;"52.6, 103.93"\n;"52.61, 103.9"\n')).toBe(';');
    expect(guessDelimiter('a\tb\n1,5\t2;3\n')).toBe('\t');
    expect(guessDelimiter('один столбец\nзначение\n')).toBe(';');
  });

  it('reads lines, skips blank rows, pads short rows and names blank or repeated headers', () => {
    const t = readCsv(Buffer.from('Адрес;;Адрес;x\r\nА;1\r\n\r\n;;;\r\n"Б\nв";2;3;4\r\n'), 'UTF-8');
    expect(t.columns).toEqual(['Адрес', 'Столбец 2', 'Адрес (2)', 'x']);
    expect(t.rows).toEqual([{ line: 2, cells: ['А', '1', '', ''] }, { line: 6, cells: ['Б\nв', '2', '3', '4'] }]);
    expect(columnNames(['  Широта  ', ''])).toEqual(['Широта', 'Столбец 2']);
  });

  it('reports broken quoting with the line', () => {
    expect(() => readCsv(Buffer.from('a;b\n1;"2\n3;4\n'), 'UTF-8')).toThrow(/^Не удалось прочитать CSV: строка \d+, не закрыты кавычки\.$/);
  });

  it('stops at a record longer than the limit, naming it, whole or streamed', async () => {
    const long = Buffer.from(`a;b\n1;${'x'.repeat(MAX_CSV_RECORD_CHARS + 10)}\n`);
    const message = `Не удалось прочитать CSV: строка 2, строка длиннее ${MAX_CSV_RECORD_CHARS} символов (предел; проверьте кавычки).`;
    expect(() => readCsv(long, 'UTF-8')).toThrow(message);
    await expect(readCsvStream(Readable.from([long.subarray(0, 1000), long.subarray(1000)]), 'UTF-8', ';')).rejects.toThrow(message);
    // Just under the limit is read.
    expect(readCsv(Buffer.from(`a;b\n1;${'x'.repeat(1000)}\n`), 'UTF-8').rows).toHaveLength(1);
  });

  it('streams a file into the same table as reading it whole, in small chunks, Windows-1251 and a BOM too (issue 9 §4)', async () => {
    const text = 'Адрес;;Адрес;x\r\nА;1\r\n\r\n;;;\r\n"Б\nв";2;3;4\r\nУл. Жердева, 56;5,5\r\n';
    const chunks = (bytes: Buffer) => Readable.from(Array.from({ length: Math.ceil(bytes.length / 3) }, (_, i) => bytes.subarray(i * 3, i * 3 + 3)));
    for (const [bytes, enc] of [[Buffer.from(`\ufeff${text}`), 'UTF-8'], [iconv.encode(text, 'win1251'), 'windows-1251']] as const) {
      const whole = readCsv(bytes, enc);
      const streamed = await readCsvStream(chunks(bytes), enc, ';');
      expect(streamed).toEqual({ columns: whole.columns, rows: whole.rows });
      expect(streamed.rows.at(-1)!.cells[0]).toBe('Ул. Жердева, 56');
    }
    await expect(readCsvStream(chunks(Buffer.from('a;b\n1;"2\n3;4\n')), 'UTF-8', ';')).rejects.toThrow(/^Не удалось прочитать CSV: строка \d+, не закрыты кавычки\.$/);
  });
});

describe('XLSX', () => {
  it('reads the first sheet from its first non-empty row, cells as text', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Данные');
    ws.addRow([]);
    ws.addRow(['Адрес', 'Широта', 'Дата', 'Флаг', 'Формула', 'Время']);
    ws.addRow(['Ангарск', 52.5468417, new Date(Date.UTC(2024, 1, 29)), true, { formula: 'B3*2', result: 105.0936834 }, new Date(Date.UTC(1899, 11, 30, 6, 30))]);
    wb.addWorksheet('Второй').addRow(['не читается']);
    const dir = mkdtempSync(path.join(tmpdir(), 'tko-xlsx-'));
    const file = path.join(dir, 'a.xlsx');
    writeFileSync(file, Buffer.from(await wb.xlsx.writeBuffer()));
    const t = await readXlsx(file);
    expect(t.columns).toEqual(['Адрес', 'Широта', 'Дата', 'Флаг', 'Формула', 'Время']);
    expect(t.rows).toEqual([{ line: 3, cells: ['Ангарск', '52.5468417', '2024-02-29', 'Да', '105.0936834', '06:30:00'] }]);
    expect(cellText({ richText: [{ text: 'Анг' }, { text: 'арск' }] })).toBe('Ангарск');
    expect(cellText({ error: '#N/A' } as ExcelJS.CellErrorValue)).toBe('');
  });

  it('refuses a zip that is not a workbook', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tko-xlsx-'));
    const file = path.join(dir, 'b.xlsx');
    writeFileSync(file, Buffer.from('PK\u0003\u0004 broken'));
    await expect(readXlsx(file)).rejects.toThrow('Файл не похож на таблицу CSV или XLSX.');
  });
});
