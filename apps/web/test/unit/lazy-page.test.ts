/**
 * `lazyPage`'s preload (issue 15: a page's chunk and its first data requests start together at
 * start-up): `preload()` loads the chunk once however often it is called, runs the page's `prefetch`
 * once with the first call, and `preloadRoute` reaches a page nested in another element. The chunk
 * is a stand-in module; nothing is rendered.
 */
import { createElement, Fragment } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage, preloadRoute } from '../../src/app/lazy-page';

function Page() {
  return null;
}

function counters() {
  const n = { loads: 0, prefetches: 0 };
  const load = () => {
    n.loads += 1;
    return Promise.resolve({ Page });
  };
  const prefetch = () => {
    n.prefetches += 1;
  };
  return { n, load, prefetch };
}

describe('lazyPage preload', () => {
  it('loads the chunk and runs the prefetch once, on the first preload', async () => {
    const { n, load, prefetch } = counters();
    const Lazy = lazyPage(load, 'Page', prefetch) as unknown as { preload: () => Promise<unknown> };
    expect(n).toEqual({ loads: 0, prefetches: 0 });
    const first = Lazy.preload();
    const second = Lazy.preload();
    expect(second).toBe(first);
    await first;
    expect(n).toEqual({ loads: 1, prefetches: 1 });
  });

  it('preloadRoute starts the chunk and the prefetch of the page the path matches, nested pages included', () => {
    const map = counters();
    const other = counters();
    const MapPage = lazyPage(map.load, 'Page', map.prefetch);
    const OtherPage = lazyPage(other.load, 'Page', other.prefetch);
    preloadRoute(
      [
        { path: '/terr-schema/map/', element: createElement(Fragment, null, createElement(MapPage)) },
        { path: '/other/', element: createElement(OtherPage) },
      ],
      '/terr-schema/map/',
    );
    expect(map.n).toEqual({ loads: 1, prefetches: 1 });
    expect(other.n).toEqual({ loads: 0, prefetches: 0 });
  });
});
