/**
 * SQL expressions that read each field kind in its wire shape (docs/ARCHITECTURE.md):
 * points as {lat, lng} rounded to 6 decimals (EPSG:4326), decimals as text, dates as
 * YYYY-MM-DD, times as HH:MM:SS, secrets as whether one is set, refs as {id, name}, many-to-many and child rows as JSON arrays,
 * attachment lists (`files`) as [{id, name, content_type, size, url}].
 */
import type { UserScope } from '@tko/contract';
import { scopeRestricts } from '@tko/contract';
import type { StoredFieldDef, StoredRefTarget, StoredResourceDef } from '../tables/types';
import type { Params } from './params';
import { ident } from './params';
import { referenceTargetDef } from './reference-access';
import { rowScopeSql } from './row-scope-sql';

/** The reader's row scope and the statement's parameters: links to rows outside it lose their name. */
export interface ReadScope {
  scope: UserScope | null | undefined;
  p: Params;
}

/**
 * The `name` of a link to the target row aliased `alias`: its label, or — for a reader whose
 * row scope hides that row (docs/ARCHITECTURE.md "Row scope") — «№ id (нет доступа)», so a card
 * never shows the name of a row its reader cannot open (the id is the row's own value).
 */
export function refName(r: StoredRefTarget, rs: ReadScope | undefined, alias = 'r'): string {
  const label = `${alias}.${ident(r.labelColumn)}`;
  const target = rs ? referenceTargetDef(r.resource) : undefined;
  if (!rs || !target || !scopeRestricts(target.rowScope, rs.scope)) return label;
  const pred = rowScopeSql(target, rs.scope, rs.p) ?? 'TRUE';
  return `CASE WHEN EXISTS (SELECT 1 FROM ${ident(target.table)} t WHERE t.id = ${alias}.id AND ${pred}) THEN ${label}::text ELSE '№ ' || ${alias}.id || ' (нет доступа)' END`;
}

/** Expression of one field read from the row aliased `alias`. `json` = inside json_build_object. */
export function fieldExpr(key: string, fd: StoredFieldDef, alias: string, json = false, rs?: ReadScope): string {
  const col = fd.column ? `${alias}.${ident(fd.column)}` : '';
  switch (fd.kind) {
    case 'decimal':
      return `${col}::text`;
    case 'date':
      return `to_char(${col}, 'YYYY-MM-DD')`;
    case 'time':
      return `to_char(${col}, 'HH24:MI:SS')`;
    case 'datetime':
      return json ? `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : col;
    case 'date_list':
      return `${col}::text[]`;
    case 'range':
      return fd.rangeOf === 'date'
        ? `CASE WHEN ${col} IS NULL THEN NULL ELSE json_build_object('lower', to_char(lower(${col}), 'YYYY-MM-DD'), 'upper', to_char(upper(${col}) - 1, 'YYYY-MM-DD')) END`
        : `CASE WHEN ${col} IS NULL THEN NULL ELSE json_build_object('lower', lower(${col})::text, 'upper', upper(${col})::text) END`;
    case 'computed':
      return `(${fd.sql!(alias)})`;
    case 'secret':
      // Write-only (contract f.secret): only whether one is set is ever read.
      return `(${col} IS NOT NULL)`;
    case 'point':
      return `CASE WHEN ${col} IS NULL THEN NULL ELSE json_build_object('lat', round(ST_Y(${col})::numeric, 6), 'lng', round(ST_X(${col})::numeric, 6)) END`;
    case 'ref': {
      const r = fd.ref!;
      return `(SELECT json_build_object('id', r.id, 'name', ${refName(r, rs)}) FROM ${ident(r.table)} r WHERE r.id = ${col})`;
    }
    case 'refs': {
      const r = fd.ref!;
      const j = fd.join!;
      return `(SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', ${refName(r, rs)}) ORDER BY r.${ident(r.labelColumn)}, r.id), '[]'::json) FROM ${ident(j.table)} j JOIN ${ident(r.table)} r ON r.id = j.${ident(j.targetKey)} WHERE j.${ident(j.ownKey)} = ${alias}.id)`;
    }
    case 'files': {
      // Attachments in their position order; url = the authenticated download (contract attachmentUrl).
      const j = fd.join!;
      return `(SELECT coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'content_type', a.content_type, 'size', a.size, 'url', '/api/attachments/' || a.id || '/download/') ORDER BY j.position, a.id), '[]'::json) FROM ${ident(j.table)} j JOIN attachment a ON a.id = j.${ident(j.targetKey)} WHERE j.${ident(j.ownKey)} = ${alias}.id)`;
    }
    case 'children': {
      const c = fd.children!;
      const parts = [`'id', c.id`];
      for (const [k, cf] of Object.entries(c.fields)) parts.push(`'${k}', ${fieldExpr(k, cf, 'c', true, rs)}`);
      return `(SELECT coalesce(json_agg(json_build_object(${parts.join(', ')}) ORDER BY c.id), '[]'::json) FROM ${ident(c.table)} c WHERE c.${ident(c.parentKey)} = ${alias}.id)`;
    }
    default:
      return col;
  }
}

/** The SELECT list for the given field names, each aliased to its wire name; `rs`: the reader's scope (refName). */
export function selectList(def: StoredResourceDef, fields: string[], alias = 't', rs?: ReadScope): string {
  return fields.map((k) => `${fieldExpr(k, def.fields[k]!, alias, false, rs)} AS ${ident(k)}`).join(',\n  ');
}

/** Converts driver values to wire values (timestamps to ISO strings). */
export function toWire(row: Record<string, unknown>): Record<string, unknown> {
  for (const [k, v] of Object.entries(row)) if (v instanceof Date) row[k] = v.toISOString();
  return row;
}
