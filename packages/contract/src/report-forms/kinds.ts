/**
 * The report kinds shipped with the product (issue 13 §1): name, number and field tree of each,
 * and the /api/report/<form>/ path that serves it. `GET /api/bnreports/all-report-infos/` lists
 * them, `{reportType}/` gives one; the server validates `data` by `reportKindInfo(kind).fields`.
 */
import type { ReportFieldDef } from './field-def';
import { withPaths } from './field-def';
import { CONTAINER_WASTE_AREA_FIELDS } from './forms/container-waste-area';
import { WASTE_SOURCE_FIELDS } from './forms/waste-source';
import { FORM3_BALANCE_FIELDS } from './forms/form3-balance';
import { FACILITY_FIELDS } from './forms/waste-management-facility';

export interface ReportKindInfo {
  /** ReportKind value. */
  report_kind: 'WASTE_SOURCES' | 'CONTAINER_WASTE_AREA' | 'WASTE_MANAGEMENT_FACILITY' | 'BALANCE';
  name: string;
  number: string;
  /** Path segment of /api/report/<form>/ (spec 03 §7), null for kinds served only by bnreports. */
  form: string | null;
  fields: ReportFieldDef[];
}

export const REPORT_KIND_INFOS: readonly ReportKindInfo[] = [
  { report_kind: 'CONTAINER_WASTE_AREA', name: 'Сведения о местах (площадках) накопления ТКО', number: '1', form: 'container-waste-area-report', fields: withPaths(CONTAINER_WASTE_AREA_FIELDS) },
  { report_kind: 'WASTE_SOURCES', name: 'Сведения об источниках образования ТКО', number: '2', form: 'waste-source-report', fields: withPaths(WASTE_SOURCE_FIELDS) },
  { report_kind: 'BALANCE', name: 'Форма 3 баланса — движение отходов по классам опасности', number: '3', form: 'form3-report', fields: withPaths(FORM3_BALANCE_FIELDS) },
  { report_kind: 'WASTE_MANAGEMENT_FACILITY', name: 'Сведения об объектах обращения с отходами', number: '4', form: null, fields: withPaths(FACILITY_FIELDS) },
];

/** The info of a kind, or undefined for an unknown one. */
export function reportKindInfo(kind: unknown): ReportKindInfo | undefined {
  return REPORT_KIND_INFOS.find((k) => k.report_kind === kind);
}
