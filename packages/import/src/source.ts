/**
 * An import file read as a stream (issue 9 §4: memory flat in file size). A {@link TableSource}
 * can be opened more than once — the run reads the file twice (scan.ts, then run-import.ts) —
 * and each opening gives the header's column names and then the data rows in chunks: cells
 * trimmed, rows of blank cells dropped, as {@link TableBuilder} keeps them. Nothing but the chunk
 * being handed out is held.
 *
 * CSV (iconv-lite decode stream → csv-parse stream) and XLSX (exceljs's streaming reader) are
 * streamed here, JSON in json-source.ts; an in-memory {@link Table} is wrapped (tableSource).
 * Errors: ImportInputError for a file without a header or broken CSV quoting (with the line).
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse as parseStream } from 'csv-parse';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { IMPORT_MSG } from '@tko/contract';
import type { TextEncoding } from './detect';
import { ImportInputError } from './errors';
import { csvInputError, isCsvError, ICONV_NAME, PARSE_OPTIONS } from './read-csv';
import { cellText } from './read-xlsx';
import { checkXlsxCell, checkXlsxParts, checkXlsxRow } from './xlsx-limits';
import type { Table, TableRow } from './table';
import { columnNames, tableFromRecords } from './table';

/** Data rows handed out at a time. */
export const SOURCE_CHUNK_ROWS = 500;

/** One reading of a source: the header's names, then the data rows. */
export interface OpenedSource {
  columns: string[];
  /** The header record's cells as read (untrimmed): the upload inspection's TableShape needs them. */
  header: string[];
  chunks: AsyncIterable<TableRow[]>;
}

export interface TableSource {
  /** Reads the file from its start. */
  open(): Promise<OpenedSource>;
  /** Share of the file the latest opening has read, 0–1 (progress of a pass). */
  fraction(): number;
  /**
   * Work the first `open()` would do before its columns are known (a JSON file's reading for its
   * keys: json-source.ts), done now with `onFraction(0–1)` called as it goes, so that a run's
   * progress moves during it. Absent when there is none; calling it twice does the work once.
   */
  prepare?(onFraction: (fraction: number) => Promise<void>): Promise<void>;
}

/** Trimmed cells of a data row, or null for a row of blank cells. */
function dataRow(line: number, cells: string[]): TableRow | null {
  const trimmed = cells.map((c) => c.trim());
  return trimmed.some((c) => c !== '') ? { line, cells: trimmed } : null;
}

/**
 * Turns a stream of raw records (the first is the header) into an OpenedSource. `records` is
 * read up to the header before this returns (the columns), the rest as the chunks are pulled.
 * Errors: ImportInputError IMPORT_MSG.noHeader when the first record is missing or blank.
 */
export async function fromRecords(records: AsyncIterator<TableRow>): Promise<OpenedSource> {
  const first = await records.next();
  if (first.done || first.value.cells.every((c) => !c.trim())) throw new ImportInputError(IMPORT_MSG.noHeader, 'file');
  const columns = columnNames(first.value.cells);
  async function* chunks(): AsyncGenerator<TableRow[]> {
    let chunk: TableRow[] = [];
    for (let r = await records.next(); !r.done; r = await records.next()) {
      const row = dataRow(r.value.line, r.value.cells);
      if (!row) continue;
      chunk.push(row);
      if (chunk.length >= SOURCE_CHUNK_ROWS) {
        yield chunk;
        chunk = [];
      }
    }
    if (chunk.length) yield chunk;
  }
  return { columns, header: first.value.cells, chunks: chunks() };
}

/**
 * A CSV file: `open()` gives a fresh byte stream each time, `size` its length in bytes
 * (progress). Decoded in `encoding` (iconv-lite), split by `delimiter` (csv-parse, as parseCsv).
 */
