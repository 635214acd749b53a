/**
 * Bounds of an XLSX workbook read for import (issue 22 §3: 4 500 shared strings of 1 MB each,
 * 4.7 MB zipped, took an API process to 4.3 GB and killed it). Checked before the reader
 * allocates what they bound:
 *
 * | bound                                        | value       | source                                       |
 * |----------------------------------------------|-------------|----------------------------------------------|
 * | xl/sharedStrings.xml, unzipped               | 64 MiB      | ours: the reader keeps every shared string    |
 * | xl/styles.xml, unzipped                      | 16 MiB      | ours: the reader keeps every style            |
 * | characters in one cell                       | 32 767      | Excel's own cell limit (Excel specifications) |
 * | rows in a sheet                              | 1 048 576   | Excel's own sheet limit                       |
 * | columns in a row                             | 16 384      | Excel's own sheet limit (XFD)                 |
 *
 * The parts' sizes come from the zip's central directory (yauzl), read before exceljs parses
 * anything; the cell, row and column bounds are checked row by row as the sheet streams, before
 * a row's cells are copied. A zip that lies about its sizes is stopped by the heap limit of the
 * inspection's thread (inspect-isolated.ts). Errors: ImportInputError on 'file' naming the limit.
 */
import yauzl from 'yauzl';
import { IMPORT_MSG } from '@tko/contract';
import { ImportInputError } from './errors';

export const XLSX_LIMITS = {
  sharedStringsBytes: 64 * 1024 * 1024,
  stylesBytes: 16 * 1024 * 1024,
  cellChars: 32767,
  rows: 1048576,
  columns: 16384,
} as const;

/** Parts the reader holds whole in memory, with their bound. */
const CACHED_PARTS: Record<string, number> = {
  'xl/sharedStrings.xml': XLSX_LIMITS.sharedStringsBytes,
  'xl/styles.xml': XLSX_LIMITS.stylesBytes,
};

const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);

/**
 * Checks the unzipped sizes of the parts the reader caches, from the central directory of the
 * workbook at `filePath`. A file that is not a zip is left to the reader (it answers «не похож на
 * таблицу»). Throws ImportInputError when a part is over its bound.
 */
export async function checkXlsxParts(filePath: string): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) => yauzl.open(filePath, { lazyEntries: true, autoClose: false }, (err, z) => (err ? reject(err) : resolve(z))));
  } catch {
    return;
  }
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (e: yauzl.Entry) => {
        const limit = CACHED_PARTS[e.fileName.replace(/^\/+/, '')];
        if (limit !== undefined && e.uncompressedSize > limit) return reject(new ImportInputError(IMPORT_MSG.xlsxPartTooLarge(e.fileName, mib(e.uncompressedSize), mib(limit)), 'file'));
        zip.readEntry();
      });
      zip.on('end', () => resolve());
      zip.on('error', () => resolve()); // a damaged directory: the reader's own error
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** Column letters of 1-based column `n` (1 → A, 28 → AB). */
export function columnName(n: number): string {
  let s = '';
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/**
 * Checks one streamed row before its cells are copied: its number and its width (`values` is
 * exceljs's row.values, 1-based and sparse).
 */
export function checkXlsxRow(rowNumber: number, values: readonly unknown[]): void {
  if (rowNumber > XLSX_LIMITS.rows) throw new ImportInputError(IMPORT_MSG.xlsxTooManyRows(XLSX_LIMITS.rows), 'file');
  if (values.length - 1 > XLSX_LIMITS.columns) throw new ImportInputError(IMPORT_MSG.xlsxTooManyColumns(rowNumber, XLSX_LIMITS.columns), 'file');
}

/** Throws when cell text `text` of row `rowNumber`, 0-based column `index`, is over the cell bound. */
export function checkXlsxCell(rowNumber: number, index: number, text: string): string {
  if (text.length > XLSX_LIMITS.cellChars) throw new ImportInputError(IMPORT_MSG.xlsxCellTooLong(`${columnName(index + 1)}${rowNumber}`, XLSX_LIMITS.cellChars), 'file');
  return text;
}
