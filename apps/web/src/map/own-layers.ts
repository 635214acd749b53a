/**
 * The registry layers of map/layers.ts as maplibre style parts (sources and layers), so that they enter
 * the map together with its base style (`setStyle(…, { transformStyle: withOwnLayers(…) })`) instead of
 * being added after the style's 'load': the tiles are requested on the map's first frame, one frame and
 * one main-thread task earlier (issue 15: the map's first features and Lighthouse's blocking time).
 */
import type { FilterSpecification, LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import { TILE_LAYER } from '@tko/contract';
import { ESTIMATE_COLOR, layerFilter, visibleByDefault, type MapLayerDef } from './layers';
import { matchColor, SOURCE_ID, tileUrl } from './map-style';

/** The source id a layer draws from (the shared waste-area tiles, or its own GeoJSON). */
export function sourceIdOf(layer: MapLayerDef): string {
  return layer.source.type === 'waste-area-tiles' ? SOURCE_ID : layer.source.id;
}

/** The sources the layers need, by id: one vector tile source (absolute URL, public or signed-in) and one GeoJSON source per call. */
export function ownSources(layers: MapLayerDef[], origin: string, anonymous: boolean): Record<string, SourceSpecification> {
  const out: Record<string, SourceSpecification> = {};
  for (const layer of layers) {
    if (layer.source.type === 'waste-area-tiles') out[SOURCE_ID] = { type: 'vector', tiles: [tileUrl(origin, anonymous)], minzoom: 0, maxzoom: 16 };
    else out[layer.source.id] = { type: 'geojson', data: `${origin}${layer.source.path}` };
  }
  return out;
}

/** One layer's maplibre style: circles coloured by status (outline by kind), or lines whose width follows `line.widthBy`. */
export function ownLayer(layer: MapLayerDef): LayerSpecification {
  const filter = layerFilter(layer, null) as FilterSpecification | null;
  const common = { id: layer.id, source: sourceIdOf(layer), ...(filter ? { filter } : {}) };
  const visibility = visibleByDefault(layer) ? 'visible' as const : 'none' as const;
  if (layer.line) {
    const { widthBy, widthAt, maxWidth } = layer.line;
    return {
      ...common,
      type: 'line',
      layout: { 'line-cap': 'round', visibility },
      paint: {
        'line-color': matchColor('status', layer.statusColors),
        'line-width': ['interpolate', ['linear'], ['to-number', ['get', widthBy], 0], 0, 1, widthAt, maxWidth],
        'line-opacity': 0.75,
      },
    };
  }
  return {
    ...common,
    type: 'circle',
    ...(layer.source.type === 'waste-area-tiles' ? { 'source-layer': TILE_LAYER } : {}),
    layout: { visibility },
    paint: {
      'circle-color': matchColor('status', layer.statusColors),
      // An estimated point (layer.estimated): a thick red-orange ring instead of the layer's outline.
      'circle-stroke-color': layer.estimated ? ['case', ['to-boolean', ['get', layer.estimated]], ESTIMATE_COLOR, layer.stroke] : layer.stroke,
      // (A zoom curve must be the expression's top level: the estimate picks the width at each stop.)
      'circle-stroke-width': layer.estimated
        ? ['interpolate', ['linear'], ['zoom'], 8, ['case', ['to-boolean', ['get', layer.estimated]], 3, 1], 14, ['case', ['to-boolean', ['get', layer.estimated]], 5, 2.5]]
        : ['interpolate', ['linear'], ['zoom'], 8, 1, 14, 2.5],
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, layer.radius / 2, 12, layer.radius, 16, layer.radius * 1.8],
      'circle-opacity': 0.9,
    },
  };
}

/**
 * A `transformStyle` for `map.setStyle`: the base style (operator's or built-in) with the layers' sources
 * and layers on top. Ids already in the base style are left to it.
 */
export function withOwnLayers(layers: MapLayerDef[], origin: string, anonymous: boolean) {
  return (_previous: StyleSpecification | undefined, next: StyleSpecification): StyleSpecification => {
    const taken = new Set(next.layers.map((l) => l.id));
    return {
      ...next,
      sources: { ...ownSources(layers, origin, anonymous), ...next.sources },
      layers: [...next.layers, ...layers.filter((l) => !taken.has(l.id)).map(ownLayer)],
    };
  };
}
