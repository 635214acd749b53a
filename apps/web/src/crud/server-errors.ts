/**
 * Errors → form fields and card tabs. A 400 body (`{"containers.0.volume": ["..."]}`) is split
 * into errors the form can set on its inputs (dotted paths) and general messages; the tab flags
 * say which card tabs hold an invalid field, and the list of invalid tabs derives from them.
 */
import { type FieldDef, type ResourceDef, type TabDef } from '@tko/contract';

export interface FieldError {
  /** Dotted form path, e.g. `location`, `structured_address.city`, `containers.0.volume`. */
  path: string;
  message: string;
}

export interface MappedErrors {
  fields: FieldError[];
  /** `non_field_errors` and errors of fields the form does not edit, with their labels. */
  general: string[];
}

/** Kinds whose inputs are nested in the form, so nested paths stay as they are. */
const NESTED_KINDS = new Set(['address', 'person', 'children']);

/** The form path an error path lands on: nested inside address/person/children, else the field itself. */
export function formPathOf(def: ResourceDef, path: string): string | null {
  const [top, ...rest] = path.split('.');
  const field: FieldDef | undefined = top ? def.fields[top] : undefined;
  if (!field || !field.write || field.readOnly) return null;
  if (!NESTED_KINDS.has(field.kind) || rest.length === 0) return top!;
  if (field.kind === 'person') {
    // The person may come back as a list of one: `responsible_person.0.email`.
    const inner = /^\d+$/.test(rest[0]!) ? rest.slice(1) : rest;
    return inner.length ? `${top}.${inner.join('.')}` : top!;
  }
  if (field.kind === 'children') {
    const [index, child] = rest;
    if (!index || !/^\d+$/.test(index)) return top!;
    return child && field.children?.fields[child] ? `${top}.${index}.${child}` : `${top}.${index}`;
  }
  return `${top}.${rest.join('.')}`;
}

/** Splits a 400 body into field errors and general messages. */
export function mapServerErrors(def: ResourceDef, body: Record<string, string[]>): MappedErrors {
  const out: MappedErrors = { fields: [], general: [] };
  for (const [key, messages] of Object.entries(body)) {
    const message = messages.join(' ');
    if (!message) continue;
    if (key === 'non_field_errors') {
      out.general.push(message);
      continue;
    }
    const path = formPathOf(def, key);
    if (path) out.fields.push({ path, message });
    else {
      const label = def.fields[key.split('.')[0]!]?.label;
      out.general.push(label ? `${label}: ${message}` : `${key}: ${message}`);
    }
  }
  return out;
}

/** Dotted paths of every error in a react-hook-form errors object (nodes with a `message` or `type`). */
export function errorPaths(errors: unknown, prefix = ''): string[] {
  if (!errors || typeof errors !== 'object') return [];
  const node = errors as Record<string, unknown>;
  const own = prefix && (typeof node.message === 'string' || typeof node.type === 'string') ? [prefix] : [];
  const nested: string[] = [];
  for (const [k, v] of Object.entries(node)) {
    if (k === 'ref' || k === 'message' || k === 'type' || k === 'types' || k === 'root') continue;
    if (v && typeof v === 'object') nested.push(...errorPaths(v, prefix ? `${prefix}.${k}` : k));
  }
  return [...own, ...nested];
}

/** One flag per card tab: true when the tab holds a field with an error. */
export function tabErrorFlags(def: ResourceDef, paths: readonly string[]): Record<string, boolean> {
  const flags: Record<string, boolean> = Object.fromEntries(def.tabs.map((t) => [t.key, false]));
  for (const p of paths) {
    const field = def.fields[p.split('.')[0]!];
    if (field && field.tab in flags) flags[field.tab] = true;
  }
  return flags;
}

/** The tabs whose flag is set, in card order. */
export function invalidTabs(def: ResourceDef, flags: Record<string, boolean>): TabDef[] {
  return def.tabs.filter((t) => flags[t.key]);
}
