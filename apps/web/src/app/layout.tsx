/**
 * The page frame: a header with the product name, the notification bell, the user's name and
 * sign-out; a side menu with the territorial scheme, the dictionaries and the administration (each
 * item by permission); the page beside it. Landmarks: header, nav (the menu), main (the page, `#main`);
 * the first tab stop is the skip link «Перейти к содержимому» (issue 15 §3, WCAG 2.4.1).
 */
import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, Space, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useMeQuery } from '../api/hooks';
import { NotificationBell } from '../notifications/notification-center';
import { activeNavKey, NAVIGATION, navItemVisible } from './navigation';
import { authPath } from './session/redirect';
import { logOut } from './session/session';
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

  const items: MenuProps['items'] = NAVIGATION.map((section) => ({
    type: 'group' as const,
    key: section.key,
    label: section.label,
    children: section.items
      .filter((it) => navItemVisible(it, signedIn, me?.permissions))
      .map((it) => ({ key: it.key, label: <Link to={it.path}>{it.label}</Link>, title: `${section.label}: ${it.label}` })),
  })).filter((g) => g.children.length > 0);
  const selected = activeNavKey(location.pathname);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a
        href="#main"
        className="skip-link"
        onClick={(e) => {
          // The hash carries the list state: move focus without touching the URL.
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Перейти к содержимому
      </a>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24, paddingInline: 24 }}>
        <Link to="/" style={{ color: '#fff', fontWeight: 600, whiteSpace: 'nowrap' }}>
          Реестр ТКО
        </Link>
        <span style={{ flex: 1 }} />
        {signedIn ? (
          <Space>
            <NotificationBell />
            <Typography.Text style={{ color: '#fff' }} data-testid="user-name">
              <UserOutlined /> {displayName(me)}
            </Typography.Text>
            <Button icon={<LogoutOutlined />} onClick={logOut}>
              Выйти
            </Button>
          </Space>
        ) : (
          <Link to={authPath(`${location.pathname}${location.search}${location.hash}`)}>
            <Button type="primary">Войти</Button>
          </Link>
        )}
      </Layout.Header>
      <Layout hasSider>
        <Layout.Sider width={280} theme="light" breakpoint="lg" collapsedWidth={0} style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
          <nav aria-label="Главное меню">
            <Menu mode="inline" items={items} selectedKeys={selected ? [selected] : []} style={{ borderInlineEnd: 0 }} aria-label="Главное меню" />
          </nav>
        </Layout.Sider>
        <Layout.Content id="main" tabIndex={-1} style={{ padding: 24, minWidth: 0, outline: 'none' }}>
          <Suspense fallback={<LoadingState />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
