/**
 * /admin/roles/ (spec 03 §2, §7; issue 14 §2): every role (page_size 500, all pages) with its
 * holders' count and number of permissions; `users-roles:view`.
 */
import { useQuery } from '@tanstack/react-query';
import type { Role } from '@tko/contract';
import { Button, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, ForbiddenState } from '../app/states';
import { ADMIN_ROLES_PATH, fetchAllRoles } from './admin-api';

export function RolesPage() {
  const allowed = useCan('users-roles:view');
  const canAdd = useCan('users-roles:add');
  const roles = useQuery({ queryKey: ['roles-all'], queryFn: ({ signal }) => fetchAllRoles(signal), enabled: allowed });
  if (!allowed) return <ForbiddenState />;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <PageTitle>Роли</PageTitle>
      <Typography.Text type="secondary">Роль — набор прав по разделам. Изменение роли действует для её пользователей со следующего запроса.</Typography.Text>
      {canAdd && <Link to={`${ADMIN_ROLES_PATH}update/new/`}><Button type="primary">Создать роль</Button></Link>}
      {roles.isError ? <ErrorState error={roles.error} onRetry={() => void roles.refetch()} /> : (
        <Table<Role>
          rowKey="id"
          data-testid="roles-list"
          loading={roles.isPending}
          dataSource={roles.data ?? []}
          pagination={false}
          columns={[
            { title: 'Название', key: 'name', render: (_: unknown, r) => <Link to={`${ADMIN_ROLES_PATH}update/${r.id}/`}>{r.name}</Link> },
            { title: 'Описание', dataIndex: 'description' },
            { title: 'Прав', key: 'n', render: (_: unknown, r) => Object.keys(r.permissions).length },
            { title: 'Пользователей', dataIndex: 'users_count' },
          ]}
        />
      )}
    </Space>
  );
}
