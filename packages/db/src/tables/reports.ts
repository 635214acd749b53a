/**
 * Regulatory reports (issue 13; migration 20261125070000_reports): `reports` and the three form
 * registries of /api/report/<form>/ share the table `report` (the form registries scoped by
 * `report_kind`); `comments` are the rows of `report_comment`, oldest first, as
 * `[{id, field_name, text, revision, author, created_at}]`. Report sets keep their forms in
 * `report_set_item`; notification templates their roles in `report_notification_template_role`.
 */
import { REPORT_KIND_INFOS } from '@tko/contract';
import type { ComputedSql, TableMapping } from './types';

/** The report's comments over all revisions (the web shows the current revision's over the fields). */
export const reportCommentsSql: ComputedSql = (t) => `(SELECT coalesce(json_agg(json_build_object(
    'id', c.id, 'field_name', c.field_name, 'text', c.text, 'revision', c.revision, 'author', c.author,
    'created_at', to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) ORDER BY c.id), '[]'::json)
  FROM report_comment c WHERE c.report_id = ${t}.id)`;

const report: TableMapping = { table: 'report', columns: {}, computed: { comments: reportCommentsSql } };

const formTables = Object.fromEntries(
  REPORT_KIND_INFOS.filter((k) => k.form).map((k) => [k.form!, { ...report, scope: { column: 'report_kind', value: k.report_kind } }]),
);

export const reportTables: Record<string, TableMapping> = {
  reports: report,
  ...formTables,
  'report-sets': {
    table: 'report_set',
    children: { reports: { table: 'report_set_item', parentKey: 'report_set_id' } },
  },
  'report-notification-templates': {
    table: 'report_notification_template',
    joins: { user_roles: { table: 'report_notification_template_role', ownKey: 'template_id', targetKey: 'role_id' } },
  },
};
