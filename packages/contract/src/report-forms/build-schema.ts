/**
 * The zod schema of a report's `data`, built from its kind's field tree (issue 13 §1; spec 03
 * §5 "Dynamic report fields"). One schema per type (fieldSchema):
 *
 * | type | accepted | stored value |
 * |---|---|---|
 * | char, textarea, location | text (max_length, default 1000 / 10000) | text or null |
 * | latlng | `{lat, lng}` or 'lat, lng' | `{lat, lng}` (6 decimals) or null |
 * | decimal | number or text (comma or point) | text, e.g. "12.5" (held as text) |
 * | int | integer or its text | text, e.g. "12" |
 * | select | an option's value (multiselect: a list) | text or null (list) |
 * | bubble-multi-select | list of option values | list, default [] |
 * | date, datetime | ISO or ДД.ММ.ГГГГ [ЧЧ:ММ[:СС]] | text in the save-format (ISO without one) |
 * | checkbox | boolean or 'true'/'false' | boolean, default false |
 * | linked-object | id, {id, name} or a list of them | always a list of {id, name?} |
 * | list | list of objects | list of objects built from `children`, default [] |
 *
 * Required fields refuse a missing, null or empty value with «Обязательное поле.». Unknown keys
 * are dropped. Errors carry the zod path (`a.0.b`); the API prefixes them with `data.`
 * (reportDataErrors) into DRF's `{ "data.a.0.b": ["…"] }`.
 */
import { z } from 'zod';
import { MSG } from '../common/messages';
import { PointInputSchema } from '../common/geo';
import type { ReportFieldDef } from './field-def';
import { formatDateParts, parseDateText } from './save-format';

export const REPORT_MSG = {
  decimal: 'Введите число, например «12.5».',
  int: 'Введите целое число.',
  date: 'Введите дату в формате ДД.ММ.ГГГГ или ГГГГ-ММ-ДД.',
  datetime: 'Введите дату и время в формате ДД.ММ.ГГГГ ЧЧ:ММ.',
  option: (v: unknown) => `Значения ${JSON.stringify(v)} нет среди вариантов.`,
  linked: 'Укажите объект (его id).',
} as const;

const DECIMAL_RE = /^-?\d{1,15}(\.\d{1,6})?$/;
const INT_RE = /^-?\d{1,15}$/;

const blank = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A number held as text: numbers and texts in, canonical text out. */
function numericText(re: RegExp, message: string) {
  return z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const t = typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'string' ? v.trim().replace(',', '.').replace(/\s+/g, '') : null;
    if (t === null || !re.test(t)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    // Drop a leading + / zeros so "007" and "7" are the same value.
    return t.replace(/^(-?)0+(?=\d)/, '$1');
  });
}

function dateText(f: ReportFieldDef, withTime: boolean) {
  return z.unknown().transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const parts = typeof v === 'string' ? parseDateText(v, withTime) : null;
    if (!parts) {
      ctx.addIssue({ code: 'custom', message: withTime ? REPORT_MSG.datetime : REPORT_MSG.date });
      return z.NEVER;
    }
    return formatDateParts(parts, f['save-format'], withTime);
  });
}

function optionValue(f: ReportFieldDef) {
  const allowed = f.options?.map((o) => o.value);
  return z.union([z.string(), z.number()]).transform((v, ctx) => {
    const s = String(v);
    if (allowed && !allowed.includes(s)) {
      ctx.addIssue({ code: 'custom', message: REPORT_MSG.option(v) });
      return z.NEVER;
    }
    return s;
  });
}

const LinkedItemSchema = z.preprocess(
  (x) => (typeof x === 'number' || (typeof x === 'string' && /^\d+$/.test(x)) ? { id: Number(x) } : x),
  z.looseObject({ id: z.number({ error: REPORT_MSG.linked }).int().positive(), name: z.string().nullish() }),
);

/** The schema of one field's value (without the required check). */
export function fieldSchema(f: ReportFieldDef): z.ZodType {
  switch (f.type) {
    case 'char':
    case 'location':
      return z.string().max(f.max_length ?? 1000, MSG.maxLength(f.max_length ?? 1000)).nullish().transform((v) => v ?? null);
    case 'textarea':
      return z.string().max(f.max_length ?? 10000, MSG.maxLength(f.max_length ?? 10000)).nullish().transform((v) => v ?? null);
    case 'latlng':
      return z.preprocess((v) => (v === '' ? null : v), PointInputSchema.nullish()).transform((v) => v ?? null);
    case 'decimal':
      return numericText(DECIMAL_RE, REPORT_MSG.decimal);
    case 'int':
      return numericText(INT_RE, REPORT_MSG.int);
    case 'select':
      return f.multiselect
        ? z.preprocess((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]), z.array(optionValue(f)))
        : z.preprocess((v) => (v === '' || v === undefined ? null : v), optionValue(f).nullable());
    case 'bubble-multi-select':
      return z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(optionValue(f), { error: MSG.list }));
    case 'date':
      return dateText(f, false);
    case 'datetime':
      return dateText(f, true);
    case 'checkbox':
      return z.preprocess((v) => (v === undefined || v === null ? false : v === 'true' ? true : v === 'false' ? false : v), z.boolean({ error: MSG.boolean }));
    case 'linked-object':
      return z.preprocess((v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]), z.array(LinkedItemSchema));
    case 'list':
      return z.preprocess((v) => (v === undefined || v === null ? [] : v), z.array(objectSchema(f.children ?? []), { error: MSG.list }));
  }
}

/** The schema of an object whose keys are `fields` (a form, or one item of a list). */
export function objectSchema(fields: ReportFieldDef[]): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const f of fields) {
    const s = fieldSchema(f);
    shape[f.name] = f.required
      ? z.unknown().superRefine((v, ctx) => { if (blank(v)) ctx.addIssue({ code: 'custom', message: MSG.required }); }).pipe(s)
      : s;
  }
  // Every key present (undefined when absent), so a missing value reaches its field's default.
  const keys = fields.map((f) => f.name);
  return z.preprocess((v) => {
    const o = v === undefined || v === null ? {} : v;
    if (typeof o !== 'object' || Array.isArray(o)) return o;
    const out: Record<string, unknown> = Object.fromEntries(keys.map((k) => [k, undefined]));
    return Object.assign(out, o);
  }, z.object(shape, { error: MSG.object })) as z.ZodType<Record<string, unknown>>;
}

/** The schema of a report's whole `data` for a field tree. Cached per tree. */
const cache = new WeakMap<ReportFieldDef[], z.ZodType<Record<string, unknown>>>();
export function buildReportSchema(fields: ReportFieldDef[]): z.ZodType<Record<string, unknown>> {
  let s = cache.get(fields);
  if (!s) cache.set(fields, (s = objectSchema(fields)));
  return s;
}

/** zod issues → `{ "data.a.0.b": ["…"] }` (DRF's nested-field shape, prefixed with `prefix`). */
export function reportDataErrors(error: z.ZodError, prefix = 'data'): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of error.issues) {
    const key = [prefix, ...i.path.map(String)].filter(Boolean).join('.');
    (out[key] ??= []).push(i.message);
  }
  return out;
}
