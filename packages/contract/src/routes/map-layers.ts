/**
 * Map layers beyond the waste-area tiles (issue 7 §7): GeoJSON FeatureCollections (EPSG:4326,
 * 6 decimals) of unauthorised dumps, waste-management facilities and garages, and the extent of the
 * public map data for a map opening without a configured centre.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';

/** Dumps: features carry id, status (WasteDumpStatus), identifier, location. `waste-dumps:view`. */
export const WASTE_DUMPS_GEOJSON_PATH = '/api/map/waste-dumps/geojson/';
/**
 * Facilities: features carry id, name, status (FacilityStatus), stage, location, and `estimated`
 * (coordinates_needs_checking: the point is an estimate to check). `waste-management-facility:view`.
 */
export const FACILITIES_GEOJSON_PATH = '/api/map/waste-management-facilities/geojson/';
/**
 * Garages: features carry id, name, location, status 'GARAGE' (one legend row) and `estimated`
 * (coordinates_needs_checking: the route plan import's median of the garage's sites). `garages:view`.
 */
export const GARAGES_GEOJSON_PATH = '/api/map/garages/geojson/';
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
export const garagesGeojsonRoute = defineRoute({
  method: 'GET', path: GARAGES_GEOJSON_PATH, permission: 'garages:view', tags: ['map'], summary: 'Гаражи в GeoJSON (EPSG:4326)',
  produces: 'application/geo+json',
});
export const mapExtentRoute = defineRoute({
  method: 'GET', path: MAP_EXTENT_PATH, permission: 'public', tags: ['map', 'public'], summary: 'Границы данных карты', response: { 200: MapExtentSchema },
});

/**
 * Routes on a map (spec 02 §2 «routes map», the route card's map tab): for each route of `ids`
 * (comma-separated, at most ROUTES_GEOJSON_MAX) its saved path — a LineString feature
 * {kind: 'path', route_id, name} — when it has one, and its stops with coordinates — Point features
 * {kind: 'stop', route_id, name (the route's), order (order_in_route, null when not set), stop_type,
 * title (the site's address, the facility's or garage's name)} in route order. Stops whose object
 * has no coordinates are counted in the route's `stops_without_coordinates` (a property of every
 * feature of the route), never dropped silently. `routes:view`.
 */
export const ROUTES_GEOJSON_PATH = '/api/map/routes/geojson/';
export const ROUTES_GEOJSON_MAX = 200;
export const RoutesGeojsonQuerySchema = z.strictObject({
  ids: z.string({ error: 'Укажите маршруты.' })
    .regex(/^\d{1,9}(,\d{1,9})*$/, 'Номера маршрутов через запятую.')
    .refine((v) => v.split(',').length <= ROUTES_GEOJSON_MAX, `Не более ${ROUTES_GEOJSON_MAX} маршрутов.`),
});
export const routesGeojsonRoute = defineRoute({
  method: 'GET', path: ROUTES_GEOJSON_PATH, permission: 'routes:view', tags: ['map', 'routes'], summary: 'Маршруты: пути и остановки в GeoJSON (EPSG:4326)',
  query: RoutesGeojsonQuerySchema, produces: 'application/geo+json',
});
