/**
 * Lists that follow their registry live: while mounted, a signed-in user allowed to view
 * registry `name` receives its changes (`/topic/registry.{name}`: create / update / delete with
 * the id, docs/REALTIME.md) and the registry's lists are refetched — at most once a second, so a
 * burst (an import writing thousands of rows) costs one refetch.
 */
import { useQueryClient } from '@tanstack/react-query';
import { DESTINATIONS } from '@tko/contract';
import { useEffect, useRef } from 'react';
import { useCan } from '../app/permissions/use-permissions';
import { useLiveSubscription } from './use-live';

export const REGISTRY_REFRESH_MS = 1000;

export function useRegistryLive(name: string, enabled: boolean): void {
  const qc = useQueryClient();
  // The broker refuses (and closes the connection on) a subscription without view permission.
  const allowed = useCan(`${name}:view`) && enabled;
  const timer = useRef<number | null>(null);
  useEffect(() => () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
  }, []);
  useLiveSubscription(allowed ? DESTINATIONS.registry(name) : null, () => {
    if (timer.current !== null) return;
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void qc.invalidateQueries({ queryKey: ['resource', name, 'list'] });
    }, REGISTRY_REFRESH_MS);
  });
}
