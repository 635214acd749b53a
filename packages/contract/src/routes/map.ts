/**
 * Map data of waste areas: vector tiles, GeoJSON and the public map list (spec 01 §7,
 * spec 02 §7 "GET /api/public/map/list/"). Coordinates are EPSG:4326, 6 decimals.
 */
import { z } from 'zod';
import { PointSchema } from '../common/geo';

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
