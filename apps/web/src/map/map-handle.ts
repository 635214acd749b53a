/**
 * One way a component holds the maplibre map it made: in its ref, and under a global handle the
 * browser tests read (`globalThis.__miniMap`, `__routeMap`, …). Returns the effect's cleanup: the
 * map is removed, the ref cleared, and the handle dropped when it still names this map.
 */
import type { MutableRefObject } from 'react';
import type * as maplibregl from 'maplibre-gl';

export function holdMap(ref: MutableRefObject<maplibregl.Map | null>, map: maplibregl.Map, handle: string): () => void {
  const g = globalThis as unknown as Record<string, unknown>;
  ref.current = map;
  g[handle] = map;
  return () => {
    if (g[handle] === map) delete g[handle];
    map.remove();
    ref.current = null;
  };
}
