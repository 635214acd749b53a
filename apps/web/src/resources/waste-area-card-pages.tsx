/** Card and view pages of the container section (a lazy chunk: the form code loads on demand). */
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { resolveWasteAreaType } from '../app/permissions/permissions';
import { usePermissions } from '../app/permissions/use-permissions';
import { ForbiddenState, NotFoundPage } from '../app/states';
import { ResourceCard } from '../crud/resource-card';
import { ResourceView } from '../crud/resource-view';
import { NotYet, pathsOf } from './waste-area-pages';
import { wasteAreaRegistry, type WasteAreaRegistry } from './waste-areas';

/** Checks the kind of a card/view route; renders the page of its registry. */
function WithRegistry({ render }: { render: (r: WasteAreaRegistry, objectId: string) => ReactNode }) {
  const { type, objectId } = useParams();
  const perms = usePermissions();
  const registry = wasteAreaRegistry(type);
  if (!registry || !objectId) return <NotFoundPage />;
  const access = resolveWasteAreaType(perms, type);
  if (access.kind !== 'allowed') return <ForbiddenState />;
  if (!registry.web) return <NotYet />;
  return render(registry, objectId);
}

export function WasteAreaCardPage() {
  return <WithRegistry render={(r, id) => <ResourceCard key={id} web={r.web!} objectId={id} paths={pathsOf(r.type)} />} />;
}

export function WasteAreaViewPage() {
  return <WithRegistry render={(r, id) => <ResourceView key={id} web={r.web!} objectId={id} paths={pathsOf(r.type)} />} />;
}
