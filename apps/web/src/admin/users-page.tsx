/**
 * /admin/users/ and /admin/users/declarants/ (spec 03 §2 "Users and roles"; issue 14 §1): staff and
 * declarants in two lists with search, «Только активные», declarants waiting for an organisation
 * approval, xlsx export and «Создать». The users list needs `users:view`, the declarants list
 * `users-roles:view` (spec 03 §2: 'users' for Users, 'users-roles' for the other admin pages).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { User } from '@tko/contract';
import { Button, Checkbox, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../app/dates';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, ForbiddenState } from '../app/states';
import { errorMessage } from '../api/errors';
import { toast } from '../app/toasts';
import { ADMIN_DECLARANTS_PATH, ADMIN_USERS_PATH, exportUsers, fetchUsers, USERS_PAGE_SIZE } from './admin-api';

export function UsersPage({ declarants = false }: { declarants?: boolean }) {
  const allowed = useCan(declarants ? 'users-roles:view' : 'users:view');
  const canAdd = useCan('users:add');
  const canExport = useCan('users:export');
  const [search, setSearch] = useState('');
  const [onlyActive, setOnlyActive] = useState(true);
  const [pending, setPending] = useState(false);
  const [page, setPage] = useState(1);
  const base = declarants ? ADMIN_DECLARANTS_PATH : ADMIN_USERS_PATH;
  const query = {
    page, page_size: USERS_PAGE_SIZE, is_declarant: declarants, ...(search ? { search } : {}),
    ...(onlyActive ? { is_active: true } : {}), ...(declarants && pending ? { organization_request: true } : {}),
  };
  const users = useQuery({ queryKey: ['users', query], queryFn: ({ signal }) => fetchUsers(query, signal), enabled: allowed, placeholderData: keepPreviousData });
  if (!allowed) return <ForbiddenState />;
  const title = declarants ? 'Декларанты' : 'Пользователи';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>{title}</PageTitle>
      <Space wrap>
        <Input.Search allowClear aria-label="Поиск по имени или почте" placeholder="Имя или электронная почта" style={{ width: 300 }}
          onSearch={(v) => { setSearch(v.trim()); setPage(1); }} />
        <Checkbox checked={onlyActive} onChange={(e) => { setOnlyActive(e.target.checked); setPage(1); }}>Только активные</Checkbox>
        {declarants && <Checkbox checked={pending} onChange={(e) => { setPending(e.target.checked); setPage(1); }}>Ждут подтверждения организации</Checkbox>}
        {canAdd && <Link to={`${base}update/new/`}><Button type="primary">Создать</Button></Link>}
        {canExport && (
          <Button onClick={() => void exportUsers({ ...query, page: undefined, page_size: undefined }).catch((e: unknown) => toast.error('Выгрузка не удалась', errorMessage(e)))}>
            Выгрузить в xlsx
          </Button>
        )}
      </Space>
      {users.isError ? <ErrorState error={users.error} onRetry={() => void users.refetch()} /> : (
        <Table<User>
          rowKey="id"
          data-testid="users-list"
          loading={users.isFetching}
          dataSource={users.data?.results ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{ current: page, pageSize: USERS_PAGE_SIZE, total: users.data?.count ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (n) => `Найдено: ${n}` }}
          columns={[
            { title: 'ФИО', key: 'name', render: (_: unknown, u) => <Link to={`${base}update/${u.id}/`}>{[u.last_name, u.first_name, u.middle_name].filter(Boolean).join(' ') || u.email}</Link> },
            { title: 'Электронная почта', dataIndex: 'email' },
            { title: 'Роли', key: 'roles', render: (_: unknown, u) => u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) },
            declarants
              ? { title: 'Организации', key: 'orgs', render: (_: unknown, u) => (
                <>
                  {u.organizations.map((o) => <Tag key={o.id} color="blue">{o.name}</Tag>)}
                  {u.organization_request && <Tag>Заявка: ИНН {u.organization_request.inn}</Tag>}
                </>
              ) }
              : { title: 'Муниципальные образования', key: 'mo', render: (_: unknown, u) => u.municipal_formations.map((m) => m.name).join(', ') },
            { title: 'Состояние', key: 'state', render: (_: unknown, u) => (
              <>
                {!u.is_active && <Tag color="red">Отключён</Tag>}
                {u.is_active && !u.email_verified && <Tag>Почта не подтверждена</Tag>}
                {u.is_active && u.email_verified && <Tag>Активен</Tag>}
              </>
            ) },
            { title: 'Последний вход', dataIndex: 'last_login_at', render: (d: string | null) => (d ? formatDateTime(d) : <Typography.Text type="secondary">—</Typography.Text>) },
          ]}
        />
      )}
    </Space>
  );
}

export function DeclarantsPage() {
  return <UsersPage declarants />;
}
