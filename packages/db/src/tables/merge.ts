/**
 * Joins a contract ResourceDef (the wire) with its TableMapping (the storage) into a
 * StoredResourceDef, checking that they fit: every error here is a programming error found at
 * start-up (the first `storedResource` call), never at the first request.
 *
 * Throws when: a `refs`/`files` field has no join table, a `children` field no child table, a
 * `computed` field no SQL; a reference target has no table (ref-targets.ts); the mapping names
 * a field the registry does not have, or gives a column to a field of a kind stored elsewhere;
 * an ordering field, a list sum or a filter names a field that has no column (nor SQL).
 */
import type { FieldDef, ResourceDef } from '@tko/contract';
import { historySql } from './history-sql';
import { storedRefTarget } from './ref-targets';
import type { ChildrenMapping, StoredFieldDef, StoredResourceDef, TableMapping } from './types';

/** Kinds kept outside the row's own columns. */
const NO_COLUMN = new Set<FieldDef['kind']>(['refs', 'files', 'children', 'computed']);

function fail(def: { name: string }, message: string): never {
  throw new Error(`packages/db/src/tables: ${def.name}: ${message}`);
}

/** Fails when `keys` (of a mapping section) name fields the registry lacks or of the wrong kinds. */
function checkKeys(def: { name: string }, section: string, keys: string[], fields: Record<string, FieldDef>, kinds: (k: FieldDef['kind']) => boolean) {
  for (const k of keys) {
    const fd = fields[k];
    if (!fd) fail(def, `the mapping's ${section} name a field the registry does not have: ${k}`);
    if (!kinds(fd.kind)) fail(def, `the mapping's ${section} do not apply to the ${fd.kind} field ${k}`);
  }
}

/** The stored child fields of a `children` field. */
function storedChildren(def: { name: string }, key: string, fd: FieldDef, m: ChildrenMapping | undefined): StoredFieldDef['children'] {
  if (!m) fail(def, `the children field ${key} has no child table`);
  const fields = fd.children!.fields;
  checkKeys(def, `${key}.columns`, Object.keys(m.columns ?? {}), fields, (k) => !NO_COLUMN.has(k));
  const rollups = fd.children!.rollups ?? [];
  const mapped = Object.keys(m.rollupOf ?? {});
  if ([...rollups].sort().join() !== [...mapped].sort().join()) {
    fail(def, `the roll-ups of ${key} differ: contract [${rollups.join(', ')}], mapping [${mapped.join(', ')}]`);
  }
  const stored: Record<string, StoredFieldDef> = {};
  for (const [ck, cf] of Object.entries(fields)) {
    if (NO_COLUMN.has(cf.kind)) fail(def, `the child field ${key}.${ck} is a ${cf.kind}: child rows keep plain columns only`);
    // A child's reference is a plain foreign-key column too (`<key>_id`), checked before the write (write-sql.ts).
    stored[ck] = cf.kind === 'ref'
      ? { ...cf, column: m.columns?.[ck] ?? `${ck}_id`, ref: storedRefTarget(cf.ref!) } as StoredFieldDef
      : { ...cf, column: m.columns?.[ck] ?? ck } as StoredFieldDef;
  }
  return { ...fd.children!, table: m.table, parentKey: m.parentKey, fields: stored, rollupOf: m.rollupOf };
}

/** One field with its storage. */
function storedField(def: ResourceDef, key: string, fd: FieldDef, m: TableMapping): StoredFieldDef {
  switch (fd.kind) {
    case 'refs':
    case 'files': {
      const join = m.joins?.[key];
      if (!join) fail(def, `the ${fd.kind} field ${key} has no join table`);
      return { ...fd, column: null, join, ...(fd.ref ? { ref: storedRefTarget(fd.ref) } : {}) } as StoredFieldDef;
    }
    case 'children':
      return { ...fd, column: null, children: storedChildren(def, key, fd, m.children?.[key]) } as StoredFieldDef;
    case 'computed': {
      const sql = m.computed?.[key] ?? (fd.computedKind === 'history' ? historySql(def.name, def.fields) : undefined);
      if (!sql) fail(def, `the computed field ${key} has no SQL`);
      return { ...fd, column: null, sql } as StoredFieldDef;
    }
    case 'ref':
      return { ...fd, column: m.columns?.[key] ?? `${key}_id`, ref: storedRefTarget(fd.ref!) } as StoredFieldDef;
    default:
      return { ...fd, column: m.columns?.[key] ?? key } as StoredFieldDef;
  }
}

/** Fails when `field` cannot be read by SQL (no column, no expression). */
function needsSql(def: ResourceDef, fields: Record<string, StoredFieldDef>, field: string, what: string) {
  const fd = fields[field];
  if (!fd) fail(def, `${what} names a field the registry does not have: ${field}`);
  if (!fd.column && !fd.sql) fail(def, `${what} on a field without a column: ${field}`);
}

/** The registry `def` stored as `m` says. */
export function mergeStored(def: ResourceDef, m: TableMapping): StoredResourceDef {
  checkKeys(def, 'columns', Object.keys(m.columns ?? {}), def.fields, (k) => !NO_COLUMN.has(k));
  checkKeys(def, 'joins', Object.keys(m.joins ?? {}), def.fields, (k) => k === 'refs' || k === 'files');
  checkKeys(def, 'children', Object.keys(m.children ?? {}), def.fields, (k) => k === 'children');
  checkKeys(def, 'computed SQL', Object.keys(m.computed ?? {}), def.fields, (k) => k === 'computed');
  const fields: Record<string, StoredFieldDef> = {};
  for (const [key, fd] of Object.entries(def.fields)) fields[key] = storedField(def, key, fd, m);
  for (const o of def.ordering) {
    if (!fields[o]?.column) fail(def, `ordering on a field without a column: ${o}`);
  }
  for (const o of def.defaultOrdering.split(',')) needsSql(def, fields, o.replace(/^-/, ''), 'the default ordering');
  for (const [name, a] of Object.entries(def.aggregates ?? {})) {
    if (!fields[a.sum]?.column) fail(def, `the list sum ${name} on a field without a column: ${a.sum}`);
  }
  for (const [name, f] of Object.entries(def.filters)) {
    if (f.kind === 'text') for (const fl of f.fields) needsSql(def, fields, fl, `the filter ${name}`);
    else if (f.kind === 'refs') {
      if (!fields[f.field]?.join) fail(def, `the refs filter ${name} on a field without a join table: ${f.field}`);
    } else if (f.kind !== 'import') needsSql(def, fields, f.field, `the filter ${name}`);
  }
  return { ...def, table: m.table, scope: m.scope, rows: m.rows, fields };
}
