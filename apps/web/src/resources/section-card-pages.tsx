/**
 * The card (`…/update/{objectId}/`, `new` creates) and view (`…/view/{objectId}/`) pages of a
 * section tab — a lazy chunk: the form code loads on demand. The card needs sign-in (the router
 * wraps it) and `view` on the registry; the view page opens for anonymous visitors where the
 * registry has a public card, else sends them to sign in.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { callRoute } from '../api/client';
import { usePermissions } from '../app/permissions/use-permissions';
import { authPath } from '../app/session/redirect';
import { RequireAuth } from '../app/session/require-auth';
import { useSession } from '../app/session/use-session';
import { ForbiddenState, NotFoundPage } from '../app/states';
import { ResourceCard } from '../crud/resource-card';
import { ResourceView } from '../crud/resource-view';
import type { ResourcePaths } from '../crud/paths';
import { isPublicTab } from './section-access';
import { findTab, tabPaths, webOf } from './section-paths';
import { ObjectRoute } from './object-route';
import { NotYet } from './section-pages';
import { isTabbed, type Section, type SectionTab } from './sections';
import type { WebResource } from './web-resource';

interface Resolved {
  tab: SectionTab;
  web: WebResource;
  paths: ResourcePaths;
  objectId: string;
}

/**
 * Resolves the tab and object of the route (an object named by the section's key — the ОКТМО code —
 * becomes its id, object-route.tsx); renders not-found / not-yet states itself.
 */
function WithTab({ section, page, anonymous = false, render }: { section: Section; page: 'card' | 'view'; anonymous?: boolean; render: (r: Resolved) => ReactNode }) {
  const { tab: slug, objectId } = useParams();
  const tab = findTab(section, isTabbed(section) ? slug : '');
  if (!tab || !objectId) return <NotFoundPage />;
  const web = webOf(tab);
  if (!web) return <NotYet />;
  const paths = tabPaths(section, tab);
  return (
    <ObjectRoute def={web.def} objectKey={section.objectKey} segment={objectId} paths={paths} page={page} anonymous={anonymous}>
      {(id) => render({ tab, web, paths, objectId: id })}
    </ObjectRoute>
  );
}

/** Needs `view` on the tab's registry (a missing tab is left to WithTab's not-found page). */
function CanView({ tab, children }: { tab: SectionTab | undefined; children: ReactNode }) {
  const perms = usePermissions();
  if (tab && !perms?.[tab.resource]?.view) return <ForbiddenState />;
  return children;
}

function useRouteTab(section: Section): SectionTab | undefined {
  const { tab: slug } = useParams();
  return findTab(section, isTabbed(section) ? slug : '');
}

/**
 * The card of a tab: a new object starts with the tab's fixed `defaults` and, for a tab with
 * `initRoute` (the predicted tariff's init/), with the values the server fills in (the card
 * re-mounts when they arrive; a failed call leaves the form empty to be typed).
 */
function TabCard({ tab, web, paths, objectId }: Resolved) {
  const isNew = objectId === 'new';
  const init = useQuery({
    queryKey: ['card-init', web.def.name],
    queryFn: async () => (await callRoute(tab.initRoute!, {})).values as Record<string, unknown>,
    enabled: isNew && Boolean(tab.initRoute),
    staleTime: 0,
    retry: false,
  });
  const defaults = useMemo(() => (isNew && init.data ? { ...tab.defaults, ...init.data } : tab.defaults), [isNew, init.data, tab.defaults]);
  return <ResourceCard key={objectId} web={web} objectId={objectId} paths={paths} defaults={defaults} />;
}

export function SectionCardPage({ section }: { section: Section }) {
  const tab = useRouteTab(section);
  return (
    <CanView tab={tab}>
      <WithTab
        section={section}
        page="card"
        render={({ tab: t, web, paths, objectId }) => <TabCard tab={t} web={web} paths={paths} objectId={objectId} />}
      />
    </CanView>
  );
}

export function SectionViewPage({ section }: { section: Section }) {
  const { signedIn } = useSession();
  const location = useLocation();
  const tab = useRouteTab(section);
  if (!signedIn) {
    if (tab && !isPublicTab(tab)) return <Navigate to={authPath(`${location.pathname}${location.hash}`)} replace />;
    return (
      <WithTab
        section={section}
        page="view"
        anonymous
        render={({ web, paths, objectId }) => <ResourceView key={`public-${objectId}`} web={web} objectId={objectId} paths={paths} anonymous />}
      />
    );
  }
  return (
    <RequireAuth>
      <CanView tab={tab}>
        <WithTab
          section={section}
          page="view"
          render={({ web, paths, objectId }) => <ResourceView key={objectId} web={web} objectId={objectId} paths={paths} anonymous={false} />}
        />
      </CanView>
    </RequireAuth>
  );
}
