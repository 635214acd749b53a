/**
 * Calls of the reports beyond the registries' CRUD (issue 13; spec 03 §7 "Reports",
 * "Notification templates"):
 *
 * - GET /api/bnreports/all-report-infos/ — the report kinds (name, number, field tree), paged;
 *   GET /api/bnreports/all-report-infos/{reportType}/ — one (404 for an unknown kind);
 * - GET /api/bnreports/notification-events/ — the events a template may answer, paged;
 * - GET /api/bnreports/prefill/{reportType}/ — `data` of a new report filled from the registries
 *   for an organisation (the declarant's own; `organization` for unbound staff): its sites and
 *   containers, or its waste sources;
 * - POST /api/bnreports/reports/{id}/comments/ — a reviewer's comment on a field path (kept with
 *   the report's current revision), 201;
 * - GET /api/personal-area/numerical-indicators/ — the signed-in user's statistics (spec 03 §3
 *   "Report stats"), counted inside the user's row scope;
 * - GET /api/report/ — the catalogue of forms; GET /api/report/report-types/ — kinds with labels;
 *   GET /api/report/{id}/ — a report with its kind's field tree;
 * - GET /api/bnreports/reports/{id}/form-2tp/ — the official export of a balance (kind BALANCE):
 *   section 1 of 2-ТП (отходы) (приказ Росстата от 09.10.2020 № 627) as xlsx; 409 for another kind,
 *   a report without a year or one that breaks the form's rules (report-forms/checks.ts).
 */
import { z } from 'zod';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { defineRoute } from '../common/route';
import { ReportKind } from '../enums/reports';
import { ReportFieldDefSchema } from '../report-forms/field-def';
import { ReportCommentSchema } from '../resources/report';
import { XLSX_CONTENT_TYPE } from './users';

export const ReportKindInfoSchema = z.object({
  report_kind: ReportKind.schema,
  name: z.string(),
  number: z.string(),
  form: z.string().nullable(),
  fields: z.array(ReportFieldDefSchema),
});
export type ReportKindInfoWire = z.infer<typeof ReportKindInfoSchema>;

export const ChoiceSchema = z.object({ value: z.string(), label: z.string() });

export const ReportStatsSchema = z.object({
  waste_sources_count: z.number().int(),
  container_waste_area_count: z.number().int(),
  facilities_count: z.number().int(),
  containers_count: z.number().int(),
  /** Waste formed by the sources in a year, m³ (waste_source.volume_year sums), as text. */
  wastes_total: z.string(),
});
export type ReportStats = z.infer<typeof ReportStatsSchema>;

const PageQuery = z.strictObject({ ...PageQuerySchema.shape });
const TypeParams = z.object({ reportType: z.string().max(64) });
const IdParams = z.object({ id: z.string() });

export const allReportInfosRoute = defineRoute({
  method: 'GET', path: '/api/bnreports/all-report-infos/', permission: 'reports:view', tags: ['reports'],
  summary: 'Виды отчётов: наименование, номер, поля формы', query: PageQuery, response: { 200: pageSchema(ReportKindInfoSchema) },
});
export const reportInfoRoute = defineRoute({
  method: 'GET', path: '/api/bnreports/all-report-infos/:reportType/', permission: 'reports:view', tags: ['reports'],
  summary: 'Вид отчёта: поля формы', params: TypeParams, response: { 200: ReportKindInfoSchema },
});
export const notificationEventsRoute = defineRoute({
  method: 'GET', path: '/api/bnreports/notification-events/', permission: 'report-notification-templates:view', tags: ['reports'],
  summary: 'События шаблонов уведомлений', query: PageQuery, response: { 200: pageSchema(ChoiceSchema) },
});
export const reportPrefillRoute = defineRoute({
  method: 'GET', path: '/api/bnreports/prefill/:reportType/', permission: 'reports:add', tags: ['reports'],
  summary: 'Данные нового отчёта из реестров организации', params: TypeParams,
  query: z.strictObject({ organization: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), z.number().int().min(1).max(2147483647)).optional() }),
  response: { 200: z.object({ report_kind: ReportKind.schema, organization: z.number().int().nullable(), data: z.record(z.string(), z.unknown()) }) },
});
export const ReportCommentBodySchema = z.strictObject({
  field_name: z.string().min(1).max(500),
  text: z.string().trim().min(1).max(5000),
});
export const reportCommentRoute = defineRoute({
  method: 'POST', path: '/api/bnreports/reports/:id/comments/', permission: 'report-review:change', tags: ['reports'],
  summary: 'Комментарий проверяющего к полю отчёта', params: IdParams, body: ReportCommentBodySchema, response: { 201: ReportCommentSchema },
});
export const numericalIndicatorsRoute = defineRoute({
  method: 'GET', path: '/api/personal-area/numerical-indicators/', permission: 'user', tags: ['reports'],
  summary: 'Личный кабинет: показатели организации', response: { 200: ReportStatsSchema },
});
export const reportCatalogueRoute = defineRoute({
  method: 'GET', path: '/api/report/', permission: 'reports:view', tags: ['reports'],
  summary: 'Формы отчётов', query: PageQuery,
  response: { 200: pageSchema(z.object({ report_kind: ReportKind.schema, name: z.string(), number: z.string(), url: z.string().nullable() })) },
});
export const reportTypesRoute = defineRoute({
  method: 'GET', path: '/api/report/report-types/', permission: 'reports:view', tags: ['reports'],
  summary: 'Виды отчётов', response: { 200: z.array(ChoiceSchema) },
});
export const reportWithFieldsRoute = defineRoute({
  method: 'GET', path: '/api/report/:id/', permission: 'reports:view', tags: ['reports'],
  summary: 'Отчёт с полями его формы', params: IdParams,
  response: { 200: z.object({ report: z.record(z.string(), z.unknown()), fields: z.array(ReportFieldDefSchema) }) },
});
export const reportForm2tpRoute = defineRoute({
  method: 'GET', path: '/api/bnreports/reports/:id/form-2tp/', permission: 'reports:view', tags: ['reports'],
  summary: 'Отчёт-баланс: выгрузка формы 2-ТП (отходы), раздел 1 (xlsx)',
  description: 'Форма федерального статистического наблюдения № 2-ТП (отходы), приказ Росстата от 09.10.2020 № 627: титульные сведения и раздел 1 по видам отходов (ФККО) и классам опасности, строка «Всего». Только для отчёта вида «Форма 3 баланса», прошедшего проверки формы (иначе 409).',
  params: IdParams, produces: XLSX_CONTENT_TYPE,
});
