/**
 * Rows → objects. Look-alike rows (duplicates.ts) stay apart unless the user chose otherwise for
 * their group; a merged group's bodies merge into one: list fields
 * (month days, weekdays, dates, enumeration lists, references) are united; any other field
 * takes its most frequent value among the rows that give it (ties: alphabetical for texts,
 * else the first row), and each disagreement becomes a warning and is passed to the template's
 * afterMerge (values for a new object only).
 */
import type { FieldDef, ImportOptions, Point } from '@tko/contract';
import type { ConvertedRow } from './convert';
import type { DuplicateGroup } from './duplicates';
import { findDuplicateGroups, resolutionOf } from './duplicates';
import { pointKeyText } from './templates/point-key';
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

/** A value as a person reads it (never raw JSON): a point as «lat, lng», a list joined, an object's name. */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v).replace('.', ',');
  if (typeof v === 'boolean') return v ? 'да' : 'нет';
  if (Array.isArray(v)) return v.length ? v.map(showValue).join(', ') : '—';
  const o = v as Record<string, unknown>;
  if (typeof o.lat === 'number' && typeof o.lng === 'number') return `${(o as unknown as Point).lat.toFixed(6)}, ${(o as unknown as Point).lng.toFixed(6)}`;
  if (typeof o.full_name === 'string') return o.full_name;
  if (typeof o.name === 'string') return o.name;
  if (typeof o.volume !== 'undefined' || typeof o.type === 'string') return [o.type, o.volume !== undefined && o.volume !== null ? `${showValue(o.volume)} м³` : null].filter(Boolean).join(' ');
  if (typeof o.id === 'number') return `№ ${o.id}`;
  return Object.values(o).map(showValue).join(' ');
}

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
  /** Rows left out by a «skip» resolution. */
  skippedRows: number;
  warnings: string[];
}

/** duplicates = same_point: rows with the same point (6 decimals) merge; the others stand alone. */
function samePointGroups(template: ImportTemplate, rows: ConvertedRow[], field: string): GroupResult {
  const byPoint = new Map<string, ConvertedRow[]>();
  const order: (string | ConvertedRow)[] = [];
  for (const row of rows) {
    if (!row.body) continue;
    const p = row.body[field] as Point | undefined;
    if (!p) {
      order.push(row);
      continue;
    }
    const k = pointKeyText(p);
    const list = byPoint.get(k);
    if (list) list.push(row);
    else {
      byPoint.set(k, [row]);
      order.push(k);
    }
  }
  let mergedRows = 0;
  const warnings: string[] = [];
  const groups: RowGroup[] = [];
  for (const item of order) {
    const members = typeof item === 'string' ? byPoint.get(item)! : [item];
    if (members.length === 1) {
      groups.push({ key: null, rows: members, body: members[0]!.body!, createOnly: {} });
      continue;
    }
    mergedRows += members.length - 1;
    const { body, conflicts } = mergeBodies(template, members.map((r) => r.body!));
    for (const [f, values] of Object.entries(conflicts)) {
      const label = template.def.fields[f]?.label ?? f;
      warnings.push(`Строки ${showLines(members)} объединены (одна точка ${String(item).replace(',', ', ')}): разные значения поля «${label}», взято «${showValue(values[0])}», также ${values.slice(1).map((v) => `«${showValue(v)}»`).join(', ')}.`);
    }
    groups.push({ key: null, rows: members, body, createOnly: template.afterMerge?.(body, conflicts) ?? {} });
  }
  return { groups, mergedRows, skippedRows: 0, warnings };
}

/**
 * The objects the rows describe (issue 9 §1): one row = one object, except the groups of
 * look-alike rows (duplicates.ts) the user — or options.duplicates for groups they left alone —
 * resolved otherwise: `merge` makes one object of the group, `skip` keeps its first row and
 * leaves out the others (each gets a warning), `error` fails the repeats. Rows without a body
 * (failed) are left out. `found`: the look-alike groups when the caller already found them
 * (run-import walks the rows in chunks with progress).
 */
export function groupRows(template: ImportTemplate, rows: ConvertedRow[], options: ImportOptions, found?: DuplicateGroup[]): GroupResult {
  if (options.duplicates === 'same_point' && template.pointField) return samePointGroups(template, rows, template.pointField);
  const dup = found ?? findDuplicateGroups(template, rows);
  const groupOf = new Map<number, DuplicateGroup>();
  for (const g of dup) for (const i of g.members) groupOf.set(i, g);
  let mergedRows = 0;
  let skippedRows = 0;
  const warnings: string[] = [];
  const groups: RowGroup[] = [];
  const single = (r: ConvertedRow): RowGroup => ({ key: null, rows: [r], body: r.body!, createOnly: {} });
  rows.forEach((row, i) => {
    if (!row.body) return;
    const g = groupOf.get(i);
    if (!g) return void groups.push(single(row));
    if (g.members[0] !== i) return; // handled with the group's first row
    const members = g.members.map((m) => rows[m]!).filter((r) => r.body);
    const how = resolutionOf(options, g.id);
    const [first, ...repeats] = members;
    if (!first) return;
    if (how === 'apart') return void groups.push(...members.map(single));
    if (how === 'skip' || how === 'error') {
      for (const r of repeats) {
        const text = `строка ${first.line} описывает тот же объект (${g.reason.toLowerCase()})`;
        if (how === 'error') r.errors.push(`Повтор: ${text}.`);
        else {
          r.warnings.push(`Не импортирована (решение «пропустить»): ${text}.`);
          skippedRows++;
        }
        r.body = null;
      }
      return void groups.push(single(first));
    }
    mergedRows += members.length - 1;
    const { body, conflicts } = mergeBodies(template, members.map((r) => r.body!));
    for (const [field, values] of Object.entries(conflicts)) {
      const label = template.def.fields[field]?.label ?? template.targets.find((t) => t.field === field)?.label ?? field;
      warnings.push(`Строки ${showLines(members)} объединены: разные значения поля «${label}», взято «${showValue(values[0])}», также ${values.slice(1).map((v) => `«${showValue(v)}»`).join(', ')}.`);
    }
    groups.push({ key: null, rows: members, body, createOnly: template.afterMerge?.(body, conflicts) ?? {} });
  });
  return { groups, mergedRows, skippedRows, warnings };
}
