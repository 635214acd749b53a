/**
 * WHERE clauses of list filters (the filter kinds of @tko/contract common/filters.ts) and
 * ORDER BY of the `ordering` parameter. Geometry filters work in EPSG:4326 and use the GIST
 * index: bbox with `&&`, radius with an index-friendly envelope then an exact geography
 * distance in metres.
 */
import type { BBox, FilterDef, ListQuery, Point, ResourceDef } from '@tko/contract';
import type { StoredResourceDef } from '../tables/types';
import type { Params } from './params';
import { ident } from './params';
import { rowScopeSql, scopeOf } from './row-scope-sql';

/** Escapes LIKE wildcards in user text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** SQL of a field over the row `t`: its column, or the expression of a computed field. */
function column(def: StoredResourceDef, field: string): string {
  const fd = def.fields[field];
  if (fd?.kind === 'computed' && fd.sql) return `(${fd.sql('t')})`;
  const c = fd?.column;
  if (!c) throw new Error(`${def.name}: filter on field without column: ${field}`);
  return `t.${ident(c)}`;
}

function filterSql(def: StoredResourceDef, name: string, f: FilterDef, q: ListQuery, p: Params): string | null {
  const v = q[name];
  if (v === undefined || v === null || v === '') return null;
  switch (f.kind) {
    case 'enum': {
      // One value as `=`: the planner then treats the column as constant and can walk an index
      // on (column, ordering column, id) in order; `= ANY(array)` cannot (PostgreSQL 15).
      const list = v as string[];
      return list.length === 1 ? `${column(def, f.field)} = ${p.add(list[0])}` : `${column(def, f.field)} = ANY(${p.add(list)}::text[])`;
    }
    case 'enum_any':
      return `${column(def, f.field)} && ${p.add(v)}::text[]`;
    case 'values':
      return `${column(def, f.field)} = ANY(${p.add(v)}::text[])`;
    case 'ref':
      return `${column(def, f.field)} = ANY(${p.add(v)}::int[])`;
    case 'int':
      return `${column(def, f.field)} = ANY(${p.add(v)}::int[])`;
    case 'refs': {
      const j = def.fields[f.field]?.join;
      if (!j) throw new Error(`${def.name}: refs filter on a field without a join table: ${f.field}`);
      return `EXISTS (SELECT 1 FROM ${ident(j.table)} j WHERE j.${ident(j.ownKey)} = t.id AND j.${ident(j.targetKey)} = ANY(${p.add(v)}::int[]))`;
    }
    case 'bool':
      return `${column(def, f.field)} = ${p.add(v)}`;
    case 'text': {
      const text = String(v).trim();
      if (!text) return null;
      const ph = p.add(likePattern(text));
      return `(${f.fields.map((fl) => `${column(def, fl)} ILIKE ${ph}`).join(' OR ')})`;
    }
    case 'bbox': {
      const b = v as BBox;
      return `${column(def, f.field)} && ST_MakeEnvelope(${p.add(b.minLng)}, ${p.add(b.minLat)}, ${p.add(b.maxLng)}, ${p.add(b.maxLat)}, 4326)`;
    }
    case 'import':
      // Records of these import files (import_record; issue 9 §1).
      return `t.id IN (SELECT r.record_id FROM import_record r WHERE r.registry = ${p.add(def.name)} AND r.import_file_id = ANY(${p.add(v)}::int[]))`;
    case 'radius': {
      const pt = v as Point;
      const radius = (q.radius as number | undefined) ?? 500;
      // 1° of latitude ≈ 111 320 m; longitude degrees shrink with cos(lat).
      const deg = radius / (111320 * Math.max(Math.cos((pt.lat * Math.PI) / 180), 0.01));
      const point = `ST_SetSRID(ST_MakePoint(${p.add(pt.lng)}, ${p.add(pt.lat)}), 4326)`;
      const col = column(def, f.field);
      return `(${col} && ST_Expand(${point}, ${p.add(deg)}) AND ST_DWithin(${col}::geography, ${point}::geography, ${p.add(radius)}))`;
    }
    case 'shares': {
      // The list column overlaps the values; rows of another `when` value are not narrowed.
      const overlap = `${column(def, f.field)} && ${p.add(v)}::${f.of === 'date' ? 'date' : 'int'}[]`;
      return f.when ? `(${column(def, f.when.field)} IS DISTINCT FROM ${p.add(f.when.value)} OR ${overlap})` : overlap;
    }
    case 'period': {
      // Whole days: lower ≤ value < upper + 1 day (a date-time column compares in the session's zone).
      const pr = v as { lower: string | null; upper: string | null };
      const col = column(def, f.field);
      const parts: string[] = [];
      if (pr.lower) parts.push(`${col} >= ${p.add(pr.lower)}::date`);
      if (pr.upper) parts.push(`${col} < ${p.add(pr.upper)}::date + 1`);
      return parts.length ? `(${parts.join(' AND ')})` : null;
    }
    case 'moment': {
      // A date bounds whole days (from its start, to its end); a date-time bounds itself, inclusive —
      // `to` to the end of its millisecond, the wire's precision (the column keeps microseconds, so
      // the instant a row shows still finds that row).
      const at = String(v);
      const col = column(def, f.field);
      const date = /^\d{4}-\d{2}-\d{2}$/.test(at);
      if (f.bound === 'from') return `${col} >= ${p.add(at)}::${date ? 'date' : 'timestamptz'}`;
      return date ? `${col} < ${p.add(at)}::date + 1` : `${col} < ${p.add(at)}::timestamptz + interval '1 millisecond'`;
    }
  }
}

