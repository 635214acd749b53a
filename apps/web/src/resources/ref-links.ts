/**
 * Links from a reference to the referenced object's page (the view page shows a waste source's
 * sites and a site's waste sources as links, spec 02 §3 "both cards show the link"). A target
 * shown by a section links by its id; a target that is not a registry links through its
 * resolver (ref-targets.ts: a site of any kind asks the suggestion call for its kind).
 */
import { useQuery } from '@tanstack/react-query';
import { REF_TARGETS } from './ref-targets';
import { viewPathOf } from './section-paths';

/** id → page path of the referenced objects that have a page (others are left out). */
export function useRefHrefs(resource: string | undefined, ids: number[], enabled: boolean): Map<number, string> {
  const resolver = resource ? REF_TARGETS[resource]?.links : undefined;
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
