/**
 * A JSON import file as a stream (issue 9 §4: memory flat in file size), parsed piece by piece
 * with @streamparser/json: the shapes and cells of read-json.ts — an array of objects, or a
 * GeoJSON FeatureCollection (RFC 7946) whose Point features give «Широта»/«Долгота» — and the
 * same table as parseJsonTable gives for the whole text.
 *
 * A JSON file's columns are the union of every object's keys in the order first seen, known only
 * at its end. So the source's first opening reads the file through once for them — checking its
 * shape, so that nothing is handed out from a file that turns out to be another JSON — and keeps
 * them; every opening then reads the objects a chunk at a time. Held: the column names and the
 * objects of one decoded piece of text (≈ 64 KB).
 *
 * Errors: ImportInputError IMPORT_MSG.notJson (not JSON, or neither shape: a value of the array
 * that is no object, a top-level object whose `type` is not FeatureCollection or whose `features`
 * is no array), IMPORT_MSG.noRows (no object with a key, a FeatureCollection without features).
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { JSONParser } from '@streamparser/json';
import iconv from 'iconv-lite';
import { IMPORT_MSG } from '@tko/contract';
import type { TextEncoding } from './detect';
import { ImportInputError } from './errors';
import { ICONV_NAME } from './read-csv';
import type { JsonObject } from './read-json';
import { cellOf, featureRow, isJsonObject } from './read-json';
import type { TableRow } from './table';
import type { OpenedSource, TableSource } from './source';
import { fromRecords } from './source';

/** The key reading's progress calls come at most this often (ms). */
const PREPARE_CALL_MS = 250;

/**
 * The tokenizer collects a string's characters in a buffer of this many bytes instead of adding
 * them to a string one by one: 1.8× faster on bench/import.ts's 35 MB file (1.25 s against 2.26 s,
 * best of four), the same values (json-source.test.ts).
 */
const STRING_BUFFER = 64 * 1024;

const notJson = () => new ImportInputError(IMPORT_MSG.notJson, 'file');

/** One reading of the text: the rows' objects, then what the shape turned out to be. */
interface JsonReading {
  objects: AsyncGenerator<JsonObject>;
  /**
   * After the objects: false when the top level was an object whose `type` is not
   * FeatureCollection (an array, or a FeatureCollection, is true).
   */
  isRowsShape(): boolean;
}

/**
 * The rows' objects of the JSON text in `bytes` (decoded in `encoding`, a BOM stripped), one at
 * a time, a FeatureCollection's features as featureRow gives them. The shape is checked as the
 * text goes; a FeatureCollection's `type` may come after its features, so the caller asks
 * `isRowsShape()` once the objects are through.
 */
function readObjects(bytes: Readable, encoding: TextEncoding): JsonReading {
  let shape: 'array' | 'object' | null = null;
  let type: unknown;
  async function* objects(): AsyncGenerator<JsonObject> {
    const text = iconv.decodeStream(ICONV_NAME[encoding], { stripBOM: true });
    let failure: unknown = null;
    const piping = pipeline(bytes, text).catch((e: unknown) => {
      failure = e;
    });
    let parser: JSONParser | null = null;
    let pending: JsonObject[] = [];
    const start = (first: string) => {
      if (first === '[') shape = 'array';
      else if (first === '{') shape = 'object';
      else throw notJson();
      const p = new JSONParser({ paths: shape === 'array' ? ['$.*'] : ['$.type', '$.features.*'], keepStack: false, stringBufferSize: STRING_BUFFER });
      p.onValue = ({ value, key, stack }) => {
        if (shape === 'array') {
          if (!isJsonObject(value)) throw notJson();
          pending.push(value);
        } else if (stack.length === 1) type = value;
        else if (typeof key === 'number') pending.push(featureRow(value));
        else throw notJson(); // `features` is an object, not an array
      };
      return p;
    };
    try {
      for await (const piece of text as AsyncIterable<string>) {
        let rest = piece;
        if (!parser) {
          rest = piece.trimStart();
          if (!rest) continue;
          parser = start(rest[0]!);
        }
        try {
          parser.write(rest);
        } catch (e) {
          if (e instanceof ImportInputError) throw e;
          throw notJson();
        }
        if (pending.length) {
          const out = pending;
          pending = [];
          yield* out;
        }
      }
      await piping;
      if (failure) throw failure;
      if (!parser) throw notJson();
      try {
        // The parser ends by itself after the top-level value; end() says whether it was cut short.
        if (!parser.isEnded) parser.end();
      } catch {
        throw notJson();
      }
    } finally {
      bytes.destroy();
    }
  }
  return { objects: objects(), isRowsShape: () => shape === 'array' || type === 'FeatureCollection' };
}

/**
 * A JSON file: `open()` gives a fresh byte stream each time, `size` its length in bytes
 * (progress: the share of the bytes the latest opening has read). Text in `encoding`.
 */
export function jsonSource(openBytes: () => Readable, encoding: TextEncoding, size: number): TableSource {
  let read = 0;
  let columns: string[] | null = null;
  const counted = () => {
    read = 0;
    const bytes = openBytes();
    bytes.on('data', (b: Buffer) => (read += b.length));
    return bytes;
  };

  /**
   * The first reading: every key in the order first seen, the shape checked through to the end;
   * `onFraction` (the share of the bytes read) at most every PREPARE_CALL_MS.
   */
  async function keysOf(onFraction?: (fraction: number) => Promise<void>): Promise<string[]> {
    const keys = new Set<string>();
    const reading = readObjects(counted(), encoding);
    let called = Date.now();
    for await (const o of reading.objects) {
      for (const k of Object.keys(o)) keys.add(k);
      if (onFraction && Date.now() - called >= PREPARE_CALL_MS) {
        await onFraction(size > 0 ? Math.min(1, read / size) : 0);
        called = Date.now();
      }
    }
    if (!reading.isRowsShape()) throw notJson();
    if (keys.size === 0) throw new ImportInputError(IMPORT_MSG.noRows, 'file');
    return [...keys];
  }

  return {
    fraction: () => (size > 0 ? Math.min(1, read / size) : 0),
    async prepare(onFraction) {
      columns ??= await keysOf(onFraction);
    },
    async open(): Promise<OpenedSource> {
      columns ??= await keysOf();
      const names = columns;
      const reading = readObjects(counted(), encoding);
      async function* records(): AsyncGenerator<TableRow> {
        yield { line: 1, cells: names };
        let line = 2;
        for await (const o of reading.objects) yield { line: line++, cells: names.map((k) => cellOf(o[k])) };
      }
      return fromRecords(records());
    },
  };
}
