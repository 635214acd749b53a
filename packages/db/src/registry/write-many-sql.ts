/**
 * Set-based writing of many new rows of one registry at once (the import's batches, issue 9 §4):
 * the ids drawn from the table's sequence up front (so row i gets ids[i], whatever order the
 * server writes in), one INSERT … SELECT … FROM unnest(…) of the rows (one text array per
 * column, cast to the column's type: the statement does not grow with the batch), one of all
 * their children, the roll-ups computed in the parents' INSERT, one reference check per field.
 * The values are the same create-schema output RegistryRepository.create takes, written as the
 * same values valueSql (write-sql.ts) binds one by one (valueText).
 *
 * Errors: FieldValidationError for a missing referenced id or a child without a required field —
 * naming neither row, so the caller retries the batch row by row to find it (RegistryRepository
 * .createMany).
 */
import type { Pool, PoolClient } from 'pg';
import type { StoredFieldDef, StoredResourceDef } from '../tables/types';
import { FieldValidationError, missingKeyMessage } from './errors';
import { ident, Params } from './params';

type Row = Record<string, unknown>;

/** `n` new ids of `table` from its id sequence (identity or serial), in order. */
export async function takeIds(db: PoolClient, table: string, n: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2)`, [table, n]);
  return rows.map((r) => r.id);
}

/**
 * PostgreSQL's type of each column of `table` without its modifier (varchar, numeric, not
 * varchar(255), numeric(14,2): an explicit cast to those would truncate or round silently; the
 * INSERT's own assignment then checks them as a one-row INSERT does), read once per table.
 */
interface ColumnInfo {
  type: string;
  /** The column has a DEFAULT (or is an identity): leaving it out is not the same as NULL. */
  hasDefault: boolean;
}

const columnTypes = new Map<string, Map<string, ColumnInfo>>();

async function typesOf(db: Pool | PoolClient, table: string): Promise<Map<string, ColumnInfo>> {
  let types = columnTypes.get(table);
  if (!types) {
    // A table with triggers of its own may fill any column: then none counts as omittable.
    const { rows } = await db.query<{ name: string; type: string; has_default: boolean }>(
      `SELECT attname AS name, format_type(atttypid, NULL) AS type,
              (atthasdef OR attidentity <> '' OR attgenerated <> ''
               OR EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = a.attrelid AND NOT g.tgisinternal)) AS has_default
         FROM pg_attribute a WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
      [table],
    );
    columnTypes.set(table, (types = new Map(rows.map((r) => [r.name, { type: r.type, hasDefault: r.has_default }]))));
  }
  return types;
}

