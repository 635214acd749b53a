/**
 * The /system-logs/ screen (spec 03 §2 "System logs: a list"; issue 3 §8): every create, update
 * and delete on the registries, newest first, page by page (`GET /api/logs/`, permission
 * `system-logs:view`), filtered by registry, action, period, object id and user (a click on a
 * user's name, or the user select for holders of `users:view`), and exported to xlsx with the same
 * filters (`POST /api/logs/xlsx/`, `system-logs:export`; issue 14 §5). Each row opens into its changed fields «было → стало»; the object links to its
 * view page where the app shows that registry.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CHANGE_ACTION_LABELS, PERMISSION_RESOURCES, resourceByName, resources, type ChangeAction, type ChangeLogEntry } from '@tko/contract';
import { Button, DatePicker, Empty, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { DATE_INPUT_FORMATS, formatDateTime, WIRE_DATE } from '../app/dates';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, ForbiddenState } from '../app/states';
import { viewPathOf } from '../resources/section-paths';
import { exportLogs, fetchLogs, HISTORY_PAGE_SIZE, type LogFilters } from './history-api';
import { fetchUsers } from '../admin/admin-api';
import { errorMessage } from '../api/errors';
import { toast } from '../app/toasts';
import { ACTION_TAG, changedFieldLabel } from './history-format';
import { ChangeTable } from './history-view';
import { PageTitle } from '../app/page-title';

// Sections: every registry, plus the administration's own (users and roles are logged too).
const REGISTRY_OPTIONS = [...resources.map((d) => ({ value: d.name, label: d.label })), { value: 'users', label: PERMISSION_RESOURCES.users ?? 'Пользователи' }, { value: 'users-roles', label: PERMISSION_RESOURCES['users-roles'] ?? 'Роли' }]
  .sort((a, b) => a.label.localeCompare(b.label, 'ru'));

export function SystemLogsPage() {
  const allowed = useCan('system-logs:view');
  const [filters, setFilters] = useState<LogFilters>({});
  const [userName, setUserName] = useState('');
  const [period, setPeriod] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [page, setPage] = useState(1);
  const canUsers = useCan('users:view');
  const canExport = useCan('system-logs:export');
  const [userSearch, setUserSearch] = useState('');
  const userOptions = useQuery({
    queryKey: ['log-user-options', userSearch],
    queryFn: ({ signal }) => fetchUsers({ page_size: 50, ...(userSearch ? { search: userSearch } : {}) }, signal),
    enabled: allowed && canUsers,
  });
  const logs = useQuery({
    queryKey: ['logs', filters, page],
    queryFn: ({ signal }) => fetchLogs(filters, page, signal),
    enabled: allowed,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  if (!allowed) return <ForbiddenState text="Системный журнал доступен пользователям с правом «Системный журнал (история изменений)»." />;

  const set = (next: Partial<LogFilters>) => {
    setFilters((f) => ({ ...f, ...next }));
    setPage(1);
  };
  const filtered = Object.values(filters).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0));

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <PageTitle>
          Системный журнал
        </PageTitle>
        <Typography.Text type="secondary">Кто, когда и что изменил в реестрах.</Typography.Text>
      </div>
      <Space wrap>
        <Select
          mode="multiple"
          allowClear
          aria-label="Реестры"
          placeholder="Все реестры"
          style={{ minWidth: 280 }}
          options={REGISTRY_OPTIONS}
          value={filters.resource ?? []}
          onChange={(v: string[]) => set({ resource: v.length ? v : undefined })}
          showSearch={{ optionFilterProp: 'label' }}
        />
        <Select
          allowClear
          aria-label="Действие"
          placeholder="Все действия"
          style={{ width: 170 }}
          options={(Object.keys(CHANGE_ACTION_LABELS) as ChangeAction[]).map((a) => ({ value: a, label: CHANGE_ACTION_LABELS[a] }))}
          value={filters.action ?? null}
          onChange={(v: ChangeAction | null | undefined) => set({ action: v ?? undefined })}
        />
        <DatePicker.RangePicker
          format={DATE_INPUT_FORMATS}
          allowEmpty={[true, true]}
          aria-label="Период"
          value={period}
          onChange={(v) => {
            setPeriod(v);
            set({ from: v?.[0]?.format(WIRE_DATE), to: v?.[1]?.format(WIRE_DATE) });
          }}
        />
        <InputNumber
          min={1}
          precision={0}
          aria-label="Номер объекта"
          placeholder="№ объекта"
          style={{ width: 130 }}
          value={filters.object ?? null}
          onChange={(v) => set({ object: typeof v === 'number' ? v : undefined })}
        />
        {canUsers && (
          <Select
            allowClear
            aria-label="Пользователь"
            placeholder="Все пользователи"
            style={{ width: 240 }}
            filterOption={false}
            showSearch={{ onSearch: setUserSearch }}
            value={filters.user ?? null}
            options={[
              ...(userOptions.data?.results ?? []).map((u) => ({ value: u.id, label: `${u.last_name} ${u.first_name}`.trim() || u.email })),
              ...(filters.user !== undefined && !userOptions.data?.results.some((u) => u.id === filters.user) ? [{ value: filters.user, label: userName || `№ ${filters.user}` }] : []),
            ]}
            onChange={(v: number | null | undefined, o) => {
              setUserName(o && !Array.isArray(o) ? String(o.label) : '');
              set({ user: v ?? undefined });
            }}
          />
        )}
        {!canUsers && filters.user !== undefined && (
          <Tag closable onClose={() => set({ user: undefined })}>
            Пользователь: {userName}
          </Tag>
        )}
        {canExport && (
          <Button data-testid="logs-export" onClick={() => void exportLogs(filters).catch((e: unknown) => toast.error('Выгрузка не удалась', errorMessage(e)))}>
            Выгрузить в xlsx
          </Button>
        )}
        {filtered && (
          <Button
            onClick={() => {
              setFilters({});
              setPeriod(null);
              setPage(1);
            }}
          >
            Сбросить фильтры
          </Button>
        )}
      </Space>
      {logs.isError ? (
        <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />
      ) : (
        <Table<ChangeLogEntry>
          rowKey="id"
          size="middle"
          loading={logs.isFetching}
          dataSource={logs.data?.results ?? []}
          data-testid="system-logs"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: logs.isPending ? 'Загрузка…' : <Empty description={filtered ? 'Ничего не найдено. Измените фильтры.' : 'Изменений пока нет: записи появятся, когда пользователи начнут создавать и менять объекты реестров.'} /> }}
          expandable={{ expandedRowRender: (e) => <ChangeTable def={resourceByName(e.resource)} entry={e} />, expandRowByClick: true, columnTitle: <span className="visually-hidden">Изменения</span> }}
          pagination={{ current: page, pageSize: HISTORY_PAGE_SIZE, total: logs.data?.count ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (n) => `Найдено: ${n}` }}
          columns={[
            { title: 'Когда', dataIndex: 'created_at', render: (d: string) => formatDateTime(d) },
            {
              title: 'Пользователь',
              key: 'user',
              render: (_: unknown, e) =>
                e.user ? (
                  <Typography.Link
                    onClick={(ev) => {
                      ev.stopPropagation();
                      setUserName(e.user!.name);
                      set({ user: e.user!.id });
                    }}
                  >
                    {e.user_name || e.user.name}
                  </Typography.Link>
                ) : (
                  e.user_name || 'Система'
                ),
            },
            {
              title: 'Действие',
              dataIndex: 'action',
              // A workflow step (an update with `step`) shows the action's own name, e.g. «Начать ликвидацию».
              render: (a: ChangeAction, e: ChangeLogEntry) => {
                const step = e.step ? resourceByName(e.resource)?.workflow?.actions[e.step]?.label ?? e.step : null;
                return <Tag {...ACTION_TAG[a]}>{step ? `${CHANGE_ACTION_LABELS[a]}: ${step}` : CHANGE_ACTION_LABELS[a]}</Tag>;
              },
            },
            { title: 'Реестр', dataIndex: 'resource_label' },
            {
              title: 'Объект',
              key: 'object',
              render: (_: unknown, e) => {
                const href = e.action !== 'delete' ? viewPathOf(e.resource, e.object_id) : undefined;
                return href ? <Link to={href} onClick={(ev) => ev.stopPropagation()}>№ {e.object_id}</Link> : `№ ${e.object_id}`;
              },
            },
            {
              title: 'Поля',
              key: 'fields',
              render: (_: unknown, e) => {
                const def = resourceByName(e.resource);
                const names = e.fields.map((k) => changedFieldLabel(e.resource, def, k));
                return <Typography.Text ellipsis={{ tooltip: names.join(', ') }} style={{ maxWidth: 360 }}>{names.join(', ')}</Typography.Text>;
              },
            },
          ]}
        />
      )}
    </Space>
  );
}

export default SystemLogsPage;
