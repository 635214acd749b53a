/**
 * Set-based writing of many new rows of one registry at once (the import's batches, issue 9 §4):
 * the ids drawn from the table's sequence up front (so row i gets ids[i], whatever order the
 * server writes in), one multi-row INSERT of the rows, one of all their children, one roll-up
 * UPDATE of the parents, one reference check per field. The values are the same create-schema
 * output RegistryRepository.create takes, cast by the same valueSql (write-sql.ts).
 *
 * Errors: FieldValidationError for a missing referenced id or a child without a required field —
 * naming neither row, so the caller retries the batch row by row to find it (RegistryRepository
 * .createMany). At most MAX_PARAMS placeholders go in one statement (PostgreSQL allows 65 535).
 */
import type { PoolClient } from 'pg';
import type { StoredFieldDef, StoredResourceDef } from '../tables/types';
import { FieldValidationError } from './errors';
import { ident, Params } from './params';
import { columnEntries, valueSql } from './write-sql';

type Row = Record<string, unknown>;

/** Placeholders per statement, below PostgreSQL's 65 535. */
export const MAX_PARAMS = 30_000;

/** `n` new ids of `table` from its id sequence (identity or serial), in order. */
export async function takeIds(db: PoolClient, table: string, n: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2)`, [table, n]);
  return rows.map((r) => r.id);
}

/** Runs INSERT statements of `rows` (each: column → SQL built on `p`) in chunks that fit MAX_PARAMS. */
async function insertRows(db: PoolClient, table: string, build: (p: Params, i: number) => Map<string, string>, count: number): Promise<void> {
  let i = 0;
  while (i < count) {
    const p = new Params();
    const built: Map<string, string>[] = [];
    while (i < count && p.values.length < MAX_PARAMS) built.push(build(p, i++));
    const cols = [...new Set(built.flatMap((m) => [...m.keys()]))];
    const tuples = built.map((m) => `(${cols.map((c) => m.get(c) ?? 'DEFAULT').join(', ')})`);
    await db.query(`INSERT INTO ${ident(table)} (${cols.join(', ')}) VALUES ${tuples.join(', ')}`, p.values);
  }
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
  await insertRows(db, def.table, (p, i) => {
    const m = new Map<string, string>([['"id"', p.add(ids[i])]]);
    if (def.scope) m.set(ident(def.scope.column), p.add(def.scope.value));
    for (const [fd, v] of columnEntries(def, values[i]!)) m.set(ident(fd.column!), valueSql(fd, v, p));
    for (const [c, v] of stamps(p)) m.set(c, v);
    for (const [key, fd] of childFields) {
      const list = values[i]![key] as Row[] | undefined;
      if (list === undefined || !fd.children!.rollupOf) continue;
      const live = list.filter((it) => it.fetch_action !== 'delete');
      for (const [col, r] of Object.entries(fd.children!.rollupOf)) {
        if (r.count) m.set(ident(col), p.add(live.length));
        else {
          const k = Object.entries(fd.children!.fields).find(([, cf]) => cf.column === r.sum)?.[0];
          m.set(ident(col), `(SELECT coalesce(sum(x), 0) FROM unnest(${p.add(live.map((it) => (k ? (it[k] ?? null) : null)))}::numeric[]) x)`);
        }
      }
    }
    return m;
  }, ids.length);
  for (let f = 0; f < childFields.length; f++) {
    const c = childFields[f]![1].children!;
    const list = items[f]!;
    if (!list.length) continue;
    await insertRows(db, c.table, (p, i) => {
      const { parent, it } = list[i]!;
      const m = new Map<string, string>([[ident(c.parentKey), p.add(parent)]]);
      for (const [ck, cf] of Object.entries(c.fields)) if (it[ck] !== undefined) m.set(ident(cf.column!), valueSql(cf, it[ck], p));
      return m;
    }, list.length);
  }
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
