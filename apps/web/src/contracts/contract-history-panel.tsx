/**
 * The «История редакций» tab of a contract's card (spec 03 §2, §4, §9; issue 11 §3): every
 * revision of the contract, newest first, labelled «DD.MM.YYYY HH:mm» and «— текущая версия» on
 * the approved one (GET /api/contracts/{id}/history/), each opening its card; «Новая редакция»
 * (POST {id}/revision/, permission contracts:add) starts a draft from the current version and
 * opens it. Approving is the card's workflow button «Утвердить редакцию».
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contractHistoryRoute, contractRevisionRoute, type ContractHistoryItem } from '@tko/contract';
import { Button, Empty, Space, Table, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { callRoute } from '../api/client';
import { errorMessage } from '../api/errors';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState } from '../app/states';
import { toast } from '../app/toasts';

const STATUS_LABEL: Record<string, string> = { APPROVED: 'Утверждена', DRAFT: 'Черновик', ARCHIVED: 'Прежняя редакция' };

export function ContractHistoryPanel({ id }: { id: unknown }) {
  const contractId = typeof id === 'number' ? id : null;
  const client = useQueryClient();
  const navigate = useNavigate();
  const canAdd = useCan('contracts:add');
  const q = useQuery({
    queryKey: ['contracts', 'history', contractId],
    queryFn: ({ signal }) => callRoute(contractHistoryRoute, { params: { id: contractId! } }, { signal }),
    enabled: contractId !== null,
    staleTime: 0,
  });
  const revise = useMutation({
    mutationFn: () => callRoute(contractRevisionRoute, { params: { id: contractId! } }),
    onSuccess: async (row) => {
      await client.invalidateQueries({ queryKey: ['contracts'] });
      toast.success(`Создан черновик редакции № ${String(row.revision)}.`);
      void navigate(`/contracts/update/${String(row.id)}/`);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (contractId === null) return <Empty description="История редакций появится после сохранения договора." />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const items = q.data?.results ?? [];
  const hasDraft = items.some((r) => r.revision_status === 'DRAFT');
  const hasCurrent = items.some((r) => r.is_current);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {canAdd && (
        <Button onClick={() => revise.mutate()} loading={revise.isPending} disabled={hasDraft || !hasCurrent}
          title={hasDraft ? 'Черновик новой редакции уже есть.' : !hasCurrent ? 'Сначала утвердите редакцию.' : undefined}>
          Новая редакция
        </Button>
      )}
      <Table<ContractHistoryItem>
        data-testid="contract-history"
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={items}
        pagination={false}
        locale={{ emptyText: 'Редакций нет.' }}
        columns={[
          { title: 'Редакция', dataIndex: 'revision', width: 100, render: (v: number) => `№ ${v}` },
          { title: 'Создана', dataIndex: 'label', render: (v: string, r) => (r.id === contractId ? <strong>{v}</strong> : <Link to={`/contracts/update/${r.id}/`}>{v}</Link>) },
          { title: 'Состояние', dataIndex: 'revision_status', width: 180, render: (v: string) => <Typography.Text strong={v === 'APPROVED'}>{STATUS_LABEL[v] ?? v}</Typography.Text> },
        ]}
      />
    </Space>
  );
}
