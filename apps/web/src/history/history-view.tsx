/**
 * Change history on screen (issue 3 §8): who, when, what, and each changed field «было → стало».
 * - {@link HistoryEntries}: a list of entries (the card's `params_history` computed field, the
 *   drawer, the system log rows);
 * - {@link HistoryButton}: «История изменений» of any registry card, a drawer reading
 *   `{registry path}{id}/history/` page by page.
 */
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { ResourceDef } from '@tko/contract';
import { Button, Drawer, Empty, List, Pagination, Space, Table, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { formatDateTime } from '../app/dates';
import { ErrorState } from '../app/states';
import { fetchObjectHistory, HISTORY_PAGE_SIZE } from './history-api';
import { ACTION_TAG, actionLabel, fieldChanges, type HistoryEntryLike } from './history-format';


/** An entry as both sources give it: when, by whom, and the change. */
export interface HistoryEntry extends HistoryEntryLike {
  id: number;
  created_at: string;
  user_name: string;
}

/**
 * True for the value of a history field (contract `historyField`, e.g. the container site's
 * computed `params_history`): a list of entries, or an empty list under a «История…» label.
 */
export function isHistoryItems(value: unknown, label = ''): value is HistoryEntry[] {
  if (!Array.isArray(value)) return false;
  if (value.length === 0) return /^истори/i.test(label);
  return value.every((v) => v && typeof v === 'object' && 'action' in v && 'fields' in v && 'created_at' in v);
}

/** The changed fields of one entry as a small table «Поле | Было | Стало». */
export function ChangeTable({ def, entry }: { def: ResourceDef | undefined; entry: HistoryEntryLike }) {
  const rows = fieldChanges(def, entry);
  if (rows.length === 0) return <Typography.Text type="secondary">Поля не изменены.</Typography.Text>;
  const columns = [
    { title: 'Поле', dataIndex: 'label', width: '30%' },
    ...(entry.action !== 'create' ? [{ title: 'Было', dataIndex: 'before', width: entry.action === 'delete' ? '70%' : '35%' }] : []),
    ...(entry.action !== 'delete' ? [{ title: 'Стало', dataIndex: 'after', width: entry.action === 'create' ? '70%' : '35%' }] : []),
  ];
  return <Table size="small" pagination={false} rowKey="key" dataSource={rows} columns={columns} />;
}

/** Header of an entry: «22.11.2026 10:15 · Петров Иван · изменение». */
export function EntryTitle({ entry, extra }: { entry: HistoryEntry; extra?: ReactNode }) {
  return (
    <Space size={8} wrap>
      <Typography.Text strong>{formatDateTime(entry.created_at)}</Typography.Text>
      <Typography.Text>{entry.user_name || 'Система'}</Typography.Text>
      <Tag {...ACTION_TAG[entry.action]}>{actionLabel(entry.action)}</Tag>
      {extra}
    </Space>
  );
}

export function HistoryEntries({ def, entries, empty = 'Изменений пока нет.' }: { def: ResourceDef | undefined; entries: HistoryEntry[]; empty?: string }) {
  return (
    <List
      dataSource={entries}
      rowKey="id"
      data-testid="history-entries"
      locale={{ emptyText: <Empty description={empty} /> }}
      renderItem={(e) => (
        <List.Item data-testid="history-entry" style={{ display: 'block' }}>
          <EntryTitle entry={e} />
          <div style={{ marginTop: 8 }}>
            <ChangeTable def={def} entry={e} />
          </div>
        </List.Item>
      )}
    />
  );
}

function HistoryDrawer({ def, id, open, onClose }: { def: ResourceDef; id: number; open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['resource', def.name, 'history', String(id), page],
    queryFn: ({ signal }) => fetchObjectHistory(def, id, page, signal),
    enabled: open,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
  return (
    <Drawer open={open} onClose={onClose} size={720} title="История изменений" closable={{ 'aria-label': 'Закрыть историю' }} data-testid="history-drawer">
      {history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {history.isPending ? <Typography.Text type="secondary">Загрузка…</Typography.Text> : <HistoryEntries def={def} entries={history.data.results} />}
          {history.data && history.data.count > HISTORY_PAGE_SIZE && (
            <Pagination size="small" current={page} pageSize={HISTORY_PAGE_SIZE} total={history.data.count} showSizeChanger={false} onChange={setPage} />
          )}
        </Space>
      )}
    </Drawer>
  );
}

/** «История изменений» of a saved object of any registry. */
export function HistoryButton({ def, id }: { def: ResourceDef; id: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HistoryOutlined />} onClick={() => setOpen(true)}>
        История изменений
      </Button>
      <HistoryDrawer def={def} id={id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
