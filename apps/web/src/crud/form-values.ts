/**
 * The card's form state and the wire, both ways. The form holds what inputs edit ('' for empty
 * text, 'lat, lng' text for points, ids for refs); {@link normaliseFormValues} turns it into
 * what `createSchema(def)` / `updateSchema(def, false)` accept, so the contract's zod schemas
 * validate the card exactly as the server does.
 */
import { formatCoordinates, writableFields, type FieldDef, type Point, type ResourceDef } from '@tko/contract';

export type FormValues = Record<string, unknown>;

const ADDRESS_KEYS = ['region', 'area', 'city', 'settlement', 'street', 'house', 'block', 'flat'] as const;
const PERSON_KEYS = ['full_name', 'position', 'phone', 'email'] as const;

function idOf(v: unknown): number | null {
  if (v && typeof v === 'object' && 'id' in v) return Number((v as { id: unknown }).id);
  return typeof v === 'number' ? v : null;
}

function blankObject(keys: readonly string[], value: unknown): Record<string, string> {
  const src = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, typeof src[k] === 'string' ? (src[k] as string) : '']));
}

/** A yes/no field whose answer may be unknown (null): contract f.fact. */
export function isFact(field: FieldDef): boolean {
  return field.kind === 'boolean' && field.read.safeParse(null).success;
}

/** The form value of one field from its wire value (or its default for a new object). */
export function toFormValue(field: FieldDef, value: unknown): unknown {
  // A new card: the stored default, else the value suggested for the person to confirm (FieldDef.suggest).
  const v = value === undefined ? (field.default ?? field.suggest) : value;
  switch (field.kind) {
    case 'text':
    case 'longtext':
      return v === null || v === undefined ? '' : String(v);
    case 'decimal':
      // Shown with a decimal comma, as in the lists (`1.100` → `1,1`); normalised back on save.
      return v === null || v === undefined ? '' : decimalToInput(v);
    case 'boolean':
      // A surveyed fact (f.fact) keeps «not recorded» as null; a plain flag is true or false.
      return isFact(field) ? (typeof v === 'boolean' ? v : null) : Boolean(v);
    case 'secret':
      return ''; // write-only: the card shows whether one is set, never the value
    case 'point':
      return v && typeof v === 'object' ? formatCoordinates(v as Point) : typeof v === 'string' ? v : '';
    case 'address':
      return blankObject(ADDRESS_KEYS, v);
    case 'person':
      return blankObject(PERSON_KEYS, Array.isArray(v) ? v[0] : v);
    case 'ref':
      return idOf(Array.isArray(v) ? v[0] : v);
    case 'refs':
      return Array.isArray(v) ? v.map(idOf).filter((x): x is number => x !== null) : [];
    case 'int_list':
    case 'date_list':
    case 'enum_list':
      return Array.isArray(v) ? [...v] : [];
    case 'range':
      return rangeToForm(v);
    case 'files':
      // The attachments as read (names for the list); sent as their ids.
      return Array.isArray(v) ? v.filter((a) => a && typeof a === 'object') : [];
    case 'children':
      return Array.isArray(v) ? v.map((row) => childToForm(field, row as Record<string, unknown>)) : [];
    default:
      return v ?? null;
  }
}

/**
 * A range `{lower, upper}` as the form holds it: each bound a string ('' when open), so the
 * decimal inputs stay controlled and the date picker reads YYYY-MM-DD.
 */
function rangeToForm(v: unknown): { lower: string; upper: string } {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const bound = (x: unknown) => (x === null || x === undefined ? '' : /^-?\d+\.\d+$/.test(String(x)) ? decimalToInput(x) : String(x));
  return { lower: bound(o.lower), upper: bound(o.upper) };
}

/** A wire decimal as the input shows it: a comma, no trailing zeros (`1.100` → `1,1`, `2.000` → `2`). */
export function decimalToInput(v: unknown): string {
  const s = String(v);
  if (!/^-?\d+(\.\d+)?$/.test(s)) return s;
  const [int, frac = ''] = s.split('.');
  const trimmed = frac.replace(/0+$/, '');
  return trimmed ? `${int},${trimmed}` : int!;
}

