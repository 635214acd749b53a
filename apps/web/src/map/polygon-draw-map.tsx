/**
 * A map to draw an area on (issue 23 §1: the schedule card adds every site inside it): the
 * waste-area vector tiles for orientation, and each click adds a corner of the area; the corners so
 * far are drawn as a line, three or more as a filled polygon. `onChange` gets the closed GeoJSON
 * Polygon (EPSG:4326, RFC 7946: [lng, lat], first corner repeated last) once there are three corners,
 * else null. «Отменить точку» / «Очистить» edit the corners. Opens at the system settings' centre
 * and zoom, else fitted to the data. Only src/map imports maplibre; this module is its own lazy
 * chunk. `window.__drawMap` is the instance for the browser test.
 */
import { useQuery } from '@tanstack/react-query';
import { TILE_LAYER } from '@tko/contract';
import { Button, Space, Typography } from 'antd';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import { fetchMapExtent, fetchMapSettings } from '../api/system-settings';
import { session } from '../app/session/session';
import { MAP_LOCALE_RU } from './map-locale';
import { NoBasemapNotice, useBaseStyle } from './base-style';
import { matchColor, STATUS_COLORS, tileUrl } from './map-style';
import { initialView } from './map-view-state';
import { holdMap } from './map-handle';

export interface GeoPolygon {
  type: 'Polygon';
  coordinates: [number, number][][];
}

const SOURCE = 'draw-sites-tiles';
const AREA = 'draw-area';
const AREA_COLOR = '#0958d9';

/** Corners → the closed polygon, or null under three corners. Coordinates rounded to 6 decimals (spec 01 §5). */
export function polygonOf(corners: readonly [number, number][]): GeoPolygon | null {
  if (corners.length < 3) return null;
  const ring = corners.map(([lng, lat]) => [Number(lng.toFixed(6)), Number(lat.toFixed(6))] as [number, number]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

type AreaFeature = { type: 'Feature'; properties: Record<string, unknown>; geometry: GeoPolygon | { type: 'LineString' | 'Point'; coordinates: unknown } };

function areaData(corners: readonly [number, number][]): maplibregl.GeoJSONSourceSpecification['data'] {
  const features: AreaFeature[] = [];
  const polygon = polygonOf(corners);
  if (polygon) features.push({ type: 'Feature', properties: {}, geometry: polygon });
  else if (corners.length === 2) features.push({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [...corners] } });
  for (const c of corners) features.push({ type: 'Feature', properties: { corner: true }, geometry: { type: 'Point', coordinates: c } });
  return { type: 'FeatureCollection', features } as unknown as maplibregl.GeoJSONSourceSpecification['data'];
}

export default function PolygonDrawMap({ onChange }: { onChange: (polygon: GeoPolygon | null) => void }) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [corners, setCorners] = useState<[number, number][]>([]);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;
  const settings = useQuery({ queryKey: ['map-settings'], queryFn: ({ signal }) => fetchMapSettings(signal), retry: false });
  const needExtent = !settings.isPending && !settings.data?.center_coordinates;
  const extent = useQuery({ queryKey: ['map-extent'], queryFn: ({ signal }) => fetchMapExtent(signal), enabled: needExtent, retry: false });
  const viewKnown = !settings.isPending && !(needExtent && extent.isPending);
  const base = useBaseStyle();

  useEffect(() => {
    const box = el.current;
    if (!box || !viewKnown || !base.known || mapRef.current) return undefined;
    maplibregl.setWorkerUrl(workerUrl);
    const origin = window.location.origin;
    const view = initialView(settings.data ?? null, extent.data ?? null);
    const map = new maplibregl.Map({
      container: box,
      style: base.style,
      ...(view.kind === 'center' ? { center: view.center, zoom: view.zoom } : { bounds: view.bounds, fitBoundsOptions: { padding: 24, maxZoom: 14 } }),
      locale: MAP_LOCALE_RU,
      attributionControl: false,
      doubleClickZoom: false,
      transformRequest: async (url) => {
        if (!url.startsWith(`${origin}/api/`)) return { url };
        const token = await session.validAccessToken();
        return token ? { url, headers: { Authorization: `Bearer ${token}` } } : { url };
      },
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => {
      map.addSource(SOURCE, { type: 'vector', tiles: [tileUrl(origin, false)], minzoom: 0, maxzoom: 16 });
      map.addLayer({
        id: 'draw-sites', type: 'circle', source: SOURCE, 'source-layer': TILE_LAYER,
        paint: { 'circle-color': matchColor('status', STATUS_COLORS), 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1, 'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 2, 12, 4, 16, 7] },
      });
      map.addSource(AREA, { type: 'geojson', data: areaData([]) });
      map.addLayer({ id: 'draw-area-fill', type: 'fill', source: AREA, filter: ['==', ['geometry-type'], 'Polygon'], paint: { 'fill-color': AREA_COLOR, 'fill-opacity': 0.15 } });
      map.addLayer({ id: 'draw-area-line', type: 'line', source: AREA, filter: ['!=', ['geometry-type'], 'Point'], paint: { 'line-color': AREA_COLOR, 'line-width': 2 } });
      map.addLayer({ id: 'draw-area-corners', type: 'circle', source: AREA, filter: ['==', ['geometry-type'], 'Point'], paint: { 'circle-color': '#ffffff', 'circle-stroke-color': AREA_COLOR, 'circle-stroke-width': 2, 'circle-radius': 5 } });
      setLoaded(true);
    });
    map.on('click', (e) => setCorners((c) => [...c, [e.lngLat.lng, e.lngLat.lat]]));
    map.getCanvas().style.cursor = 'crosshair';
    map.on('error', (e) => console.warn('Ошибка карты области', e.error));
    const release = holdMap(mapRef, map, '__drawMap');
    return () => {
      release();
      setLoaded(false);
    };
    // Made once, when its view is known.
  }, [viewKnown, base.known]);

  useEffect(() => {
    const src = mapRef.current?.getSource(AREA) as maplibregl.GeoJSONSource | undefined;
    if (loaded && src) src.setData(areaData(corners) as Parameters<maplibregl.GeoJSONSource['setData']>[0]);
    changeRef.current(polygonOf(corners));
  }, [corners, loaded]);

  return (
    <div>
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text type="secondary" data-testid="draw-corners">
          {corners.length < 3 ? `Щёлкайте по карте, отмечая углы области (отмечено ${corners.length} из не меньше 3).` : `Область из ${corners.length} углов.`}
        </Typography.Text>
        <Button size="small" disabled={!corners.length} onClick={() => setCorners((c) => c.slice(0, -1))}>Отменить точку</Button>
        <Button size="small" disabled={!corners.length} onClick={() => setCorners([])}>Очистить</Button>
      </Space>
      <NoBasemapNotice compact />
      <div
        ref={el}
        data-testid="draw-map"
        data-ready={loaded ? 'true' : undefined}
        role="region"
        aria-label="Карта: щелчки отмечают углы области, площадки внутри которой добавляются в график"
        style={{ height: 380, borderRadius: 6, overflow: 'hidden', border: '1px solid #d9d9d9' }}
      />
    </div>
  );
}
