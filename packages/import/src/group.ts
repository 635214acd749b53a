/**
 * An object made of rows (RowGroup) and the merging of a group's bodies (the objects themselves:
 * row-groups.ts). A merged group's bodies merge into one: list fields
 * (month days, weekdays, dates, enumeration lists, references) are united; any other field
 * takes its most frequent value among the rows that give it (ties: alphabetical for texts,
 * else the first row), and each disagreement becomes a warning and is passed to the template's
 * afterMerge (values for a new object only).
 */
import type { FieldDef, Point } from '@tko/contract';
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

/** The lines of `rows` as a person reads them: «2, 5, 9» or the first five «и ещё N». */
export const showLines = (rows: ConvertedRow[]) =>
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
