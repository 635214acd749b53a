/**
 * The route table (spec 01 §2): history-style paths with trailing slashes. Redirects `/` and
 * `/map/`; the sign-in screens stand alone; the rest share the header layout. The map is a
 * lazy chunk (maplibre is large).
 */
import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { WasteAreaListPage } from '../resources/waste-area-pages';
import { RegistrationPage, RestorePage } from './auth/info-pages';
import { SignInPage } from './auth/sign-in-page';
import { AppLayout } from './layout';
import { HOME_PATH } from './session/redirect';
import { RequireAuth } from './session/require-auth';
import { SessionEffects } from './session/session-effects';
import { NotFoundPage } from './states';
import { RouteError } from './route-error';

const MapPage = lazy(() => import('../map/map-page'));
const WasteAreaCardPage = lazy(() => import('../resources/waste-area-card-pages').then((m) => ({ default: m.WasteAreaCardPage })));
const WasteAreaViewPage = lazy(() => import('../resources/waste-area-card-pages').then((m) => ({ default: m.WasteAreaViewPage })));

function Root() {
  return (
    <>
      <SessionEffects />
      <Outlet />
    </>
  );
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
          { path: '/terr-schema/containers/', element: <Navigate to={HOME_PATH} replace /> },
          { path: '/terr-schema/containers/:type/', element: <WasteAreaListPage /> },
          {
            path: '/terr-schema/containers/:type/update/:objectId/',
            element: (
              <RequireAuth fresh>
                <WasteAreaCardPage />
              </RequireAuth>
            ),
          },
          {
            path: '/terr-schema/containers/:type/view/:objectId/',
            element: (
              <RequireAuth>
                <WasteAreaViewPage />
              </RequireAuth>
            ),
          },
          { path: '/terr-schema/map/', element: <MapPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
