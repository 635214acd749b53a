/**
 * The route card's «Карта» tab (issue 10 §1, §5): draws the saved path (the card's `path`,
 * GeoJSON from path_polyline) and builds a new one on the road graph — each click on the map adds
 * a point (first = start, last = end), «Построить по дорогам» asks GET /trip/v1/driving/ with
 * roundtrip=false, source=first, destination=last (the answer is used only when its code is "Ok",
 * spec 02 §7) and «Сохранить путь» writes path_polyline (precision 5), estimated_distance (m),
 * estimated_duration (s) and the start/end coordinates to the route (PATCH). Only src/map imports
 * maplibre; this module is its own lazy chunk. The route's stops are always drawn (route-layers.ts); without a
 * road graph (`/api/config/` road_graph false) building is off and NoRoadGraphNotice says why. `window.__routeMap` is the map for browser tests.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatCoordinates, routeResource, tripRoute } from '@tko/contract';
import { Alert, Button, Space, Typography } from 'antd';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import { callRoute, http } from '../api/client';
import { useAppConfig } from '../api/hooks';
import { queryKeys } from '../api/query-keys';
import { fetchMapSettings } from '../api/system-settings';
import { MAP_LOCALE_RU } from './map-locale';
import { NoBasemapNotice, NoRoadGraphNotice, useBaseStyle } from './base-style';
import { COUNTRY_VIEW } from './map-view-state';
import { addRouteLayers, fetchRoutesGeojson, routesBounds, showRoutes, stopLabel, ROUTE_STOPS_LAYER, type RouteFeatureProps } from './route-layers';
import { holdMap } from './map-handle';

type LngLat = [number, number];
interface Built { coordinates: LngLat[]; polyline: string; distance: number; duration: number }

const TRIP_QUERY = { roundtrip: 'false', source: 'first', destination: 'last', overview: 'full' } as const;
const EMPTY_LINE = { type: 'FeatureCollection' as const, features: [] };

function line(coordinates: LngLat[] | undefined) {
  return coordinates && coordinates.length > 1
    ? { type: 'FeatureCollection' as const, features: [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates } }] }
    : EMPTY_LINE;
}

/** «12,3 км, 25 мин» from metres and seconds. */
export function describeTrip(distance: number, duration: number): string {
  return `${(distance / 1000).toFixed(1).replace('.', ',')} км, ${Math.max(1, Math.round(duration / 60))} мин`;
}

/** «Остановок на карте: 5» (and those without coordinates, named so nothing is dropped silently). */
function stopsLine(shown: number | null, missing: number) {
  if (shown === null) return null;
  return (
    <Typography.Paragraph type="secondary" data-testid="route-stops-count" style={{ marginBottom: 8 }}>
      {`Остановок на карте: ${shown}.`}{missing ? ` Без координат (не показаны): ${missing}.` : ''}
    </Typography.Paragraph>
  );
}

