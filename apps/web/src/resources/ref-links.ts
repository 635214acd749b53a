/**
 * Links from a reference to the referenced object's page (the view page shows a waste source's
 * sites and a site's waste sources as links, spec 02 §3 "both cards show the link"). A target
 * shown by a section links by its id; a site of any kind (`waste-area`) first asks the suggestion
 * call for its kind (`?id=1,2` → `{id, type}`), since the reference itself carries only its name.
 */
import { wasteAreaSuggestionRoute } from '@tko/contract';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '../api/client';
import { viewPathOf } from './section-paths';
import { viewPath } from './waste-areas';

type Resolver = (ids: number[], signal?: AbortSignal) => Promise<Map<number, string>>;

const RESOLVERS: Record<string, Resolver> = {
  'waste-area': async (ids, signal) => {
    const page = await callRoute(wasteAreaSuggestionRoute, { query: { id: ids, page_size: 500 } }, { signal });
    return new Map(page.results.map((r) => [r.id, viewPath(r.type, r.id)]));
  },
};

/** id → page path of the referenced objects that have a page (others are left out). */
export function useRefHrefs(resource: string | undefined, ids: number[], enabled: boolean): Map<number, string> {
  const resolver = resource ? RESOLVERS[resource] : undefined;
  const q = useQuery({
    queryKey: ['ref-links', resource, ids],
    queryFn: ({ signal }) => resolver!(ids, signal),
    enabled: enabled && Boolean(resolver) && ids.length > 0,
    staleTime: 5 * 60_000,
  });
  if (!enabled || !resource) return new Map();
  if (resolver) return q.data ?? new Map();
  const out = new Map<number, string>();
  for (const id of ids) {
    const href = viewPathOf(resource, id);
    if (href) out.set(id, href);
  }
  return out;
}
