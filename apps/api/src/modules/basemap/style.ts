/**
 * The MapLibre style of the region's base map: the OpenMapTiles vector schema that tilemaker's
 * OpenMapTiles profile writes (layers water, waterway, landuse, landcover, park, building,
 * transportation, aeroway, boundary; https://openmaptiles.org/schema/), drawn in light
 * «positron»-like colours so the registry's coloured layers stand out above it, with street and
 * place names (tilemaker's profile writes them as `name:latin`, which for Russian OSM names is the
 * Cyrillic name) in Noto Sans from the product's own glyphs (region/glyphs.ts of @tko/geocoding);
 * no icons, so no sprite. Works with no internet (docs/DECISIONS.md «Geocoding and base map»):
 * tiles and glyphs come from the product itself ('self' in the CSP).
 */
import type { BasemapMeta } from './mbtiles';

const ROAD_COLORS: [string[], string, number][] = [
  // [OpenMapTiles transportation classes, colour, width at z16 in px]
  [['motorway', 'trunk'], '#f2c98a', 10],
  [['primary'], '#f7dfa6', 9],
  [['secondary', 'tertiary'], '#ffffff', 8],
  [['minor', 'service', 'track'], '#ffffff', 5],
  [['path', 'pedestrian'], '#f0ece4', 2],
];

/**
 * The style.json for tiles at `tileUrl` ('…/{z}/{x}/{y}.pbf', absolute) with the base map's metadata;
 * with `glyphsUrl` ('…/{fontstack}/{range}.pbf') also the street and place names.
 */
export function basemapStyle(tileUrl: string, meta: BasemapMeta, glyphsUrl: string | null = null): Record<string, unknown> {
  const labels = glyphsUrl ? [
    {
      id: 'road-label', type: 'symbol', source: 'basemap', 'source-layer': 'transportation_name', minzoom: 13,
      // Streets only: not the underground's lines.
      filter: ['!', ['in', ['get', 'class'], ['literal', ['rail', 'transit']]]],
      layout: {
        'symbol-placement': 'line', 'text-field': ['coalesce', ['get', 'name:ru'], ['get', 'name'], ['get', 'name:latin']], 'text-font': ['Noto Sans Regular'],
        'text-size': ['interpolate', ['linear'], ['zoom'], 13, 10, 17, 13], 'text-max-angle': 30,
      },
      paint: { 'text-color': '#5b5348', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
    {
      id: 'place-label', type: 'symbol', source: 'basemap', 'source-layer': 'place', maxzoom: 15,
      layout: { 'text-field': ['coalesce', ['get', 'name:ru'], ['get', 'name'], ['get', 'name:latin']], 'text-font': ['Noto Sans Bold'], 'text-size': 13 },
      paint: { 'text-color': '#4a4339', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
  ] : [];
  const roads = ROAD_COLORS.flatMap(([classes, color, width], i) => [
    {
      id: `road-casing-${i}`, type: 'line', source: 'basemap', 'source-layer': 'transportation', minzoom: 12,
      filter: ['in', ['get', 'class'], ['literal', classes]],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': '#d9d2c5', 'line-width': ['interpolate', ['exponential', 1.5], ['zoom'], 12, 1, 16, width + 2, 19, (width + 2) * 4] },
    },
    {
      id: `road-${i}`, type: 'line', source: 'basemap', 'source-layer': 'transportation',
      filter: ['in', ['get', 'class'], ['literal', classes]],
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': color, 'line-width': ['interpolate', ['exponential', 1.5], ['zoom'], 10, 0.5, 16, width, 19, width * 4] },
    },
  ]);
  return {
    version: 8,
    name: 'Подложка региона (OpenStreetMap)',
    ...(glyphsUrl ? { glyphs: glyphsUrl } : {}),
    ...(meta.center ? { center: [meta.center[0], meta.center[1]], zoom: Math.max(meta.center[2], 12) } : {}),
    sources: {
      basemap: {
        type: 'vector', tiles: [tileUrl], minzoom: meta.minzoom, maxzoom: meta.maxzoom,
        ...(meta.bounds ? { bounds: meta.bounds } : {}),
        attribution: '© участники OpenStreetMap',
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f2efe9' } },
      { id: 'landcover', type: 'fill', source: 'basemap', 'source-layer': 'landcover', paint: { 'fill-color': '#d8e8c8', 'fill-opacity': 0.6 } },
      { id: 'landuse', type: 'fill', source: 'basemap', 'source-layer': 'landuse',
        paint: { 'fill-color': ['match', ['get', 'class'], ['residential', 'suburb', 'neighbourhood'], '#ebe7df', ['industrial', 'commercial', 'retail'], '#e8e0e8', 'cemetery', '#d5e5cf', '#e6e2d6'], 'fill-opacity': 0.7 } },
      { id: 'park', type: 'fill', source: 'basemap', 'source-layer': 'park', paint: { 'fill-color': '#cfe6bf', 'fill-opacity': 0.8 } },
      { id: 'water', type: 'fill', source: 'basemap', 'source-layer': 'water', paint: { 'fill-color': '#a9cbe8' } },
      { id: 'waterway', type: 'line', source: 'basemap', 'source-layer': 'waterway', paint: { 'line-color': '#a9cbe8', 'line-width': ['interpolate', ['linear'], ['zoom'], 10, 0.5, 16, 3] } },
      { id: 'aeroway', type: 'fill', source: 'basemap', 'source-layer': 'aeroway', filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': '#e4e0ea' } },
      { id: 'building', type: 'fill', source: 'basemap', 'source-layer': 'building', minzoom: 13,
        paint: { 'fill-color': '#dcd6cc', 'fill-outline-color': '#c9c1b4', 'fill-opacity': ['interpolate', ['linear'], ['zoom'], 13, 0.4, 16, 1] } },
      ...roads,
      { id: 'railway', type: 'line', source: 'basemap', 'source-layer': 'transportation', filter: ['in', ['get', 'class'], ['literal', ['rail', 'transit']]],
        paint: { 'line-color': '#b5b0a8', 'line-width': 1.2, 'line-dasharray': [3, 2] } },
      { id: 'boundary', type: 'line', source: 'basemap', 'source-layer': 'boundary', filter: ['<=', ['get', 'admin_level'], 6],
        paint: { 'line-color': '#a7a0b8', 'line-width': 1, 'line-dasharray': [4, 2] } },
      ...labels,
    ],
  };
}
