/**
 * A card's change history as a read-only computed field (spec 01 §3 `params_history` of a
 * container site, characteristics tab): the last {@link HISTORY_FIELD_LIMIT} rows of
 * `change_log` for this object (issue 3 §8), newest first. The whole history of any registry
 * object is `GET {registry path}{id}/history/`; the system log is `GET /api/logs/`.
 *
 * Each item: id, created_at (ISO, UTC), user_id, user_name, action (create | update | delete),
 * fields (the changed field keys in card order), before / after (those fields' wire values;
 * null before a create) and title — «22.11.2026 10:15, Петров Иван: изменение — Объём, Покрытие»,
 * the line the xlsx export and a plain list show.
 */
import { z } from 'zod';
import type { FieldDef } from '../common/fields';
import { f } from '../common/fields';

/** How many changes the card field carries. */
export const HISTORY_FIELD_LIMIT = 20;

export const ChangeActionSchema = z.enum(['create', 'update', 'delete']);
export type ChangeAction = z.infer<typeof ChangeActionSchema>;
export const CHANGE_ACTION_LABELS: Record<ChangeAction, string> = { create: 'создание', update: 'изменение', delete: 'удаление' };

export const HistoryItemSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string(),
  action: ChangeActionSchema,
  fields: z.array(z.string()),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  title: z.string(),
});
export type HistoryItem = z.infer<typeof HistoryItemSchema>;

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The history field of registry `resource`. `fields` is read lazily (when the SQL is built):
 * it gives the labels and the card order of the changed fields.
 */
export function historyField(resource: string, fields: () => Record<string, FieldDef>, o: { tab?: string; label?: string } = {}) {
  const sql = (alias: string) => {
    const labels = Object.entries(fields()).map(([k, fd], i) => `(${lit(k)}, ${lit(fd.label)}, ${i})`).join(', ');
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
  // Private: it names the people who made the changes (left out of public answers).
  return f.computed(o.label ?? 'История изменений', z.array(HistoryItemSchema), sql, { tab: o.tab, detailOnly: true, private: true });
}
