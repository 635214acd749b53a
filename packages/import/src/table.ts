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
 * The columns of a table read one record at a time, without keeping its rows (issue 9 §4: the
 * upload inspection of a streamed file): the header's cells as read, then each data row's
 * trimmed cells (rows of blank cells left out by the caller). `columns()` applies the rules of
 * tableFromRecords — trailing header cells that are blank and empty in every row are dropped,
 * rows wider than the header add «Столбец N» columns — and throws its errors (no header, no rows).
 * Keeps per header cell one flag, the widest row's length and the row count.
 */
export class TableShape {
  private header: string[] | null = null;
  /** used[k]: some data row has text in cell k (k below the header's width). */
  private used: boolean[] = [];
  private widest = 0;
  /** Data rows added. */
  rows = 0;

  /** The header record's cells, as read (untrimmed). */
  setHeader(cells: string[]): void {
    this.header = cells;
    this.used = cells.map(() => false);
  }

  /** A data row's trimmed cells (not all blank). */
  addRow(cells: string[]): void {
    this.rows++;
    if (cells.length > this.widest) this.widest = cells.length;
    const n = Math.min(cells.length, this.used.length);
    for (let k = 0; k < n; k++) if (!this.used[k] && cells[k]) this.used[k] = true;
  }

  /** The column names; ImportInputError without a header or without data rows. */
  columns(): string[] {
    const { header, used } = this;
    if (!header || header.every((c) => !c.trim())) throw new ImportInputError(IMPORT_MSG.noHeader, 'file');
    let width = header.length;
    while (width > 1 && !header[width - 1]!.trim() && !used[width - 1]) width--;
    const widest = Math.max(this.widest, width);
    const columns = columnNames([...header.slice(0, width), ...Array<string>(widest - width).fill('')]);
    if (this.rows === 0) throw new ImportInputError(IMPORT_MSG.noRows, 'file');
    return columns;
  }
}

/**
 * Builds a {@link Table} one record at a time (a streamed file holds only the rows kept): the
 * first record is the header, the rest data rows (cells trimmed; rows of blank cells dropped).
 * `finish` applies tableFromRecords' rules ({@link TableShape}) and throws its errors.
 */
export class TableBuilder {
  private started = false;
  private readonly shape = new TableShape();
  private readonly rows: TableRow[] = [];

  add(record: TableRow): void {
    if (!this.started) {
      this.started = true;
      this.shape.setHeader(record.cells);
      return;
    }
    const cells = record.cells.map((c) => c.trim());
    if (!cells.some((c) => c !== '')) return;
    this.rows.push({ line: record.line, cells });
    this.shape.addRow(cells);
  }

  finish(): Table {
    const columns = this.shape.columns();
    const { rows } = this;
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
