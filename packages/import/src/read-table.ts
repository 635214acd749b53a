/**
 * One entry point for reading an import file, at upload (detect everything) and in the job
 * (read again with what the upload detected).
 */
import { open, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse as parseStream } from 'csv-parse';
import iconv from 'iconv-lite';
import { IMPORT_MSG } from '@tko/contract';
import type { TextEncoding } from './detect';
import { detectFileType, detectStreamEncoding, SNIFF_BYTES } from './detect';
import { ImportInputError } from './errors';
import { csvInputError, isCsvError, decodeText, guessDelimiter, ICONV_NAME, PARSE_OPTIONS } from './read-csv';
import { jsonSource } from './json-source';
import type { ImportFileStore } from './storage';
import { TableShape } from './table';
import type { TableSource } from './source';
import { csvSource, xlsxSource } from './source';

export interface TableFormat {
  fileType: 'CSV' | 'XLSX' | 'JSON';
  /** CSV and JSON. */
  encoding: TextEncoding | null;
  /** CSV only. */
  delimiter: string | null;
}

/** The first `bytes` bytes of the file at `filePath` (fewer when it is shorter). */
async function head(filePath: string, bytes: number): Promise<Buffer> {
  const fh = await open(filePath, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    let got = 0;
    for (;;) {
      const { bytesRead } = await fh.read(buf, got, bytes - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
      if (got === bytes) break;
    }
    return buf.subarray(0, got);
  } finally {
    await fh.close();
  }
}

/** Bytes of the head given to the file-type check (JSON or not). */
const TYPE_HEAD_BYTES = 4100;
/** Data rows an inspection keeps (the upload's preview and the matching's suggestion). */
export const INSPECT_SAMPLE_ROWS = 200;

/** What the upload learns of a file: its format, columns, first rows and row count. */
export interface FileInspection extends TableFormat {
  columns: string[];
  /** The first INSPECT_SAMPLE_ROWS data rows' cells, padded to the columns. */
  sample: string[][];
  /** Data rows in the file. */
  rowCount: number;
}

const padded = (cells: string[], width: number) => (cells.length < width ? [...cells, ...Array<string>(width - cells.length).fill('')] : cells);

/**
 * Reads `source` through, keeping only the first INSPECT_SAMPLE_ROWS rows; the columns by
 * tableFromRecords' rules (TableShape). Errors: the source's, ImportInputError without rows.
 */
async function walk(source: TableSource): Promise<Pick<FileInspection, 'columns' | 'sample' | 'rowCount'>> {
  const { header, chunks } = await source.open();
  const shape = new TableShape();
  shape.setHeader(header);
  const sample: string[][] = [];
  for await (const chunk of chunks) {
    for (const r of chunk) {
      shape.addRow(r.cells);
      if (sample.length < INSPECT_SAMPLE_ROWS) sample.push(r.cells);
    }
  }
  const columns = shape.columns();
  return { columns, sample: sample.map((c) => padded(c, columns.length)), rowCount: shape.rows };
}

/**
 * Parses CSV `bytes` through to the end keeping nothing; throws the first quoting error
 * (csvInputError). A file whose header is blank is refused only after this: reading it whole,
 * a broken quote anywhere was the error the user saw (readCsv parses before it checks).
 */
async function checkCsvQuoting(bytes: Readable, encoding: TextEncoding, delimiter: string): Promise<void> {
  const parser = parseStream({ delimiter, ...PARSE_OPTIONS });
  parser.on('data', () => undefined);
  try {
    await pipeline(bytes, iconv.decodeStream(ICONV_NAME[encoding], { stripBOM: true }), parser);
  } catch (e) {
    if (isCsvError(e)) throw csvInputError(e);
    throw e;
  }
}

/**
 * Detects the type, encoding and delimiter of stored file `key` and reads it as a stream
 * (issue 9 §4: memory flat in file size): the first SNIFF_BYTES bytes for the BOM, the NUL
 * check, jschardet and the delimiter (guessDelimiter looks at the first 64 K characters only);
 * one pass checks UTF-8 validity over the whole file; one more walks the rows (source.ts),
 * counting them and keeping the first INSPECT_SAMPLE_ROWS (a JSON file: json-source.ts, which
 * reads it once more for its columns). A JSON file's encoding is detected as a CSV's.
 * The same answers and errors as reading the whole file (readCsv, readXlsx, parseJsonTable).
 * Throws ImportInputError for an empty, unreadable or unsupported file.
 */
export async function inspectStoredFile(store: ImportFileStore, key: string): Promise<FileInspection> {
  const filePath = await store.localPath(key);
  const start = await head(filePath, SNIFF_BYTES);
  const fileType = await detectFileType(filePath, start.subarray(0, TYPE_HEAD_BYTES));
  const { size } = await stat(filePath);
  if (fileType === 'XLSX') return { fileType, encoding: null, delimiter: null, ...(await walk(xlsxSource(filePath, size))) };
  const encoding = await detectStreamEncoding(start, () => store.open(key));
  if (fileType === 'JSON') return { fileType, encoding, delimiter: null, ...(await walk(jsonSource(() => store.open(key), encoding, size))) };
  const delimiter = guessDelimiter(decodeText(start, encoding));
  try {
    return { fileType, encoding, delimiter, ...(await walk(csvSource(() => store.open(key), encoding, delimiter, size))) };
  } catch (e) {
    if (e instanceof ImportInputError && e.message === IMPORT_MSG.noHeader) await checkCsvQuoting(store.open(key), encoding, delimiter);
    throw e;
  }
}

/**
 * Stored file `key` as a stream for a run (source.ts; issue 9 §4), with the format the upload
 * detected: CSV, XLSX and JSON streamed (a JSON file is read once more for its columns, the
 * union of all its objects' keys: json-source.ts).
 */
export async function openStoredSource(store: ImportFileStore, key: string, format: TableFormat): Promise<TableSource> {
  const filePath = await store.localPath(key);
  const { size } = await stat(filePath);
  if (format.fileType === 'XLSX') return xlsxSource(filePath, size);
  if (format.fileType === 'JSON') return jsonSource(() => store.open(key), format.encoding ?? 'UTF-8', size);
  return csvSource(() => store.open(key), format.encoding ?? 'UTF-8', format.delimiter ?? ';', size);
}
