/**
 * How a field's wire value reads in the list and the view page: enums by Russian label,
 * refs by name, points as 'lat, lng' with 6 decimals, dates DD.MM.YYYY, booleans Да/Нет.
 */
import { ADDRESS_PART_LABELS, formatCoordinates, type FieldDef, type Point } from '@tko/contract';
import { formatDate, formatDateTime, formatTime } from '../app/dates';

export const EMPTY_VALUE = '—';

type Named = { id: number; name: string };

function isNamed(v: unknown): v is Named {
  return Boolean(v) && typeof v === 'object' && 'name' in (v as object);
}

/** A decimal string as Russian text: `1.100` → `1,1`. */
export function formatDecimal(value: string | number): string {
  const s = String(value);
  if (!/^-?\d+(\.\d+)?$/.test(s)) return s;
  const [int, frac = ''] = s.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return trimmed ? `${int},${trimmed}` : int!;
}

/** Structured address parts in order, comma-separated. */
export function formatAddress(value: Record<string, unknown> | null | undefined): string {
  if (!value) return '';
  return (Object.keys(ADDRESS_PART_LABELS) as (keyof typeof ADDRESS_PART_LABELS)[])
    .map((k) => value[k])
    .filter((x): x is string => typeof x === 'string' && x.trim() !== '')
    .join(', ');
}

/** Display text of a field value; {@link EMPTY_VALUE} when there is none. */
export function formatFieldValue(field: FieldDef, value: unknown): string {
  const text = formatRaw(field, value);
  return text === '' ? EMPTY_VALUE : text;
}

function formatRaw(field: FieldDef, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'boolean':
      return value ? 'Да' : 'Нет';
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
