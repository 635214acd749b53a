/**
 * `/auth/`: sign in with e-mail and password (spec 01 §2, §4). After a session ended by itself
 * it says so («Сеанс истёк — войдите снова»). Field errors and the server's `detail` are shown
 * in Russian; afterwards the user goes to `h` or the container registry.
 */
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { zodResolver } from '@hookform/resolvers/zod';
import { PUBLIC_APPEAL_FORM_WEB_PATH, TokenRequestSchema } from '@tko/contract';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { fetchMe, obtainTokens } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/errors';
import { PublicFrame } from '../public-frame';
import { queryClient } from '../query-client';
import { redirectTarget, signOutNotice } from '../session/redirect';
import { session } from '../session/session';
import { useSession } from '../session/use-session';

type Credentials = z.input<typeof TokenRequestSchema>;

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const target = redirectTarget(params.get('h'));
  const notice = signOutNotice(session.signOutReason());
  const { signedIn, me } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<Credentials>({
    resolver: zodResolver(TokenRequestSchema),
    defaultValues: { email: '', password: '' },
  });

  if (signedIn && me && !formState.isSubmitting) return <Navigate to={target} replace />;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const pair = await obtainTokens(email.trim(), password);
      queryClient.clear();
      session.signIn(pair.access, pair.refresh);
      const profile = await fetchMe();
      session.setProfile(profile);
      navigate(target, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        const errs = e.fieldErrors;
        for (const key of ['email', 'password'] as const) {
          if (errs[key]) setError(key, { type: 'server', message: errs[key].join(' ') });
        }
        const other = Object.entries(errs).filter(([k]) => k !== 'email' && k !== 'password');
        if (other.length) setFailure(other.map(([, m]) => m.join(' ')).join(' '));
      } else {
        if (session.getState().signedIn) session.signOut('unauthorized');
        setFailure(e instanceof ApiError && e.status === 401 ? (e.body?.detail as string | undefined) ?? 'Неверный адрес электронной почты или пароль.' : errorMessage(e));
      }
    }
  });

  return (
    <PublicFrame title="Вход в систему" width={400}>
      <Typography.Paragraph type="secondary">Реестр мест накопления твёрдых коммунальных отходов</Typography.Paragraph>
      {failure && <Alert type="error" title={failure} showIcon style={{ marginBottom: 16 }} role="alert" />}
      {!failure && notice && <Alert type="warning" title={notice} showIcon style={{ marginBottom: 16 }} role="status" />}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Form layout="vertical" component={false}>
          <Controller
            control={control}
            name="email"
            render={({ field, fieldState }) => (
              <Form.Item label="Электронная почта" htmlFor="email" required validateStatus={fieldState.error ? 'error' : ''} help={fieldState.error?.message}>
                <Input {...field} id="email" type="email" autoComplete="username" prefix={<MailOutlined />} autoFocus />
              </Form.Item>
            )}
          />
          <Controller
            control={control}
            name="password"
            render={({ field, fieldState }) => (
              <Form.Item label="Пароль" htmlFor="password" required validateStatus={fieldState.error ? 'error' : ''} help={fieldState.error?.message}>
                <Input.Password {...field} id="password" autoComplete="current-password" prefix={<LockOutlined />} />
              </Form.Item>
            )}
          />
          <Button type="primary" htmlType="submit" block loading={formState.isSubmitting}>
            Войти
          </Button>
        </Form>
      </form>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
        <Link to="/restore/">Забыли пароль?</Link>
        <Link to="/reg/">Регистрация</Link>
      </div>
      <div style={{ marginTop: 12 }}>
        <Link to="/terr-schema/containers/container/">Открытый реестр площадок без входа</Link>
      </div>
      <div style={{ marginTop: 8 }}>
        <Link to={PUBLIC_APPEAL_FORM_WEB_PATH}>Подать обращение без входа</Link>
      </div>
    </PublicFrame>
  );
}
