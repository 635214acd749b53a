/**
 * The region's base map (issue 9 §3; contract routes/basemap.ts), public:
 *   GET /api/basemap/style.json            → the MapLibre style (style.ts), tiles on this host;
 *   GET /api/basemap/tiles/{z}/{x}/{y}.pbf → a vector tile of BASEMAP_DIR/basemap.mbtiles,
 *                                            gzip-encoded as stored (plain for a client without gzip);
 * 404 {detail} when no base map is loaded or the tile is outside the region. Cached for an hour
 * (a reload of the region changes the tiles rarely).
 */
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { BASEMAP_TILE_CONTENT_TYPE, basemapStyleRoute, basemapTileRoute } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import type { Basemap } from './mbtiles';
import { basemapStyle } from './style';

const NO_BASEMAP = 'Подложка не загружена: загрузите выгрузку OpenStreetMap командой pnpm region:load.';
const NO_TILE = 'Плитки подложки нет.';

export function registerBasemapRoutes(app: FastifyInstance, deps: { basemap: Basemap; guards: AuthGuards }): void {
  const { basemap } = deps;

  registerRoute(app, basemapStyleRoute, ({ request, reply }) => {
    const meta = basemap.metadata();
    if (!meta) throw new HttpError(404, NO_BASEMAP, 'basemap_not_loaded');
    const tiles = `${request.protocol}://${request.host}/api/basemap/tiles/{z}/{x}/{y}.pbf`;
    return reply.header('Content-Type', 'application/json; charset=utf-8').header('Cache-Control', 'public, max-age=300').send(basemapStyle(tiles, meta));
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
}
