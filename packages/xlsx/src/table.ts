/**
 * A small table (a dashboard widget's numbers, issue 12 §2) as an .xlsx workbook: one sheet, a
 * bold frozen header of the columns' labels (with the unit after a comma), the rows, and an
 * optional total row; numbers stay numbers (format `#,##0.###`). Same SpreadsheetML writer as
 * the registry exports (sheet-xml.ts, zip.ts). Throws what the output stream throws.
 */
import type { Writable } from 'node:stream';
import type { Cell } from './format';
import type { SheetColumn } from './sheet-xml';
import { columnName, columnStyles, packageParts, rowXml, sheetEnd, sheetStart } from './sheet-xml';
import { ZipWriter } from './zip';

/** A column of the table: the row key, its Russian label and unit. */
export interface TableColumn {
  key: string;
  label: string;
  unit?: string | null;
}

/** Writes `rows` (column key → text or number) under `columns` into `out` as xlsx and ends it; returns the row count. */
export async function writeTableXlsx(
  title: string,
  columns: TableColumn[],
  rows: Record<string, string | number | null>[],
  out: Writable,
  total?: Record<string, string | number | null> | null,
): Promise<number> {
  const sheetCols: SheetColumn[] = columns.map((c) => {
    const header = c.unit ? `${c.label}, ${c.unit}` : c.label;
    const numeric = rows.some((r) => typeof r[c.key] === 'number');
    return { header, width: Math.min(Math.max(header.length + 2, 12), 60), numFmt: numeric ? '#,##0.###' : undefined };
  });
  const names = sheetCols.map((_, i) => columnName(i));
  const styles = columnStyles(sheetCols);
  const zip = new ZipWriter(out);
  const sheetName = title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31);
  for (const [name, xml] of Object.entries(packageParts(sheetName, sheetCols, 'Реестр ТКО'))) await zip.add(name, xml);
  const sheet = await zip.stream('xl/worksheets/sheet1.xml');
  await sheet.write(sheetStart(sheetCols));
  const all = total ? [...rows, total] : rows;
  let r = 1;
  for (const row of all) {
    r++;
    const cells: Cell[] = columns.map((c) => row[c.key] ?? null);
    await sheet.write(rowXml(r, cells, names, styles));
  }
  await sheet.write(sheetEnd(sheetCols));
  await sheet.end();
  await zip.finish();
  return rows.length;
}
