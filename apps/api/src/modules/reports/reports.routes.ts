/**
 * The reports module (issue 13; contract routes/reports.ts): the report kinds and their field
 * trees, notification events, pre-fill from the registries, reviewers' per-field comments, the
 * personal area's numbers, the /api/report/ catalogue calls and the 2-ТП (отходы) export of a balance. The registries themselves
 * (reports, the three /api/report/<form>/ forms, report sets, notification templates) are the
 * generic CRUD routes of the crud module; the workflow's effects and the notices of each step are
 * packages/db effects (effects/report.ts), run by every write pipeline.
 */
import { FieldValidationError, sendReportNotices, writerName } from '@tko/db';
import {
  REPORT_KIND_INFOS, ReportEvent, ReportKind, allReportInfosRoute, isUnrestricted, notificationEventsRoute, numericalIndicatorsRoute,
  reportCatalogueRoute, reportCommentRoute, reportForm2tpRoute, reportInfoRoute, reportKindInfo, reportPrefillRoute, reportResource, reportTypesRoute,
  reportWithFieldsRoute,
} from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import { pageAnswer } from '../../crud/page-answer';
import { parseId } from '../../crud/paging';
import { HttpError, notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import { prefillReport } from './report-prefill';
import { reportStats } from './report-stats';
import { form2tpData } from './report-form-2tp';
import { form2tpXlsx } from '@tko/xlsx';
import { sendFile } from '../../http/file-reply';

const slice = <T>(all: readonly T[]) => async ({ limit, offset }: { limit: number; offset: number }) => ({ count: all.length, rows: all.slice(offset, offset + limit) });

export const reportsModule = apiModule('reports', (app, d) => {
  const notices = d.pipeline.services;
  const reports = d.domain.registries.repo(reportResource as unknown as ResourceDef);

  registerRoute(app, allReportInfosRoute, ({ request, query }) => pageAnswer(request, query, slice(REPORT_KIND_INFOS)), d);
  registerRoute(app, reportInfoRoute, ({ params }) => {
    const info = reportKindInfo(params.reportType);
    if (!info) throw notFound();
    return info;
  }, d);
  const events = ReportEvent.values.map((v) => ({ value: v, label: ReportEvent.label(v) }));
  registerRoute(app, notificationEventsRoute, ({ request, query }) => pageAnswer(request, query, slice(events)), d);

  registerRoute(app, reportPrefillRoute, async ({ params, query, user }) => {
    const own = user.scope.organizations;
    const org = query.organization ?? own[0];
    // A user bound to no organisation (and naming none) gets the form with the year only and
    // `organization: null`: a state the form shows, not an error (issue 26 §12).
    if (org !== undefined && !isUnrestricted(user.scope) && !own.includes(org)) throw FieldValidationError.of('organization', 'Можно подставить данные только своей организации.');
    const data = await prefillReport(d.pool, d.domain.registries, params.reportType, org ?? null);
    if (!data) throw notFound();
    return { report_kind: params.reportType as ReportKind0, organization: org ?? null, data };
  }, d);

  registerRoute(app, reportCommentRoute, async ({ params, body, user, reply }) => {
    const id = parseId(params.id);
    const report = id === null ? null : await reports.get(id, { scope: user.scope });
    if (!report || id === null) throw notFound();
    if (report.status !== 'SUBMITTED_FOR_REVIEW' && report.status !== 'ACCEPTED_FOR_REVIEW') {
      throw new HttpError(409, 'Комментировать можно только отчёт на проверке.', 'conflict');
    }
    const name = writerName(user);
    const { rows: [c] } = await d.pool.query(
      `INSERT INTO report_comment (report_id, field_name, text, revision, author_id, author)
       SELECT $1, $2, $3, r.revision, $4, $5 FROM report r WHERE r.id = $1
       RETURNING id, field_name, text, revision, author, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at`,
      [id, body.field_name, body.text, user.id, name]);
    await sendReportNotices(notices, 'COMMENTED', { table: 'report', id }, { id: user.id, name }, { comment: `${body.field_name}: ${body.text}` })
      .catch((err: unknown) => app.log.error({ err }, 'уведомление о комментарии не отправлено'));
    reply.code(201);
    return c;
  }, d);

  registerRoute(app, numericalIndicatorsRoute, ({ user }) => reportStats(d.pool, user.scope), d);

  const catalogue = REPORT_KIND_INFOS.map((k) => ({ report_kind: k.report_kind, name: k.name, number: k.number, url: k.form ? `/api/report/${k.form}/` : null }));
  registerRoute(app, reportCatalogueRoute, ({ request, query }) => pageAnswer(request, query, slice(catalogue)), d);
  registerRoute(app, reportTypesRoute, () => ReportKind.values.map((v) => ({ value: v, label: ReportKind.label(v) })), d);
  registerRoute(app, reportWithFieldsRoute, async ({ params, user }) => {
    const id = parseId(params.id);
    const report = id === null ? null : await reports.get(id, { scope: user.scope });
    if (!report) throw notFound();
    return { report, fields: reportKindInfo(report.report_kind)?.fields ?? [] };
  }, d);

  // The official export of a balance: section 1 of 2-ТП (отходы) (report-form-2tp.ts, @tko/xlsx form-2tp.ts).
  registerRoute(app, reportForm2tpRoute, async ({ params, user, reply }) => {
    const id = parseId(params.id);
    const report = id === null ? null : await reports.get(id, { scope: user.scope });
    if (!report) throw notFound();
    const data = await form2tpData(d.pool, report);
    return sendFile(reply, { name: `2-ТП (отходы) за ${data.year} год, отчёт № ${id}.xlsx`, asciiName: `2tp-othody-${data.year}-${id}.xlsx`, body: await form2tpXlsx(data) });
  }, d);
});

type ReportKind0 = (typeof ReportKind.values)[number];
