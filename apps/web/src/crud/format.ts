/**
 * How a field's wire value reads in the list and the view page: enums (and lists of them) by
 * Russian label, refs by name, points as 'lat, lng' with 6 decimals, dates DD.MM.YYYY, numbers by
 * the contract's formatNumber (decimal comma, narrow no-break space for thousands), booleans
 * Да/Нет, ranges as «01.02.2020 — 31.12.2021» (an open end: «с …» / «по …»), computed values
 * (arrays, objects) as readable text, texts with a `display` by it (an import source's Russian name).
 */
import { ADDRESS_PART_LABELS, describeTemplate, formatCoordinates, formatDecimalString, formatNumber, type FieldDef, type Point } from '@tko/contract';
import { formatDate, formatDateTime, formatTime } from '../app/dates';

export const EMPTY_VALUE = '—';

type Named = { id: number; name: string };

function isNamed(v: unknown): v is Named {
  return Boolean(v) && typeof v === 'object' && 'name' in (v as object);
}

/** A decimal (wire string or number) as Russian text: `1.100` → `1,1`, `4260.000` → `4 260` (contract formatNumber). */
export function formatDecimal(value: string | number): string {
  if (typeof value === 'number') return formatNumber(value, { maxFraction: 6 });
  return /^-?\d+(\.\d+)?$/.test(value) ? formatDecimalString(value) : value;
}

/** Structured address parts in order, comma-separated. */
export function formatAddress(value: Record<string, unknown> | null | undefined): string {
  if (!value) return '';
  return (Object.keys(ADDRESS_PART_LABELS) as (keyof typeof ADDRESS_PART_LABELS)[])
    .map((k) => value[k])
    .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    .join(', ');
}

/** A range `{lower, upper}` of dates or decimals; '' when both ends are open. */
export function formatRange(value: unknown, of: 'date' | 'decimal' | undefined): string {
  if (!value || typeof value !== 'object') return '';
  const r = value as { lower?: unknown; upper?: unknown };
  const one = (x: unknown) => (x === null || x === undefined || x === '' ? '' : of === 'date' ? formatDate(String(x)) : formatDecimal(String(x)));
  const lower = one(r.lower);
  const upper = one(r.upper);
  if (lower && upper) return `${lower} — ${upper}`;
  if (lower) return `с ${lower}`;
  if (upper) return `по ${upper}`;
  return '';
}

const isWireDate = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

/**
 * Any JSON value as one line of Russian text: lists joined by commas, `{id, name}` and
 * `{code, name}` by name (with the code), ranges by their ends, decimal strings as decimals, other
 * objects as «ключ: значение».
 */
export function formatReadable(value: unknown, label: (v: string) => string = (v) => v): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
  if (Array.isArray(value)) return value.map((v) => formatReadable(v, label)).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.title === 'string') return o.title;
    if (typeof o.name === 'string') return typeof o.code === 'string' ? `${o.code} ${o.name}` : o.name;
    if ('lower' in o || 'upper' in o) return formatRange(o, [o.lower, o.upper].some(isWireDate) ? 'date' : 'decimal');
    return Object.entries(o)
      .map(([k, v]) => [k, formatReadable(v, label)] as const)
      .filter(([, v]) => v !== '')
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ');
  }
  if (isWireDate(value)) return formatDate(value);
  // Whole numbers in computed values may be years or counts: only fractions get the decimal comma.
  if (typeof value === 'number' && !Number.isInteger(value)) return formatNumber(value, { maxFraction: 6 });
  // Derived figures are decimals as strings (`49644.000`): shown like decimal fields.
  if (typeof value === 'string' && /^-?\d+\.\d+$/.test(value)) return formatDecimal(value);
  return label(String(value));
}

/** Display text of a field value; {@link EMPTY_VALUE} when there is none. */
export function formatFieldValue(field: FieldDef, value: unknown): string {
  const text = formatRaw(field, value);
  return text === '' ? EMPTY_VALUE : text;
}

function formatRaw(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'text':
      // A stored key read by its name (FieldDef.display: an import source by its Russian name).
      return field.display ? field.display(String(value)) : String(value);
    case 'longtext':
      // A notification template's placeholders by their Russian meaning (contract describeTemplate).
      return typeof value === 'string' && value.includes('{{') ? describeTemplate(value) : String(value);
    case 'boolean':
      return value ? 'Да' : 'Нет';
    case 'secret':
      return value ? 'задан' : 'не задан';
    case 'decimal':
      return formatDecimal(value as string);
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return formatDateTime(String(value));
    case 'time':
      return formatTime(String(value));
    case 'enum':
      return field.enum ? field.enum.label(String(value)) : String(value);
    case 'enum_list':
      return Array.isArray(value) ? value.map((v) => (field.enum ? field.enum.label(String(v)) : String(v))).join(', ') : '';
    case 'range':
      return formatRange(value, field.rangeOf);
    case 'files':
      return Array.isArray(value) ? value.map((a) => (isNamed(a) ? a.name : String(a))).join(', ') : '';
    case 'computed':
      return formatReadable(value, field.enum ? (v) => field.enum!.label(v) : undefined);
    case 'point':
      return formatCoordinates(value as Point);
    case 'address':
      return formatAddress(value as Record<string, unknown>);
    case 'person': {
      const p = value as Record<string, unknown>;
      return [p.full_name, p.position, p.phone, p.email].filter((x) => typeof x === 'string' && x !== '').join(', ');
    }
    case 'ref':
      return isNamed(value) ? value.name : String(value);
    case 'refs':
      return Array.isArray(value) ? value.map((v) => (isNamed(v) ? v.name : String(v))).join(', ') : '';
    case 'int_list':
      return Array.isArray(value) ? value.join(', ') : '';
    case 'date_list':
      return Array.isArray(value) ? value.map((d) => formatDate(String(d))).join(', ') : '';
    case 'children':
      return Array.isArray(value) ? `${value.length} шт.` : '';
    default:
      return String(value);
  }
}

/** An object's title as cards and messages show it: its title field formatted (an enum by label, a date DD.MM.YYYY), else «№ id». */
export function entityTitle(def: { titleField: string; fields: Record<string, FieldDef> }, entity: Record<string, unknown>): string {
  const v = entity[def.titleField];
  if (v === null || v === undefined || v === '') return `№ ${String(entity.id)}`;
  const fd = def.fields[def.titleField];
  return fd ? formatFieldValue(fd, v) : String(v);
}
