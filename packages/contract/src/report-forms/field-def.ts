/**
 * Report form fields as data (spec 03 §3 "Field definition", issue 13 §1): a report kind carries
 * a tree of these; the server validates a report's `data` with the zod schema built from it
 * (build-schema.ts) and the web form renders one editor per type from the same tree.
 *
 * Shape (wire names of the spec): type (one of the 13 REPORT_FIELD_TYPES), order, label,
 * placeholder (falls back to the label: fieldPlaceholder), value (the default), save-format
 * (dates: the stored format, tokens YYYY MM DD HH mm ss), children (a list's item fields),
 * multiselect (select: many values), children_init_object (a new list item), path (the dotted
 * data path, filled by withPaths), id and name (the key in its parent object).
 * Our additions: required, options (select / bubble-multi-select), linked_resource (the
 * registry a linked-object picks from), max_length.
 */
import { z } from 'zod';

/** The 13 field types of spec 03 §3. */
export const REPORT_FIELD_TYPES = [
  'char', 'textarea', 'location', 'latlng', 'decimal', 'int', 'select', 'bubble-multi-select',
  'date', 'datetime', 'checkbox', 'linked-object', 'list',
] as const;
export type ReportFieldType = (typeof REPORT_FIELD_TYPES)[number];

/** One option of a select. */
export interface ReportFieldOption { value: string; label: string }

/** A field of a report form; `children` only for `list`. */
export interface ReportFieldDef {
  id: string;
  name: string;
  type: ReportFieldType;
  order: number;
  label: string;
  placeholder?: string | null;
  value?: unknown;
  'save-format'?: string | null;
  children?: ReportFieldDef[];
  multiselect?: boolean;
  children_init_object?: Record<string, unknown> | null;
  path?: string | null;
  required?: boolean;
  options?: ReportFieldOption[];
  linked_resource?: string;
  max_length?: number;
}

/** zod of a field definition (answers of all-report-infos are parsed with it on the web). */
export const ReportFieldDefSchema: z.ZodType<ReportFieldDef> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(REPORT_FIELD_TYPES),
    order: z.number().int(),
    label: z.string(),
    placeholder: z.string().nullish(),
    value: z.unknown().optional(),
    'save-format': z.string().nullish(),
    children: z.array(ReportFieldDefSchema).optional(),
    multiselect: z.boolean().optional(),
    children_init_object: z.record(z.string(), z.unknown()).nullish(),
    path: z.string().nullish(),
    required: z.boolean().optional(),
    options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
    linked_resource: z.string().optional(),
    max_length: z.number().int().optional(),
  }),
);

/** The placeholder shown: its own, else the label (spec 03 §5). */
export function fieldPlaceholder(f: ReportFieldDef): string {
  return f.placeholder || f.label;
}

/** The tree sorted by `order` with `path` filled (`a`, `a.b` for a list's item field). */
export function withPaths(fields: ReportFieldDef[], prefix = ''): ReportFieldDef[] {
  return [...fields]
    .sort((a, b) => a.order - b.order)
    .map((f) => {
      const path = prefix ? `${prefix}.${f.name}` : f.name;
      return { ...f, path, placeholder: fieldPlaceholder(f), children: f.children ? withPaths(f.children, path) : undefined };
    });
}

/** Short builder for the shipped definitions: `fld('int', 'count', 'Количество', 3, {...})`. */
export function fld(type: ReportFieldType, name: string, label: string, order: number, extra: Partial<ReportFieldDef> = {}): ReportFieldDef {
  return { id: name, name, type, order, label, ...extra };
}
