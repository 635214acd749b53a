/**
 * «История изменения параметров» shows parameters only (issue 7 §8): of each history entry, the
 * fields of the tab the history field sits on (the characteristics), without computed ones;
 * entries left with no such field are dropped. A history alone on its tab (a request's «История»)
 * keeps every entry whole: there are no parameters beside it to narrow to. Pure.
 */
import type { ResourceDef } from '@tko/contract';
import { fieldsOfTab } from './tab-fields';

interface Entry {
  fields: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export function parameterEntries<E extends Entry>(def: ResourceDef, tab: string, entries: E[]): E[] {
  const keep = new Set(fieldsOfTab(def, tab).filter((k) => def.fields[k]?.kind !== 'computed'));
  if (keep.size === 0) return entries;
  const pick = (row: Record<string, unknown> | null, fields: string[]) => (row ? Object.fromEntries(fields.filter((k) => k in row).map((k) => [k, row[k]])) : null);
  return entries.flatMap((e) => {
    const fields = e.fields.filter((k) => keep.has(k));
    return fields.length ? [{ ...e, fields, before: pick(e.before, fields), after: pick(e.after, fields) }] : [];
  });
}
