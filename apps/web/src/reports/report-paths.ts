/**
 * Where a report opens (spec 03 §2, issue 13 §6): its form page
 * `/reports-ddf/report/{reportType}/update/{objectId}/`, reportType being the row's `report_kind`
 * (WASTE_SOURCES, CONTAINER_WASTE_AREA, BALANCE, WASTE_MANAGEMENT_FACILITY); a new report starts
 * from the templates page (`/reports/reports/templates/`, the kinds to choose from). Pure: the
 * section list (sections.ts) uses it without the DOM.
 */
import { ReportKind, ReportStatus } from '@tko/contract';
import type { PathTarget } from '../resources/object-key';

/** Same value as navigation.ts REPORT_TEMPLATES_PATH (navigation imports the sections, so not imported here). */
const TEMPLATES_PATH = '/reports/reports/templates/';

/** The form page of a report of kind `kind`; `new` for a new one. */
export function reportFormPath(kind: string, id: number | string): string {
  return `/reports-ddf/report/${encodeURIComponent(kind)}/update/${encodeURIComponent(String(id))}/`;
}

/**
 * The page a report row (or `new`) opens on; undefined for a bare id (its kind unknown: the
 * generic card and view stay at `/reports/reports/update|view/{id}/`).
 */
export function reportObjectPath(target: PathTarget): string | undefined {
  if (target === 'new') return TEMPLATES_PATH;
  if (typeof target === 'object' && typeof target.report_kind === 'string' && target.report_kind) return reportFormPath(target.report_kind, target.id);
  return undefined;
}

/**
 * The list's default filters, spec 03 §2 «/reports/reports/ — default filters
 * type=WASTE_SOURCES,CONTAINER_WASTE_AREA,WASTE_MANAGEMENT_FACILITY,BALANCE and
 * status=DRAFT,…,SIGNED»: every kind and every status, kept in the list hash.
 */
export const REPORT_LIST_DEFAULTS = {
  type: ReportKind.values.join(','),
  status: ReportStatus.values.join(','),
};
