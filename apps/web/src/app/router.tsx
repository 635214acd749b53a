/**
 * The route table (spec 01 §2, spec 02 §2, spec 03 §2): history-style paths with trailing
 * slashes. Redirects `/` and `/map/`; the sign-in screens stand alone; the rest share the layout.
 * Every registry section (resources/sections.ts) gets its list, card and view routes from one
 * function. Every page — the layout, the sign-in screens, lists, cards, the map, the
 * administration screens — is a lazy chunk (`lazyPage`, issue 15 §2), so a route loads only
 * its own code (the sign-in page no table kit, only the map page maplibre).
 */
import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { PUBLIC_APPEAL_FORM_WEB_PATH, PUBLIC_APPEAL_WEB_PATH, REGION_WEB_PATH } from '@tko/contract';
import { isTabbed, SECTIONS, type Section } from '../resources/sections';
import { lazyPage } from './lazy-page';
import { ADMIN_DECLARANTS_PATH, ADMIN_ROLES_PATH, ADMIN_USERS_PATH, MAP_PATH, REPORT_TEMPLATES_PATH, ROUTES_MAP_PATH, SETTINGS_PATH, TRACKING_PATH } from './navigation';
import { BALANCE_FILES_PATH, BALANCE_MODEL_PATH, DASHBOARD_PATH, IMPORT_PATH, SYSTEM_LOGS_PATH } from './navigation';
import { HOME_PATH } from './session/redirect';
import { RequireAuth } from './session/require-auth';
import { SessionEffects } from './session/session-effects';
import { RouteError } from './route-error';
import { LiveEffects } from '../live/live-effects';
import { NotificationsLive } from '../notifications/notifications-live';
import { prefetchMapData } from '../map/map-data';

// One line per page: `lazyPage(() => import('…'), 'ExportName')` (apps/web/README.md «Adding a page»).
const AppLayout = lazyPage(() => import('./layout'), 'AppLayout');
const SignInPage = lazyPage(() => import('./auth/sign-in-page'), 'SignInPage');
const RegistrationPage = lazyPage(() => import('./auth/info-pages'), 'RegistrationPage');
const RestorePage = lazyPage(() => import('./auth/info-pages'), 'RestorePage');
const PublicAppealPage = lazyPage(() => import('../appeals/public-appeal-page'), 'PublicAppealPage');
const PublicAppealFormPage = lazyPage(() => import('../appeals/public-appeal-form-page'), 'PublicAppealFormPage');
const SectionListPage = lazyPage(() => import('../resources/section-pages'), 'SectionListPage');
const MapPage = lazyPage(() => import('../map/map-page'), 'default', prefetchMapData);
const RoutesMapPage = lazyPage(() => import('../map/routes-map-page'), 'default');
const SectionCardPage = lazyPage(() => import('../resources/section-card-pages'), 'SectionCardPage');
const SectionViewPage = lazyPage(() => import('../resources/section-card-pages'), 'SectionViewPage');
const ImportPage = lazyPage(() => import('../import/import-page'), 'default');
const SystemLogsPage = lazyPage(() => import('../history/system-logs-page'), 'default');
const DashboardPage = lazyPage(() => import('../dashboard/dashboard-page'), 'DashboardPage');
const BalanceFilesPage = lazyPage(() => import('../analytics/balance-files-page'), 'BalanceFilesPage');
const BalanceModelPage = lazyPage(() => import('../analytics/balance-model-page'), 'BalanceModelPage');
const UsersPage = lazyPage(() => import('../admin/users-page'), 'UsersPage');
const DeclarantsPage = lazyPage(() => import('../admin/users-page'), 'DeclarantsPage');
const UserCardPage = lazyPage(() => import('../admin/user-card-page'), 'UserCardPage');
const DeclarantCardPage = lazyPage(() => import('../admin/user-card-page'), 'DeclarantCardPage');
const RolesPage = lazyPage(() => import('../admin/roles-page'), 'RolesPage');
const RoleCardPage = lazyPage(() => import('../admin/role-card-page'), 'RoleCardPage');
const SettingsPage = lazyPage(() => import('../settings/settings-page'), 'SettingsPage');
const RegionPage = lazyPage(() => import('../admin/region-page'), 'RegionPage');
const TrackingPage = lazyPage(() => import('../tracking/tracking-page'), 'TrackingPage');
const ReportEditPage = lazyPage(() => import('../reports/report-edit-page'), 'ReportEditPage');
const ReportTemplatesPage = lazyPage(() => import('../reports/report-templates-page'), 'ReportTemplatesPage');
const DeclarantOrganizationPage = lazyPage(() => import('../reports/declarant-organization-page'), 'DeclarantOrganizationPage');
const NotFoundPage = lazyPage(() => import('./states'), 'NotFoundPage');