export function RouteMapPanel({ entity }: { entity: Record<string, unknown> | null }) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const markers = useRef<maplibregl.Marker[]>([]);
  const [points, setPoints] = useState<LngLat[]>([]);
  const [built, setBuilt] = useState<Built | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const client = useQueryClient();
  const settings = useQuery({ queryKey: ['map-settings'], queryFn: ({ signal }) => fetchMapSettings(signal), retry: false });
  const base = useBaseStyle();
  const config = useAppConfig();
  const noGraph = config.data?.road_graph === false;
  const id = entity?.id as number | undefined;
  const savedPath = (entity?.path as { coordinates: LngLat[] } | null | undefined)?.coordinates;
  const start = entity?.start_coordinates as { lat: number; lng: number } | null | undefined;
  // The route's own stops, always drawn (with or without a road graph).
  const stops = useQuery({ queryKey: ['route-stops-map', id], queryFn: ({ signal }) => fetchRoutesGeojson(id === undefined ? [] : [id], signal), enabled: id !== undefined });
  const [mapLoaded, setMapLoaded] = useState(false);

  useEffect(() => {
    if (!el.current || settings.isPending || !base.known || mapRef.current) return;
    maplibregl.setWorkerUrl(workerUrl);
    const first = savedPath?.[0];
    const c = first ? { lng: first[0], lat: first[1] } : start ?? settings.data?.center_coordinates ?? null;
    const map = new maplibregl.Map({
      container: el.current,
      style: base.style,
      ...(c ? { center: [c.lng, c.lat] as LngLat, zoom: 15 } : { center: COUNTRY_VIEW.center, zoom: COUNTRY_VIEW.zoom }),
      locale: MAP_LOCALE_RU,
      attributionControl: false,
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => {
      map.addSource('route-saved', { type: 'geojson', data: line(savedPath) });
      map.addLayer({ id: 'route-saved', type: 'line', source: 'route-saved', paint: { 'line-color': '#8c8c8c', 'line-width': 4 } });
      map.addSource('route-built', { type: 'geojson', data: EMPTY_LINE });
      map.addLayer({ id: 'route-built', type: 'line', source: 'route-built', paint: { 'line-color': '#1677ff', 'line-width': 5 } });
      addRouteLayers(map);
      setMapLoaded(true);
    });
    map.on('click', ROUTE_STOPS_LAYER, (e) => {
      const p = e.features?.[0]?.properties as RouteFeatureProps | undefined;
      if (p) new maplibregl.Popup({ focusAfterOpen: false }).setLngLat(e.lngLat).setText(stopLabel(p)).addTo(map);
    });
    map.on('click', (e) => {
      setPoints((p) => [...p, [Number(e.lngLat.lng.toFixed(6)), Number(e.lngLat.lat.toFixed(6))]]);
      setBuilt(null);
      setSaved(false);
    });
    return holdMap(mapRef, map, '__routeMap');
    // The map is made once, when the settings are known.
  }, [settings.isPending, base.known]);

  // The stops (and the saved path again, as the routes map draws it), the view fitted to them when nothing else places it.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !mapLoaded || !stops.data || id === undefined) return;
    showRoutes(map, { ...stops.data, features: stops.data.features.filter((f) => f.properties.kind === 'stop') }, [id]);
    const b = routesBounds(stops.data);
    if (b && !savedPath?.length && !start) map.fitBounds(b, { padding: 40, maxZoom: 15, duration: 0 });
  }, [stops.data, mapLoaded]);

  // The clicked points as numbered markers.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    for (const m of markers.current) m.remove();
    markers.current = points.map((p, i) => {
      const label = document.createElement('div');
      label.textContent = String(i + 1);
      label.setAttribute('aria-label', `Точка ${i + 1}`);
      label.style.cssText = 'background:#1677ff;color:#fff;border-radius:50%;width:22px;height:22px;text-align:center;line-height:22px;font-size:12px';
      return new maplibregl.Marker({ element: label }).setLngLat(p).addTo(map);
    });
  }, [points]);

  useEffect(() => {
    const src = mapRef.current?.getSource('route-built') as maplibregl.GeoJSONSource | undefined;
    src?.setData(line(built?.coordinates));
  }, [built]);

  async function build() {
    setBusy(true);
    setError(null);
    try {
      const coordinates = points.map((p) => p.join(',')).join(';');
      const geo = await callRoute(tripRoute, { params: { coordinates }, query: { ...TRIP_QUERY, geometries: 'geojson' } });
      const enc = await callRoute(tripRoute, { params: { coordinates }, query: { ...TRIP_QUERY, geometries: 'polyline' } });
      const trip = geo.trips[0];
      const g = trip?.geometry;
      const p = enc.trips[0]?.geometry;
      if (geo.code !== 'Ok' || !trip || !g || typeof g === 'string' || typeof p !== 'string') throw new Error('Маршрут не построен.');
      setBuilt({ coordinates: g.coordinates as LngLat[], polyline: p, distance: trip.distance, duration: trip.duration });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  async function save() {
    if (!built || id === undefined) return;
    setBusy(true);
    setError(null);
    try {
      const [a, b] = [points[0]!, points[points.length - 1]!];
      await http.json(`${routeResource.path}${id}/`, {
        method: 'PATCH',
        json: {
          path_polyline: built.polyline,
          estimated_distance: Math.round(built.distance),
          estimated_duration: Math.round(built.duration),
          start_coordinates: formatCoordinates({ lng: a[0], lat: a[1] }),
          end_coordinates: formatCoordinates({ lng: b[0], lat: b[1] }),
        },
      });
      setSaved(true);
      await client.invalidateQueries({ queryKey: queryKeys.resource(routeResource.name) });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  if (id === undefined) return <Alert type="info" showIcon title="Сохраните маршрут, чтобы построить его путь на карте." />;
  return (
    <div>
      <Typography.Paragraph>
        Остановки маршрута показаны на карте кружками. Щёлкните по карте точки пути по порядку: первая — начало, последняя — конец.
        Путь строится по дорогам региона.
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 8 }}>
        <Button type="primary" disabled={points.length < 2 || busy || noGraph} onClick={() => void build()}>Построить по дорогам</Button>
        <Button disabled={!built || busy} onClick={() => void save()}>Сохранить путь</Button>
        <Button disabled={!points.length || busy} onClick={() => { setPoints([]); setBuilt(null); setSaved(false); }}>Сбросить точки</Button>
        <span aria-live="polite">
          {`Точек: ${points.length}.`}
          {built ? ` Путь: ${describeTrip(built.distance, built.duration)}.` : ''}
          {saved ? ' Путь сохранён.' : ''}
        </span>
      </Space>
      {noGraph && <NoRoadGraphNotice />}
      {error && <Alert type="error" showIcon title={`Маршрут не построен: ${error}`} style={{ marginBottom: 8 }} />}
      <NoBasemapNotice compact />
      {stopsLine(stops.data?.features.filter((f) => f.properties.kind === 'stop').length ?? null, stops.data?.features[0]?.properties.stops_without_coordinates ?? 0)}
      <div
        ref={el}
        data-testid="route-map"
        role="region"
        aria-label="Карта маршрута: щелчок добавляет точку"
        style={{ height: 420, borderRadius: 6, overflow: 'hidden', border: '1px solid #d9d9d9' }}
      />
    </div>
  );
}
