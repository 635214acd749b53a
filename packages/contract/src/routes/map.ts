/**
 * Map data of waste areas: vector tiles, GeoJSON and the public map list (spec 01 §7,
 * spec 02 §7 "GET /api/public/map/list/"). Coordinates are EPSG:4326, 6 decimals.
 */
import { z } from 'zod';
import { PointSchema } from '../common/geo';
import { defineRoute } from '../common/route';
import { WASTE_AREA_TABS } from '../resources/index';

/** Authenticated tiles: `/api/waste-area/tiles/{z}/{x}/{y}.mvt`; public under /api/public/v1/. */
export const TILE_PATH = '/api/waste-area/tiles/:z/:x/:y.mvt';
export const PUBLIC_TILE_PATH = '/api/public/v1/waste-area/tiles/:z/:x/:y.mvt';
/** Name of the layer inside every tile; its features carry id, kind, status, type, count_containers. */
export const TILE_LAYER = 'waste_areas';
export const TileParamsSchema = z.object({
  z: z.coerce.number().int().min(0).max(22),
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
});

export const MapListItemSchema = z.object({ id: z.number().int(), url: z.string(), coordinates: PointSchema });
/** Keys of the public map list (spec 02 §7). */
export const MAP_LIST_KEYS = {
  CONTAINER: 'CONTAINER_WASTE_AREA',
  SPECIALA: 'SPECIAL_WASTE_AREA',
  COLLECTION: 'COLLECTION_WASTE_AREA',
  CHAMBER: 'CHAMBER_WASTE_AREA',
  BULK: 'BULK_WASTE_AREA',
} as const;
export const MapListSchema = z.record(z.string(), z.array(MapListItemSchema));

/**
 * Colours of map sites, about 78 (spec 01 §9). A site takes the colour of its status and
 * type; the rest of the palette is kept for the other kinds and future layers.
 */
export const MAP_PALETTE: readonly string[] = [
  '#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf',
  '#393b79', '#5254a3', '#6b6ecf', '#9c9ede', '#637939', '#8ca252', '#b5cf6b', '#cedb9c', '#8c6d31', '#bd9e39',
  '#e7ba52', '#e7cb94', '#843c39', '#ad494a', '#d6616b', '#e7969c', '#7b4173', '#a55194', '#ce6dbd', '#de9ed6',
  '#3182bd', '#6baed6', '#9ecae1', '#c6dbef', '#e6550d', '#fd8d3c', '#fdae6b', '#fdd0a2', '#31a354', '#74c476',
  '#a1d99b', '#c7e9c0', '#756bb1', '#9e9ac8', '#bcbddc', '#dadaeb', '#636363', '#969696', '#bdbdbd', '#d9d9d9',
  '#a6cee3', '#1f78b4', '#b2df8a', '#33a02c', '#fb9a99', '#e31a1c', '#fdbf6f', '#ff7f00', '#cab2d6', '#6a3d9a',
  '#ffff99', '#b15928', '#8dd3c7', '#ffffb3', '#bebada', '#fb8072', '#80b1d3', '#fdb462', '#b3de69', '#fccde5',
  '#d9d9d9', '#bc80bd', '#ccebc5', '#ffed6f', '#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3',
];

/** Authenticated map data carry the kinds the user may view: view on at least one waste-area type. */
const ANY_WASTE_AREA = { anyOf: WASTE_AREA_TABS.map((t) => t.type), action: 'view' } as const;
export const MVT_CONTENT_TYPE = 'application/vnd.mapbox-vector-tile';

export const tileRoute = defineRoute({
  method: 'GET', path: TILE_PATH, permission: ANY_WASTE_AREA, tags: ['map'], summary: 'Векторная плитка мест накопления (MVT)',
  params: TileParamsSchema, produces: MVT_CONTENT_TYPE,
});
export const publicTileRoute = defineRoute({
  method: 'GET', path: PUBLIC_TILE_PATH, permission: 'public', tags: ['map', 'public'], summary: 'Открытая векторная плитка мест накопления',
  params: TileParamsSchema, produces: MVT_CONTENT_TYPE,
});
export const geojsonRoute = defineRoute({
  method: 'GET', path: '/api/geojson/', permission: ANY_WASTE_AREA, tags: ['map'], summary: 'Места накопления в GeoJSON (EPSG:4326)',
  produces: 'application/geo+json',
});
export const publicMapListRoute = defineRoute({
  method: 'GET', path: '/api/public/map/list/', permission: 'public', tags: ['map', 'public'], summary: 'Открытый список мест накопления по видам',
  response: { 200: MapListSchema },
});
