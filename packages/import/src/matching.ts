/**
 * Field matching (spec 03 §4): file column → template target.
 *
 * Suggestion, in two passes, each target given to at most one column:
 *  1. by header: the header, folded (case, ё/е, blanks and punctuation aside), equals a target's
 *     label, key or one of its synonyms (also without a trailing unit: «Объём, м3» → «объём»);
 *  2. by content, for columns whose header said nothing (e.g. «Столбец4», «Sub»): lists of month
 *     days («1;8;15») → the month-days field; the text column with the most distinct values that
 *     look like addresses (letters and house numbers) → the location.
 * Checking: every column and target named must exist, a target only once, and the required
 * targets must be covered (a group such as latitude + longitude covers its field).
 */
import { IMPORT_MSG } from '@tko/contract';
import { ImportInputError } from './errors';
import type { TargetDef } from './targets';
import type { ImportTemplate } from './templates/types';

export type ColumnMapping = Record<string, string | null>;

/** Folds a header or label for comparison: lower case, ё → е, letters and digits only. */
export function foldHeader(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е').replace(/[^\p{L}\p{N}]+/gu, '');
}

function headerForms(header: string): string[] {
  const forms = [foldHeader(header)];
  const beforeComma = header.split(/[,(]/)[0];
  if (beforeComma && beforeComma !== header) forms.push(foldHeader(beforeComma));
  return forms.filter(Boolean);
}

function targetForms(t: TargetDef): Set<string> {
  return new Set([t.label, t.field, ...t.synonyms].map(foldHeader).filter(Boolean));
}

const MONTH_DAYS_RE = /^\d{1,2}(\s*[;,]\s*\d{1,2})*$/;
const ADDRESS_RE = /\p{L}{2,}/u;

/** Sample cells of column `i` that are not blank. */
function sample(rows: string[][], i: number): string[] {
  return rows.map((r) => r[i] ?? '').filter((c) => c !== '');
}

/** Suggested mapping for `columns` given the first data rows (`rows`, cell texts). */
export function suggestMapping(template: ImportTemplate, columns: string[], rows: string[][]): ColumnMapping {
  const mapping: ColumnMapping = Object.fromEntries(columns.map((c) => [c, null]));
  const taken = new Set<string>();
  const forms = template.targets.map((t) => [t, targetForms(t)] as const);
  // The whole header first («Широта, долгота» → coordinates), then without its unit («Широта, °» → latitude).
  for (const form of [0, 1]) {
    for (const column of columns) {
      const h = headerForms(column)[form];
      if (mapping[column] !== null || !h) continue;
      const hit = forms.find(([t, f]) => !taken.has(t.field) && f.has(h));
      if (hit) {
        mapping[column] = hit[0].field;
        taken.add(hit[0].field);
      }
    }
  }
  const free = columns.map((c, i) => [c, i] as const).filter(([c]) => mapping[c] === null);
  const has = (field: string) => template.targets.some((t) => t.field === field) && !taken.has(field);

  if (has('periodicity_on_monthdays')) {
    const hit = free.find(([c, i]) => {
      const cells = sample(rows, i);
      return mapping[c] === null && cells.length > 0 && cells.every((v) => MONTH_DAYS_RE.test(v) && v.split(/[;,]/).every((d) => Number(d) >= 1 && Number(d) <= 31)) && cells.some((v) => /[;,]/.test(v));
    });
    if (hit) {
      mapping[hit[0]] = 'periodicity_on_monthdays';
      taken.add('periodicity_on_monthdays');
    }
  }
  if (has('location')) {
    let best: { column: string; distinct: number } | null = null;
    for (const [c, i] of free) {
      if (mapping[c] !== null) continue;
      const cells = sample(rows, i);
      if (cells.length === 0) continue;
      const addressLike = cells.filter((v) => ADDRESS_RE.test(v) && /\d/.test(v) && v.length >= 8).length / cells.length;
      const distinct = new Set(cells).size;
      if (addressLike >= 0.8 && (!best || distinct > best.distinct)) best = { column: c, distinct };
    }
    if (best) mapping[best.column] = 'location';
  }
  return mapping;
}

/** Labels of required targets the mapping leaves uncovered (a group counts when all its members are mapped). */
export function missingTargets(template: ImportTemplate, mapping: ColumnMapping): string[] {
  const mapped = new Set(Object.values(mapping).filter((v): v is string => Boolean(v)));
  const missing: string[] = [];
  for (const t of template.targets) {
    if (!t.required || mapped.has(t.field)) continue;
    if (t.group) {
      const members = template.targets.filter((m) => m.group === t.group && m.field !== t.group);
      const field = template.targets.find((m) => m.field === t.group);
      // The group is covered by its field itself, or by all its other members together.
      if ((field && mapped.has(field.field)) || (members.length > 0 && members.every((m) => mapped.has(m.field)))) continue;
      if (t.field !== t.group) continue; // reported once, under the field
    }
    missing.push(t.label);
  }
  return missing;
}

/** Checks a mapping sent by the client against the file's columns and the template's targets. */
export function checkMapping(template: ImportTemplate, columns: string[], mapping: ColumnMapping): ColumnMapping {
  const out: ColumnMapping = Object.fromEntries(columns.map((c) => [c, null]));
  const seen = new Map<string, string>();
  for (const [column, target] of Object.entries(mapping)) {
    if (!columns.includes(column)) throw new ImportInputError(IMPORT_MSG.unknownColumn, `column_mapping.${column}`);
    if (target === null || target === '') continue;
    const t = template.targets.find((x) => x.field === target);
    if (!t) throw new ImportInputError(IMPORT_MSG.unknownTarget, `column_mapping.${column}`);
    if (seen.has(target)) throw new ImportInputError(IMPORT_MSG.targetTwice(t.label), `column_mapping.${column}`);
    seen.set(target, column);
    out[column] = target;
  }
  return out;
}
