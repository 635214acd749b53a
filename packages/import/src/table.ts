/**
 * A table read from an import file: the header's column names and the data rows, each with
 * its line in the file (CSV: 1-based line, the header is line 1; XLSX: the sheet's row number)
 * and its cell texts in column order.
 */
import { IMPORT_MSG } from '@tko/contract';
import { ImportInputError } from './errors';

export interface TableRow {
  line: number;
  cells: string[];
}

export interface Table {
  columns: string[];
  rows: TableRow[];
}

/** Header cells as column names: trimmed; blank → «Столбец N»; a repeated name gets « (2)». */
export function columnNames(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((raw, i) => {
    const base = raw.replace(/\s+/g, ' ').trim() || `Столбец ${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/**
 * Builds a {@link Table} one record at a time (a streamed file holds only the rows kept): the
 * first record is the header, the rest data rows (cells trimmed; rows of blank cells dropped).
 * `finish` applies tableFromRecords' rules and throws its errors.
 */
export class TableBuilder {
  private header: TableRow | null = null;
  private readonly rows: TableRow[] = [];

  add(record: TableRow): void {
    if (!this.header) {
      this.header = record;
      return;
    }
    const cells = record.cells.map((c) => c.trim());
    if (cells.some((c) => c !== '')) this.rows.push({ line: record.line, cells });
  }

  finish(): Table {
    const { header, rows } = this;
    if (!header || header.cells.every((c) => !c.trim())) throw new ImportInputError(IMPORT_MSG.noHeader, 'file');
    let width = header.cells.length;
    while (width > 1 && !header.cells[width - 1]!.trim() && rows.every((r) => !r.cells[width - 1])) width--;
    const widest = rows.reduce((w, r) => Math.max(w, r.cells.length), width);
    const columns = columnNames([...header.cells.slice(0, width), ...Array<string>(Math.max(0, widest - width)).fill('')]);
    if (rows.length === 0) throw new ImportInputError(IMPORT_MSG.noRows, 'file');
    for (const r of rows) while (r.cells.length < columns.length) r.cells.push('');
    return { columns, rows };
  }
}

/**
 * First record = header, the rest = data rows (cells trimmed, padded to the header's width;
 * rows of blank cells dropped). Trailing header cells that are blank and empty in every row
 * are dropped. Throws ImportInputError without a header or without data rows.
 */
export function tableFromRecords(records: TableRow[]): Table {
  const b = new TableBuilder();
  for (const r of records) b.add(r);
  return b.finish();
}
