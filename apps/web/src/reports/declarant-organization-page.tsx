/**
 * /reports-ddf/declarant-organization/{objectId}/ — a declarant organisation's page: its name and
 * ИНН (the legal-entity card) and its reports (the reports list filtered by the organisation,
 * inside the user's row scope), each opening its edit page.
 */
import { useQuery } from '@tanstack/react-query';
import { juridicalPersonResource, reportResource, ReportKind, ReportStatus } from '@tko/contract';
import type { ResourceDef } from '@tko/contract';
import { Descriptions, Table } from 'antd';
import { Link, useParams } from 'react-router';
import { getResource, listResource } from '../api/resource-client';
import { PageTitle } from '../app/page-title';
import { ErrorState, LoadingState } from '../app/states';

export function DeclarantOrganizationPage() {
  const { objectId = '' } = useParams();
  const org = useQuery({ queryKey: ['declarant-org', objectId], queryFn: ({ signal }) => getResource(juridicalPersonResource as unknown as ResourceDef, objectId, signal) });
  const reports = useQuery({ queryKey: ['declarant-org-reports', objectId], queryFn: ({ signal }) => listResource(reportResource as unknown as ResourceDef, { organization: objectId, page_size: '100' }, { signal }) });
  if (org.isPending || reports.isPending) return <LoadingState />;
  if (org.isError) return <ErrorState error={org.error} />;
  if (reports.isError) return <ErrorState error={reports.error} />;
  return (
    <div style={{ padding: 24 }}>
      <PageTitle>{String(org.data.name ?? 'Организация')}</PageTitle>
      <Descriptions size="small" column={2} items={[{ key: 'inn', label: 'ИНН', children: String(org.data.inn ?? '—') }, { key: 'n', label: 'Отчётов', children: reports.data.count }]} />
      <Table rowKey="id" pagination={false} dataSource={reports.data.results}
        columns={[
          { title: 'Отчёт', render: (_, r) => <Link to={`/reports-ddf/report/${String(r.report_kind)}/update/${r.id}/`}>{String(r.name)}</Link> },
          { title: 'Вид', render: (_, r) => ReportKind.label(String(r.report_kind)) },
          { title: 'Статус', render: (_, r) => ReportStatus.label(String(r.status)) },
        ]} />
    </div>
  );
}
