/**
 * A role's card (issue 14 §2): name, description and the permission matrix (sections ×
 * actions, from GET /api/roles/permissions/): a checkbox per permission the product checks, a
 * row checkbox for a whole resource. `users-roles:view` to read, `change`/`add` to save,
 * `delete` to remove. A saved edit applies to the role's users on their next request.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PERMISSION_ACTION_LABELS } from '@tko/contract';
import { Alert, Button, Card, Checkbox, Form, Input, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../api/errors';
import { useAppModal } from '../app/modals';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, ForbiddenState, LoadingState } from '../app/states';
import { toast } from '../app/toasts';
import { ADMIN_ROLES_PATH, createRole, deleteRole, fetchPermissions, fetchRole, updateRole } from './admin-api';
import { ACTIONS, matrixRows, setAll, type MatrixRow } from './permission-matrix';

export function RoleCardPage() {
  const { objectId = 'new' } = useParams();
  const isNew = objectId === 'new';
  const allowed = useCan('users-roles:view');
  const canSave = useCan(isNew ? 'users-roles:add' : 'users-roles:change');
  const canDelete = useCan('users-roles:delete');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const modal = useAppModal();
  const role = useQuery({ queryKey: ['role', objectId], queryFn: ({ signal }) => fetchRole(objectId, signal), enabled: allowed && !isNew });
  const perms = useQuery({ queryKey: ['permissions'], queryFn: ({ signal }) => fetchPermissions(signal), enabled: allowed, staleTime: 600_000 });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [granted, setGranted] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!role.data) return;
    setName(role.data.name);
    setDescription(role.data.description);
    setGranted({ ...role.data.permissions });
  }, [role.data]);
  const rows = useMemo(() => matrixRows(perms.data?.results ?? []), [perms.data]);

  if (!allowed) return <ForbiddenState />;
  if ((!isNew && role.isPending) || perms.isPending) return <LoadingState />;
  if (role.isError || perms.isError) return <ErrorState error={role.error ?? perms.error} />;

  const save = async () => {
    setErrors({});
    setSaving(true);
    try {
      const body = { name: name.trim(), description: description.trim(), permissions: granted };
      const saved = isNew ? await createRole(body) : await updateRole(role.data!.id, body);
      toast.success(isNew ? 'Роль создана' : 'Роль сохранена', 'Права действуют для её пользователей со следующего запроса.');
      await qc.invalidateQueries({ queryKey: ['roles-all'] });
      qc.setQueryData(['role', String(saved.id)], saved);
      if (isNew) navigate(`${ADMIN_ROLES_PATH}update/${saved.id}/`, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) setErrors(e.fieldErrors);
      else setErrors({ non_field_errors: [errorMessage(e)] });
    } finally {
      setSaving(false);
    }
  };

  const toggle = (names: string[], on: boolean) => setGranted((g) => setAll(g, names, on));
  const columns = [
    {
      title: 'Раздел',
      key: 'label',
      render: (_: unknown, r: MatrixRow) => {
        if (!r.resource) return <Typography.Text strong>{r.label}</Typography.Text>;
        const names = Object.values(r.cells);
        const on = names.filter((n) => granted[n]).length;
        return (
          <Checkbox aria-label={`${r.label}: все действия`} disabled={!canSave} checked={on === names.length} indeterminate={on > 0 && on < names.length} onChange={(e) => toggle(names, e.target.checked)}>
            {r.label}
          </Checkbox>
        );
      },
    },
    ...ACTIONS.map((a) => ({
      title: PERMISSION_ACTION_LABELS[a],
      key: a,
      align: 'center' as const,
      render: (_: unknown, r: MatrixRow) => {
        const n = r.cells[a];
        if (!n) return null;
        return <Checkbox data-testid={`perm-${n}`} aria-label={`${r.label}: ${PERMISSION_ACTION_LABELS[a]}`} disabled={!canSave} checked={Boolean(granted[n])} onChange={(e) => toggle([n], e.target.checked)} />;
      },
    })),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <div>
        <Link to={ADMIN_ROLES_PATH}>← Роли</Link>
        <PageTitle>{isNew ? 'Новая роль' : role.data!.name}</PageTitle>
      </div>
      {errors.non_field_errors && <Alert type="error" showIcon title={errors.non_field_errors.join(' ')} role="alert" />}
      {errors.permissions && <Alert type="error" showIcon title={errors.permissions.join(' ')} role="alert" />}
      <Card>
        <Form layout="vertical" component="div">
          <Form.Item label="Название" htmlFor="role-name" required validateStatus={errors.name ? 'error' : ''} help={errors.name?.join(' ')}>
            <Input id="role-name" value={name} disabled={!canSave} onChange={(e) => setName(e.target.value)} />
          </Form.Item>
          <Form.Item label="Описание" htmlFor="role-description">
            <Input.TextArea id="role-description" value={description} disabled={!canSave} autoSize={{ minRows: 1, maxRows: 4 }} onChange={(e) => setDescription(e.target.value)} />
          </Form.Item>
        </Form>
      </Card>
      <Table<MatrixRow>
        rowKey="key"
        data-testid="permission-matrix"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={columns}
        rowClassName={(r) => (r.resource ? '' : 'matrix-section')}
        scroll={{ x: 'max-content' }}
      />
      <Space wrap>
        {canSave && <Button type="primary" loading={saving} data-testid="role-save" onClick={() => void save()}>Сохранить</Button>}
        <Button onClick={() => navigate(ADMIN_ROLES_PATH)}>Отмена</Button>
        {!isNew && canDelete && (
          <Button danger onClick={() => modal.confirm({
            title: 'Удалить роль?', content: 'Пользователи с этой ролью сразу потеряют её права.', okText: 'Удалить', okButtonProps: { danger: true }, cancelText: 'Отмена',
            onOk: async () => {
              try {
                await deleteRole(role.data!.id);
                toast.success('Роль удалена');
                await qc.invalidateQueries({ queryKey: ['roles-all'] });
                navigate(ADMIN_ROLES_PATH);
              } catch (e) {
                toast.error('Не удалось удалить', errorMessage(e));
              }
            },
          })}>Удалить роль</Button>
        )}
      </Space>
    </Space>
  );
}
