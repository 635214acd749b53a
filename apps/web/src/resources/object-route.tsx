/**
 * The object of a card / view route whose section names objects by a key (object-key.ts): a key
 * value (`/dicts/atu/view/25703000/`) is resolved to the row's id through the registry's list
 * with the key's exact filter (`GET …/?code=25703000`); an id path (`id-17`) of an object that
 * has a key moves to the key path. Sections without a key pass the segment through as the id.
 */
import type { ResourceDef } from '@tko/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useResourceItem } from '../api/hooks';
import { queryKeys } from '../api/query-keys';
import { listResource, type Entity } from '../api/resource-client';
import { ErrorState, LoadingState, NotFoundPage } from '../app/states';
import type { ResourcePaths } from '../crud/paths';
import { parseObjectSegment, type ObjectKey } from './object-key';

export interface ObjectRouteProps {
  def: ResourceDef;
  objectKey: ObjectKey | undefined;
  /** The route's `:objectId` segment. */
  segment: string;
  paths: ResourcePaths;
  page: 'card' | 'view';
  anonymous: boolean;
  /** Renders the page for the object's id (`new` for a new card). */
  children: (objectId: string) => ReactNode;
}

export function ObjectRoute({ def, objectKey, segment, paths, page, anonymous, children }: ObjectRouteProps) {
  const parsed = parseObjectSegment(objectKey, segment);
  if (parsed.kind === 'invalid') return <NotFoundPage />;
  if (parsed.kind === 'new') return page === 'card' ? children('new') : <NotFoundPage />;
  if (parsed.kind === 'key') return <ByKey def={def} objectKey={objectKey!} value={parsed.value} anonymous={anonymous}>{children}</ByKey>;
  if (!objectKey) return children(parsed.id);
  return <ById def={def} id={parsed.id} paths={paths} page={page} anonymous={anonymous}>{children}</ById>;
}

/** The list row whose key field equals `value` exactly (the list's filter does the search), or null. */
export function useObjectByKey(def: ResourceDef, objectKey: ObjectKey, value: string, anonymous: boolean, enabled = true) {
  return useQuery({
    queryKey: [...queryKeys.resource(def.name), 'key', objectKey.field, value, anonymous],
    queryFn: async ({ signal }): Promise<Entity | null> => {
      const page = await listResource(def, { [objectKey.filter]: value, page_size: '2' }, { anonymous, signal });
      return page.results.find((r) => r[objectKey.field] === value) ?? null;
    },
    enabled,
  });
}

function ByKey({ def, objectKey, value, anonymous, children }: { def: ResourceDef; objectKey: ObjectKey; value: string; anonymous: boolean; children: (id: string) => ReactNode }) {
  const found = useObjectByKey(def, objectKey, value, anonymous);
  if (found.isPending) return <LoadingState />;
  if (found.isError) return <ErrorState error={found.error} onRetry={() => void found.refetch()} />;
  if (found.data === null) return <NotFoundPage />;
  return children(String(found.data.id));
}

/** A link to the object a key names (`«Ангарский городской округ»` → its view page), or the bare key while unknown. */
export function KeyedObjectLink({ def, objectKey, value, paths, anonymous }: { def: ResourceDef; objectKey: ObjectKey; value: string; paths: ResourcePaths; anonymous: boolean }) {
  const found = useObjectByKey(def, objectKey, value, anonymous);
  const row = found.data;
  if (!row) return <>{value}</>;
  return <Link to={paths.view(row)} data-testid="segment-object">{`${String(row[def.titleField] ?? value)} (${value})`}</Link>;
}

/** An id path: shown as is, but an object that has a key moves to its key path (same page, query and hash kept). */
function ById({ def, id, paths, page, anonymous, children }: { def: ResourceDef; id: string; paths: ResourcePaths; page: 'card' | 'view'; anonymous: boolean; children: (id: string) => ReactNode }) {
  const item = useResourceItem(def, id, anonymous);
  const location = useLocation();
  const row = item.data;
  if (row) {
    const target = (page === 'card' ? paths.card : paths.view)(row);
    if (target !== location.pathname) {
      return <Navigate to={{ pathname: target, search: location.search, hash: location.hash }} replace />;
    }
  }
  return children(id);
}
