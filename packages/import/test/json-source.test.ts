/**
 * A JSON import file streamed (json-source.ts; issue 9 §4): an array of objects and a GeoJSON
 * FeatureCollection, cut into pieces that split tokens and multi-byte letters, give the columns
 * and rows parseJsonTable gives for the whole text, in chunks of SOURCE_CHUNK_ROWS, twice; other
 * JSON is refused before any row is handed out, with the Russian messages of the whole-text
 * reader; the upload inspection and a run's source read a stored JSON file the same way.
 */
import iconv from 'iconv-lite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '@tko/contract';
import { inspectStoredFile, jsonSource, LocalImportStore, openStoredSource, parseJsonTable, SOURCE_CHUNK_ROWS } from '../src/index';
import { collect } from './collect';

/** `bytes` handed out in pieces of `size` bytes (splitting tokens and letters). */
const pieces = (bytes: Buffer, size: number) => () => {
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
  return Readable.from(parts);
};

/** The error message of reading `text` through, or null. */
async function refusal(text: string): Promise<string | null> {
  const bytes = Buffer.from(text);
  try {
    await collect(jsonSource(pieces(bytes, 5), 'UTF-8', bytes.length));
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** A value longer than the tokenizer's string buffer (64 KB). */
const LONG = `длинная «строка» \\ ${'ж'.repeat(70_000)} конец`;

/**
 * `n` objects whose keys appear late (a key first seen in the last object), with nested and empty
 * values, and with `long` one value longer than the tokenizer's string buffer.
 */
function objects(n: number, long = false): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) => ({
    'Адрес': `Ангарск, ${i + 1} мкр, «дом» \\ 5`,
    lat: 52.5 + i / 1000,
    lon: i % 7 === 0 ? null : 103.9,
    'количество': i % 3 === 0 ? '2 евро' : 1,
    ...(i === 5 ? { 'Примечание': { a: [1, 'б'] } } : {}),
    ...(i === 6 && long ? { 'Примечание': LONG } : {}),
    ...(i === n - 1 ? { 'Последний': true } : {}),
  }));
}

describe('jsonSource', () => {
  it('gives the table parseJsonTable gives for an array of objects, chunk by chunk, twice', async () => {
    const n = SOURCE_CHUNK_ROWS * 2 + 3;
    const text = JSON.stringify(objects(n, true), null, 1);
    const whole = parseJsonTable(text);
    expect(whole.columns).toEqual(['Адрес', 'lat', 'lon', 'количество', 'Примечание', 'Последний']);
    for (const [bytes, encoding] of [[Buffer.from(`\ufeff${text}`), 'UTF-8'], [iconv.encode(text, 'win1251'), 'windows-1251']] as const) {
      const source = jsonSource(pieces(bytes, 7), encoding, bytes.length);
      for (let pass = 0; pass < 2; pass++) {
        const got = await collect(source);
        expect(got.columns).toEqual(whole.columns);
        expect(got.rows).toEqual(whole.rows);
        expect(got.chunks).toEqual([SOURCE_CHUNK_ROWS, SOURCE_CHUNK_ROWS, 3]);
        expect(source.fraction()).toBe(1);
      }
    }
    expect(whole.rows[5]!.cells[4]).toBe('{"a":[1,"б"]}');
    expect(whole.rows[6]!.cells[4]).toBe(LONG);
    expect(whole.rows[0]!).toMatchObject({ line: 2 });
  });

  it('reads a FeatureCollection whose type comes after its features: points, no geometry, other geometry', async () => {
    const fc = {
      features: [
        { type: 'Feature', geometry: { type: 'Point', coordinates: [103.7, 52.82] }, properties: { address: 'Усолье, 1', count: 2 } },
        { type: 'Feature', geometry: null, properties: { address: 'Усолье, 2', type: 'x' } },
        { type: 'Feature', geometry: { type: 'LineString', coordinates: [[1, 2], [3, 4]] }, properties: null },
        { type: 'Feature', geometry: { type: 'Point', coordinates: [103.71, 52.83] }, properties: { address: 'Усолье, 4' } },
      ],
      bbox: [103, 52, 104, 53],
      type: 'FeatureCollection',
    };
    const text = JSON.stringify(fc);
    const whole = parseJsonTable(text);
    const got = await collect(jsonSource(pieces(Buffer.from(text), 3), 'UTF-8', text.length));
    expect(got).toMatchObject({ columns: whole.columns, rows: whole.rows });
    expect(got.columns).toEqual(['Широта', 'Долгота', 'address', 'count', 'type']);
    expect(got.rows.map((r) => r.line)).toEqual([2, 3, 5]);
    expect(got.rows[0]!.cells).toEqual(['52.82', '103.7', 'Усолье, 1', '2', '']);
  });

  it('reads its keys once: in prepare (progress 0–1) or in the first open', async () => {
    const bytes = Buffer.from(JSON.stringify(objects(40)));
    let opened = 0;
    const open = () => {
      opened++;
      return pieces(bytes, 64)();
    };
    const prepared = jsonSource(open, 'UTF-8', bytes.length);
    const seen: number[] = [];
    await prepared.prepare!(async (f) => {
      seen.push(f);
    });
    await prepared.prepare!(async () => undefined);
    expect(opened).toBe(1);
    expect(seen.every((f, i) => f >= 0 && f <= 1 && f >= (seen[i - 1] ?? 0))).toBe(true);
    expect((await collect(prepared)).rows).toHaveLength(40);
    await collect(prepared);
    expect(opened).toBe(3);
    const lazy = jsonSource(open, 'UTF-8', bytes.length);
    await collect(lazy);
    await collect(lazy);
    expect(opened).toBe(6);
  });

  it('refuses other JSON as parseJsonTable does, before handing out a row', async () => {
    const notJson = IMPORT_MSG.notJson;
    const cases: [string, string][] = [
      ['{"a": 1}', notJson],
      ['[{"a": 1}, 2]', notJson],
      ['[{"a": 1}', notJson],
      ['[{"a": 1}] [', notJson],
      ['x', notJson],
      ['{"features": [{"properties": {"a": 1}}], "type": "Feature"}', notJson],
      ['{"type": "FeatureCollection", "features": {"a": {}}}', notJson],
      ['[]', IMPORT_MSG.noRows],
      ['[{}, {}]', IMPORT_MSG.noRows],
    ];
    for (const [text, message] of cases) {
      expect(await refusal(text), text).toBe(message);
      expect(() => parseJsonTable(text), text).toThrow(message);
    }
    // The one difference: a FeatureCollection with no `features` at all has no rows (whole: not JSON).
    expect(await refusal('{"type": "FeatureCollection"}')).toBe(IMPORT_MSG.noRows);
  });
});

describe('a stored JSON file', () => {
  const store = new LocalImportStore(mkdtempSync(path.join(tmpdir(), 'tko-json-')));

  it('is inspected and opened for a run streamed, with its encoding', async () => {
    const text = JSON.stringify(objects(250));
    const key = (await store.put(Readable.from([iconv.encode(text, 'win1251')]), 'json')).key;
    const whole = parseJsonTable(text);
    const info = await inspectStoredFile(store, key);
    expect(info).toMatchObject({ fileType: 'JSON', encoding: 'windows-1251', delimiter: null, columns: whole.columns, rowCount: 250 });
    expect(info.sample).toEqual(whole.rows.slice(0, 200).map((r) => r.cells));
    const source = await openStoredSource(store, key, { fileType: 'JSON', encoding: info.encoding, delimiter: null });
    expect((await collect(source)).rows).toEqual(whole.rows);
  });
});
