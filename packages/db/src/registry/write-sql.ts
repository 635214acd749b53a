/**
 * Writing a registry row from validated wire values: column values with their SQL casts,
 * reference checks (a missing id is a 400 on its field, never a foreign-key 500), many-to-many
 * links, child rows (`fetch_action: "delete"` removes one, spec 01 §3) and roll-ups of the
 * children kept on the parent (count_containers, volume in m³).
 */
import type { FieldDef, Point } from '@tko/contract';
import type { StoredFieldDef, StoredResourceDef } from '../tables/types';
import type { PoolClient } from 'pg';
import { FieldValidationError, missingKeyMessage } from './errors';
import { ident, Params } from './params';

/** Placeholder with the cast a field kind needs. */
export function valueSql(fd: FieldDef, value: unknown, p: Params): string {
  if (value === null || value === undefined) return 'NULL';
  switch (fd.kind) {
    case 'point': {
      const pt = value as Point;
      return `ST_SetSRID(ST_MakePoint(${p.add(pt.lng)}, ${p.add(pt.lat)}), 4326)`;
    }
    case 'address':
    case 'person':
    case 'json':
      return `${p.add(JSON.stringify(value))}::jsonb`;
    case 'int_list':
      return `${p.add(value)}::int[]`;
    case 'date_list':
      return `${p.add(value)}::date[]`;
    case 'enum_list':
      return `${p.add(value)}::text[]`;
    case 'range': {
      // Closed bounds '[]'; a daterange is stored canonically as [lower, upper + 1 day).
      const r = value as { lower: string | null; upper: string | null };
      if (r.lower === null && r.upper === null) return 'NULL';
      return fd.rangeOf === 'date'
        ? `daterange(${p.add(r.lower)}::date, ${p.add(r.upper)}::date, '[]')`
        : `numrange(${p.add(r.lower)}::numeric, ${p.add(r.upper)}::numeric, '[]')`;
    }
    case 'decimal':
      return `${p.add(value)}::numeric`;
    case 'date':
      return `${p.add(value)}::date`;
    case 'time':
      return `${p.add(value)}::time`;
    case 'datetime':
      return `${p.add(value)}::timestamptz`;
    default:
      return p.add(value);
  }
}

/** Fields of `values` stored in the row's own columns. */
export function columnEntries(def: StoredResourceDef, values: Record<string, unknown>): [StoredFieldDef, unknown][] {
  return Object.entries(values)
    .filter(([k]) => def.fields[k]?.column && !def.fields[k]!.readOnly)
    .map(([k, v]) => [def.fields[k]!, v]);
}

const NOT_FOUND = missingKeyMessage;

/** Checks that every referenced id exists; throws FieldValidationError naming the field. */
export async function checkRefs(db: PoolClient, def: StoredResourceDef, values: Record<string, unknown>): Promise<void> {
  const errors: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(values)) {
    const fd = def.fields[k];
    if (!fd?.ref || v === null || v === undefined) continue;
    const ids = (Array.isArray(v) ? v : [v]) as number[];
    if (!ids.length) continue;
    const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${ident(fd.ref.table)} WHERE id = ANY($1::int[])`, [ids]);
    const found = new Set(rows.map((r) => r.id));
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) errors[k] = missing.map(NOT_FOUND);
  }
  if (Object.keys(errors).length) throw new FieldValidationError(errors);
}

/** Replaces the many-to-many links of one row with `ids`. */
export async function writeJoin(db: PoolClient, fd: StoredFieldDef, rowId: number, ids: number[]): Promise<void> {
  const j = fd.join!;
  await db.query(`DELETE FROM ${ident(j.table)} WHERE ${ident(j.ownKey)} = $1`, [rowId]);
  if (ids.length) {
    await db.query(
      `INSERT INTO ${ident(j.table)} (${ident(j.ownKey)}, ${ident(j.targetKey)}) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [rowId, ids],
    );
  }
}

