/**
 * Cell values of one field kind for a spreadsheet: enums by Russian label, refs by name,
 * points as 'lat, lng' (6 decimals), booleans Да/Нет, dates as real Excel dates shown
 * DD.MM.YYYY (spec 01 §9), decimals as numbers, lists and nested rows as readable text.
 */
import type { FieldDef, RefValue } from '@tko/contract';
import { ADDRESS_PART_LABELS, formatCoordinates } from '@tko/contract';

export type Cell = string | number | Date | null;

/** Excel number format of a field kind, if it needs one. */
export function numFmt(fd: FieldDef): string | undefined {
  if (fd.kind === 'date') return 'dd.mm.yyyy';
  if (fd.kind === 'datetime') return 'dd.mm.yyyy hh:mm';
  if (fd.kind === 'decimal') return fd.scale ? `0.${'0'.repeat(Math.min(fd.scale, 3))}` : '0';
  return undefined;
}

/** The cell value of `value` for field `fd`. */
export function cellValue(fd: FieldDef, value: unknown): Cell {
  if (value === null || value === undefined) return null;
  switch (fd.kind) {
    case 'text':
      // A declared stored key by its name (FieldDef.display: an import source's Russian name).
      return fd.display ? fd.display(String(value)) : String(value);
    case 'enum':
      return fd.enum!.label(String(value));
    case 'boolean':
      return value ? 'Да' : 'Нет';
    case 'secret':
      return value ? 'задан' : 'не задан';
    case 'decimal':
      return Number(value);
    case 'date':
      return new Date(`${String(value)}T00:00:00Z`);
    case 'datetime':
      return new Date(String(value));
    case 'point':
      return formatCoordinates(value as { lat: number; lng: number });
    case 'ref':
      return (value as RefValue).name;
    case 'refs':
      return (value as RefValue[]).map((r) => r.name).join('; ');
    case 'files':
      // Attachment lists by file name (the files themselves stay in the attachment store).
      return (value as { name: string }[]).map((x) => x.name).join('; ');
    case 'int_list':
    case 'date_list':
      return (value as unknown[]).join(', ');
    case 'enum_list':
      return (value as string[]).map((v) => fd.enum!.label(v)).join('; ');
    case 'range': {
      const r = value as { lower: string | null; upper: string | null };
      const show = (b: string | null) => (b === null ? '…' : fd.rangeOf === 'date' ? b.split('-').reverse().join('.') : b);
      return `${show(r.lower)} — ${show(r.upper)}`;
    }
    case 'computed':
      if (fd.enum) return (Array.isArray(value) ? value : [value]).map((v) => fd.enum!.label(String(v))).join('; ');
      // Lists of objects (e.g. the fkko_tree nodes) by their title or name; flags as Да/Нет.
      if (Array.isArray(value)) return value.map((v) => (v && typeof v === 'object' ? String((v as { title?: unknown; name?: unknown }).title ?? (v as { name?: unknown }).name ?? JSON.stringify(v)) : String(v))).join('; ');
      if (typeof value === 'boolean') return value ? 'Да' : 'Нет';
      return typeof value === 'object' ? JSON.stringify(value) : (value as string | number);
    case 'address':
      return Object.entries(value as Record<string, string | null>)
        .filter(([, v]) => v)
        .map(([k, v]) => `${ADDRESS_PART_LABELS[k as keyof typeof ADDRESS_PART_LABELS] ?? k}: ${v}`)
        .join(', ');
    case 'person': {
      const p = value as Record<string, string | null | undefined>;
      return [p.full_name, p.position, p.phone, p.email].filter(Boolean).join(', ');
    }
    case 'children':
      return (value as Record<string, unknown>[])
        .map((row) => Object.entries(fd.children!.fields).map(([k, cf]) => String(cellValue(cf, row[k]) ?? '')).filter(Boolean).join(' '))
        .join('; ');
    default:
      return typeof value === 'object' ? JSON.stringify(value) : (value as string | number);
  }
}
