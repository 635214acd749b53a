/**
 * Notices of the report workflow (issue 13 §2, §5): on each event (ReportEvent) the templates of
 * that event — for the report's kind (or all kinds) — are rendered for the report and sent to
 * every active user who holds one of the template's roles, matches its processing type (when it
 * names one) and may see the report: a user without bindings, one bound to the report's
 * organisation, or one whose municipal formation's ОКТМО is a prefix of the report's (the rule of
 * contract common/row-scope.ts). The actor is not told of their own step. Each notice goes to the
 * notification centre (Notifier: stored + live push) and, when the user has an e-mail and SMTP is
 * configured, by e-mail (email-notice.ts: EffectServices.mailer, template 'report-notice'). Failures are logged, never
 * thrown: the step has committed.
 */
import { ReportKind, ReportStatus } from '@tko/contract';
import { emailNotice } from './email-notice';
import { renderTemplate } from './render-template';
import type { EffectServices } from './types';

/** What sending notices needs (EffectServices has it). */
export type ReportNoticeDeps = Pick<EffectServices, 'pool' | 'notifier' | 'mailer' | 'publicUrl' | 'log'>;

/** The subject of a notice: a report, or a report set (its reports' kinds are not one). */
export interface NoticeSubject {
  table: 'report' | 'report_set';
  id: number;
}

interface SubjectRow {
  name: string; number: string | null; report_kind: string | null; status: string;
  organization_id: number | null; oktmo: string | null; organization: string | null;
}

/** Web page of a report or a set. */
export function subjectLink(publicUrl: string, s: NoticeSubject, kind: string | null): string {
  if (s.table === 'report_set') return `${publicUrl}/report-groups/update/${s.id}/`;
  return `${publicUrl}/reports-ddf/report/${kind ?? 'WASTE_SOURCES'}/update/${s.id}/`;
}

/** Sends the notices of `event` about `subject`; answers how many users were told. */
export async function sendReportNotices(
  d: ReportNoticeDeps, event: string, subject: NoticeSubject, actor: { id: number | null; name: string }, extra: { comment?: string } = {},
): Promise<number> {
  const kindSql = subject.table === 'report' ? 's.report_kind' : 'NULL::text';
  const numberSql = subject.table === 'report' ? 's.number' : 'NULL::text';
  const { rows: [s] } = await d.pool.query<SubjectRow>(
    `SELECT s.name, ${numberSql} AS number, ${kindSql} AS report_kind, s.status, s.organization_id, s.oktmo, le.name AS organization
       FROM ${subject.table} s LEFT JOIN legal_entity le ON le.id = s.organization_id WHERE s.id = $1`, [subject.id]);
  if (!s) return 0;
  const link = subjectLink(d.publicUrl, subject, s.report_kind);
  const values = {
    name: s.name, number: s.number ?? '', status: ReportStatus.label(s.status) || s.status,
    report_kind: s.report_kind ? ReportKind.label(s.report_kind) : '', organization: s.organization ?? '', link,
    comment: extra.comment ?? '', user: actor.name,
  };
  const { rows } = await d.pool.query<{ user_id: number; email: string | null; user_name: string; template: string }>(
    `SELECT DISTINCT ON (u.id, t.id) u.id AS user_id, u.email, trim(concat_ws(' ', u.first_name, u.last_name)) AS user_name, t.template
       FROM report_notification_template t
       JOIN report_notification_template_role tr ON tr.template_id = t.id
       JOIN user_role ur ON ur.role_id = tr.role_id
       JOIN app_user u ON u.id = ur.user_id AND u.is_active
      WHERE t.event = $1
        AND (cardinality(t.bnreport_kinds) = 0 OR $2::text IS NULL OR $2 = ANY(t.bnreport_kinds))
        AND (t.user_report_processing_type IS NULL OR t.user_report_processing_type = u.user_report_processing_type)
        AND u.id IS DISTINCT FROM $3
        AND (
          (NOT EXISTS (SELECT 1 FROM user_organization uo WHERE uo.user_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM user_administrative_unit ua WHERE ua.user_id = u.id))
          OR EXISTS (SELECT 1 FROM user_organization uo WHERE uo.user_id = u.id AND uo.legal_entity_id = $4)
          OR EXISTS (SELECT 1 FROM user_administrative_unit ua JOIN administrative_unit a ON a.id = ua.administrative_unit_id
                      WHERE ua.user_id = u.id AND a.code ~ '^[0-9]+$' AND $5::text LIKE a.code || '%'))
      ORDER BY u.id, t.id`,
    [event, s.report_kind, actor.id, s.organization_id, s.oktmo]);
  for (const r of rows) {
    const text = renderTemplate(r.template, values);
    try {
      await d.notifier.notify(r.user_id, { type: 'simple', body: text.slice(0, 4000) });
      emailNotice(d.mailer, r.email, 'report-notice', { name: r.user_name, text, link });
    } catch (e) {
      d.log.error({ err: e, user: r.user_id, event }, 'уведомление об отчёте не отправлено');
    }
  }
  return rows.length;
}