/** A PostgreSQL array literal of `items` (every element quoted): «{"1","8","15"}». */
function arrayLiteral(items: unknown[]): string {
  return `{${items.map((x) => (x === null || x === undefined ? 'NULL' : `"${String(x).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}

/**
 * A value as the text PostgreSQL casts into the column (null: NULL) — the same values valueSql
 * (write-sql.ts) binds one by one: a point as «lng lat», lists as array literals, JSON kinds as
 * JSON, a closed range as «[lower,upper]».
 */
export function valueText(fd: StoredFieldDef, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  switch (fd.kind) {
    case 'point': {
      const pt = value as { lat: number; lng: number };
      return `${pt.lng} ${pt.lat}`;
    }
    case 'address':
    case 'person':
    case 'json':
      return JSON.stringify(value);
    case 'int_list':
    case 'date_list':
    case 'enum_list':
      return arrayLiteral(value as unknown[]);
    case 'range': {
      const r = value as { lower: string | number | null; upper: string | number | null };
      if (r.lower === null && r.upper === null) return null;
      return `[${r.lower ?? ''},${r.upper ?? ''}]`;
    }
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

/** One column of a set-based INSERT: its name, each row's text (null: NULL) or a constant SQL expression. */
interface Column {
  name: string;
  /** SQL turning the row's text `x` into the value; default: a cast to the column's type. */
  sql?: (x: string, type: string) => string;
  texts?: (string | null)[];
  /** The same SQL for every row (e.g. now(), a parameter); cast to the column's type. */
  constant?: string;
}

const POINT_SQL = (x: string) => `ST_SetSRID(ST_MakePoint(split_part(${x}, ' ', 1)::float8, split_part(${x}, ' ', 2)::float8), 4326)`;

/**
 * One INSERT … SELECT … FROM jsonb_array_elements($n) of all the rows: one parameter, a JSON
 * array of rows, each an array of the varying columns' texts (null: NULL), whatever the number
 * of rows — so the statement's text (parse, plan) does not grow with the batch (a multi-row
 * VALUES of thousands of placeholders cost more than the writes), and the rows are serialised
 * by JSON.stringify (native) instead of the driver's per-element array escaping (bench/import.ts).
 */
function insertSql(table: string, types: Map<string, ColumnInfo>, columns: Column[], p: Params): string {
  const typeOf = (name: string) => {
    const t = types.get(name);
    if (!t) throw new Error(`${table}: no column ${name}`);
    return t.type;
  };
  const varying = columns.filter((c) => c.texts);
  const n = varying[0]?.texts!.length ?? 0;
  const rows: (string | null)[][] = new Array(n);
  for (let i = 0; i < n; i++) rows[i] = varying.map((c) => c.texts![i]!);
  const json = p.add(JSON.stringify(rows));
  const exprs = columns.map((c) => {
    const type = typeOf(c.name);
    if (c.constant !== undefined) return `(${c.constant})::${type}`;
    const x = `(u.r->>${varying.indexOf(c)})`;
    return c.sql ? c.sql(x, type) : `${x}::${type}`;
  });
  return `INSERT INTO ${ident(table)} (${columns.map((c) => ident(c.name)).join(', ')}) SELECT ${exprs.join(', ')} FROM jsonb_array_elements(${json}::jsonb) AS u(r)`;
}

/** A statement of a prepared batch: its text and parameters, the ids (int[]) still to set at `ids`. */
interface PreparedStatement {
  text: string;
  values: unknown[];
  ids: number;
}

/**
 * A batch of new rows made into its INSERT statements before their ids exist (prepareInsertMany):
 * each row refers to its id by its position (1-based) in the ids given at run time.
 */
export interface PreparedInsert {
  statements: PreparedStatement[];
  /** Fields NULL or empty in every row (a column left out, a list no row gives): their history needs no reading. */
  empty: Set<string>;
}

/** A new Params whose first placeholder is the ids array and a column reading row position → id. */
function withIds(): { p: Params; at: number; id: (name: string, positions: string[]) => Column } {
  const p = new Params();
  const ref = p.add(null);
  return { p, at: 0, id: (name, positions) => ({ name, texts: positions, sql: (x) => `(${ref}::int[])[${x}::int]` }) };
}

/**
 * The stored columns of `rows` (one shape: byShape), one text per row. A column that is null in
 * every row and has no default is left out (the same NULL, and a registry's many empty optional
 * fields are neither serialised nor cast: bench/import.ts).
 */
function fieldColumns(fields: Record<string, StoredFieldDef>, rows: Row[], types: Map<string, ColumnInfo>, omitted?: Set<string>): Column[] {
  const used = Object.keys(rows[0] ?? {}).filter((k) => {
    const fd = fields[k];
    if (!fd?.column || fd.readOnly || rows[0]![k] === undefined) return false;
    if (types.get(fd.column)?.hasDefault !== false) return true;
    for (const r of rows) if (r[k] !== null) return true;
    omitted?.add(k);
    return false;
  });
  return used.map((k) => {
    const fd = fields[k]!;
    return { name: fd.column!, texts: rows.map((r) => valueText(fd, r[k])), ...(fd.kind === 'point' ? { sql: POINT_SQL } : {}) };
  });
}

/** The referenced ids of every row, by field (checkRefsMany's input; pure, built with a prepared batch). */
export function collectRefs(def: StoredResourceDef, rows: Row[]): Map<string, Set<number>> {
  const byField = new Map<string, Set<number>>();
  const refFields = Object.keys(def.fields).filter((k) => def.fields[k]!.ref);
  for (const k of refFields) {
    for (const values of rows) {
      const v = values[k];
      if (v === null || v === undefined) continue;
      const set = byField.get(k) ?? new Set<number>();
      for (const id of (Array.isArray(v) ? v : [v]) as number[]) set.add(id);
      byField.set(k, set);
    }
  }
  return byField;
}

/**
 * Checks every referenced id of every row (or the ids collectRefs collected) in one query per
 * field; throws FieldValidationError naming the field.
 */
export async function checkRefsMany(db: PoolClient, def: StoredResourceDef, rows: Row[] | Map<string, Set<number>>): Promise<void> {
  const byField = rows instanceof Map ? rows : collectRefs(def, rows);
  const errors: Record<string, string[]> = {};
  for (const [k, ids] of byField) {
    const fd = def.fields[k]!;
    const { rows: found } = await db.query<{ id: number }>(`SELECT id FROM ${ident(fd.ref!.table)} WHERE id = ANY($1::int[])`, [[...ids]]);
    const have = new Set(found.map((r) => r.id));
    const missing = [...ids].filter((id) => !have.has(id));
    if (missing.length) errors[k] = missing.map(missingKeyMessage);
  }
  if (Object.keys(errors).length) throw new FieldValidationError(errors);
}

/**
 * The statements inserting rows `values` (plus the registry's scope column and the audit stamps
 * from `stamps`, column → SQL on the statement's params), then their children — built before the
 * rows' ids exist, so the import builds a batch while the one before it is being written
 * (runInsertMany sets the ids). The roll-ups of the children kept on the parent (count, sum) are
 * computed from the same input in the parent's INSERT: no second write of every parent row (and
 * of each of its indexes). Reads the tables' column types once per process (typesOf).
 * Errors: FieldValidationError for a child without a required field.
 */
export async function prepareInsertMany(db: Pool | PoolClient, def: StoredResourceDef, values: Row[], stamps: (p: Params) => [string, string][]): Promise<PreparedInsert> {
  const childFields = Object.entries(def.fields).filter(([, fd]) => fd.kind === 'children');
  const items = childFields.map(([key, fd]) => newChildren(key, fd, values));
  const parts: Set<string>[] = [];
  const statements: PreparedStatement[] = [];
  const types = await typesOf(db, def.table);
  for (const part of byShape(values.map((v, i) => ({ v, at: i + 1 })), (x) => x.v)) {
    const rows = part.map((x) => x.v);
    const { p, at, id } = withIds();
    const omitted = new Set<string>();
    const columns: Column[] = [id('id', part.map((x) => String(x.at))), ...fieldColumns(def.fields, rows, types, omitted)];
    parts.push(omitted);
    if (def.scope) columns.push({ name: def.scope.column, constant: p.add(def.scope.value) });
    for (const [key, fd] of childFields) {
      // Rows without the list (the whole part: same shape) keep the roll-ups' defaults.
      if (!fd.children!.rollupOf || rows[0]![key] === undefined) continue;
      const lists = rows.map((v) => ((v[key] as Row[] | null) ?? []).filter((it) => it.fetch_action !== 'delete'));
      for (const [col, r] of Object.entries(fd.children!.rollupOf)) {
        if (r.count) columns.push({ name: col, texts: lists.map((l) => String(l.length)) });
        else {
          const k = Object.entries(fd.children!.fields).find(([, cf]) => cf.column === r.sum)?.[0];
          columns.push({ name: col, texts: lists.map((l) => arrayLiteral(l.map((it) => (k ? (it[k] ?? null) : null)))), sql: (x, type) => `(SELECT coalesce(sum(v), 0) FROM unnest(${x}::numeric[]) v)::${type}` });
        }
      }
    }
    for (const [c, v] of stamps(p)) columns.push({ name: c.replace(/"/g, ''), constant: v });
    statements.push({ text: insertSql(def.table, types, columns, p), values: p.values, ids: at });
  }
  for (let f = 0; f < childFields.length; f++) {
    const c = childFields[f]![1].children!;
    const childTypes = await typesOf(db, c.table);
    for (const part of byShape(items[f]!, (x) => x.it)) {
      const { p, at, id } = withIds();
      const columns = [id(c.parentKey, part.map((x) => String(x.parent))), ...fieldColumns(c.fields, part.map((x) => x.it), childTypes)];
      statements.push({ text: insertSql(c.table, childTypes, columns, p), values: p.values, ids: at });
    }
  }
  // Left out of every part: NULL in every row; and lists no row gives (a new row has no links,
  // attachments or children but those given).
  const empty = new Set([...(parts[0] ?? [])].filter((k) => parts.every((o) => o.has(k))));
  for (const [k, fd] of Object.entries(def.fields)) {
    if (fd.kind !== 'refs' && fd.kind !== 'files' && fd.kind !== 'children') continue;
    const none = values.every((v) => {
      const list = v[k];
      return list === null || list === undefined || (Array.isArray(list) && (list as Row[]).every((it) => fd.kind === 'children' && it?.fetch_action === 'delete'));
    });
    if (none) empty.add(k);
  }
  return { statements, empty };
}

/** Runs a prepared batch with row i's id `ids[i]` (the parents first, then their children). */
export async function runInsertMany(db: PoolClient, prepared: PreparedInsert, ids: number[]): Promise<void> {
  for (const st of prepared.statements) {
    const values = [...st.values];
    values[st.ids] = ids;
    await db.query(st.text, values);
  }
}

/**
 * Inserts rows `values[i]` with ids `ids[i]`: prepareInsertMany then runInsertMany. Answers the
 * fields left out of every row as NULL.
 */
export async function insertMany(db: PoolClient, def: StoredResourceDef, ids: number[], values: Row[], stamps: (p: Params) => [string, string][]): Promise<Set<string>> {
  const prepared = await prepareInsertMany(db, def, values, stamps);
  await runInsertMany(db, prepared, ids);
  return prepared.empty;
}

/**
 * `list` in parts whose rows give the same fields (undefined: left out, so the column's default
 * applies — as in a one-row INSERT); create-schema output gives every row the same shape: one part.
 */
function byShape<T>(list: T[], row: (x: T) => Row): T[][] {
  const parts = new Map<string, T[]>();
  // The first row's keys in order, then each row's own in the same order: no sort per row.
  const first = list.length ? Object.keys(row(list[0]!)) : [];
  const known = new Set(first);
  for (const x of list) {
    const r = row(x);
    let shape = '';
    for (const k of first) if (r[k] !== undefined) shape += k + ',';
    let keys = 0;
    for (const _ in r) keys++;
    if (keys !== first.length) {
      const extra = Object.keys(r).filter((k) => !known.has(k) && r[k] !== undefined);
      if (extra.length) shape += '+' + extra.sort().join(',');
    }
    const part = parts.get(shape);
    if (part) part.push(x);
    else parts.set(shape, [x]);
  }
  return [...parts.values()];
}

/** The many-to-many links (`refs` fields) of new rows `ids[i]`: one INSERT per field, empty lists skipped. */
export async function insertLinksMany(db: PoolClient, def: StoredResourceDef, ids: number[], values: Row[]): Promise<void> {
  for (const [key, fd] of Object.entries(def.fields)) {
    if (fd.kind !== 'refs' || !fd.join) continue;
    const own: number[] = [];
    const target: number[] = [];
    values.forEach((v, i) => {
      for (const t of (v[key] as number[] | undefined) ?? []) {
        own.push(ids[i]!);
        target.push(t);
      }
    });
    if (!own.length) continue;
    const j = fd.join;
    await db.query(`INSERT INTO ${ident(j.table)} (${ident(j.ownKey)}, ${ident(j.targetKey)}) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`, [own, target]);
  }
}

/** The new children of every row (create: none has an id yet); throws for one without a required field. */
function newChildren(key: string, fd: StoredFieldDef, values: Row[]): { parent: number; it: Row }[] {
  const c = fd.children!;
  const items: { parent: number; it: Row }[] = [];
  values.forEach((v, i) => {
    ((v[key] as Row[] | undefined) ?? []).forEach((it, j) => {
      if (it.fetch_action === 'delete') return;
      for (const [ck, cf] of Object.entries(c.fields)) {
        if (cf.required && (it[ck] === undefined || it[ck] === null)) throw FieldValidationError.of(`${key}.${j}.${ck}`, 'Обязательное поле.');
      }
      items.push({ parent: i + 1, it });
    });
  });
  return items;
}
