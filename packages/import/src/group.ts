/**
 * Rows describing the same object (the template's key, e.g. a container site's coordinates)
 * become one group. With duplicates = 'merge' the group's bodies merge into one: list fields
 * (month days, weekdays, dates, enumeration lists, references) are united; any other field
 * takes its most frequent value among the rows that give it (ties: alphabetical for texts,
 * else the first row), and each disagreement becomes a warning and is passed to the template's
 * afterMerge (values for a new object only). With duplicates = 'error' the first row stands and each repeat is failed.
 */
import type { FieldDef } from '@tko/contract';
import type { ConvertedRow } from './convert';
import type { Body, ImportTemplate } from './templates/types';

export interface RowGroup {
  key: string | null;
  rows: ConvertedRow[];
  body: Body;
  /** Values only a new object gets (the template's afterMerge). */
  createOnly: Body;
}

const LIST_KINDS = new Set<FieldDef['kind']>(['int_list', 'date_list', 'enum_list', 'refs']);
const MAX_LINES_SHOWN = 5;

const showLines = (rows: ConvertedRow[]) =>
  rows.length <= MAX_LINES_SHOWN ? rows.map((r) => r.line).join(', ') : `${rows.slice(0, MAX_LINES_SHOWN).map((r) => r.line).join(', ')} и ещё ${rows.length - MAX_LINES_SHOWN}`;

const showValue = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function sortUnion(values: unknown[]): unknown[] {
  const unique = [...new Map(values.map((v) => [JSON.stringify(v), v])).values()];
  return unique.every((v) => typeof v === 'number') ? (unique as number[]).sort((a, b) => a - b) : unique.sort((a, b) => String(a).localeCompare(String(b), 'ru'));
}

/** Distinct values by frequency (desc); ties: texts alphabetically, others in first-seen order. */
function byFrequency(values: unknown[]): unknown[] {
  const counts = new Map<string, { value: unknown; n: number; first: number }>();
  values.forEach((v, i) => {
    const k = JSON.stringify(v);
    const c = counts.get(k);
    if (c) c.n++;
    else counts.set(k, { value: v, n: 1, first: i });
  });
  return [...counts.values()]
    .sort((a, b) => b.n - a.n || (typeof a.value === 'string' && typeof b.value === 'string' ? a.value.localeCompare(b.value, 'ru') : a.first - b.first))
    .map((c) => c.value);
}

/** Merges the bodies of one group; returns the merged body and the fields whose rows disagreed. */
export function mergeBodies(template: ImportTemplate, bodies: Body[]): { body: Body; conflicts: Record<string, unknown[]> } {
  const body: Body = {};
  const conflicts: Record<string, unknown[]> = {};
  const keys = new Set(bodies.flatMap((b) => Object.keys(b)));
  for (const k of keys) {
    const given = bodies.filter((b) => b[k] !== undefined).map((b) => b[k]);
    const kind = template.def.fields[k]?.kind;
    if (kind && LIST_KINDS.has(kind) && given.every(Array.isArray)) {
      body[k] = sortUnion((given as unknown[][]).flat());
      continue;
    }
    const ranked = byFrequency(given);
    body[k] = ranked[0];
    if (ranked.length > 1) conflicts[k] = ranked;
  }
  return { body, conflicts };
}

export interface GroupResult {
  groups: RowGroup[];
  /** Rows merged into an earlier row of their group. */
  mergedRows: number;
  warnings: string[];
}

/**
 * Groups the rows that have a body. Rows without a key stand alone. Failed repeats (mode
 * 'error') get their reason in `errors` and no body.
 */
export function groupRows(template: ImportTemplate, rows: ConvertedRow[], duplicates: 'merge' | 'error'): GroupResult {
  const byKey = new Map<string, ConvertedRow[]>();
  const groups: RowGroup[] = [];
  const order: (string | ConvertedRow)[] = [];
  for (const row of rows) {
    if (!row.body) continue;
    const key = template.key?.of(row.body) ?? null;
    if (key === null) {
      order.push(row);
      continue;
    }
    const list = byKey.get(key);
    if (list) list.push(row);
    else {
      byKey.set(key, [row]);
      order.push(key);
    }
  }
  let mergedRows = 0;
  const warnings: string[] = [];
  for (const item of order) {
    if (typeof item !== 'string') {
      groups.push({ key: null, rows: [item], body: item.body!, createOnly: {} });
      continue;
    }
    const members = byKey.get(item)!;
    if (members.length === 1 || duplicates === 'error') {
      const [first, ...repeats] = members;
      for (const r of repeats) {
        r.errors.push(`Повтор: строка ${first!.line} уже описывает этот объект (${template.key!.label}: ${template.key!.show(item)}).`);
        r.body = null;
      }
      groups.push({ key: item, rows: [first!], body: first!.body!, createOnly: {} });
      continue;
    }
    mergedRows += members.length - 1;
    const { body, conflicts } = mergeBodies(template, members.map((r) => r.body!));
    for (const [field, values] of Object.entries(conflicts)) {
      const label = template.def.fields[field]?.label ?? template.targets.find((t) => t.field === field)?.label ?? field;
      warnings.push(`Строки ${showLines(members)} (${template.key!.show(item)}): разные значения поля «${label}», взято «${showValue(values[0])}», также ${values.slice(1).map((v) => `«${showValue(v)}»`).join(', ')}.`);
    }
    groups.push({ key: item, rows: members, body, createOnly: template.afterMerge?.(body, conflicts) ?? {} });
  }
  return { groups, mergedRows, warnings };
}
