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
import type { PoolClient } from 'pg';
import type { StoredFieldDef, StoredResourceDef } from '../tables/types';
import { FieldValidationError } from './errors';
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
const columnTypes = new Map<string, Map<string, string>>();

async function typesOf(db: PoolClient, table: string): Promise<Map<string, string>> {
  let types = columnTypes.get(table);
  if (!types) {
    const { rows } = await db.query<{ name: string; type: string }>(
      `SELECT attname AS name, format_type(atttypid, NULL) AS type FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
      [table],
    );
    columnTypes.set(table, (types = new Map(rows.map((r) => [r.name, r.type]))));
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
 * One INSERT … SELECT … FROM unnest($1::text[], $2::text[], …) of all the rows: one parameter
 * per column whatever the number of rows, so the statement's text (parse, plan) does not grow
 * with the batch — a multi-row VALUES of thousands of placeholders cost more than the writes.
 */
async function insertColumns(db: PoolClient, table: string, columns: Column[], p: Params): Promise<void> {
  const types = await typesOf(db, table);
  const typeOf = (name: string) => {
    const t = types.get(name);
    if (!t) throw new Error(`${table}: no column ${name}`);
    return t;
  };
  const varying = columns.filter((c) => c.texts);
  const arrays = varying.map((c) => p.add(c.texts));
  const exprs = columns.map((c) => {
    const type = typeOf(c.name);
    if (c.constant !== undefined) return `(${c.constant})::${type}`;
    const x = `u.c${varying.indexOf(c)}`;
    return c.sql ? c.sql(x, type) : `${x}::${type}`;
  });
  await db.query(
    `INSERT INTO ${ident(table)} (${columns.map((c) => ident(c.name)).join(', ')}) SELECT ${exprs.join(', ')} FROM unnest(${arrays.map((a) => `${a}::text[]`).join(', ')}) AS u(${varying.map((_, i) => `c${i}`).join(', ')})`,
    p.values,
  );
}

/** The stored columns of `rows` (one shape: byShape), one text per row. */
function fieldColumns(fields: Record<string, StoredFieldDef>, rows: Row[]): Column[] {
  const used = Object.keys(rows[0] ?? {}).filter((k) => fields[k]?.column && !fields[k]!.readOnly && rows[0]![k] !== undefined);
  return used.map((k) => {
    const fd = fields[k]!;
    return { name: fd.column!, texts: rows.map((r) => valueText(fd, r[k])), ...(fd.kind === 'point' ? { sql: POINT_SQL } : {}) };
  });
}

/** Checks every referenced id of every row in one query per field; throws FieldValidationError naming the field. */
export async function checkRefsMany(db: PoolClient, def: StoredResourceDef, rows: Row[]): Promise<void> {
  const byField = new Map<string, Set<number>>();
  for (const values of rows) {
    for (const [k, v] of Object.entries(values)) {
      if (!def.fields[k]?.ref || v === null || v === undefined) continue;
      const set = byField.get(k) ?? new Set<number>();
      for (const id of (Array.isArray(v) ? v : [v]) as number[]) set.add(id);
      byField.set(k, set);
    }
  }
  const errors: Record<string, string[]> = {};
  for (const [k, ids] of byField) {
    const fd = def.fields[k]!;
    const { rows: found } = await db.query<{ id: number }>(`SELECT id FROM ${ident(fd.ref!.table)} WHERE id = ANY($1::int[])`, [[...ids]]);
    const have = new Set(found.map((r) => r.id));
    const missing = [...ids].filter((id) => !have.has(id));
    if (missing.length) errors[k] = missing.map((id) => `Недопустимый первичный ключ «${id}» — объект не существует.`);
  }
  if (Object.keys(errors).length) throw new FieldValidationError(errors);
}

/**
 * Inserts rows `values[i]` with ids `ids[i]` (plus the registry's scope column and the audit
 * stamps from `stamps`, column → SQL on the statement's params), then their children. The
 * roll-ups of the children kept on the parent (count, sum) are computed from the same input in
 * the parent's INSERT: no second write of every parent row (and of each of its indexes).
 */
export async function insertMany(db: PoolClient, def: StoredResourceDef, ids: number[], values: Row[], stamps: (p: Params) => [string, string][]): Promise<void> {
  const childFields = Object.entries(def.fields).filter(([, fd]) => fd.kind === 'children');
  const items = childFields.map(([key, fd]) => newChildren(key, fd, ids, values));
  for (const part of byShape(values.map((v, i) => ({ v, id: ids[i]! })), (x) => x.v)) {
    const rows = part.map((x) => x.v);
    const p = new Params();
    const columns: Column[] = [{ name: 'id', texts: part.map((x) => String(x.id)) }, ...fieldColumns(def.fields, rows)];
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
    await insertColumns(db, def.table, columns, p);
  }
  for (let f = 0; f < childFields.length; f++) {
    const c = childFields[f]![1].children!;
    for (const part of byShape(items[f]!, (x) => x.it)) {
      await insertColumns(db, c.table, [{ name: c.parentKey, texts: part.map((x) => String(x.parent)) }, ...fieldColumns(c.fields, part.map((x) => x.it))], new Params());
    }
  }
}

/**
 * `list` in parts whose rows give the same fields (undefined: left out, so the column's default
 * applies — as in a one-row INSERT); create-schema output gives every row the same shape: one part.
 */
function byShape<T>(list: T[], row: (x: T) => Row): T[][] {
  const parts = new Map<string, T[]>();
  for (const x of list) {
    const r = row(x);
    const shape = Object.keys(r).filter((k) => r[k] !== undefined).sort().join(',');
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
function newChildren(key: string, fd: StoredFieldDef, ids: number[], values: Row[]): { parent: number; it: Row }[] {
  const c = fd.children!;
  const items: { parent: number; it: Row }[] = [];
  values.forEach((v, i) => {
    ((v[key] as Row[] | undefined) ?? []).forEach((it, j) => {
      if (it.fetch_action === 'delete') return;
      for (const [ck, cf] of Object.entries(c.fields)) {
        if (cf.required && (it[ck] === undefined || it[ck] === null)) throw FieldValidationError.of(`${key}.${j}.${ck}`, 'Обязательное поле.');
      }
      items.push({ parent: ids[i]!, it });
    });
  });
  return items;
}
