/**
 * What an update from a file would change in an existing object, and readable field names for
 * the registry's validation messages.
 */
import type { FieldDef, RefValue, ResourceDef } from '@tko/contract';
import type { Body } from './templates/types';

/** Drops null/undefined members and sorts keys, so {a: 1, b: null} equals {a: 1}. */
function normalize(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(normalize);
  if (v && typeof v === 'object') {
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== null && x !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, normalize(x)]));
  }
  return v;
}

const same = (a: unknown, b: unknown) => JSON.stringify(normalize(a)) === JSON.stringify(normalize(b));

/** Child rows as comparable texts (their fields, without ids), sorted. */
function childTexts(fd: FieldDef, rows: Body[]): string[] {
  const fields = Object.entries(fd.children!.fields);
  return rows
    .map((r) => JSON.stringify(fields.map(([k, cf]) => (cf.kind === 'decimal' && r[k] != null ? Number(r[k]) : (r[k] ?? null)))))
    .sort();
}

function equalField(fd: FieldDef, current: unknown, next: unknown): boolean {
  switch (fd.kind) {
    case 'ref':
      return ((current as RefValue | null)?.id ?? null) === (next ?? null);
    case 'refs':
      return same(((current as RefValue[] | null) ?? []).map((r) => r.id).sort((a, b) => a - b), [...((next as number[]) ?? [])].sort((a, b) => a - b));
    case 'decimal':
      return current == null || next == null ? current == next : Number(current) === Number(next);
    case 'children':
      return same(childTexts(fd, (current as Body[]) ?? []), childTexts(fd, (next as Body[]) ?? []));
    default:
      return same(current ?? null, next ?? null);
  }
}

/**
 * The members of `next` (update-schema output) that differ from `current` (the object as read).
 * Children are replaced as a whole: the current ones are deleted (fetch_action) and the file's
 * added, since an update adds every child that has no id.
 */
export function changedValues(def: ResourceDef, current: Body, next: Body): Body {
  const out: Body = {};
  for (const [k, v] of Object.entries(next)) {
    const fd = def.fields[k];
    if (!fd || equalField(fd, current[k], v)) continue;
    if (fd.kind === 'children') {
      const old = ((current[k] as { id: number }[]) ?? []).map((c) => ({ id: c.id, fetch_action: 'delete' }));
      out[k] = [...old, ...((v as Body[]) ?? [])];
    } else {
      out[k] = v;
    }
  }
  return out;
}

/** Russian name of a (dotted) field path of `def`: 'containers.0.volume' → «Контейнеры, № 1: Объём, м³». */
export function fieldLabel(def: ResourceDef, path: (string | number)[]): string {
  const [head, index, child] = path;
  if (head === undefined || head === 'non_field_errors') return 'Запись';
  const fd = def.fields[String(head)];
  if (!fd) return String(head);
  if (fd.children && index !== undefined) {
    const cf = child !== undefined ? fd.children.fields[String(child)] : undefined;
    return `${fd.label}, № ${Number(index) + 1}${cf ? `: ${cf.label}` : ''}`;
  }
  return fd.label;
}
