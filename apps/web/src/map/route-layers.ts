/**
 * Routes drawn on a map (spec 02 §2 «routes map» and the route card's map tab): the GeoJSON of
 * contract routesGeojsonRoute (paths and stops of the routes asked for) as one source with two
 * layers — the paths as lines and the stops as circles — each route in its own colour from the
 * contract's MAP_PALETTE (by its place in the list, so neighbours differ). Circles only: the
 * built-in style has no glyphs, so the stop's order is in its popup, not on the map.
 */
import { MAP_PALETTE, ROUTES_GEOJSON_PATH } from '@tko/contract';
import type { ExpressionSpecification, GeoJSONSource, Map as MapLibre } from 'maplibre-gl';
import { http } from '../api/client';

export const ROUTES_SOURCE = 'routes';
export const ROUTE_PATHS_LAYER = 'route-paths';
export const ROUTE_STOPS_LAYER = 'route-stops';

/** Well-separated colours of the palette, in turn. */
const ROUTE_PALETTE = [0, 3, 2, 4, 1, 5, 8, 10, 12, 16, 22, 30].map((i) => MAP_PALETTE[i] ?? '#1677ff');

/** The colour of the `i`-th route of a list. */
export function routeColor(i: number): string {
  return ROUTE_PALETTE[i % ROUTE_PALETTE.length]!;
}

export interface RouteFeatureProps {
  kind: 'path' | 'stop';
  route_id: number;
  name: string;
  order?: number | null;
  stop_type?: string;
  title?: string | null;
  stops_without_coordinates: number;
}
export interface RoutesGeojson {
  type: 'FeatureCollection';
  features: { type: 'Feature'; geometry: { type: string; coordinates: unknown }; properties: RouteFeatureProps }[];
}

export const EMPTY_ROUTES: RoutesGeojson = { type: 'FeatureCollection', features: [] };

/** The paths and stops of `ids` (empty without ids). */
export async function fetchRoutesGeojson(ids: number[], signal?: AbortSignal): Promise<RoutesGeojson> {
  if (!ids.length) return EMPTY_ROUTES;
  return http.json<RoutesGeojson>(ROUTES_GEOJSON_PATH, { query: { ids: ids.join(',') }, signal });
}

/** `['match', ['get', 'route_id'], id1, c1, …, fallback]` for the routes in list order. */
export function routeColorExpression(ids: number[]): ExpressionSpecification | string {
  if (!ids.length) return routeColor(0);
  return ['match', ['get', 'route_id'], ...ids.flatMap((id, i) => [id, routeColor(i)]), '#888888'] as unknown as ExpressionSpecification;
}

/** Adds the source and the two layers (once, after the style has loaded). */
export function addRouteLayers(map: MapLibre): void {
  if (map.getSource(ROUTES_SOURCE)) return;
  map.addSource(ROUTES_SOURCE, { type: 'geojson', data: EMPTY_ROUTES as never });
  map.addLayer({ id: ROUTE_PATHS_LAYER, type: 'line', source: ROUTES_SOURCE, filter: ['==', ['get', 'kind'], 'path'], layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': routeColor(0), 'line-width': 4, 'line-opacity': 0.8 } });
  map.addLayer({
    id: ROUTE_STOPS_LAYER, type: 'circle', source: ROUTES_SOURCE, filter: ['==', ['get', 'kind'], 'stop'],
    paint: { 'circle-color': routeColor(0), 'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 3, 14, 6, 17, 9], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 },
  });
}

/** Puts `data` on the map, coloured by the order of `ids`. */
export function showRoutes(map: MapLibre, data: RoutesGeojson, ids: number[]): void {
  (map.getSource(ROUTES_SOURCE) as GeoJSONSource | undefined)?.setData(data as never);
  const color = routeColorExpression(ids);
  if (map.getLayer(ROUTE_PATHS_LAYER)) map.setPaintProperty(ROUTE_PATHS_LAYER, 'line-color', color);
  if (map.getLayer(ROUTE_STOPS_LAYER)) map.setPaintProperty(ROUTE_STOPS_LAYER, 'circle-color', color);
}

/** [[west, south], [east, north]] of every coordinate of `data`, or null when it has none. */
export function routesBounds(data: RoutesGeojson): [[number, number], [number, number]] | null {
  let w = Infinity; let s = Infinity; let e = -Infinity; let n = -Infinity;
  const add = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number' && typeof c[1] === 'number') {
      w = Math.min(w, c[0]); e = Math.max(e, c[0]); s = Math.min(s, c[1]); n = Math.max(n, c[1]);
    } else if (Array.isArray(c)) c.forEach(add);
  };
  for (const f of data.features) add(f.geometry.coordinates);
  return Number.isFinite(w) ? [[w, s], [e, n]] : null;
}

/** «Остановка 3: Ангарск, 85 кв., д. 3» of a stop feature. */
export function stopLabel(p: RouteFeatureProps): string {
  return `${p.order != null ? `Остановка ${p.order}` : 'Остановка'}: ${p.title ?? '—'}`;
}
