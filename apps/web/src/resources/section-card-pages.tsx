/**
 * The card (`…/update/{objectId}/`, `new` creates) and view (`…/view/{objectId}/`) pages of a
 * section tab — a lazy chunk: the form code loads on demand. The card needs sign-in (the router
 * wraps it) and `view` on the registry; the view page opens for anonymous visitors where the
 * registry has a public card, else sends them to sign in.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
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
import { NotYet } from './section-pages';
import { isTabbed, type Section, type SectionTab } from './sections';
import type { WebResource } from './web-resource';

interface Resolved {
  tab: SectionTab;
  web: WebResource;
  paths: ResourcePaths;
  objectId: string;
}

/** Resolves the tab and object of the route; renders not-found / not-yet states itself. */
function WithTab({ section, render }: { section: Section; render: (r: Resolved) => ReactNode }) {
  const { tab: slug, objectId } = useParams();
  const tab = findTab(section, isTabbed(section) ? slug : '');
  if (!tab || !objectId) return <NotFoundPage />;
  const web = webOf(tab);
  if (!web) return <NotYet />;
  return render({ tab, web, paths: tabPaths(section, tab), objectId });
}

function CanView({ tab, children }: { tab: SectionTab; children: ReactNode }) {
  const perms = usePermissions();
  if (!perms?.[tab.resource]?.view) return <ForbiddenState />;
  return children;
}

export function SectionCardPage({ section }: { section: Section }) {
  return (
    <WithTab
      section={section}
      render={({ tab, web, paths, objectId }) => (
        <CanView tab={tab}>
          <ResourceCard key={objectId} web={web} objectId={objectId} paths={paths} defaults={tab.defaults} />
        </CanView>
      )}
    />
  );
}

export function SectionViewPage({ section }: { section: Section }) {
  const { signedIn } = useSession();
  const location = useLocation();
  return (
    <WithTab
      section={section}
      render={({ tab, web, paths, objectId }) => {
        if (!signedIn) {
          if (!isPublicTab(tab)) return <Navigate to={authPath(`${location.pathname}${location.hash}`)} replace />;
          return <ResourceView key={`public-${objectId}`} web={web} objectId={objectId} paths={paths} anonymous />;
        }
        return (
          <RequireAuth>
            <CanView tab={tab}>
              <ResourceView key={objectId} web={web} objectId={objectId} paths={paths} anonymous={false} />
            </CanView>
          </RequireAuth>
        );
      }}
    />
  );
}
