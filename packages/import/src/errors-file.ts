/**
 * The errors file of a run (GET /api/import/files/{id}/errors/): one row per failed row of the
 * file and per row imported with warnings (issue 9 §1) — its line, whether it was imported, the
 * reasons, the warnings (plain Russian), then the row's own cells under the file's own headers,
 * so the rows can be corrected in place and the file uploaded again (the four extra columns map
 * to nothing). XLSX through exceljs's streaming writer, or CSV (papaparse's writer) in UTF-8 with a
 * BOM and the upload's delimiter.
 */
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { FailedRow } from './run-types';

export const ERRORS_HEADER = ['Строка файла', 'Результат', 'Причины', 'Предупреждения'];

/** «Не импортирована» / «Импортирована с предупреждениями». */
export function rowResult(f: FailedRow): string {
  if (f.messages.length > 0) return 'Не импортирована';
  return f.warnings.some((w) => w.startsWith('Не импортирована')) ? 'Не импортирована (пропущена)' : 'Импортирована с предупреждениями';
}

/** Writes the failed rows as an xlsx into `out` (and ends it). */
export async function writeErrorsXlsx(columns: string[], failed: FailedRow[], out: Writable): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  wb.creator = 'Реестр ТКО';
  const sheet = wb.addWorksheet('Ошибки импорта', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: ERRORS_HEADER[0], key: 'line', width: 12 },
    { header: ERRORS_HEADER[1], key: 'result', width: 22 },
    { header: ERRORS_HEADER[2], key: 'why', width: 60, style: { alignment: { wrapText: true, vertical: 'top' } } },
    { header: ERRORS_HEADER[3], key: 'warn', width: 60, style: { alignment: { wrapText: true, vertical: 'top' } } },
    ...columns.map((c, i) => ({ header: c, key: `c${i}`, width: Math.min(Math.max(c.length + 2, 12), 50) })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const f of failed) {
    const row: Record<string, unknown> = { line: f.line, result: rowResult(f), why: f.messages.join('\n'), warn: (f.warnings ?? []).join('\n') };
    f.cells.forEach((c, i) => (row[`c${i}`] = c));
    sheet.addRow(row).commit();
  }
  sheet.commit();
  await wb.commit();
}

/** The failed rows as CSV text (UTF-8 with a BOM; reasons joined by ' | '). */
export function errorsCsv(columns: string[], failed: FailedRow[], delimiter = ';'): string {
  const data = [[...ERRORS_HEADER, ...columns], ...failed.map((f) => [String(f.line), rowResult(f), f.messages.join(' | '), (f.warnings ?? []).join(' | '), ...f.cells])];
  return `\ufeff${Papa.unparse(data, { delimiter, newline: '\r\n' })}\r\n`;
}
