/**
 * Regulatory reports (issue 13; spec 03 §3 "Reports and report sets", §7 Reports): the registry
 * `reports` at /api/bnreports/reports/ and, over the same table, one registry per shipped form at
 * /api/report/<form>/ (reportFormResource: the rows of that kind only, `data` checked and
 * normalised by the form's schema on write).
 *
 * Workflow (REPORT_WORKFLOW, state locked: only actions move it):
 * DRAFT → submit → SUBMITTED_FOR_REVIEW → accept → ACCEPTED_FOR_REVIEW → return → BEING_FINALIZED
 * → submit → …; ACCEPTED_FOR_REVIEW → approve → APPROVED | reject → REJECTED; APPROVED → sign →
 * SIGNED. The declarant (permission `reports:change`) submits and signs; the reviewer
 * (`report-review:change`) accepts, returns, approves and rejects (a rejection needs its reason,
 * `rejection_reason`). Only DRAFT and BEING_FINALIZED
 * rows may be edited (others: 409, `frozen`); the declarant's organisation binds the row scope,
 * the reviewers' municipal formations match `oktmo`.
 * Signing stores the signer, the time and the SHA-256 of the report's canonical JSON (server hook,
 * apps/api/src/modules/reports); a qualified electronic signature (63-ФЗ) is out of scope.
 */
import { z } from 'zod';
import { f } from '../common/fields';
import type { FieldDef } from '../common/fields';
import type { FilterDef } from '../common/filters';
import { defineResource } from '../common/resource';
import type { WorkflowDef } from '../common/actions';
import { ReportKind, ReportStatus } from '../enums/reports';
import { buildReportSchema, reportDataErrors } from '../report-forms/build-schema';
import { reportKindInfo } from '../report-forms/kinds';
import type { ReportKindInfo } from '../report-forms/kinds';

/** Permission resource of the reviewers' steps. */
export const REPORT_REVIEW_RESOURCE = 'report-review';

const declarant = { resource: 'reports', action: 'change' } as const;
const reviewer = { resource: REPORT_REVIEW_RESOURCE, action: 'change' } as const;

export const REPORT_WORKFLOW: WorkflowDef = {
  field: 'status',
  locked: true,
  frozen: {
    states: ['SUBMITTED_FOR_REVIEW', 'ACCEPTED_FOR_REVIEW', 'APPROVED', 'REJECTED', 'SIGNED'],
    message: 'Отчёт нельзя изменить: менять можно только черновик или отчёт на доработке.',
  },
  actions: {
    submit: { label: 'Отправить на проверку', permission: declarant, from: ['DRAFT', 'BEING_FINALIZED'], to: 'SUBMITTED_FOR_REVIEW' },
    accept: { label: 'Принять на проверку', permission: reviewer, from: ['SUBMITTED_FOR_REVIEW'], to: 'ACCEPTED_FOR_REVIEW' },
    return: { label: 'Вернуть на доработку', permission: reviewer, from: ['SUBMITTED_FOR_REVIEW', 'ACCEPTED_FOR_REVIEW'], to: 'BEING_FINALIZED' },
    approve: { label: 'Одобрить', permission: reviewer, from: ['ACCEPTED_FOR_REVIEW'], to: 'APPROVED' },
    reject: { label: 'Отклонить', permission: reviewer, from: ['ACCEPTED_FOR_REVIEW'], to: 'REJECTED', fields: ['rejection_reason'], required: ['rejection_reason'] },
    sign: { label: 'Подписать', permission: declarant, from: ['APPROVED'], to: 'SIGNED' },
  },
};

/** Wire shape of a per-field comment (kept by revision). */
export const ReportCommentSchema = z.object({
  id: z.number().int(),
  field_name: z.string(),
  text: z.string(),
  revision: z.number().int(),
  author: z.string().nullable(),
  created_at: z.string(),
});
export type ReportComment = z.infer<typeof ReportCommentSchema>;

/** `data` checked against the kind's field tree; messages by path (`data.a.0.b`). */
export function checkReportData(values: Record<string, unknown>): Record<string, string> {
  const info = reportKindInfo(values.report_kind);
  if (!info || values.data === undefined || values.data === null) return {};
  const r = buildReportSchema(info.fields).safeParse(values.data);
  if (r.success) return {};
  return Object.fromEntries(Object.entries(reportDataErrors(r.error)).map(([k, m]) => [k, m[0]!]));
}

