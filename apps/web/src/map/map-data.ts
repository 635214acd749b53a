/**
 * The map page's first requests, startable before its chunk has loaded (issue 15: map first features
 * ≤ 1.5 s cold). `prefetchMapData()` puts GET /api/config/ and GET /api/public/v1/system-settings/ into
 * the react-query cache under the keys map-page.tsx reads (`queryKeys.config`, `MAP_SETTINGS_KEY`), so
 * they run while maplibre (~270 KB compressed) downloads instead of after the page's first render. The
 * router calls it with the start-up preload of the map's chunk (app/lazy-page.ts `lazyPage(…, prefetch)`).
 * Failures are left to the page's own queries (a prefetch never throws).
 */
import { fetchAppConfig } from '../api/auth';
import { queryKeys } from '../api/query-keys';
import { fetchMapSettings } from '../api/system-settings';
import { queryClient } from '../app/query-client';

/** react-query key of the public map settings (centre and zooms). */
export const MAP_SETTINGS_KEY = ['map-settings'] as const;

/** Starts the config and map-settings requests (no-op for what the cache already holds). */
export function prefetchMapData(): void {
  void queryClient.prefetchQuery({ queryKey: queryKeys.config, queryFn: fetchAppConfig, staleTime: Infinity });
  void queryClient.prefetchQuery({ queryKey: MAP_SETTINGS_KEY, queryFn: ({ signal }) => fetchMapSettings(signal), retry: false });
}
