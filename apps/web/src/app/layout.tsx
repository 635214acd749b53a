/** The page frame: header with navigation, the user's name and sign-out; the page below. */
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Space, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useMeQuery } from '../api/hooks';
import { activeNavKey, NAVIGATION, navItemVisible } from './navigation';
import { authPath } from './session/redirect';
import { session } from './session/session';
import { useSession } from './session/use-session';
import { LoadingState } from './states';

function displayName(me: { first_name: string; last_name: string; email: string } | null): string {
  if (!me) return '';
  const name = `${me.first_name} ${me.last_name}`.trim();
  return name || me.email;
}

export function AppLayout() {
  const { signedIn, me } = useSession();
  const location = useLocation();
  useMeQuery(signedIn); // refreshes the stored profile once per load

  // One section today: its name heads the header, its items form the menu.
  const items: MenuProps['items'] = NAVIGATION.flatMap((section) =>
    section.items
      .filter((it) => navItemVisible(it, signedIn, me?.permissions))
      .map((it) => ({ key: it.key, label: <Link to={it.path}>{it.label}</Link>, title: `${section.label}: ${it.label}` })),
  );
  const selected = activeNavKey(location.pathname);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24, paddingInline: 24 }}>
        <Link to="/" style={{ color: '#fff', fontWeight: 600, whiteSpace: 'nowrap' }}>
          Реестр ТКО
        </Link>
        <Typography.Text style={{ color: 'rgba(255,255,255,0.65)', whiteSpace: 'nowrap' }}>{NAVIGATION[0]?.label}</Typography.Text>
        <Menu
          theme="dark"
          mode="horizontal"
          items={items}
          selectedKeys={selected ? [selected] : []}
          style={{ flex: 1, minWidth: 0 }}
          aria-label="Главное меню"
        />
        {signedIn ? (
          <Space>
            <Typography.Text style={{ color: '#fff' }} data-testid="user-name">
              <UserOutlined /> {displayName(me)}
            </Typography.Text>
            <Button icon={<LogoutOutlined />} onClick={() => session.signOut('user')}>
              Выйти
            </Button>
          </Space>
        ) : (
          <Link to={authPath(`${location.pathname}${location.search}${location.hash}`)}>
            <Button type="primary">Войти</Button>
          </Link>
        )}
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