function reportFields(dataWrite?: z.ZodType) {
  return {
    id: f.id(),
    name: f.text('Наименование', { max: 255, list: true, required: true }),
    number: f.text('Номер', { max: 50, list: true }),
    report_kind: f.enum('Вид отчёта', ReportKind, { default: 'WASTE_SOURCES', list: true }),
    status: f.enum('Статус', ReportStatus, { default: 'DRAFT', list: true }),
    year: f.integer('Отчётный год', { min: 1, max: 9999, list: true }),
    organization: f.ref('Организация-декларант', { resource: 'juridical-person' }, { list: true }),
    oktmo: f.text('ОКТМО', { max: 11, help: 'Муниципальное образование отчёта: по нему отчёт видят проверяющие.' }),
    report_set: f.ref('Набор отчётов', { resource: 'report-sets' }),
    data: f.json('Данные отчёта', dataWrite ? { write: dataWrite } : {}),
    comments: f.computed('Комментарии', z.array(ReportCommentSchema), { detailOnly: true }),
    revision: f.integer('Редакция', { readOnly: true }),
    signed_by: f.text('Подписал', { readOnly: true, max: 255 }),
    signed_at: f.datetime('Дата подписания', { readOnly: true }),
    signature_sha256: f.text('SHA-256 подписанного отчёта', { readOnly: true, max: 64 }),
    rejection_reason: f.longtext('Причина отклонения'),
    created_at: f.datetime('Создан', { readOnly: true, list: true }),
  } satisfies Record<string, FieldDef>;
}

const filters: Record<string, FilterDef> = {
  search: { kind: 'text', fields: ['name', 'number'], label: 'Поиск' },
  type: { kind: 'enum', field: 'report_kind', enum: ReportKind, label: 'Вид отчёта' },
  status: { kind: 'enum', field: 'status', enum: ReportStatus, label: 'Статус' },
  organization: { kind: 'ref', field: 'organization', label: 'Организация' },
  report_set: { kind: 'ref', field: 'report_set', label: 'Набор отчётов' },
};

const example = {
  name: 'Сведения об источниках за 2025 год',
  number: 'ИО-2025-1',
  report_kind: 'WASTE_SOURCES',
  year: 2025,
  data: { year: '2025', waste_sources: [{ name: 'Магазин «Берёзка»', location: 'Ангарск, 12 мкр., д. 5', mass_t: '1,5' }] },
};

/** The report lists' key columns (the rest, e.g. «Создан», behind the column chooser). */
const REPORT_KEY_COLUMNS = ['id', 'name', 'number', 'report_kind', 'status', 'year', 'organization'];

export const reportResource = defineResource({
  name: 'reports',
  section: 'Отчётность',
  label: 'Отчёты',
  labelOne: 'Отчёт',
  path: '/api/bnreports/reports/',
  webPath: '/reports/reports/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: reportFields(),
  keyColumns: REPORT_KEY_COLUMNS,
  filters,
  ordering: ['id', 'name', 'number', 'year', 'status', 'report_kind', 'created_at'],
  defaultOrdering: '-id',
  titleField: 'name',
  workflow: REPORT_WORKFLOW,
  rowScope: { organization: ['organization'], oktmo: 'oktmo' },
  check: checkReportData,
  example,
});

/** The /api/report/<form>/ registry of one shipped form: rows of its kind, `data` by its schema. */
export function reportFormResource(info: ReportKindInfo & { form: string }) {
  return defineResource({
    name: info.form,
    section: 'Отчётность',
    label: info.name,
    labelOne: info.name,
    path: `/api/report/${info.form}/`,
    webPath: `/reports/${info.form}/`,
    tabs: [{ key: 'general', label: 'Общие сведения' }],
    fields: { ...reportFields(buildReportSchema(info.fields).nullable()), report_kind: f.enum('Вид отчёта', ReportKind, { readOnly: true, required: true, list: true }) },
    keyColumns: REPORT_KEY_COLUMNS,
    filters: { search: filters.search!, status: filters.status!, organization: filters.organization! },
    ordering: ['id', 'name', 'number', 'year', 'status', 'created_at'],
    defaultOrdering: '-id',
    titleField: 'name',
    workflow: REPORT_WORKFLOW,
    rowScope: { organization: ['organization'], oktmo: 'oktmo' },
    // spec 03 §7 / endpoints.tsv: PUT on the list (id in the body) and POST on {id}/ update too.
    updateAliases: true,
    example: { name: `${info.name} за 2025 год`, year: 2025, data: { year: '2025' } },
  });
}

const withForm = (k: ReportKind0) => reportKindInfo(k) as ReportKindInfo & { form: string };
type ReportKind0 = ReportKindInfo['report_kind'];

export const containerWasteAreaReportResource = reportFormResource(withForm('CONTAINER_WASTE_AREA'));
export const wasteSourceReportResource = reportFormResource(withForm('WASTE_SOURCES'));
export const form3ReportResource = reportFormResource(withForm('BALANCE'));
