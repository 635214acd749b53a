/**
 * The upload inspection streams the file (issue 9 §4: memory flat in file size): for CSV files
 * of every accepted encoding and the header's edge cases, inspectStoredFile gives the same
 * encoding, delimiter, columns, row count and first rows as reading the file whole (detectEncoding
 * + readCsv, readXlsx), and the same refusals with the same Russian messages.
 */
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { detectEncoding, detectFileType, INSPECT_SAMPLE_ROWS, inspectStoredFile, LocalImportStore, readCsv, readXlsx, SNIFF_BYTES } from '../src/index';

const store = new LocalImportStore(mkdtempSync(path.join(tmpdir(), 'tko-inspect-')));

const put = async (bytes: Buffer, ext = 'csv') => (await store.put(Readable.from([bytes]), ext)).key;

/** The answer, or the error's message. */
async function outcome<T>(f: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await f();
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/** The old whole-file inspection of a CSV (before issue 9 §4): every byte and row in memory. */
async function wholeCsv(key: string, bytes: Buffer) {
  await detectFileType(await store.localPath(key), bytes.subarray(0, 4100));
  const encoding = detectEncoding(bytes);
  const { delimiter, columns, rows } = readCsv(bytes, encoding);
  return { fileType: 'CSV', encoding, delimiter, columns, sample: rows.slice(0, INSPECT_SAMPLE_ROWS).map((r) => r.cells), rowCount: rows.length };
}

/** Stores `bytes` and expects the streamed inspection to agree with the whole-file one. */
async function same(bytes: Buffer) {
  const key = await put(bytes);
  const streamed = await outcome(() => inspectStoredFile(store, key));
  expect(streamed).toEqual(await outcome(() => wholeCsv(key, bytes)));
  return streamed;
}

const RU = 'Адрес;Широта;Долгота\r\nАнгарск, улица Ленина, дом 5;52,5;103,8\r\n"Ангарск, 8 мкр;\nд. 1";52,6;\r\n;;\r\nУсолье;;103,9\r\n';

describe('inspectStoredFile streams a CSV to the whole-file answer', () => {
  it('UTF-8, UTF-8 with a BOM, Windows-1251, UTF-16LE', async () => {
    const answers = [
      await same(Buffer.from(RU)),
      await same(Buffer.from(`\ufeff${RU}`)),
      await same(iconv.encode(RU, 'win1251')),
      await same(iconv.encode(RU, 'utf16le', { addBOM: true })),
    ];
    expect(answers.map((a) => ('encoding' in a ? a.encoding : a.error))).toEqual(['UTF-8', 'UTF-8', 'windows-1251', 'UTF-16LE']);
    for (const a of answers) {
      expect(a).toMatchObject({ delimiter: ';', columns: ['Адрес', 'Широта', 'Долгота'], rowCount: 3 });
      expect(a).toMatchObject({ sample: [['Ангарск, улица Ленина, дом 5', '52,5', '103,8'], ['Ангарск, 8 мкр;\nд. 1', '52,6', ''], ['Усолье', '', '103,9']] });
    }
  });

  it('drops a trailing blank header column only when empty in every row; a wider row adds «Столбец N»', async () => {
    expect(await same(Buffer.from('a;b;\n1;2\n3;4\n'))).toMatchObject({ columns: ['a', 'b'], sample: [['1', '2'], ['3', '4']] });
    // As read whole: rows as wide as the header (a trailing delimiter) bring the column back.
    expect(await same(Buffer.from('a;b;\n1;2;\n3;4\n'))).toMatchObject({ columns: ['a', 'b', 'Столбец 3'] });
    expect(await same(Buffer.from('a;b;\n1;2\n3;4;x\n'))).toMatchObject({ columns: ['a', 'b', 'Столбец 3'], sample: [['1', '2', ''], ['3', '4', 'x']] });
    await same(Buffer.from('a;b;;\n1;2;;\n3;4;x\n'));
    expect(await same(Buffer.from('a;b\n1;2;3;4\n5\n'))).toMatchObject({ columns: ['a', 'b', 'Столбец 3', 'Столбец 4'], sample: [['1', '2', '3', '4'], ['5', '', '', '']] });
    // A header cell named like a made-up column and a blank one that a wider row brings back.
    expect(await same(Buffer.from('Столбец 3;b;\n1;;;4\n'))).toMatchObject({ columns: ['Столбец 3', 'b', 'Столбец 3 (2)', 'Столбец 4'] });
    await same(Buffer.from('a,b,c\n"1,5",2\n,,\n3,4,5,6\n'));
    await same(Buffer.from('a\tb\n1\t2\n'));
  });

  it('a file of 5 000 rows: the count and the first 200 rows', async () => {
    const lines = ['Адрес;Широта;Долгота;'];
    for (let i = 0; i < 5000; i++) lines.push(`Ангарск, ул. Тестовая, ${i + 1};${(52 + i / 1e4).toFixed(6)};${i % 7 ? (103 + i / 1e4).toFixed(6) : ''}${i === 4321 ? ';конец' : ''}`);
    const a = await same(iconv.encode(lines.join('\r\n'), 'win1251'));
    expect(a).toMatchObject({ encoding: 'windows-1251', rowCount: 5000, columns: ['Адрес', 'Широта', 'Долгота', 'Столбец 4'] });
    expect('sample' in a && a.sample.length).toBe(INSPECT_SAMPLE_ROWS);
    expect('sample' in a && a.sample[199]).toEqual(['Ангарск, ул. Тестовая, 200', '52.019900', '103.019900', '']);
  });

  it('checks UTF-8 over the whole file: an invalid byte after the first megabyte is not UTF-8', async () => {
    const ascii = `Address;Lat;Lon\r\n${'Angarsk street 5;52.5;103.8\r\n'.repeat(Math.ceil(SNIFF_BYTES / 28) + 10)}`;
    expect(Buffer.byteLength(ascii)).toBeGreaterThan(SNIFF_BYTES);
    // The head alone is ASCII; the tail is Windows-1251. Read whole, detectEncoding sees the
    // invalid UTF-8 and asks jschardet about the head: the streamed inspection answers alike.
    const late = await same(Buffer.concat([Buffer.from(ascii), iconv.encode('Ангарск, улица Ленина;52,5;103,8\r\n', 'win1251')]));
    expect('encoding' in late ? late.encoding : late.error).not.toBe('UTF-8');
    // With Russian text in the head too, it is Windows-1251 (the tail decoded, not garbled).
    const ru = iconv.encode(`Адрес;Широта;Долгота\r\n${'Ангарск, улица Ленина, дом 5;52,5;103,8\r\n'.repeat(40000)}Усолье-Сибирское;52,7;103,6\r\n`, 'win1251');
    expect(ru.length).toBeGreaterThan(SNIFF_BYTES);
    const a = await same(ru);
    expect(a).toMatchObject({ encoding: 'windows-1251', rowCount: 40001 });
    // A multi-byte character cut by a chunk boundary is still valid UTF-8.
    expect(await same(Buffer.from(`Адрес;Широта\r\n${'Ангарск ж;52\r\n'.repeat(120000)}`))).toMatchObject({ encoding: 'UTF-8', rowCount: 120000 });
  });

  it('refuses alike: KOI8-R, binary, broken quoting (with the line), no header, no rows', async () => {
    const refusals = [
      iconv.encode(RU, 'koi8-r'),
      Buffer.from([0x41, 0x00, 0x42, 0xff, 0xfe]),
      Buffer.from('a;b\n1;"2\n3;4\n'),
      Buffer.from(`a;b\n${'1;2\n'.repeat(30000)}3;"4\n5;6\n`),
      Buffer.from(';;\n1;2\n'),
      Buffer.from(';;\n1;2\n3;"4\n'),
      Buffer.from('\n\n'),
      Buffer.from('a;b\n;\n'),
    ];
    const messages = [];
    for (const bytes of refusals) messages.push(await same(bytes));
    expect(messages).toEqual([
      { error: 'Кодировка файла KOI8-R не поддерживается: сохраните его в UTF-8 или Windows-1251.' },
      { error: 'Файл не похож на таблицу CSV или XLSX.' },
      { error: expect.stringMatching(/^Не удалось прочитать CSV: строка \d+, не закрыты кавычки\.$/) },
      { error: expect.stringMatching(/^Не удалось прочитать CSV: строка \d+, не закрыты кавычки\.$/) },
      { error: expect.stringMatching(/заголов/i) },
      { error: expect.stringMatching(/^Не удалось прочитать CSV: строка \d+, не закрыты кавычки\.$/) },
      { error: expect.stringMatching(/заголов/i) },
      { error: expect.not.stringMatching(/заголов/i) },
    ]);
    const empty = await put(Buffer.alloc(0));
    await expect(inspectStoredFile(store, empty)).rejects.toThrow('Файл пуст.');
  });
});

describe('inspectStoredFile on XLSX and JSON', () => {
  it('streams a workbook to readXlsx’s columns and rows; parses JSON whole', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Данные');
    ws.addRow([]);
    ws.addRow(['Адрес', 'Широта', '']);
    for (let i = 0; i < 300; i++) ws.addRow([`Ангарск, ${i + 1}`, 52.5 + i / 1000, i === 250 ? null : '', i === 5 ? 'x' : null]);
    const key = await put(Buffer.from(await wb.xlsx.writeBuffer()), 'xlsx');
    const t = await readXlsx(await store.localPath(key));
    const a = await inspectStoredFile(store, key);
    expect(a).toEqual({ fileType: 'XLSX', encoding: null, delimiter: null, columns: t.columns, sample: t.rows.slice(0, INSPECT_SAMPLE_ROWS).map((r) => r.cells), rowCount: 300 });
    expect(a.columns).toEqual(['Адрес', 'Широта', 'Столбец 3', 'Столбец 4']);

    const json = await put(Buffer.from(JSON.stringify([{ Адрес: 'Ангарск', Широта: 52.5 }, { Долгота: 103.8 }])), 'json');
    expect(await inspectStoredFile(store, json)).toEqual({
      fileType: 'JSON', encoding: 'UTF-8', delimiter: null, columns: ['Адрес', 'Широта', 'Долгота'], sample: [['Ангарск', '52.5', ''], ['', '', '103.8']], rowCount: 2,
    });
  });
});
