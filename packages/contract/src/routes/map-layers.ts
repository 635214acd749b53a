/**
 * Map layers beyond the waste-area tiles (issue 7 §7): GeoJSON FeatureCollections (EPSG:4326,
 * 6 decimals) of unauthorised dumps and waste-management facilities, and the extent of the
 * public map data for a map opening without a configured centre.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';

/** Dumps: features carry id, status (WasteDumpStatus), identifier, location. `waste-dumps:view`. */
export const WASTE_DUMPS_GEOJSON_PATH = '/api/map/waste-dumps/geojson/';
/** Facilities: features carry id, name, status (FacilityStatus), stage, location. `waste-management-facility:view`. */
export const FACILITIES_GEOJSON_PATH = '/api/map/waste-management-facilities/geojson/';
/** Public: the bounding box of the waste areas and facilities, or null when there are none. */
export const MAP_EXTENT_PATH = '/api/public/v1/map/extent/';

/** `[west, south, east, north]` in degrees. */
export const MapExtentSchema = z.object({ bbox: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable() });
export type MapExtent = z.infer<typeof MapExtentSchema>;

export const wasteDumpsGeojsonRoute = defineRoute({
  method: 'GET', path: WASTE_DUMPS_GEOJSON_PATH, permission: 'waste-dumps:view', tags: ['map'], summary: 'Несанкционированные свалки в GeoJSON (EPSG:4326)',
  produces: 'application/geo+json',
});
export const facilitiesGeojsonRoute = defineRoute({
  method: 'GET', path: FACILITIES_GEOJSON_PATH, permission: 'waste-management-facility:view', tags: ['map'], summary: 'Объекты обращения с отходами в GeoJSON (EPSG:4326)',
  produces: 'application/geo+json',
});
export const mapExtentRoute = defineRoute({
  method: 'GET', path: MAP_EXTENT_PATH, permission: 'public', tags: ['map', 'public'], summary: 'Границы данных карты', response: { 200: MapExtentSchema },
});
