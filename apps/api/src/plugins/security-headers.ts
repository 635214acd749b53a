/**
 * Security headers on every answer — the web app's HTML, its assets, JSON, files, errors
 * (issue 8 §5) — with @fastify/helmet:
 *
 * - Content-Security-Policy: everything from this origin only, except
 *   - `worker-src 'self' blob:` — maplibre's worker (the URL Vite gives, apps/web map-page.tsx,
 *     or a blob: URL in maplibre builds that inline it);
 *   - `img-src 'self' data: blob:` — sprites and icons maplibre decodes;
 *   - `style-src 'self' 'unsafe-inline'` — antd's CSS-in-JS writes <style> elements at run
 *     time; an inline style cannot run script, and script-src stays strict ('self', no inline,
 *     no eval), so this is the accepted cost of antd (docs/DECISIONS.md);
 *   - the origin of MAP_STYLE_URL (an operator's map style: its style, tiles, glyphs, sprites)
 *     in connect-src, img-src and font-src, and likewise the origin of the external style set in
 *     the system settings (`map_style_url`, read through modules/basemap/map-style.ts: the value
 *     remembered at the time of the answer, re-read at most every 10 s and at once on its PUT);
 *   - `frame-ancestors 'none'` (no framing: clickjacking), `object-src 'none'`,
 *     `base-uri 'self'`, `form-action 'self'`; no `upgrade-insecure-requests` (the product also
 *     runs on plain HTTP inside a network).
 * - Referrer-Policy: strict-origin-when-cross-origin (a tile server sees the origin only).
 * - X-Content-Type-Options: nosniff; X-Frame-Options: DENY (old browsers); the rest of
 *   helmet's defaults (Cross-Origin-Opener-Policy, Cross-Origin-Resource-Policy same-origin,
 *   Strict-Transport-Security — honoured by browsers over HTTPS only — and friends).
 *
 * Register on the root before the modules and the web plugin so every route gets the hook.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { MapStyleSource } from '../modules/basemap/map-style';

/** The origin of a URL, or null for none / an invalid one. */
function originOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

type Source = string | (() => string);

/**
 * The CSP directives for the web app (exported for the test and the docs). `settingStyleUrl`:
 * the system setting's external style now (its origin is added when it is not MAP_STYLE_URL's).
 */
export function cspDirectives(mapStyleUrl: string | null, settingStyleUrl: () => string | null = () => null): Record<string, Source[]> {
  const map = originOf(mapStyleUrl);
  const setting = () => {
    const o = originOf(settingStyleUrl());
    return o && o !== map ? o : '';
  };
  const extra: Source[] = map ? [map, setting] : [setting];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'connect-src': ["'self'", ...extra],
    'img-src': ["'self'", 'data:', 'blob:', ...extra],
    'font-src': ["'self'", 'data:', ...extra],
    'style-src': ["'self'", "'unsafe-inline'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

export async function registerSecurityHeaders(app: FastifyInstance, opts: { mapStyleUrl: string | null; mapStyle?: MapStyleSource }): Promise<void> {
  const mapStyle = opts.mapStyle;
  // Before helmet's own hook: the remembered setting is fresh when the header is written.
  if (mapStyle) app.addHook('onRequest', async () => mapStyle.refresh());
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(opts.mapStyleUrl, () => mapStyle?.remembered() ?? null) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}
