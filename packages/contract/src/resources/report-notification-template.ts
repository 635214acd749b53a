/**
 * Notification templates of reports (issue 13 §5; spec 03 §3 "Notification template"):
 * `/api/bnreports/notification-templates/` — the event (a workflow step, ReportEvent), the report
 * kinds and user roles it is for, the users' processing type, and the text with placeholders
 * {{name}}, {{number}}, {{status}}, {{report_kind}}, {{organization}}, {{link}}, {{comment}}
 * (rendered with HTML escaping by packages/db/src/effects/render-template.ts; mustache).
 * On each step the users holding one of `user_roles` (and, for declarant-side events, bound
 * to the report's organisation, for reviewer-side ones to its ОКТМО) get the rendered text.
 */
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { ReportEvent, ReportKind, ReportProcessingType } from '../enums/reports';

/** Placeholders a template may use, with their Russian meaning (the editor lists them). */
export const REPORT_TEMPLATE_PLACEHOLDERS: Record<string, string> = {
  name: 'наименование отчёта', number: 'номер отчёта', status: 'статус отчёта', report_kind: 'вид отчёта',
  organization: 'организация', link: 'ссылка на отчёт', comment: 'текст комментария', user: 'кто выполнил шаг',
};

/**
 * A template's text as a person reads it: each known placeholder `{{name}}` shown by its Russian
 * meaning, «{{наименование отчёта}}»; other text as is.
 */
export function describeTemplate(text: string): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (all, key: string) => (REPORT_TEMPLATE_PLACEHOLDERS[key] ? `{{${REPORT_TEMPLATE_PLACEHOLDERS[key]}}}` : all));
}

/** The editor's help: each placeholder as it is typed, with its Russian meaning. */
const TEMPLATE_HELP = `Подстановки: ${Object.entries(REPORT_TEMPLATE_PLACEHOLDERS).map(([k, v]) => `{{${k}}} — ${v}`).join('; ')}.`;

export const reportNotificationTemplateResource = defineResource({
  name: 'report-notification-templates',
  section: 'Отчётность',
  rowScope: { internal: 'the reviewers’ notification texts' },
  label: 'Шаблоны уведомлений',
  labelOne: 'Шаблон уведомления',
  path: '/api/bnreports/notification-templates/',
  webPath: '/report-notifications/',
  tabs: [{ key: 'general', label: 'Общие сведения' }],
  fields: {
    id: f.id(),
    event: f.enum('Событие', ReportEvent, { required: true, list: true }),
    template: f.longtext('Текст уведомления', { required: true, list: true, help: TEMPLATE_HELP }),
    bnreport_kinds: f.enum_list('Виды отчётов', ReportKind, { list: true, help: 'Пусто — все виды.' }),
    user_roles: f.refs('Роли получателей', { resource: 'users-roles' }, { list: true, maxItems: 100 }),
    user_report_processing_type: f.enum('Тип обработки отчётов', ReportProcessingType, { help: 'Пусто — любой.' }),
  },
  filters: {
    search: { kind: 'text', fields: ['template'], label: 'Поиск' },
    event: { kind: 'enum', field: 'event', enum: ReportEvent, label: 'Событие' },
  },
  ordering: ['id', 'event', 'template'],
  defaultOrdering: 'id',
  titleField: 'event',
  example: { event: 'SUBMITTED', template: 'Отчёт «{{name}}» № {{number}}: {{status}}. {{link}}', bnreport_kinds: ['WASTE_SOURCES'] },
});
