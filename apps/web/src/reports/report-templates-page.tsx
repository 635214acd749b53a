/**
 * /reports/reports/templates/ and /reports-ddf/templates/ — the report kinds a new report starts
 * from (GET /api/bnreports/all-report-infos/): name, number, the number of fields, and «Создать
 * отчёт» opening the kind's edit page with the organisation's data pre-filled.
 */
import { useQuery } from '@tanstack/react-query';
import { allReportInfosRoute } from '@tko/contract';
import { Button, Table } from 'antd';
import { useNavigate } from 'react-router';
import { callRoute } from '../api/client';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, LoadingState } from '../app/states';
import { ReportStatsBlock } from './report-stats';

export function ReportTemplatesPage() {
  const navigate = useNavigate();
  const canAdd = useCan('reports:add');
  const q = useQuery({ queryKey: ['report-infos'], queryFn: ({ signal }) => callRoute(allReportInfosRoute, { query: { page_size: 500 } }, { signal }) });
  if (q.isPending) return <LoadingState />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <div style={{ padding: 24 }}>
      <PageTitle>Шаблоны отчётов</PageTitle>
      <ReportStatsBlock />
      <Table rowKey="report_kind" pagination={false} dataSource={q.data.results}
        columns={[
          { title: '№', dataIndex: 'number', width: 60 },
          { title: 'Форма', dataIndex: 'name' },
          { title: 'Полей', render: (_, k) => k.fields.length, width: 90 },
          { title: 'Действие', width: 180, render: (_, k) => (canAdd ? <Button onClick={() => navigate(`/reports-ddf/report/${k.report_kind}/update/new/`)} aria-label={`Создать отчёт: ${k.name}`}>Создать отчёт</Button> : null) },
        ]} />
    </div>
  );
}
