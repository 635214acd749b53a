/**
 * The events tab of a problem's card (spec 03 §3 "Problem": a general tab and an events tab):
 * what happened to the problem, oldest first — found by the detector, closed by it, each action
 * with its comment — from GET /api/problems/{id}/events/ (contract problemEventsRoute), 100 per
 * page. A new card (no id yet) says that events appear once it is saved.
 */
import { useQuery } from '@tanstack/react-query';
import { problemEventsRoute, type ProblemEvent } from '@tko/contract';
import { Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { callRoute } from '../api/client';
import { formatDateTime } from '../app/dates';
import { ErrorState } from '../app/states';

const KIND_LABELS: Record<string, { label: string; color: string }> = {
  DETECTED: { label: 'Обнаружена', color: 'red' },
  RESOLVED: { label: 'Устранена (проверка)', color: 'green' },
  CREATED: { label: 'Добавлена', color: 'blue' },
  ACTION: { label: 'Действие', color: 'default' },
};
const PAGE_SIZE = 100;

export function ProblemEventsPanel({ id }: { id: unknown }) {
  const [page, setPage] = useState(1);
  const problemId = typeof id === 'number' ? id : null;
  const q = useQuery({
    queryKey: ['problems', 'events', problemId, page],
    queryFn: ({ signal }) => callRoute(problemEventsRoute, { params: { id: problemId! }, query: { page, page_size: PAGE_SIZE } }, { signal }),
    enabled: problemId !== null,
  });
  if (problemId === null) return <Empty description="События появятся после сохранения проблемы." />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <Table<ProblemEvent>
      data-testid="problem-events"
      rowKey="id"
      size="small"
      loading={q.isLoading}
      dataSource={q.data?.results ?? []}
      locale={{ emptyText: 'Событий нет.' }}
      pagination={{ current: page, pageSize: PAGE_SIZE, total: q.data?.count ?? 0, onChange: setPage, hideOnSinglePage: true }}
      columns={[
        { title: 'Когда', dataIndex: 'at', width: 170, render: (v: string) => formatDateTime(v) },
        { title: 'Событие', dataIndex: 'kind', width: 190, render: (v: string) => <Tag color={KIND_LABELS[v]?.color}>{KIND_LABELS[v]?.label ?? v}</Tag> },
        { title: 'Что произошло', dataIndex: 'text' },
        { title: 'Кто', dataIndex: 'user_name', width: 220 },
      ]}
    />
  );
}