/** What a decimal input holds, for the wire: a point instead of the comma, trimmed. */
export function decimalFromInput(v: string): string {
  return v.trim().replace(/\s/g, '').replace(',', '.');
}

function childToForm(field: FieldDef, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof row.id === 'number') out.id = row.id;
  // A child's own `id` field (kind 'id') is the row's id above, never a value of its own: a new row has none.
  for (const [k, fd] of Object.entries(field.children?.fields ?? {})) if (fd.kind !== 'id') out[k] = toFormValue(fd, row[k]);
  return out;
}

/**
 * Form values of the writable fields, from an object read from the API (a key it lacks takes
 * the field's default, as on create) or from the defaults when null.
 */
export function toFormValues(def: ResourceDef, entity: Record<string, unknown> | null): FormValues {
  const out: FormValues = {};
  for (const k of writableFields(def)) out[k] = toFormValue(def.fields[k]!, entity ? entity[k] : undefined);
  return out;
}

/** A new child row (e.g. a container) with its fields' defaults. */
export function newChildRow(field: FieldDef): Record<string, unknown> {
  return childToForm(field, {});
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function normaliseValue(field: FieldDef, v: unknown): unknown {
  switch (field.kind) {
    case 'text':
    case 'longtext':
      return isBlank(v) && !field.required ? null : (v ?? '');
    case 'decimal':
      return isBlank(v) ? null : typeof v === 'string' ? decimalFromInput(v) : v;
    case 'point':
    case 'date':
    case 'time':
    case 'datetime':
      return isBlank(v) ? null : typeof v === 'string' ? v.trim() : v;
    case 'integer':
      return isBlank(v) ? null : v;
    case 'secret':
      return isBlank(v) ? undefined : v; // empty keeps the secret as it is (left out of the body)
    case 'address': {
      const o = (v ?? {}) as Record<string, unknown>;
      if (ADDRESS_KEYS.every((k) => isBlank(o[k]))) return null;
      return Object.fromEntries(ADDRESS_KEYS.map((k) => [k, isBlank(o[k]) ? null : String(o[k]).trim()]));
    }
    case 'person': {
      const o = (v ?? {}) as Record<string, unknown>;
      if (PERSON_KEYS.every((k) => isBlank(o[k]))) return null;
      return {
        full_name: typeof o.full_name === 'string' ? o.full_name.trim() : '',
        position: isBlank(o.position) ? null : String(o.position).trim(),
        phone: isBlank(o.phone) ? null : String(o.phone).trim(),
        email: isBlank(o.email) ? null : String(o.email).trim(),
      };
    }
    case 'range': {
      // Both bounds empty → no period (null); one empty bound → an open end (null).
      const o = (v ?? {}) as Record<string, unknown>;
      if (isBlank(o.lower) && isBlank(o.upper)) return null;
      const bound = (x: unknown) => (isBlank(x) ? null : field.rangeOf === 'decimal' ? decimalFromInput(String(x)) : String(x).trim());
      return { lower: bound(o.lower), upper: bound(o.upper) };
    }
    case 'enum_list':
      return Array.isArray(v) ? v : [];
    case 'files':
      return Array.isArray(v) ? v.map(idOf).filter((x): x is number => x !== null) : [];
    case 'children':
      return Array.isArray(v)
        ? v.map((row: Record<string, unknown>) => {
            const out: Record<string, unknown> = {};
            if (row.id !== undefined) out.id = row.id;
            if (row.fetch_action) out.fetch_action = row.fetch_action;
            for (const [k, fd] of Object.entries(field.children?.fields ?? {})) if (fd.kind !== 'id') out[k] = normaliseValue(fd, row[k]);
            return out;
          })
        : [];
    default:
      return v === undefined ? null : v;
  }
}

/** Form values → the body the contract's write schemas take (empty → null, blank groups → null). */
export function normaliseFormValues(def: ResourceDef, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const k of writableFields(def)) out[k] = normaliseValue(def.fields[k]!, values[k]);
  return out;
}
