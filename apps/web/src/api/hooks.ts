/** react-query hooks over the typed calls; lists keep the previous page while the next loads. */
import type { ResourceDef } from '@tko/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { session } from '../app/session/session';
import { fetchAppConfig, fetchMe } from './auth';
import { queryKeys } from './query-keys';
import { fetchRefOptions } from './ref-options';
import { createResource, deleteResource, getResource, listResource, updateResource, type Entity } from './resource-client';

export function useResourceList(def: ResourceDef, params: Record<string, string>, anonymous: boolean) {
  return useQuery({
    queryKey: queryKeys.list(def.name, params, anonymous),
    queryFn: ({ signal }) => listResource(def, params, { anonymous, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useResourceItem(def: ResourceDef, id: string | undefined, anonymous = false) {
  return useQuery({
    queryKey: anonymous ? [...queryKeys.item(def.name, id ?? ''), 'public'] : queryKeys.item(def.name, id ?? ''),
    queryFn: ({ signal }) => getResource(def, id!, signal, anonymous),
    enabled: Boolean(id),
  });
}

/** Create (id undefined) or update (PUT); on success the registry's cached lists are refetched. */
export function useSaveResource(def: ResourceDef, id: string | undefined) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => (id ? updateResource(def, id, body) : createResource(def, body)),
    onSuccess: async (saved: Entity) => {
      qc.setQueryData(queryKeys.item(def.name, saved.id), saved);
      await qc.invalidateQueries({ queryKey: [...queryKeys.resource(def.name), 'list'] });
    },
  });
}

export function useDeleteResource(def: ResourceDef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string | number) => deleteResource(def, id),
    onSuccess: async (_r, id) => {
      qc.removeQueries({ queryKey: queryKeys.item(def.name, id) });
      await qc.invalidateQueries({ queryKey: [...queryKeys.resource(def.name), 'list'] });
    },
  });
}

export function useRefOptions(resource: string, search: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.refOptions(resource, search),
    queryFn: ({ signal }) => fetchRefOptions(resource, search, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** The profile from the server; on success it replaces the stored one (spec 01 §6). */
export function useMeQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: async () => {
      const me = await fetchMe();
      session.setProfile(me);
      return me;
    },
    enabled,
    staleTime: 60_000,
  });
}

export function useAppConfig() {
  return useQuery({ queryKey: queryKeys.config, queryFn: fetchAppConfig, staleTime: Infinity, retry: 1 });
}