type ChildInput = Record<string, unknown> & { id?: number; fetch_action?: 'delete' };

/**
 * Applies child-row edits: an item with `fetch_action: "delete"` is removed, an item with an
 * id is updated, an item without one is added; rows not mentioned stay. An id that is not a
 * child of this row is a 400 on `<field>.<index>.id`.
 */
export async function writeChildren(db: PoolClient, parentTable: string, key: string, fd: StoredFieldDef, rowId: number, items: ChildInput[]): Promise<void> {
  const c = fd.children!;
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${ident(c.table)} WHERE ${ident(c.parentKey)} = $1`, [rowId]);
  const existing = new Set(rows.map((r) => r.id));
  const errors: Record<string, string[]> = {};
  items.forEach((it, i) => {
    if (it.id !== undefined && !existing.has(it.id)) errors[`${key}.${i}.id`] = ['Элемент списка с таким идентификатором не найден.'];
    if (it.id === undefined && it.fetch_action !== 'delete') {
      for (const [ck, cf] of Object.entries(c.fields)) if (cf.required && (it[ck] === undefined || it[ck] === null)) errors[`${key}.${i}.${ck}`] = ['Обязательное поле.'];
    }
  });
  // References of the items must exist: a 400 on `<field>.<index>.<key>`, never a foreign-key error.
  for (const [ck, cf] of Object.entries(c.fields)) {
    if (cf.kind !== 'ref' || !cf.ref) continue;
    const ids = items.map((it) => it[ck]).filter((v): v is number => typeof v === 'number');
    if (!ids.length) continue;
    const { rows: found } = await db.query<{ id: number }>(`SELECT id FROM ${ident(cf.ref.table)} WHERE id = ANY($1::int[])`, [ids]);
    const known = new Set(found.map((r) => r.id));
    items.forEach((it, i) => {
      if (it.fetch_action !== 'delete' && typeof it[ck] === 'number' && !known.has(it[ck] as number)) errors[`${key}.${i}.${ck}`] = [NOT_FOUND(it[ck] as number)];
    });
  }
  if (Object.keys(errors).length) throw new FieldValidationError(errors);
  for (const it of items) {
    if (it.fetch_action === 'delete') {
      if (it.id !== undefined) await db.query(`DELETE FROM ${ident(c.table)} WHERE id = $1`, [it.id]);
      continue;
    }
    const p = new Params();
    const entries = Object.entries(c.fields).filter(([ck]) => it[ck] !== undefined);
    if (it.id !== undefined) {
      if (!entries.length) continue;
      const sets = entries.map(([ck, cf]) => `${ident(cf.column!)} = ${valueSql(cf, it[ck], p)}`);
      await db.query(`UPDATE ${ident(c.table)} SET ${sets.join(', ')} WHERE id = ${p.add(it.id)}`, p.values);
    } else {
      const cols = [ident(c.parentKey), ...entries.map(([, cf]) => ident(cf.column!))];
      const vals = [p.add(rowId), ...entries.map(([ck, cf]) => valueSql(cf, it[ck], p))];
      await db.query(`INSERT INTO ${ident(c.table)} (${cols.join(', ')}) VALUES (${vals.join(', ')})`, p.values);
    }
  }
  if (c.rollupOf) {
    const sets = Object.entries(c.rollupOf).map(([col, r]) =>
      r.count ? `${ident(col)} = (SELECT count(*) FROM ${ident(c.table)} c WHERE c.${ident(c.parentKey)} = $1)`
        : `${ident(col)} = (SELECT coalesce(sum(c.${ident(r.sum!)}), 0) FROM ${ident(c.table)} c WHERE c.${ident(c.parentKey)} = $1)`,
    );
    await db.query(`UPDATE ${ident(parentTable)} SET ${sets.join(', ')} WHERE id = $1`, [rowId]);
  }
}

