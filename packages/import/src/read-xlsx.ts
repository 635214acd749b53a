/**
 * Reads the first worksheet of an XLSX workbook into a {@link Table} with exceljs's streaming
 * reader (the workbook is never held whole in memory). Cell values become text: numbers with a
 * decimal point (52.5468417), dates as YYYY-MM-DD (with HH:MM:SS when they carry a time), booleans
 * as Да/Нет, rich text and hyperlinks by their text, formulas by their cached result, error
 * cells blank. The sheet's first non-empty row is the header.
 * Errors: ImportInputError when the workbook cannot be read or is over a bound of xlsx-limits.ts.
 */
import ExcelJS from 'exceljs';
import { IMPORT_MSG } from '@tko/contract';
import { ImportInputError } from './errors';
import type { Table, TableRow } from './table';
import { checkXlsxCell, checkXlsxParts, checkXlsxRow } from './xlsx-limits';
import { tableFromRecords } from './table';

const pad = (n: number) => String(n).padStart(2, '0');

/** Text of one exceljs cell value. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  if (typeof v === 'boolean') return v ? 'Да' : 'Нет';
  if (v instanceof Date) {
    const date = `${v.getUTCFullYear()}-${pad(v.getUTCMonth() + 1)}-${pad(v.getUTCDate())}`;
    const time = `${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}`;
    // Excel keeps a time of day alone as a date on 1899-12-30.
    if (date === '1899-12-30') return time;
    return time === '00:00:00' ? date : `${date}T${time}`;
  }
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((p) => p.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return cellText((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ('error' in v) return '';
  }
  return String(v);
}

/** Reads the first worksheet of the workbook at `filePath`. */
export async function readXlsx(filePath: string): Promise<Table> {
  const records: TableRow[] = [];
  await checkXlsxParts(filePath);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(filePath, { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' });
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const raw = Array.isArray(row.values) ? row.values : [];
        checkXlsxRow(row.number, raw);
        const cells = Array.from(raw.slice(1), (v, i) => checkXlsxCell(row.number, i, cellText(v ?? null)));
        if (records.length === 0 && cells.every((c) => !c.trim())) continue;
        records.push({ line: row.number, cells });
      }
      break;
    }
  } catch (e) {
    if (e instanceof ImportInputError) throw e;
    throw new ImportInputError(IMPORT_MSG.notTable, 'file');
  }
  return tableFromRecords(records);
}
