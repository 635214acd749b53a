/**
 * /analitics/balance-files/ (spec 03 §2 «uploaded balance files», issue 12 §3): the balance files —
 * import files of the BALANCE template — with their rows and years; deleting a file deletes every
 * balance row it brought (DELETE /api/balance/simulated-file/{id}/, after a confirmation). Files
 * are uploaded on the system import screen with the template «Баланс». Page in the hash (#page=1).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { balanceFileDeleteRoute, balanceFilesRoute, type BalanceFile } from '@tko/contract';
import { Alert, Button, Empty, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { callRoute } from '../api/client';
import { errorMessage } from '../api/errors';
import { formatDateTime } from '../app/dates';
import { useAppModal } from '../app/modals';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, ForbiddenState } from '../app/states';

const PAGE_SIZE = 20;
const STATUS: Record<string, string> = { UPLOADED: 'Загружен', QUEUED: 'В очереди', PROCESSING: 'Импортируется', DONE: 'Импортирован', FAILED: 'Ошибка', CANCELLED: 'Отменён' };

/** The page number of the hash `#page=N` (1 when absent or bad). */
export function hashPage(hash: string): number {
  const n = Number(new URLSearchParams(hash.replace(/^#/, '')).get('page'));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

export function BalanceFilesPage() {
  const canView = useCan('balance:view');
  const canDelete = useCan('balance:delete');
  const location = useLocation();
  const navigate = useNavigate();
  const page = hashPage(location.hash);
  const qc = useQueryClient();
  const modal = useAppModal();
  const files = useQuery({
    queryKey: ['balance-files', page],
    queryFn: ({ signal }) => callRoute(balanceFilesRoute, { query: { page, page_size: PAGE_SIZE } }, { signal }),
    placeholderData: keepPreviousData,
    enabled: canView,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callRoute(balanceFileDeleteRoute, { params: { id: String(id) } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['balance-files'] });
      void qc.invalidateQueries({ queryKey: ['balance'] });
    },
  });
  if (!canView) return <ForbiddenState />;

  const confirmDelete = (f: BalanceFile) =>
    modal.confirm({
      title: 'Удалить файл баланса?',
      content: `Файл «${f.name}» и все строки баланса из него (${f.rows}) будут удалены.`,
      okText: 'Удалить',
      okButtonProps: { danger: true },
      cancelText: 'Отмена',
      onOk: () => remove.mutateAsync(f.id),
    });

  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <PageTitle>Файлы моделируемого баланса</PageTitle>
        <Space wrap>
          <Link to="/analitics/balance/">К балансу</Link>
          <Link to="/system-import/">
            <Button icon={<UploadOutlined />}>Загрузить файл (импорт, шаблон «Баланс»)</Button>
          </Link>
        </Space>
      </Space>
      {remove.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errorMessage(remove.error)} />}
      {files.isError && !files.data ? (
        <ErrorState error={files.error} onRetry={() => void files.refetch()} />
      ) : (
        <Table<BalanceFile>
          rowKey="id"
          data-testid="balance-files"
          loading={files.isFetching}
          dataSource={files.data?.results ?? []}
          locale={{ emptyText: <Empty description="Файлов баланса нет. Загрузите xlsx за год через импорт данных (шаблон «Баланс»)." /> }}
          columns={[
            { key: 'name', title: 'Файл', dataIndex: 'name' },
            { key: 'years', title: 'Годы', render: (_v, f) => f.years.join(', ') || '—' },
            { key: 'rows', title: 'Строк баланса', dataIndex: 'rows' },
            { key: 'status', title: 'Состояние', render: (_v, f) => <Tag>{STATUS[f.status] ?? f.status}</Tag> },
            { key: 'user', title: 'Загрузил', render: (_v, f) => f.user_name ?? '—' },
            { key: 'created', title: 'Загружен', render: (_v, f) => formatDateTime(f.created_at) },
            ...(canDelete
              ? [{
                  key: 'actions',
                  title: <span className="visually-hidden">Действия</span>,
                  render: (_v: unknown, f: BalanceFile) => (
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`Удалить файл ${f.name}`} title="Удалить" onClick={() => confirmDelete(f)} />
                  ),
                }]
              : []),
          ]}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: files.data?.count ?? 0,
            showTotal: (total) => `Файлов: ${total}`,
            onChange: (p) => void navigate({ hash: `page=${p}` }, { replace: true }),
          }}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        Строки, изменённые вручную после импорта, тоже удаляются вместе с файлом, из которого они пришли.
      </Typography.Paragraph>
    </div>
  );
}
