/**
 * One entry point for reading an import file, at upload (detect everything) and in the job
 * (read again with what the upload detected).
 */
import { open } from 'node:fs/promises';
import type { TextEncoding } from './detect';
import { detectEncoding, detectFileType } from './detect';
import { decodeText, readCsv, readCsvStream } from './read-csv';
import { readXlsx } from './read-xlsx';
import { parseJsonTable } from './read-json';
import type { ImportFileStore } from './storage';
import type { Table } from './table';

export interface TableFormat {
  fileType: 'CSV' | 'XLSX' | 'JSON';
  /** CSV only. */
  encoding: TextEncoding | null;
  /** CSV only. */
  delimiter: string | null;
}

async function head(filePath: string, bytes = 4100): Promise<Buffer> {
  const fh = await open(filePath, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await fh.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Detects the type, encoding and delimiter of stored file `key` and reads it.
 * Throws ImportInputError for an empty, unreadable or unsupported file.
 */
export async function inspectStoredFile(store: ImportFileStore, key: string): Promise<TableFormat & { table: Table }> {
  const filePath = await store.localPath(key);
  const fileType = await detectFileType(filePath, await head(filePath));
  if (fileType === 'XLSX') return { fileType, encoding: null, delimiter: null, table: await readXlsx(filePath) };
  const bytes = await store.read(key);
  if (fileType === 'JSON') return { fileType, encoding: 'UTF-8', delimiter: null, table: parseJsonTable(decodeText(bytes, detectEncoding(bytes))) };
  const encoding = detectEncoding(bytes);
  const { delimiter, ...table } = readCsv(bytes, encoding);
  return { fileType, encoding, delimiter, table };
}

/** Reads stored file `key` with the format the upload detected (a CSV streamed: read-csv.ts readCsvStream). */
export async function readStoredFile(store: ImportFileStore, key: string, format: TableFormat): Promise<Table> {
  if (format.fileType === 'XLSX') return readXlsx(await store.localPath(key));
  if (format.fileType === 'JSON') return parseJsonTable(decodeText(await store.read(key), format.encoding ?? 'UTF-8'));
  return readCsvStream(store.open(key), format.encoding ?? 'UTF-8', format.delimiter ?? ';');
}
