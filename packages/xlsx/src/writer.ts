/**
 * Streams a registry to an .xlsx workbook, written directly as SpreadsheetML into a streaming
 * zip (sheet-xml.ts; zip.ts, archiver; constant memory, inline strings). One sheet, a bold header
 * row of the fields' Russian labels (every field of the description, units included), frozen
 * header and an auto-filter. Replaced exceljs' streaming writer, which needed about twice the
 * CPU (bench/RESULTS.md); exceljs still reads the files back in the tests.
 */
import type { ResourceDef } from '@tko/contract';
import type { Writable } from 'node:stream';
import type { Cell } from './format';
import { cellValue, numFmt } from './format';
import type { SheetColumn } from './sheet-xml';
import { columnName, columnStyles, packageParts, rowXml, sheetEnd, sheetStart } from './sheet-xml';
import { ZipWriter } from './zip';

export interface XlsxOptions {
  /** Field names to export, in order; default: every field the rows carry. */
  fields?: string[];
  /** Called after each batch with the number of rows written so far. */
  onProgress?: (rowsWritten: number) => void | Promise<void>;
}

/** Width of a column in characters, from its header. */
function width(label: string): number {
  return Math.min(Math.max(label.length + 2, 12), 60);
}

/**
 * Writes `batches` of wire-shaped rows of `def` as an xlsx into `out` and ends it.
 * Returns the number of data rows. Throws what the stream or the row source throws.
 */
export async function writeXlsx(
  def: ResourceDef,
  batches: AsyncIterable<Record<string, unknown>[]>,
  out: Writable,
  opts: XlsxOptions = {},
): Promise<number> {
  const keys = opts.fields ?? Object.keys(def.fields);
  const fds = keys.map((k) => def.fields[k]!);
  const columns: SheetColumn[] = fds.map((fd) => ({ header: fd.label, width: width(fd.label), numFmt: numFmt(fd) }));
  const names = columns.map((_, i) => columnName(i));
  const styles = columnStyles(columns);
  const zip = new ZipWriter(out);
  for (const [name, xml] of Object.entries(packageParts(def.label.slice(0, 31), columns, 'Реестр ТКО'))) await zip.add(name, xml);
  const sheet = await zip.stream('xl/worksheets/sheet1.xml');
  await sheet.write(sheetStart(columns));
  let n = 0;
  const cells: Cell[] = new Array<Cell>(keys.length);
  // Each row's text is encoded into one reusable 1 MiB buffer as soon as it is built: a string
  // joined from many rows is a deep rope that V8 flattens ~6× slower than it encodes short
  // strings (bench/RESULTS.md run 3), and short-lived strings die in the young generation.
  const buf = Buffer.allocUnsafe(1 << 20);
  let used = 0;
  const flush = async () => {
    if (used) await sheet.write(Buffer.from(buf.subarray(0, used)));
    used = 0;
  };
  for await (const rows of batches) {
    for (const row of rows) {
      n++;
      for (let i = 0; i < keys.length; i++) cells[i] = cellValue(fds[i]!, row[keys[i]!]);
      const xml = rowXml(n + 1, cells, names, styles);
      // A UTF-16 code unit is at most 3 bytes of UTF-8.
      if (used + xml.length * 3 > buf.length) await flush();
      if (xml.length * 3 > buf.length) await sheet.write(xml);
      else used += buf.write(xml, used);
    }
    await flush();
    await opts.onProgress?.(n);
  }
  await sheet.write(sheetEnd(columns));
  await sheet.end();
  await zip.finish();
  return n;
}

/** File name of an export: `<registry>_<YYYY-MM-DD>.xlsx` in Latin letters for any browser. */
export function exportFileName(def: ResourceDef, now = new Date()): string {
  return `${def.name}_${now.toISOString().slice(0, 10)}.xlsx`;
}
