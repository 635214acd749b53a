/**
 * Rows of a table → registry bodies, before the registry's own validation: each mapped,
 * non-empty cell is parsed by its target (parse-cell.ts), references written by name are looked
 * up in their tables, and the template's row transform builds the body. A row with any error
 * is failed with every reason (Russian, naming the target and the file column).
 */
import { storedRefTarget } from '@tko/db';
import type { Pool, PoolClient } from 'pg';
import type { ColumnMapping } from './matching';
import type { Table, TableRow } from './table';
import { columnNames } from './table';
import type { RefLookup, TargetDef } from './targets';
import type { Body, ImportTemplate } from './templates/types';

export interface ConvertedRow {
  line: number;
  cells: string[];
  /** Null when the row failed. */
  body: Body | null;
  errors: string[];
  /** Notes that do not stop the row (issue 9 §1), in Russian; listed in the errors file. */
  warnings: string[];
}

interface Bound {
  index: number;
  column: string;
  target: TargetDef;
}

const isLookup = (v: unknown): v is RefLookup => Boolean(v && typeof v === 'object' && 'ref' in v && 'names' in v);

/** «Широта (столбец «Lat»)», or just the label when the column is named like it. */
function where(b: Bound): string {
  return b.column.toLowerCase() === b.target.label.toLowerCase() ? b.target.label : `${b.target.label} (столбец «${b.column}»)`;
}

/** Rows parsed between two `onProgress` calls. */
const PROGRESS_ROWS = 2000;

/** Parses the mapped cells of every row; `onProgress(done)` after each block of PROGRESS_ROWS rows. */
export async function parseRows(
  template: ImportTemplate,
  table: Table,
  mapping: ColumnMapping,
  onProgress: (done: number) => Promise<void> = async () => undefined,
): Promise<{ rows: ConvertedRow[]; values: (Body | null)[]; bound: Bound[] }> {
  const bound: Bound[] = table.columns.flatMap((column, index) => {
    const target = template.targets.find((t) => t.field === mapping[column]);
    return target ? [{ index, column, target }] : [];
  });
  const rows: ConvertedRow[] = [];
  const values: (Body | null)[] = [];
  for (let r = 0; r < table.rows.length; r++) {
    const row = table.rows[r]!;
    const v: Body = {};
    const errors: string[] = [];
    for (const b of bound) {
      const text = row.cells[b.index] ?? '';
      if (text === '') continue;
      const p = b.target.parse(text);
      if ('error' in p) errors.push(`${where(b)}: ${p.error}`);
      else v[b.target.field] = p.value;
    }
    rows.push({ line: row.line, cells: row.cells, body: null, errors, warnings: [] });
    values.push(errors.length ? null : v);
    if (r % PROGRESS_ROWS === PROGRESS_ROWS - 1) await onProgress(r + 1);
  }
  return { rows, values, bound };
}

/**
 * Replaces references written by name (or number) with ids: one query per referenced table
 * (the target's table and name column: @tko/db storedRefTarget).
 * A name matching no row, or several, fails the row.
 */
export async function resolveRefs(db: Pool | PoolClient, rows: ConvertedRow[], values: (Body | null)[], bound: Bound[]): Promise<void> {
  const wanted = new Map<string, { table: string; label: string; names: Set<string> }>();
  for (const v of values) {
    if (!v) continue;
    for (const x of Object.values(v)) {
      if (!isLookup(x)) continue;
      const { table, labelColumn } = storedRefTarget(x.ref);
      const k = `${table}.${labelColumn}`;
      const entry = wanted.get(k) ?? { table, label: labelColumn, names: new Set() };
      for (const n of x.names) entry.names.add(n.toLowerCase());
      wanted.set(k, entry);
    }
  }
  const found = new Map<string, Map<string, number[]>>();
  for (const [k, w] of wanted) {
    const names = [...w.names];
    const ids = names.filter((n) => /^\d+$/.test(n)).map(Number);
    const { rows: hits } = await db.query<{ id: number; name: string | null }>(
      `SELECT id, lower("${w.label}") AS name FROM "${w.table}" WHERE lower("${w.label}") = ANY($1::text[]) OR id = ANY($2::int[])`,
      [names, ids],
    );
    const byName = new Map<string, number[]>();
    for (const h of hits) {
      for (const key of [h.name ?? '', String(h.id)]) byName.set(key, [...(byName.get(key) ?? []), h.id]);
    }
    found.set(k, byName);
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!v) continue;
    for (const [field, x] of Object.entries(v)) {
      if (!isLookup(x)) continue;
      const { table, labelColumn } = storedRefTarget(x.ref);
      const byName = found.get(`${table}.${labelColumn}`)!;
      const b = bound.find((bb) => bb.target.field === field)!;
      const ids: number[] = [];
      for (const name of x.names) {
        const hit = byName.get(/^\d+$/.test(name) ? name : name.toLowerCase());
        if (!hit?.length) rows[i]!.errors.push(`${where(b)}: не найдена запись «${name}».`);
        else if (hit.length > 1 && !/^\d+$/.test(name)) rows[i]!.errors.push(`${where(b)}: записей с названием «${name}» несколько, укажите номер записи.`);
        else ids.push(hit[0]!);
      }
      v[field] = x.many ? ids : (ids[0] ?? null);
    }
    if (rows[i]!.errors.length) values[i] = null;
  }
}

/** Applies the template's row transform to rows `from` … `to` − 1 (default: all); a transform error fails the row. */
export function buildBodies(template: ImportTemplate, rows: ConvertedRow[], values: (Body | null)[], from = 0, to = rows.length): void {
  for (let i = from; i < to; i++) {
    const v = values[i];
    if (!v) continue;
    const { body, errors, warnings } = template.toBody ? template.toBody(v) : { body: v, errors: {}, warnings: [] };
    const messages = Object.entries(errors).map(([field, msg]) => `${template.targets.find((t) => t.field === field)?.label ?? field}: ${msg}`);
    // Warnings only for a row that goes on: a failed row's reasons say enough.
    if (warnings?.length && !messages.length) rows[i]!.warnings.push(...warnings);
    if (messages.length) rows[i]!.errors.push(...messages);
    else rows[i]!.body = body;
  }
}

/**
 * One chunk of a streamed file's rows (source.ts), converted: cells parsed, references looked
 * up (one query per referenced table per chunk, on `db`), the row transform applied — parseRows,
 * resolveRefs and buildBodies on just these rows. `columns`: the header's names.
 */
export async function convertChunk(template: ImportTemplate, columns: string[], mapping: ColumnMapping, db: Pool | PoolClient, chunk: TableRow[]): Promise<ConvertedRow[]> {
  // A row wider than the header has unnamed cells, named as the upload named them («Столбец N»).
  const width = chunk.reduce((w, r) => Math.max(w, r.cells.length), columns.length);
  const named = width > columns.length ? columnNames([...columns, ...Array<string>(width - columns.length).fill('')]) : columns;
  const parsed = await parseRows(template, { columns: named, rows: chunk }, mapping);
  await resolveRefs(db, parsed.rows, parsed.values, parsed.bound);
  buildBodies(template, parsed.rows, parsed.values);
  return parsed.rows;
}