/** While a page's chunk loads: nothing visible (the chunks are small; no layout shift). */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}

function Root() {
  return (
    <>
      <SessionEffects />
      <LiveEffects />
      <NotificationsLive />
      <Lazy>
        <Outlet />
      </Lazy>
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
      { path: '/map/', element: <Navigate to={MAP_PATH} replace /> },
      // The citizen's appeal pages (issue 25 §2): signed-out, in the public frame.
      { path: PUBLIC_APPEAL_WEB_PATH, element: <PublicAppealPage /> },
      { path: PUBLIC_APPEAL_FORM_WEB_PATH, element: <PublicAppealFormPage /> },
      { path: '/auth/', element: <SignInPage /> },
      { path: '/reg/', element: <RegistrationPage /> },
      { path: '/restore/', element: <RestorePage /> },
      {
        element: <AppLayout />,
        children: [
          { path: '/terr-schema/', element: <Navigate to={HOME_PATH} replace /> },
          { path: '/dicts/', element: <Navigate to={SECTIONS.find((s) => s.group === 'dicts')!.base} replace /> },
          ...SECTIONS.flatMap(sectionRoutes),
          { path: MAP_PATH, element: <MapPage /> },
          { path: ROUTES_MAP_PATH, element: <RequireAuth fresh><RoutesMapPage /></RequireAuth> },
          { path: IMPORT_PATH, element: <RequireAuth fresh><ImportPage /></RequireAuth> },
          { path: SYSTEM_LOGS_PATH, element: <RequireAuth fresh><SystemLogsPage /></RequireAuth> },
          { path: DASHBOARD_PATH, element: <RequireAuth fresh><DashboardPage /></RequireAuth> },
          { path: BALANCE_FILES_PATH, element: <RequireAuth fresh><BalanceFilesPage /></RequireAuth> },
          { path: BALANCE_MODEL_PATH, element: <RequireAuth fresh><BalanceModelPage /></RequireAuth> },
          // Administration (issue 14): /admin/users/, /admin/users/declarants/, /admin/roles/ and their cards; /settings/.
          { path: '/admin/', element: <Navigate to={ADMIN_USERS_PATH} replace /> },
          { path: ADMIN_USERS_PATH, element: <RequireAuth fresh><UsersPage /></RequireAuth> },
          { path: `${ADMIN_USERS_PATH}update/:objectId/`, element: <RequireAuth fresh><UserCardPage /></RequireAuth> },
          { path: ADMIN_DECLARANTS_PATH, element: <RequireAuth fresh><DeclarantsPage /></RequireAuth> },
          { path: `${ADMIN_DECLARANTS_PATH}update/:objectId/`, element: <RequireAuth fresh><DeclarantCardPage /></RequireAuth> },
          { path: ADMIN_ROLES_PATH, element: <RequireAuth fresh><RolesPage /></RequireAuth> },
          { path: `${ADMIN_ROLES_PATH}update/:objectId/`, element: <RequireAuth fresh><RoleCardPage /></RequireAuth> },
          { path: SETTINGS_PATH, element: <RequireAuth fresh><SettingsPage /></RequireAuth> },
          { path: REGION_WEB_PATH, element: <RequireAuth fresh><RegionPage /></RequireAuth> },
          { path: TRACKING_PATH, element: <RequireAuth fresh><TrackingPage /></RequireAuth> },
          // Regulatory reports (issue 13): templates, the edit page by kind, a declarant organisation.
          { path: REPORT_TEMPLATES_PATH, element: <RequireAuth fresh><ReportTemplatesPage /></RequireAuth> },
          { path: '/reports-ddf/', element: <Navigate to="/reports-ddf/templates/" replace /> },
          { path: '/reports-ddf/templates/', element: <RequireAuth fresh><ReportTemplatesPage /></RequireAuth> },
          { path: '/reports-ddf/report/:reportType/update/:objectId/', element: <RequireAuth fresh><ReportEditPage /></RequireAuth> },
          { path: '/reports-ddf/declarant-organization/:objectId/', element: <RequireAuth fresh><DeclarantOrganizationPage /></RequireAuth> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
