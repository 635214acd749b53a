/**
 * SQL of a registry's history field (@tko/contract resources/history-field.ts, a computed field
 * with `computedKind: 'history'`): the last HISTORY_FIELD_LIMIT rows of `change_log` for this
 * object, newest first, each as the contract's HistoryItemSchema — the changed field keys in
 * card order and a title «22.11.2026 10:15, Петров Иван: изменение — Объём, Покрытие» built
 * from the fields' Russian labels.
 */
import type { FieldDef } from '@tko/contract';
import { HISTORY_FIELD_LIMIT } from '@tko/contract';
import type { ComputedSql } from './types';

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The history SQL of registry `resource` (change_log.resource) whose card shows `fields`. */
export function historySql(resource: string, fields: Record<string, Pick<FieldDef, 'label'>>): ComputedSql {
  const labels = Object.entries(fields).map(([k, fd], i) => `(${lit(k)}, ${lit(fd.label)}, ${i})`).join(', ');
  return (alias: string) => {
    const keys = `(SELECT coalesce(array_agg(k ORDER BY coalesce(l.ord, 100000), k), '{}') FROM jsonb_object_keys(coalesce(c.after, c.before, '{}'::jsonb)) k LEFT JOIN (VALUES ${labels}) l(key, label, ord) ON l.key = k)`;
    const names = `(SELECT string_agg(coalesce(l.label, k), ', ' ORDER BY coalesce(l.ord, 100000), k) FROM unnest(h.fields) k LEFT JOIN (VALUES ${labels}) l(key, label, ord) ON l.key = k)`;
    const what = `CASE h.action WHEN 'create' THEN 'создание' WHEN 'delete' THEN 'удаление' ELSE 'изменение — ' || coalesce(${names}, '') END`;
    const title = `to_char(h.created_at, 'DD.MM.YYYY HH24:MI') || coalesce(', ' || nullif(h.user_name, ''), '') || ': ' || ${what}`;
    return `SELECT coalesce(json_agg(json_build_object(
      'id', h.id, 'created_at', to_char(h.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'user_id', h.user_id, 'user_name', h.user_name, 'action', h.action, 'fields', h.fields,
      'before', h.before, 'after', h.after, 'title', ${title}) ORDER BY h.id DESC), '[]'::json)
      FROM (SELECT c.id, c.created_at, c.user_id, c.user_name, c.action, c.before, c.after, ${keys} AS fields
              FROM change_log c WHERE c.resource = ${lit(resource)} AND c.object_id = ${alias}.id
             ORDER BY c.id DESC LIMIT ${HISTORY_FIELD_LIMIT}) h`;
  };
}
