/**
 * The region's base map (issue 9 §3; contract routes/basemap.ts), public:
 *   GET /api/basemap/style.json            → the MapLibre style (style.ts), tiles on this host;
 *   GET /api/basemap/tiles/{z}/{x}/{y}.pbf → a vector tile of BASEMAP_DIR/basemap.mbtiles,
 *                                            gzip-encoded as stored (plain for a client without gzip);
 *   GET /api/basemap/fonts/{fontstack}/{range}.pbf → glyphs of the first font of the stack found in
 *                                            BASEMAP_DIR/fonts (region load); a range not generated is an
 *                                            empty glyph set (200), an unknown font 404;
 * 404 {detail} when no base map is loaded or the tile is outside the region. Cached for an hour
 * (a reload of the region changes the tiles rarely).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { BASEMAP_TILE_CONTENT_TYPE, basemapGlyphsRoute, basemapStyleRoute, basemapTileRoute } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import type { Basemap } from './mbtiles';
import { basemapStyle } from './style';

const NO_BASEMAP = 'Подложка карты не загружена: администратор загружает выгрузку OpenStreetMap региона на странице «Администрирование → Регион».';
const NO_TILE = 'Плитки подложки нет.';
const NO_FONT = 'Шрифта подложки нет.';

export function registerBasemapRoutes(app: FastifyInstance, deps: { basemap: Basemap; guards: AuthGuards }): void {
  const { basemap } = deps;

  registerRoute(app, basemapStyleRoute, ({ request, reply }) => {
    const meta = basemap.metadata();
    if (!meta) throw new HttpError(404, NO_BASEMAP, 'basemap_not_loaded');
    const origin = `${request.protocol}://${request.host}`;
    const fonts = existsSync(join(basemap.dir, 'fonts')) ? `${origin}/api/basemap/fonts/{fontstack}/{range}.pbf` : null;
    return reply.header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'public, max-age=300')
      .send(basemapStyle(`${origin}/api/basemap/tiles/{z}/{x}/{y}.pbf`, meta, fonts));
  }, deps);

  registerRoute(app, basemapTileRoute, ({ params, request, reply }) => {
    const meta = basemap.metadata();
    if (!meta) throw new HttpError(404, NO_BASEMAP, 'basemap_not_loaded');
    const data = basemap.tile(params.z, params.x, params.y);
    if (!data) throw new HttpError(404, NO_TILE, 'tile_not_found');
    reply.header('Content-Type', BASEMAP_TILE_CONTENT_TYPE).header('Cache-Control', 'public, max-age=3600');
    if (!meta.gzip) return reply.send(data);
    if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('Content-Encoding', 'gzip').send(data);
    return reply.send(gunzipSync(data));
  }, deps);

  registerRoute(app, basemapGlyphsRoute, ({ params, reply }) => {
    const dir = join(basemap.dir, 'fonts');
    // Only names of the generated folders (no path from the request reaches the file system).
    const known = existsSync(dir) ? new Set(readdirSync(dir)) : new Set<string>();
    const font = params.fontstack.split(',').map((f) => f.trim()).find((f) => known.has(f));
    if (!font) throw new HttpError(404, NO_FONT, 'font_not_found');
    const file = join(dir, font, `${params.range}.pbf`);
    reply.header('Content-Type', BASEMAP_TILE_CONTENT_TYPE).header('Cache-Control', 'public, max-age=86400');
    return reply.send(existsSync(file) ? readFileSync(file) : Buffer.alloc(0));
  }, deps);
}
