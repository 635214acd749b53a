/**
 * `lazyPage(load, name)`: a page component loaded on first render from its own chunk (React.lazy
 * over a named export), so each route downloads only its code (issue 15 §2: the sign-in page
 * loads no table kit, only the map page loads maplibre). The router wraps its outlets in
 * Suspense; the props of the export are kept.
 *
 * `preloadRoute(routes, pathname)` starts, at start-up, the chunks of every page the first URL
 * matches at once (the layout and the page in parallel; React.lazy alone would fetch the layout,
 * render it, and only then ask for the page).
 *
 * `prefetch` (optional) starts the page's first data requests together with its chunk (e.g. the map's
 * config and settings, map/map-data.ts), so they do not wait for the chunk and the first render.
 *
 * Usage in router.tsx: `const ImportPage = lazyPage(() => import('../import/import-page'), 'default');`
 */
import { isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A lazily loaded page; `preload()` starts (once) the download of its chunk. */
type Preloadable = { preload?: () => Promise<unknown> };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the export's own are kept by the return type
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K, prefetch?: () => void): M[K] {
  let loading: Promise<M> | undefined;
  const preload = () => {
    if (!loading) prefetch?.();
    return (loading ??= load());
  };
  const page = lazy(async () => ({ default: (await preload())[name] }));
  return Object.assign(page, { preload }) as unknown as M[K];
}

/** Calls `preload` of every lazy page in an element tree (a page inside `<RequireAuth>` included). */
function preloadElement(node: ReactNode): void {
  if (Array.isArray(node)) {
    for (const n of node) preloadElement(n);
    return;
  }
  if (!isValidElement(node)) return;
  void (node.type as Preloadable).preload?.().catch(() => undefined);
  preloadElement((node.props as { children?: ReactNode }).children);
}

/** Starts the chunks of the pages `pathname` matches (see the module's comment). */
export function preloadRoute(routes: RouteObject[], pathname: string): void {
  for (const m of matchRoutes(routes, pathname) ?? []) preloadElement(m.route.element);
}
