/**
 * map/own-layers.ts (issue 15): the registry layers enter with the base style — one tile source for the
 * waste areas, one GeoJSON source per call, circles for points and lines for flows, on top of the base
 * style's own layers, whose ids and sources win.
 */
import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { ESTIMATE_COLOR, MAP_LAYERS, pickFeature, visibleByDefault, visibleLayers } from '../../src/map/layers';
import { builtInStyle, SOURCE_ID } from '../../src/map/map-style';
import { ownLayer, withOwnLayers } from '../../src/map/own-layers';

const ORIGIN = 'http://127.0.0.1:8080';

describe('own layers in the style', () => {
  it('adds the public tile source and its layers after the base style’s background', () => {
    const layers = visibleLayers(null, true);
    const style = withOwnLayers(layers, ORIGIN, true)(undefined, builtInStyle());
    expect(style.layers[0]!.id).toBe('background');
    expect(style.layers.slice(1).map((l) => l.id)).toEqual(layers.map((l) => l.id));
    expect(Object.keys(style.sources)).toEqual([SOURCE_ID]);
    expect(style.sources[SOURCE_ID]).toMatchObject({ type: 'vector', tiles: [`${ORIGIN}/api/public/v1/waste-area/tiles/{z}/{x}/{y}.mvt`] });
  });

  it('gives signed-in layers the private tiles and one GeoJSON source per call; flows are lines', () => {
    const style = withOwnLayers(MAP_LAYERS, ORIGIN, false)(undefined, builtInStyle());
    expect(style.sources[SOURCE_ID]).toMatchObject({ tiles: [`${ORIGIN}/api/waste-area/tiles/{z}/{x}/{y}.mvt`] });
    expect(style.sources['flows-predicted']).toMatchObject({ type: 'geojson', data: expect.stringContaining('?kind=predicted') });
    const flows = style.layers.find((l) => l.id === 'flows-present')!;
    expect(flows.type).toBe('line');
    const dumps = ownLayer(MAP_LAYERS.find((l) => l.id === 'waste-dumps')!);
    expect(dumps).toMatchObject({ type: 'circle', source: 'waste-dumps' });
    expect(dumps).not.toHaveProperty('source-layer');
  });

  it('rings estimated points (garages, facilities) by their `estimated` property; zoom curves stay the top level (maplibre refuses a style otherwise)', () => {
    for (const id of ['garages', 'waste-management-facilities']) {
      const layer = ownLayer(MAP_LAYERS.find((l) => l.id === id)!) as unknown as { paint: Record<string, unknown[]> };
      expect(JSON.stringify(layer.paint['circle-stroke-color'])).toBe(`["case",["to-boolean",["get","estimated"]],"${ESTIMATE_COLOR}","${MAP_LAYERS.find((l) => l.id === id)!.stroke}"]`);
      const width = layer.paint['circle-stroke-width']!;
      expect(width.slice(0, 3)).toEqual(['interpolate', ['linear'], ['zoom']]);
      expect(JSON.stringify(width.slice(3))).not.toContain('zoom');
    }
    // Layers without estimates keep the plain outline.
    const dumps = ownLayer(MAP_LAYERS.find((l) => l.id === 'waste-dumps')!) as unknown as { paint: Record<string, unknown> };
    expect(typeof dumps.paint['circle-stroke-color']).toBe('string');
  });

  it('leaves the base style’s own sources and layer ids to it', () => {
    const base: StyleSpecification = {
      version: 8,
      sources: { [SOURCE_ID]: { type: 'vector', tiles: ['http://elsewhere/{z}/{x}/{y}.mvt'] } },
      layers: [{ id: 'waste-areas-container', type: 'background' }],
    };
    const style = withOwnLayers(visibleLayers(null, true), ORIGIN, true)(undefined, base);
    expect(style.sources[SOURCE_ID]).toMatchObject({ tiles: ['http://elsewhere/{z}/{x}/{y}.mvt'] });
    expect(style.layers.filter((l) => l.id === 'waste-areas-container')).toHaveLength(1);
  });
});

describe('layer defaults and clicks', () => {
  it('draws the registry layers from the start and the problems only when turned on', () => {
    const style = withOwnLayers(MAP_LAYERS, ORIGIN, false)(undefined, builtInStyle());
    const visibility = Object.fromEntries(style.layers.slice(1).map((l) => [l.id, (l.layout as { visibility?: string } | undefined)?.visibility]));
    expect(visibility.problems).toBe('none');
    expect(visibility['waste-areas-container']).toBe('visible');
    expect(visibility.garages).toBe('visible');
    expect(MAP_LAYERS.filter((l) => !visibleByDefault(l)).map((l) => l.id)).toEqual(['problems']);
    expect(MAP_LAYERS.find((l) => l.id === 'problems')!.group).toBe('Проблемы');
  });

  it('a click means the nearest point; on the same point the registry layer wins over the problems; lines only without points', () => {
    const order = MAP_LAYERS.map((l) => l.id);
    // The problems are later in the table than the sites: with both 0 px away, the site.
    expect(pickFeature([{ layerId: 'problems', distance: 0 }, { layerId: 'waste-areas-container', distance: 0 }], order)).toBe(1);
    // A problem nearer to the pointer than the site is the one meant.
    expect(pickFeature([{ layerId: 'problems', distance: 1 }, { layerId: 'waste-areas-container', distance: 5 }], order)).toBe(0);
    expect(pickFeature([{ layerId: 'flows-present', distance: Infinity }, { layerId: 'problems', distance: 4 }], order)).toBe(1);
    expect(pickFeature([{ layerId: 'flows-present', distance: Infinity }], order)).toBe(0);
    expect(pickFeature([], order)).toBe(-1);
  });
});