export function csvSource(openBytes: () => Readable, encoding: TextEncoding, delimiter: string, size: number): TableSource {
  let read = 0;
  return {
    fraction: () => (size > 0 ? Math.min(1, read / size) : 0),
    async open() {
      read = 0;
      const bytes = openBytes();
      bytes.on('data', (b: Buffer) => (read += b.length));
      const parser = parseStream({ delimiter, ...PARSE_OPTIONS });
      let failure: unknown = null;
      const piping = pipeline(bytes, iconv.decodeStream(ICONV_NAME[encoding], { stripBOM: true }), parser).catch((e: unknown) => {
        failure = e;
      });
      const it = parser[Symbol.asyncIterator]() as AsyncIterator<{ record: string[]; info: { lines: number } }>;
      const records: AsyncIterator<TableRow> = {
        async next() {
          try {
            const r = await it.next();
            if (r.done) {
              await piping;
              if (failure) throw failure;
              return { done: true, value: undefined };
            }
            return { done: false, value: { line: r.value.info.lines, cells: r.value.record } };
          } catch (e) {
            bytes.destroy();
            if (isCsvError(e)) throw csvInputError(e);
            throw e;
          }
        },
      };
      return fromRecords(records);
    },
  };
}

/**
 * The first worksheet of an XLSX workbook at `filePath` (`size` bytes), streamed (cells as
 * read-xlsx.ts cellText); the share read is that of the workbook's compressed bytes. The bounds
 * of xlsx-limits.ts are checked before the reader parses (cached parts) and row by row.
 */
export function xlsxSource(filePath: string, size: number): TableSource {
  let read = 0;
  return {
    fraction: () => (size > 0 ? Math.min(1, read / size) : 0),
    async open() {
      read = 0;
      async function* rows(): AsyncGenerator<TableRow> {
        let header = false;
        await checkXlsxParts(filePath);
        try {
          const bytes = createReadStream(filePath);
          bytes.on('data', (b: Buffer | string) => (read += b.length));
          const reader = new ExcelJS.stream.xlsx.WorkbookReader(bytes, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
          for await (const sheet of reader) {
            for await (const row of sheet) {
              const raw = Array.isArray(row.values) ? row.values : [];
              checkXlsxRow(row.number, raw);
              const cells = Array.from(raw.slice(1), (v, i) => checkXlsxCell(row.number, i, cellText(v ?? null)));
              if (!header && cells.every((c) => !c.trim())) continue;
              header = true;
              yield { line: row.number, cells };
            }
            break;
          }
        } catch (e) {
          if (e instanceof ImportInputError) throw e;
          throw new ImportInputError(IMPORT_MSG.notTable, 'file');
        }
      }
      return fromRecords(rows());
    },
  };
}

/** A table already in memory (a test's table, a bench's) as a source. */
export function tableSource(table: Table): TableSource {
  let done = 0;
  return {
    fraction: () => (table.rows.length ? done / table.rows.length : 1),
    async open() {
      done = 0;
      async function* chunks(): AsyncGenerator<TableRow[]> {
        for (let i = 0; i < table.rows.length; i += SOURCE_CHUNK_ROWS) {
          done = Math.min(table.rows.length, i + SOURCE_CHUNK_ROWS);
          yield table.rows.slice(i, i + SOURCE_CHUNK_ROWS);
        }
      }
      return { columns: table.columns, header: table.columns, chunks: chunks() };
    },
  };
}

/**
 * The whole source as a {@link Table} (for a run that needs every row at once: the route plan's
 * template); the rules of tableFromRecords apply.
 */
export async function readAll(source: TableSource): Promise<Table> {
  const { header, chunks } = await source.open();
  const records: TableRow[] = [{ line: 1, cells: header }];
  for await (const chunk of chunks) records.push(...chunk);
  return tableFromRecords(records);
}

/** A CSV from the byte stream `bytes` as a {@link Table} (csvSource read once: readAll). */
export function readCsvStream(bytes: Readable, encoding: TextEncoding, delimiter: string): Promise<Table> {
  return readAll(csvSource(() => bytes, encoding, delimiter, 0));
}
