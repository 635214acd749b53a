/**
 * The route table (spec 01 §2, spec 02 §2, spec 03 §2): history-style paths with trailing
 * slashes. Redirects `/` and `/map/`; the sign-in screens stand alone; the rest share the layout.
 * Every registry section (resources/sections.ts) gets its list, card and view routes from one
 * function. The map, the card/view pages and the administration screens (import, system log) are
 * lazy chunks.
 */
import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { SectionListPage } from '../resources/section-pages';
import { isTabbed, SECTIONS, type Section } from '../resources/sections';
import { RegistrationPage, RestorePage } from './auth/info-pages';
import { SignInPage } from './auth/sign-in-page';
import { AppLayout } from './layout';
import { IMPORT_PATH, SYSTEM_LOGS_PATH } from './navigation';
import { HOME_PATH } from './session/redirect';
import { RequireAuth } from './session/require-auth';
import { SessionEffects } from './session/session-effects';
import { NotFoundPage } from './states';
import { RouteError } from './route-error';
import { LiveEffects } from '../live/live-effects';
import { NotificationsLive } from '../notifications/notifications-live';

const MapPage = lazy(() => import('../map/map-page'));
const SectionCardPage = lazy(() => import('../resources/section-card-pages').then((m) => ({ default: m.SectionCardPage })));
const SectionViewPage = lazy(() => import('../resources/section-card-pages').then((m) => ({ default: m.SectionViewPage })));
const ImportPage = lazy(() => import('../import/import-page'));
const SystemLogsPage = lazy(() => import('../history/system-logs-page'));

function Root() {
  return (
    <>
      <SessionEffects />
      <LiveEffects />
      <NotificationsLive />
      <Outlet />
    </>
  );
}

/**
 * A section's routes: `base` (tabbed: → the first readable tab), `base[:tab/]` list, the optional
 * list segment (`/dicts/atu/{oktmo}/`), `…update/:objectId/` card, `…view/:objectId/` view.
 */
export function sectionRoutes(section: Section): RouteObject[] {
  const list = isTabbed(section) ? `${section.base}:tab/` : section.base;
  const listPage = <SectionListPage key={section.key} section={section} />;
  const routes: RouteObject[] = [];
  if (isTabbed(section)) routes.push({ path: section.base, element: listPage });
  routes.push({ path: list, element: listPage });
  if (section.listSegment) routes.push({ path: `${list}:${section.listSegment.name}/`, element: listPage });
  routes.push({
    path: `${list}update/:objectId/`,
    element: (
      <RequireAuth fresh>
        <SectionCardPage key={section.key} section={section} />
      </RequireAuth>
    ),
  });
  routes.push({ path: `${list}view/:objectId/`, element: <SectionViewPage key={section.key} section={section} /> });
  return routes;
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to={HOME_PATH} replace /> },
      { path: '/map/', element: <Navigate to="/terr-schema/map/" replace /> },
      { path: '/auth/', element: <SignInPage /> },
      { path: '/reg/', element: <RegistrationPage /> },
      { path: '/restore/', element: <RestorePage /> },
      {
        element: <AppLayout />,
        children: [
          { path: '/terr-schema/', element: <Navigate to={HOME_PATH} replace /> },
          { path: '/dicts/', element: <Navigate to={SECTIONS.find((s) => s.group === 'dicts')!.base} replace /> },
          ...SECTIONS.flatMap(sectionRoutes),
          { path: '/terr-schema/map/', element: <MapPage /> },
          { path: IMPORT_PATH, element: <RequireAuth fresh><ImportPage /></RequireAuth> },
          { path: SYSTEM_LOGS_PATH, element: <RequireAuth fresh><SystemLogsPage /></RequireAuth> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
