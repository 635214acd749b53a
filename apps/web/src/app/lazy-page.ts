/**
 * `lazyPage(load, name)`: a page component loaded on first render from its own chunk (React.lazy
 * over a named export), so each route downloads only its code (issue 15 §2: the sign-in page
 * loads no table kit, only the map page loads maplibre). The router wraps its outlets in
 * Suspense; the props of the export are kept.
 *
 * Usage in router.tsx: `const ImportPage = lazyPage(() => import('../import/import-page'), 'default');`
 */
import { lazy, type ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the export's own are kept by the return type
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  return lazy(async () => ({ default: (await load())[name] })) as unknown as M[K];
}
