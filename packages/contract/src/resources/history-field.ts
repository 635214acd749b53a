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

/**
 * The history field of a registry: read-only, detail-only, private. Its SQL is built by the
 * database package (packages/db/src/tables/history-sql.ts) from the registry's name and the
 * labels and order of its fields.
 */
export function historyField(o: { tab?: string; label?: string } = {}) {
  // Private: it names the people who made the changes (left out of public answers).
  return f.computed(o.label ?? 'История изменений', z.array(HistoryItemSchema), { tab: o.tab, detailOnly: true, private: true, computedKind: 'history' });
}
