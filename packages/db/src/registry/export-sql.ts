/**
 * The SELECT of a big export (issue 7 §6): the same wire values as select-sql.ts, but the
 * per-row sub-selects become joins — a `ref` a LEFT JOIN of the referenced table, a `refs`,
 * `files` or `children` list a LEFT JOIN of its join/child table aggregated once per parent
 * (GROUP BY) — so PostgreSQL hashes each side table once instead of probing it for every row
 * (100 000 sites × 12 sub-selects took 7–8 s). Computed fields keep their own SQL.
 * Used by RegistryRepository.stream() when the export is large (EXPORT_JOIN_ROWS).
 */
import { ident } from './params';
import type { StoredResourceDef } from '../tables/types';
import type { ReadScope } from './select-sql';
import { fieldExpr, refName } from './select-sql';

/** Estimated rows from which an export reads with joins instead of per-row sub-selects. */
export const EXPORT_JOIN_ROWS = 5000;

/** `SELECT <fields> FROM <table> t <joins> WHERE <where> ORDER BY <order>` with joins; `rs`: the reader's scope (links outside it lose their name). */
export function exportSelect(def: StoredResourceDef, fields: string[], where: string, order: string, rs?: ReadScope): string {
  const joins: string[] = [];
  const cols = fields.map((k, i) => {
    const fd = def.fields[k]!;
    const a = `x${i}`;
    switch (fd.kind) {
      case 'ref': {
        const r = fd.ref!;
        joins.push(`LEFT JOIN ${ident(r.table)} ${a} ON ${a}.id = t.${ident(fd.column!)}`);
        return `CASE WHEN ${a}.id IS NULL THEN NULL ELSE json_build_object('id', ${a}.id, 'name', ${refName(r, rs, a)}) END AS ${ident(k)}`;
      }
      case 'refs': {
        const r = fd.ref!;
        const j = fd.join!;
        joins.push(`LEFT JOIN (SELECT j.${ident(j.ownKey)} AS pid, json_agg(json_build_object('id', r.id, 'name', ${refName(r, rs)}) ORDER BY r.${ident(r.labelColumn)}, r.id) AS v FROM ${ident(j.table)} j JOIN ${ident(r.table)} r ON r.id = j.${ident(j.targetKey)} GROUP BY 1) ${a} ON ${a}.pid = t.id`);
        return `coalesce(${a}.v, '[]'::json) AS ${ident(k)}`;
      }
      case 'files': {
        const j = fd.join!;
        joins.push(`LEFT JOIN (SELECT j.${ident(j.ownKey)} AS pid, json_agg(json_build_object('id', f.id, 'name', f.name, 'content_type', f.content_type, 'size', f.size, 'url', '/api/attachments/' || f.id || '/download/') ORDER BY j.position, f.id) AS v FROM ${ident(j.table)} j JOIN attachment f ON f.id = j.${ident(j.targetKey)} GROUP BY 1) ${a} ON ${a}.pid = t.id`);
        return `coalesce(${a}.v, '[]'::json) AS ${ident(k)}`;
      }
      case 'children': {
        const c = fd.children!;
        const parts = [`'id', c.id`, ...Object.entries(c.fields).map(([ck, cf]) => `'${ck}', ${fieldExpr(ck, cf, 'c', true, rs)}`)];
        joins.push(`LEFT JOIN (SELECT c.${ident(c.parentKey)} AS pid, json_agg(json_build_object(${parts.join(', ')}) ORDER BY c.id) AS v FROM ${ident(c.table)} c GROUP BY 1) ${a} ON ${a}.pid = t.id`);
        return `coalesce(${a}.v, '[]'::json) AS ${ident(k)}`;
      }
      default:
        return `${fieldExpr(k, fd, 't', false, rs)} AS ${ident(k)}`;
    }
  });
  return `SELECT ${cols.join(',\n  ')}\nFROM ${ident(def.table)} t\n${joins.join('\n')}\nWHERE ${where}\nORDER BY ${order}`;
}
