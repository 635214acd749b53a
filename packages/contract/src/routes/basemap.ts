/**
 * The region's own base map (issue 9 §3; docs/REGION.md): vector tiles of the OpenMapTiles
 * schema made by tilemaker from the region's OSM extract (`pnpm region:load`), served by the
 * product with its MapLibre style, so the map needs no internet. Public (OpenStreetMap data, as
 * the public map of spec 02 §7). 404 {detail} when no base map is loaded or a tile is outside it.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';
import { TileParamsSchema } from './map';

export const BASEMAP_STYLE_PATH = '/api/basemap/style.json';
export const BASEMAP_TILE_PATH = '/api/basemap/tiles/:z/:x/:y.pbf';
export const BASEMAP_GLYPHS_PATH = '/api/basemap/fonts/:fontstack/:range.pbf';
/** The tiles' and glyphs' content type (protobuf). */
export const BASEMAP_TILE_CONTENT_TYPE = 'application/x-protobuf';

export const basemapStyleRoute = defineRoute({
  method: 'GET', path: BASEMAP_STYLE_PATH, permission: 'public', tags: ['map', 'public'], summary: 'Стиль MapLibre подложки региона',
  produces: 'application/json',
});
export const basemapTileRoute = defineRoute({
  method: 'GET', path: BASEMAP_TILE_PATH, permission: 'public', tags: ['map', 'public'], summary: 'Векторная плитка подложки региона (OpenMapTiles)',
  params: TileParamsSchema, produces: BASEMAP_TILE_CONTENT_TYPE,
});
/** A font stack (comma-separated font names, the first one found is served) and a 256-wide range «0-255». */
export const GlyphParamsSchema = z.object({
  fontstack: z.string().min(1).max(200),
  range: z.string().regex(/^\d{1,5}-\d{1,5}$/, 'Диапазон вида 0-255.'),
});
export const basemapGlyphsRoute = defineRoute({
  method: 'GET', path: BASEMAP_GLYPHS_PATH, permission: 'public', tags: ['map', 'public'], summary: 'Глифы шрифта подложки (SDF, protobuf)',
  params: GlyphParamsSchema, produces: BASEMAP_TILE_CONTENT_TYPE,
});
