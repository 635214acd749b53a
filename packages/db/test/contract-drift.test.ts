/**
 * Drift check, contract side: for every registry of @tko/contract (`resources`) merged with its
 * table mapping (src/tables, `storedResources`), every field that has a column exists in the
 * registry's table with the column type its kind calls for (docs/DATABASE.md), enum columns
 * carry a CHECK listing exactly the contract's values and its default, foreign keys point at
 * the referenced table with ON DELETE SET NULL, join and child tables exist with their keys,
 * and every computed field's SQL runs on the table.
 */
import type { FieldDef } from '@tko/contract';
import { PERMISSION_ACTIONS, WasteAreaKind } from '@tko/contract';
import type { StoredFieldDef } from '../src/index';
import { storedResources } from '../src/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

interface Column { udt: string; nullable: boolean; default: string | null; identity: boolean; scale: number | null }

let db: TestDatabase;
beforeAll(async () => { db = await createTestDatabase(); });
afterAll(async () => { await db?.drop(); });

async function columns(table: string): Promise<Map<string, Column>> {
  const { rows } = await db.pool.query(
    `SELECT column_name, udt_name, is_nullable, column_default, is_identity, numeric_scale
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
    [table],
  );
  return new Map(rows.map((r) => [r.column_name, {
    udt: r.udt_name, nullable: r.is_nullable === 'YES', default: r.column_default, identity: r.is_identity === 'YES', scale: r.numeric_scale,
  }]));
}

/** Values listed by the CHECK constraint on exactly this column. */
async function checkValues(table: string, column: string): Promise<string[]> {
  const { rows } = await db.pool.query<{ def: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'c' AND c.conrelid = $1::regclass AND a.attname = $2 AND cardinality(c.conkey) = 1`,
    [table, column],
  );
  return rows.flatMap((r) => [...r.def.matchAll(/'([^']*)'::text/g)].map((m) => m[1]!));
}

async function foreignKey(table: string, column: string): Promise<{ target: string; onDelete: string } | undefined> {
  const { rows } = await db.pool.query(
    `SELECT c.confrelid::regclass::text AS target, c.confdeltype AS on_delete FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.conrelid = $1::regclass AND a.attname = $2`,
    [table, column],
  );
  return rows[0] ? { target: rows[0].target, onDelete: rows[0].on_delete } : undefined;
}

const UDT: Partial<Record<FieldDef['kind'], string>> = {
  id: 'int4', text: 'text', longtext: 'text', integer: 'int4', decimal: 'numeric', boolean: 'bool', date: 'date',
  datetime: 'timestamptz', time: 'time', enum: 'text', point: 'geometry', address: 'jsonb', person: 'jsonb', json: 'jsonb',
  ref: 'int4', int_list: '_int4', date_list: '_date', enum_list: '_text', secret: 'text',
};

/** Checks one field against the table; returns nothing, fails the test on a mismatch. */
async function expectField(table: string, cols: Map<string, Column>, name: string, field: StoredFieldDef, child = false) {
  if (field.kind === 'refs') {
    const join = await columns(field.join!.table);
    expect([...join.keys()].sort(), `${name}: join table ${field.join!.table}`).toEqual([field.join!.ownKey, field.join!.targetKey].sort());
    expect((await foreignKey(field.join!.table, field.join!.targetKey))?.target).toBe(field.ref!.table);
    return;
  }
  if (field.kind === 'files') {
    // An ordered attachment list: (ownKey, targetKey → attachment, position).
    const join = await columns(field.join!.table);
    expect([...join.keys()].sort(), `${name}: join table ${field.join!.table}`).toEqual([field.join!.ownKey, field.join!.targetKey, 'position'].sort());
    expect((await foreignKey(field.join!.table, field.join!.targetKey))?.target, `${name}: attachment FK`).toBe('attachment');
    expect((await foreignKey(field.join!.table, field.join!.ownKey))?.target, `${name}: owner FK`).toBe(table);
    return;
  }
  if (field.kind === 'children') {
    const child = field.children!;
    const childCols = await columns(child.table);
    expect(childCols.get(child.parentKey)?.udt, `${name}: ${child.table}.${child.parentKey}`).toBe('int4');
    expect(await foreignKey(child.table, child.parentKey)).toEqual({ target: table, onDelete: 'c' });
    for (const [childName, childField] of Object.entries(child.fields)) await expectField(child.table, childCols, childName, childField, true);
    for (const [rollup, r] of Object.entries(child.rollupOf ?? {})) {
      expect(cols.get(rollup)?.nullable, `rollup ${rollup}`).toBe(false);
      if (r.sum) expect(childCols.has(r.sum), `rollup ${rollup}: ${child.table}.${r.sum}`).toBe(true);
    }
    return;
  }
  // A computed field is an SQL expression over the row: it has no column of its own, but its
  // SQL must run on the table (a renamed column fails here, not at the first request).
  if (field.kind === 'computed') {
    await expect(db.pool.query(`SELECT (${field.sql!('t')}) FROM ${table} t LIMIT 1`), `${table}: computed ${name}`).resolves.toBeDefined();
    return;
  }
  const col = cols.get(field.column!);
  const where = `${table}.${field.column} (${name}, ${field.kind})`;
  expect(col, where).toBeDefined();
  expect(col!.udt, where).toBe(field.kind === 'range' ? (field.rangeOf === 'date' ? 'daterange' : 'numrange') : UDT[field.kind]);
  if (field.kind === 'id') expect(col!.identity, where).toBe(true);
  if (field.kind === 'decimal' && !field.readOnly) expect(col!.scale, where).toBe(field.scale);
  // A flag is NOT NULL DEFAULT false; a surveyed fact (f.fact, read nullable) is NULL until recorded, no default.
  if (field.kind === 'boolean') expect([col!.nullable, col!.default], where).toEqual(field.read.safeParse(null).success ? [true, null] : [false, 'false']);
  if (field.kind === 'int_list' || field.kind === 'date_list') expect([col!.nullable, col!.default], where).toEqual([false, "'{}'::" + (field.kind === 'int_list' ? 'integer[]' : 'date[]')]);
  if (field.kind === 'enum_list') {
    expect([col!.nullable, col!.default], where).toEqual([false, "'{}'::text[]"]);
    expect((await checkValues(table, field.column!)).sort(), `${where}: CHECK (<@ ARRAY[…])`).toEqual([...field.enum!.values].sort());
  }
  if (field.kind === 'enum') {
    expect((await checkValues(table, field.column!)).sort(), `${where}: CHECK`).toEqual([...field.enum!.values].sort());
    expect(col!.nullable, `${where}: NOT NULL when defaulted`).toBe(field.default === undefined && !field.required);
    if (field.default !== undefined) expect(col!.default, where).toBe(`'${String(field.default)}'::text`);
  }
  if (field.kind === 'time' && field.default !== undefined) expect(col!.default, where).toBe(`'${String(field.default)}'::time without time zone`);
  if (field.kind === 'ref') {
    // A child row's reference may also go with its target (ON DELETE CASCADE: a stop of a route whose site is deleted).
    const fk = await foreignKey(table, field.column!);
    if (child && fk?.onDelete === 'c') expect(fk, where).toEqual({ target: field.ref!.table, onDelete: 'c' });
    else expect(fk, where).toEqual({ target: field.ref!.table, onDelete: 'n' });
  }
}

describe('@tko/contract + src/tables ↔ migrated database', () => {
  for (const resource of storedResources()) {
    it(`${resource.name}: ${resource.table} has a matching column for every field`, async () => {
      const cols = await columns(resource.table);
      for (const [name, field] of Object.entries(resource.fields)) await expectField(resource.table, cols, name, field);
      if (resource.scope) expect(await checkValues(resource.table, resource.scope.column)).toContain(resource.scope.value);
    });
  }

  it('waste_area.kind lists exactly the contract’s waste-area kinds', async () => {
    expect((await checkValues('waste_area', 'kind')).sort()).toEqual([...WasteAreaKind.values].sort());
  });

  it('role_permission.action lists exactly the contract’s permission actions', async () => {
    expect((await checkValues('role_permission', 'action')).sort()).toEqual([...PERMISSION_ACTIONS].sort());
  });
});
