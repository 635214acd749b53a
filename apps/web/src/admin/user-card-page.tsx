/**
 * A user's card (spec 03 §3 "Users and roles"; issue 14 §1): `…/update/new/` creates (the user
 * gets a registration e-mail), `…/update/{id}/` edits — e-mail, names, roles, municipal
 * formations (staff), organisations (declarants), report processing, active. Actions: resend the
 * registration or password-change e-mail, approve a declarant's organisation request, deactivate
 * (history kept, sessions end). Server 400s show on their fields.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_REPORT_PROCESSING_LABELS, USER_REPORT_PROCESSING_TYPES, type User, type UserWrite } from '@tko/contract';
import { Alert, Button, Card, Checkbox, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../api/errors';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { useAppModal } from '../app/modals';
import { ErrorState, ForbiddenState, LoadingState } from '../app/states';
import { toast } from '../app/toasts';
import {
  ADMIN_DECLARANTS_PATH, ADMIN_USERS_PATH, approveOrganization, createUser, deactivateUser, fetchAllRoles, fetchUser, resendChange, resendRegistration, updateUser,
} from './admin-api';
import { RefMultiSelect, type Named } from './ref-select';

interface Values {
  email: string;
  last_name: string;
  first_name: string;
  middle_name: string;
  is_declarant: boolean;
  is_active: boolean;
  roles: number[];
  municipal_formations: Named[];
  organizations: Named[];
  user_report_processing_type: string | null;
}

const blank = (declarant: boolean): Values => ({
  email: '', last_name: '', first_name: '', middle_name: '', is_declarant: declarant, is_active: true, roles: [], municipal_formations: [], organizations: [], user_report_processing_type: null,
});
const valuesOf = (u: User): Values => ({
  email: u.email, last_name: u.last_name, first_name: u.first_name, middle_name: u.middle_name, is_declarant: u.is_declarant, is_active: u.is_active,
  roles: u.roles.map((r) => r.id), municipal_formations: u.municipal_formations, organizations: u.organizations, user_report_processing_type: u.user_report_processing_type,
});

export function UserCardPage({ declarants = false }: { declarants?: boolean }) {
  const { objectId = 'new' } = useParams();
  const isNew = objectId === 'new';
  const allowed = useCan(declarants ? 'users-roles:view' : 'users:view');
  const canSave = useCan(isNew ? 'users:add' : 'users:change');
  const canDelete = useCan('users:delete');
  const base = declarants ? ADMIN_DECLARANTS_PATH : ADMIN_USERS_PATH;
  const navigate = useNavigate();
  const qc = useQueryClient();
  const modal = useAppModal();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const user = useQuery({ queryKey: ['user', objectId], queryFn: ({ signal }) => fetchUser(objectId, signal), enabled: allowed && !isNew });
  const roles = useQuery({ queryKey: ['roles-all'], queryFn: ({ signal }) => fetchAllRoles(signal), enabled: allowed });
  useEffect(() => {
    form.setFieldsValue(user.data ? valuesOf(user.data) : blank(declarants));
  }, [user.data, form, declarants]);

  if (!allowed) return <ForbiddenState />;
  if (!isNew && user.isPending) return <LoadingState />;
  if (!isNew && user.isError) return <ErrorState error={user.error} onRetry={() => void user.refetch()} />;
  const current = user.data;

  const run = async (what: () => Promise<unknown>, done: string) => {
    try {
      await what();
      toast.success(done);
      await qc.invalidateQueries({ queryKey: ['user'] });
      await qc.invalidateQueries({ queryKey: ['users'] });
    } catch (e) {
      toast.error('Не выполнено', errorMessage(e));
    }
  };

  const onFinish = async (v: Values) => {
    setFailure(null);
    setSaving(true);
    const body: UserWrite = {
      email: v.email.trim(), last_name: v.last_name.trim(), first_name: v.first_name.trim(), middle_name: (v.middle_name ?? '').trim(), is_declarant: v.is_declarant,
      // Only the rendered items are in `v` (staff: no organisations; declarants: no formations).
      roles: v.roles ?? [], municipal_formations: v.is_declarant ? [] : (v.municipal_formations ?? []).map((x) => x.id),
      organizations: v.is_declarant ? (v.organizations ?? []).map((x) => x.id) : [],
      user_report_processing_type: (v.is_declarant ? v.user_report_processing_type ?? null : null) as UserWrite['user_report_processing_type'],
      ...(isNew ? {} : { is_active: v.is_active }),
    };
    try {
      const saved = isNew ? await createUser(body) : await updateUser(current!.id, body);
      toast.success(isNew ? 'Пользователь создан' : 'Сохранено', isNew ? `Письмо для установки пароля отправлено на ${saved.email}.` : undefined);
      await qc.invalidateQueries({ queryKey: ['users'] });
      qc.setQueryData(['user', String(saved.id)], saved);
      if (isNew) navigate(`${base}update/${saved.id}/`, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        const errs = e.fieldErrors;
        const known = Object.keys(blank(false));
        form.setFields(Object.entries(errs).filter(([k]) => known.includes(k)).map(([k, m]) => ({ name: k as keyof Values, errors: m })));
        const other = Object.entries(errs).filter(([k]) => !known.includes(k));
        if (other.length) setFailure(other.map(([, m]) => m.join(' ')).join(' '));
      } else setFailure(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const fullName = current ? [current.last_name, current.first_name, current.middle_name].filter(Boolean).join(' ') : '';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%', maxWidth: 820 }}>
      <div>
        <Link to={base}>← {declarants ? 'Декларанты' : 'Пользователи'}</Link>
        <PageTitle>{isNew ? (declarants ? 'Новый декларант' : 'Новый пользователь') : fullName || current?.email}</PageTitle>
        {current && (
          <Space wrap>
            {!current.is_active && <Tag color="red">Отключён</Tag>}
            <Tag>{current.email_verified ? 'Почта подтверждена' : 'Почта не подтверждена'}</Tag>
          </Space>
        )}
      </div>
      {current?.organization_request && (
        <Alert
          type="warning"
          showIcon
          title={`Заявка на привязку к организации: ИНН ${current.organization_request.inn}${current.organization_request.name ? `, «${current.organization_request.name}»` : ''}`}
          description={current.organization_request.legal_entity
            ? `В реестре: ${current.organization_request.legal_entity.name}.`
            : 'Организации с таким ИНН нет в реестре юридических лиц: добавьте её, затем подтвердите.'}
          action={canSave && (
            <Button data-testid="approve-organization" disabled={!current.organization_request.legal_entity}
              onClick={() => void run(() => approveOrganization(current.id), 'Организация привязана, назначена роль «Декларант»')}>
              Подтвердить
            </Button>
          )}
        />
      )}
      {failure && <Alert type="error" showIcon title={failure} role="alert" />}
      <Card>
        <Form<Values> form={form} name="user" layout="vertical" onFinish={(v) => void onFinish(v)} disabled={!canSave} initialValues={blank(declarants)}>
          <Form.Item name="email" label="Электронная почта" rules={[{ required: true, message: 'Обязательное поле.' }, { type: 'email', message: 'Введите правильный адрес электронной почты.' }]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Space wrap style={{ width: '100%' }} styles={{ item: { minWidth: 240, flex: 1 } }}>
            <Form.Item name="last_name" label="Фамилия" rules={[{ required: true, whitespace: true, message: 'Обязательное поле.' }]}><Input /></Form.Item>
            <Form.Item name="first_name" label="Имя" rules={[{ required: true, whitespace: true, message: 'Обязательное поле.' }]}><Input /></Form.Item>
            <Form.Item name="middle_name" label="Отчество"><Input /></Form.Item>
          </Space>
          <Form.Item name="roles" label="Роли">
            <Select mode="multiple" allowClear loading={roles.isPending} options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
          <Form.Item name="is_declarant" valuePropName="checked"><Checkbox>Декларант (действует от имени организаций)</Checkbox></Form.Item>
          <Form.Item noStyle shouldUpdate={(a, b) => a.is_declarant !== b.is_declarant}>
            {({ getFieldValue }) => getFieldValue('is_declarant') ? (
              <>
                <Form.Item name="organizations" label="Организации" help="Декларант видит и ведёт объекты только этих организаций.">
                  <RefMultiSelect resource="juridical-person" value={[]} onChange={() => undefined} />
                </Form.Item>
                <Form.Item name="user_report_processing_type" label="Обработка отчётов">
                  <Select allowClear options={USER_REPORT_PROCESSING_TYPES.map((v) => ({ value: v, label: USER_REPORT_PROCESSING_LABELS[v] }))} />
                </Form.Item>
              </>
            ) : (
              <Form.Item name="municipal_formations" label="Муниципальные образования" help="Сотрудник видит объекты только этих муниципальных образований (по ОКТМО); пусто — все.">
                <RefMultiSelect resource="administrative-unit" value={[]} onChange={() => undefined} />
              </Form.Item>
            )}
          </Form.Item>
          {!isNew && <Form.Item name="is_active" valuePropName="checked"><Checkbox>Активен</Checkbox></Form.Item>}
          <Space wrap>
            {canSave && <Button type="primary" htmlType="submit" loading={saving} data-testid="user-save">{isNew ? 'Создать и отправить письмо' : 'Сохранить'}</Button>}
            <Button disabled={false} onClick={() => navigate(base)}>Отмена</Button>
          </Space>
        </Form>
      </Card>
      {current && canSave && current.is_active && (
        <Card title="Письма">
          <Space wrap>
            <Button onClick={() => void run(() => resendRegistration(current.id), `Письмо регистрации отправлено на ${current.email}`)}>Отправить письмо регистрации повторно</Button>
            <Button onClick={() => void run(() => resendChange(current.id), `Ссылка для смены пароля отправлена на ${current.email}`)}>Отправить ссылку для смены пароля</Button>
          </Space>
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>Ссылка в письме действует ограниченное время и только один раз.</Typography.Paragraph>
        </Card>
      )}
      {current && canDelete && current.is_active && (
        <Button danger data-testid="user-deactivate" onClick={() => modal.confirm({
          title: 'Отключить пользователя?',
          content: 'Пользователь больше не сможет войти, все его сеансы завершатся сразу. История его изменений сохранится; включить снова можно в карточке.',
          okText: 'Отключить', okButtonProps: { danger: true }, cancelText: 'Отмена',
          onOk: () => run(() => deactivateUser(current.id), 'Пользователь отключён'),
        })}>
          Отключить пользователя
        </Button>
      )}
    </Space>
  );
}

export function DeclarantCardPage() {
  return <UserCardPage declarants />;
}
