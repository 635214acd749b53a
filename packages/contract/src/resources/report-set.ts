/**
 * Report sets (issue 13 §3; spec 03 §3, §7 "Report sets"): `/api/bnreports/sets/` — name, year,
 * status, is_signed and the forms of the set (`reports`: report_kind, number, name,
 * may_be_doubled, in_set). A new set takes the default group's forms (DEFAULT_GROUP_REPORT_FORMS:
 * every shipped kind) unless the body lists its own; the client creates it with
 * `{name: 'Новый набор отчётов', status: 'DRAFT', is_signed: false}` and expects 201.
 * The reports of a set are the `reports` rows whose `report_set` is the set. Actions: submit (every
 * draft report of the set goes to review) and sign (every approved report of the set is signed;
 * refused with 409 while one is not approved) — server hooks in apps/api/src/modules/reports.
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import type { WorkflowDef } from '../common/actions';
import { ReportKind, ReportSetStatus } from '../enums/reports';
import { REPORT_KIND_INFOS } from '../report-forms/kinds';

/** The default group's report forms (spec 03 §3 defaultGroupReportForms). */
export const DEFAULT_GROUP_REPORT_FORMS = REPORT_KIND_INFOS.map((k) => ({
  report_kind: k.report_kind, number: k.number, name: k.name, may_be_doubled: false, in_set: true,
}));

export const REPORT_SET_WORKFLOW: WorkflowDef = {
  field: 'status',
  locked: true,
  frozen: { states: ['SIGNED'], message: 'Подписанный набор отчётов изменить нельзя.' },
  actions: {
    submit: { label: 'Отправить набор на проверку', permission: { resource: 'report-sets', action: 'change' }, from: ['DRAFT'], to: 'SUBMITTED_FOR_REVIEW' },
    sign: { label: 'Подписать набор', permission: { resource: 'report-sets', action: 'change' }, from: ['SUBMITTED_FOR_REVIEW'], to: 'SIGNED' },
  },
};

export const reportSetResource = defineResource({
  name: 'report-sets',
  section: 'Отчётность',
  label: 'Наборы отчётов',
  labelOne: 'Набор отчётов',
  path: '/api/bnreports/sets/',
  webPath: '/report-groups/',
  tabs: [{ key: 'general', label: 'Общие сведения' }, { key: 'forms', label: 'Формы отчётов' }],
  fields: {
    id: f.id(),
    name: f.text('Наименование', { max: 255, list: true, required: true }),
    year: f.integer('Год', { min: 1, max: 9999, list: true }),
    status: f.enum('Статус', ReportSetStatus, { default: 'DRAFT', list: true }),
    is_signed: f.boolean('Подписан', { default: false, list: true }),
    organization: f.ref('Организация-декларант', { resource: 'juridical-person' }, { list: true }),
    oktmo: f.text('ОКТМО', { max: 11 }),
    reports: f.children('Формы отчётов', {
      fields: {
        id: f.id(),
        report_kind: f.enum('Вид отчёта', ReportKind, { required: true }),
        number: f.text('Номер', { max: 50 }),
        name: f.text('Наименование', { max: 255 }),
        may_be_doubled: f.boolean('Может повторяться', { default: false }),
        in_set: f.boolean('Входит в набор', { default: true }),
      },
    }, { tab: 'forms', default: DEFAULT_GROUP_REPORT_FORMS, maxItems: 100 }),
    created_at: f.datetime('Создан', { readOnly: true }),
  },
  filters: {
    search: { kind: 'text', fields: ['name'], label: 'Поиск' },
    status: { kind: 'enum', field: 'status', enum: ReportSetStatus, label: 'Статус' },
  },
  ordering: ['id', 'name', 'year', 'status', 'created_at'],
  defaultOrdering: '-id',
  titleField: 'name',
  workflow: REPORT_SET_WORKFLOW,
  rowScope: { organization: ['organization'], oktmo: 'oktmo' },
  check: (v): Record<string, string> => (v.is_signed === true && v.status !== 'SIGNED' ? { is_signed: 'Набор подписывается действием «Подписать набор».' } : {}),
  example: { name: 'Новый набор отчётов', year: 2025, status: 'DRAFT', is_signed: false },
});