/** All conditions of a list query (scope included), joined with AND; `TRUE` when none. */
export function whereSql(def: StoredResourceDef, q: ListQuery, p: Params): string {
  const parts: string[] = [];
  if (def.scope) parts.push(`t.${ident(def.scope.column)} = ${p.add(def.scope.value)}`);
  if (def.rows) parts.push(`(${def.rows('t')})`);
  for (const [name, f] of Object.entries(def.filters)) {
    const sql = filterSql(def, name, f, q, p);
    if (sql) parts.push(sql);
  }
  // The signed-in user's row scope (row-scope-sql.ts), carried by the query.
  const scoped = rowScopeSql(def, scopeOf(q), p);
  if (scoped) parts.push(scoped);
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

/**
 * ORDER BY for `ordering` (already validated against def.ordering), with the id as a
 * tie-breaker in the direction of the first key so that an index on (…, col, id) serves it.
 */
export function orderSql(def: StoredResourceDef, ordering: string[] | undefined): string {
  return orderKeys(def, ordering).map((k) => `${k.expr} ${k.desc ? 'DESC' : 'ASC'}`).join(', ');
}

/** One key of an ORDER BY: the field, its SQL over the row `t`, the direction. */
export interface OrderKey {
  field: string;
  expr: string;
  desc: boolean;
}

/**
 * The keys of `ordering` (default: def.defaultOrdering, comma-separated keys), ending with `id` (added in the
 * direction of the first key when not named; keys after a named id dropped): a total order,
 * as keyset paging needs.
 */
export function orderKeys(def: StoredResourceDef, ordering: string[] | undefined): OrderKey[] {
  const list = ordering?.length ? ordering : def.defaultOrdering.split(',');
  const keys = list.map((o) => {
    const desc = o.startsWith('-');
    const field = desc ? o.slice(1) : o;
    return { field, expr: field === 'id' ? 't.id' : column(def, field), desc };
  });
  const idAt = keys.findIndex((k) => k.field === 'id');
  if (idAt >= 0) return keys.slice(0, idAt + 1); // keys after the unique id order nothing
  keys.push({ field: 'id', expr: 't.id', desc: keys[0]!.desc });
  return keys;
}

/** Name of the filter of kind `text` that `q` uses (a search), if any. */
export function textSearchIn(def: ResourceDef, q: ListQuery): string | undefined {
  return Object.entries(def.filters).find(([name, f]) => f.kind === 'text' && String(q[name] ?? '').trim() !== '')?.[0];
}
