/**
 * The notification centre (spec 01 §2, §3; issue 3 §9): a bell in the header with the unread
 * badge, opening a drawer with the user's notifications page by page (newest first, all or
 * unread only). Each can be marked read or deleted, all at once marked read; one carrying a
 * file offers 'Скачать' (authenticated download). Live arrivals update it (notifications-live).
 */
import { BellOutlined, CheckOutlined, DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import type { Notification } from '@tko/contract';
import { Badge, Button, Drawer, Empty, List, Pagination, Segmented, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../api/errors';
import { formatDateTime } from '../app/dates';
import { toast } from '../app/toasts';
import { useLiveStatus } from '../live/use-live';
import { NOTIFICATIONS_PAGE_SIZE } from './notifications-api';
import { saveNotificationDocument } from './notifications-live';
import { useNotificationActions, useNotificationsPage, useUnreadCount } from './use-notifications';

const TYPE_TAG: Record<Notification['type'], { color: string; label: string } | null> = {
  simple: null,
  download: { color: 'green', label: 'Файл' },
  error: { color: 'red', label: 'Ошибка' },
};

function NotificationItem({ n }: { n: Notification }) {
  const { read, remove } = useNotificationActions();
  const [saving, setSaving] = useState(false);
  const tag = TYPE_TAG[n.type];
  const fail = (what: string) => (e: unknown) => toast.error(what, errorMessage(e));
  return (
    <List.Item
      data-testid="notification-item"
      data-unread={n.readed ? undefined : 'true'}
      actions={[
        ...(n.documentUrl
          ? [
              <Button key="get" type="link" size="small" icon={<DownloadOutlined />} loading={saving} onClick={() => {
                setSaving(true);
                void saveNotificationDocument(n, () => setSaving(false));
              }}>
                Скачать
              </Button>,
            ]
          : []),
        ...(!n.readed
          ? [
              <Tooltip key="read" title="Отметить прочитанным">
                <Button type="text" size="small" icon={<CheckOutlined />} aria-label="Отметить прочитанным" loading={read.isPending} onClick={() => read.mutate(n.id, { onError: fail('Не удалось отметить уведомление') })} />
              </Tooltip>,
            ]
          : []),
        <Tooltip key="del" title="Удалить">
          <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label="Удалить уведомление" loading={remove.isPending} onClick={() => remove.mutate(n.id, { onError: fail('Не удалось удалить уведомление') })} />
        </Tooltip>,
      ]}
    >
      <List.Item.Meta
        title={
          <Space size={6} wrap>
            {!n.readed && <Badge status="processing" aria-label="Не прочитано" />}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {formatDateTime(n.createdAt)}
            </Typography.Text>
            {tag && <Tag color={tag.color}>{tag.label}</Tag>}
          </Space>
        }
        description={
          <Typography.Text strong={!n.readed} style={{ whiteSpace: 'pre-wrap' }}>
            {n.body}
          </Typography.Text>
        }
      />
    </List.Item>
  );
}

function NotificationDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [onlyUnread, setOnlyUnread] = useState(false);
  const list = useNotificationsPage(page, onlyUnread, open);
  const { readAll } = useNotificationActions();
  const data = list.data;
  // A page emptied by deletions (empty, or 404 past the end) moves back.
  const pastEnd = list.error instanceof ApiError && list.error.status === 404;
  const emptied = page > 1 && !list.isFetching && (pastEnd || data?.results.length === 0);
  useEffect(() => {
    if (emptied) setPage((p) => Math.max(1, p - 1));
  }, [emptied]);
  return (
    <Drawer
      title="Уведомления"
      open={open}
      onClose={onClose}
      size={480}
      closable={{ 'aria-label': 'Закрыть уведомления' }}
      data-testid="notification-drawer"
      extra={
        <Button size="small" disabled={!data || data.unread_count === 0} loading={readAll.isPending} onClick={() => readAll.mutate(undefined, { onError: (e) => toast.error('Не удалось отметить уведомления', errorMessage(e)) })}>
          Прочитать все
        </Button>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Segmented
          value={onlyUnread ? 'unread' : 'all'}
          onChange={(v) => {
            setOnlyUnread(v === 'unread');
            setPage(1);
          }}
          options={[
            { value: 'all', label: 'Все' },
            { value: 'unread', label: `Непрочитанные${data ? ` (${data.unread_count})` : ''}` },
          ]}
        />
        <List
          loading={list.isPending}
          dataSource={data?.results ?? []}
          rowKey="id"
          locale={{ emptyText: <Empty description={onlyUnread ? 'Непрочитанных уведомлений нет.' : 'Уведомлений пока нет. Здесь появятся сообщения о выгрузках, импорте и других задачах.'} /> }}
          renderItem={(n) => <NotificationItem n={n} />}
        />
        {data && data.count > NOTIFICATIONS_PAGE_SIZE && (
          <Pagination size="small" current={page} pageSize={NOTIFICATIONS_PAGE_SIZE} total={data.count} showSizeChanger={false} onChange={setPage} />
        )}
      </Space>
    </Drawer>
  );
}

/** The header's bell with the unread count. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount(true);
  const status = useLiveStatus();
  const count = unread.data ?? 0;
  const offline = status !== 'connected';
  return (
    <>
      <Tooltip title={offline ? 'Уведомления (нет связи с сервером для обновлений в реальном времени)' : 'Уведомления'}>
        <Badge count={count} overflowCount={99} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined style={{ color: '#fff', fontSize: 18 }} />}
            aria-label={count ? `Уведомления: непрочитанных ${count}` : 'Уведомления'}
            data-testid="notification-bell"
            data-unread={count}
            data-live={status}
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      <NotificationDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
}
