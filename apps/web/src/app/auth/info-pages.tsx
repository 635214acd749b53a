/**
 * `/reg/` and `/restore/` (spec 01 §2, §7; issue 14 §3).
 * - /reg/: a declarant registers — e-mail, names, the organisation's ИНН (check digit checked
 *   here and on the server) → POST /api/auth/register/; the e-mail carries a link back to
 *   `/reg/?token=…`, where the password is set (PUT /api/auth/password/reset/).
 * - /restore/: the e-mail → POST /api/auth/password/requestreset/ (the same answer for any
 *   address); the link leads to `/restore/?token=…` to set a new password.
 * Field errors of the server show on their fields; a used or expired link says so and offers a
 * new one.
 */
import { PASSWORD_MIN_LENGTH, validateInnOrganisation } from '@tko/contract';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { register, requestPasswordReset, setPassword } from '../../api/password';
import { applyErrors } from '../form-errors';
import { PublicFrame } from '../public-frame';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return <PublicFrame title={title} footer={<Link to="/auth/">Ко входу</Link>}>{children}</PublicFrame>;
}

function SetPasswordForm({ token, again }: { token: string; again: string }) {
  const [form] = Form.useForm<{ password: string; repeat: string }>();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (done) return <Result status="success" title={done} extra={<Link to="/auth/"><Button type="primary">Войти</Button></Link>} />;
  return (
    <>
      <Typography.Paragraph type="secondary">Придумайте пароль не короче {PASSWORD_MIN_LENGTH} символов; слишком распространённые пароли не принимаются.</Typography.Paragraph>
      {failure && <Alert type="error" showIcon role="alert" title={failure} description={<Link to={again}>Получить новую ссылку</Link>} style={{ marginBottom: 16 }} />}
      <Form form={form} name="pw" layout="vertical" onFinish={async (v) => {
        setFailure(null);
        setBusy(true);
        try {
          setDone((await setPassword(token, v.password)).detail);
        } catch (e) {
          setFailure(applyErrors(form, e, ['password']));
        } finally {
          setBusy(false);
        }
      }}>
        <Form.Item name="password" label="Новый пароль" rules={[{ required: true, message: 'Обязательное поле.' }, { min: PASSWORD_MIN_LENGTH, message: `Не менее ${PASSWORD_MIN_LENGTH} символов.` }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="repeat" label="Пароль ещё раз" dependencies={['password']} rules={[{ required: true, message: 'Обязательное поле.' },
          ({ getFieldValue }) => ({ validator: (_, v) => (v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('Пароли не совпадают.'))) })]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>Сохранить пароль</Button>
      </Form>
    </>
  );
}

interface RegValues {
  email: string;
  last_name: string;
  first_name: string;
  middle_name?: string;
  inn: string;
  organization_name?: string;
}

export function RegistrationPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [form] = Form.useForm<RegValues>();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (token) return <Frame title="Завершение регистрации"><SetPasswordForm token={token} again="/restore/" /></Frame>;
  if (sent) return <Frame title="Регистрация"><Result status="success" title="Проверьте почту" subTitle={sent} /></Frame>;
  return (
    <Frame title="Регистрация декларанта">
      <Typography.Paragraph type="secondary">После регистрации администратор подтвердит привязку к вашей организации.</Typography.Paragraph>
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} name="reg" layout="vertical" onFinish={async (v) => {
        setFailure(null);
        setBusy(true);
        try {
          setSent((await register({ ...v, middle_name: v.middle_name ?? '', organization_name: v.organization_name ?? '' })).detail);
        } catch (e) {
          setFailure(applyErrors(form, e, ['email', 'last_name', 'first_name', 'middle_name', 'inn', 'organization_name']));
        } finally {
          setBusy(false);
        }
      }}>
        <Form.Item name="email" label="Электронная почта" rules={[{ required: true, message: 'Обязательное поле.' }, { type: 'email', message: 'Введите правильный адрес электронной почты.' }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="last_name" label="Фамилия" rules={[{ required: true, whitespace: true, message: 'Обязательное поле.' }]}><Input autoComplete="family-name" /></Form.Item>
        <Form.Item name="first_name" label="Имя" rules={[{ required: true, whitespace: true, message: 'Обязательное поле.' }]}><Input autoComplete="given-name" /></Form.Item>
        <Form.Item name="middle_name" label="Отчество"><Input autoComplete="additional-name" /></Form.Item>
        <Form.Item name="inn" label="ИНН организации" rules={[{ required: true, message: 'Обязательное поле.' },
          { validator: (_, v: string | undefined) => { const m = v ? validateInnOrganisation(v.trim()) : null; return m ? Promise.reject(new Error(m)) : Promise.resolve(); } }]}>
          <Input inputMode="numeric" maxLength={10} />
        </Form.Item>
        <Form.Item name="organization_name" label="Наименование организации"><Input autoComplete="organization" /></Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>Зарегистрироваться</Button>
      </Form>
    </Frame>
  );
}

export function RestorePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [form] = Form.useForm<{ email: string }>();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (token) return <Frame title="Новый пароль"><SetPasswordForm token={token} again="/restore/" /></Frame>;
  if (sent) return <Frame title="Восстановление пароля"><Result status="success" title="Проверьте почту" subTitle={sent} /></Frame>;
  return (
    <Frame title="Восстановление пароля">
      <Typography.Paragraph type="secondary">Укажите адрес, с которым вы входите: мы пришлём ссылку для смены пароля.</Typography.Paragraph>
      {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 16 }} />}
      <Form form={form} name="restore" layout="vertical" onFinish={async (v) => {
        setFailure(null);
        setBusy(true);
        try {
          setSent((await requestPasswordReset(v.email.trim())).detail);
        } catch (e) {
          setFailure(applyErrors(form, e, ['email']));
        } finally {
          setBusy(false);
        }
      }}>
        <Form.Item name="email" label="Электронная почта" rules={[{ required: true, message: 'Обязательное поле.' }, { type: 'email', message: 'Введите правильный адрес электронной почты.' }]}>
          <Input type="email" autoComplete="username" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>Отправить ссылку</Button>
      </Form>
    </Frame>
  );
}
