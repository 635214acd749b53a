/**
 * The change history made readable (issue 3 §8): an entry's changed fields as «label: before →
 * after», each value formatted like the card shows it (enums by label, refs by name, points,
 * dates, decimals); child rows (a site's containers) summarised one by one, with units.
 * Pure: used by the card's history field, the «История изменений» drawer and /system-logs/.
 */
import { CHANGE_ACTION_LABELS, ROLE_FIELD_LABELS, USER_FIELD_LABELS, type ChangeAction, type FieldDef, type ResourceDef } from '@tko/contract';
import { EMPTY_VALUE, formatFieldValue, formatReadable } from '../crud/format';

/** One changed field of an entry. */
export interface FieldChange {
  key: string;
  label: string;
  before: string;
  after: string;
}

/** What the views need of an entry (the card field's HistoryItem and the API's ChangeLogEntry alike). */
export interface HistoryEntryLike {
  action: ChangeAction;
  fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The registry (or `users`, `users-roles`) the entry belongs to, when known. */
  resource?: string;
}

/**
 * The tag of an action (create, update, delete): antd's preset colour and, for «create», a darker
 * green text — the preset green on its pale background has a contrast under 4.5:1 (WCAG 1.4.3; axe
 * color-contrast, found by the per-role screen audit on /system-logs/).
 */
export const ACTION_TAG: Record<ChangeAction, { color: string; style?: { color: string } }> = {
  create: { color: 'green', style: { color: '#237804' } },
  update: { color: 'blue' },
  delete: { color: 'red' },
};

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** One child row as «Евроконтейнер, 1,1 м³, …» (its non-empty fields, id left out). */
function childRow(children: Record<string, FieldDef>, row: unknown): string {
  if (!row || typeof row !== 'object') return formatReadable(row);
  return Object.entries(children)
    .filter(([k]) => k !== 'id')
    .map(([k, fd]) => {
      const v = (row as Record<string, unknown>)[k];
      if (isEmpty(v) || fd.kind === 'boolean') return '';
      const text = formatFieldValue(fd, v);
      return text === EMPTY_VALUE ? '' : fd.unit ? `${text} ${fd.unit}` : text;
    })
    .filter(Boolean)
    .join(', ');
}

/** A recorded value as text; {@link EMPTY_VALUE} when empty. */
export function formatHistoryValue(field: FieldDef | undefined, value: unknown): string {
  if (isEmpty(value)) return EMPTY_VALUE;
  if (!field) return formatReadable(value) || EMPTY_VALUE;
  if (field.kind === 'children' && Array.isArray(value) && field.children) {
    const rows = value.map((r) => childRow(field.children!.fields, r));
    return `${value.length} шт.: ${rows.map((r, i) => `${i + 1}) ${r || EMPTY_VALUE}`).join('; ')}`;
  }
  // Labels carry the unit («Площадь, м²»), so top-level values stay bare.
  return formatFieldValue(field, value);
}

/** The entry's changed fields in its order, labelled from the registry (unknown keys as is). */
/** Field names of the change log's resources that are not registries (users, roles). */
const OTHER_LABELS: Record<string, Record<string, string>> = { users: USER_FIELD_LABELS, 'users-roles': ROLE_FIELD_LABELS };

/** The Russian name of a changed field: the registry's label, or the users'/roles' own; the key only if neither knows it. */
export function changedFieldLabel(resource: string, def: ResourceDef | undefined, key: string): string {
  return def?.fields[key]?.label ?? OTHER_LABELS[resource]?.[key] ?? key;
}

export function fieldChanges(def: ResourceDef | undefined, entry: HistoryEntryLike): FieldChange[] {
  return entry.fields.map((key) => {
    const fd = def?.fields[key];
    return {
      key,
      label: changedFieldLabel(entry.resource ?? '', def, key),
      before: formatHistoryValue(fd, entry.before?.[key]),
      after: formatHistoryValue(fd, entry.after?.[key]),
    };
  });
}

/** «изменение», «создание», «удаление». */
export const actionLabel = (a: ChangeAction) => CHANGE_ACTION_LABELS[a];
