/**
 * The small map under a card's coordinates field (issue 14 §4): it opens at the point when the
 * field holds one, else at the system settings' centre — both at `map_zoom_mini` (spec 03
 * "System settings") — and a click on it fills the field with that place («широта, долгота», 6
 * decimals). Loaded lazily with maplibre (only src/map imports it). `window.__miniMap` is the
 * instance for the browser test.
 */
import { useQuery } from '@tanstack/react-query';
import { formatCoordinates, parseCoordinatesString, type Point } from '@tko/contract';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef } from 'react';
import { fetchMapSettings } from '../api/system-settings';
import { MAP_LOCALE_RU } from './map-locale';
import { NoBasemapNotice, useBaseStyle } from './base-style';
import { COUNTRY_VIEW } from './map-view-state';
import { holdMap } from './map-handle';

/** Zoom of the small maps when the settings give none. */
export const MINI_ZOOM = 15;

function pointOf(value: unknown): Point | null {
  if (typeof value === 'string') return parseCoordinatesString(value);
  if (value && typeof value === 'object' && 'lat' in value && 'lng' in value) return value as Point;
  return null;
}

export default function MiniMap({ value, onPick, disabled }: { value: unknown; onPick: (text: string) => void; disabled?: boolean }) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const markerRef = useRef<maplibregl.Marker | null>(null);
  const pickRef = useRef(onPick);
  pickRef.current = onPick;
  const disabledRef = useRef(disabled);
  disabledRef.current = disabled;
  const settings = useQuery({ queryKey: ['map-settings'], queryFn: ({ signal }) => fetchMapSettings(signal), retry: false });
  const point = pointOf(value);
  const base = useBaseStyle();

  useEffect(() => {
    if (!el.current || settings.isPending || !base.known || mapRef.current) return;
    maplibregl.setWorkerUrl(workerUrl);
    const zoom = settings.data?.map_zoom_mini ?? MINI_ZOOM;
    const c = point ?? settings.data?.center_coordinates ?? null;
    const map = new maplibregl.Map({
      container: el.current,
      style: base.style,
      ...(c ? { center: [c.lng, c.lat] as [number, number], zoom } : { center: COUNTRY_VIEW.center, zoom: COUNTRY_VIEW.zoom }),
      locale: MAP_LOCALE_RU,
      attributionControl: false,
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.on('click', (e) => {
      if (disabledRef.current) return;
      pickRef.current(formatCoordinates({ lat: e.lngLat.lat, lng: e.lngLat.lng }));
    });
    return holdMap(mapRef, map, '__miniMap');
    // The map is made once, when the settings are known; later points move the marker only.
  }, [settings.isPending, base.known]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    if (!point) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    markerRef.current ??= new maplibregl.Marker({ color: '#1677ff' });
    markerRef.current.setLngLat([point.lng, point.lat]).addTo(map);
  }, [point?.lat, point?.lng, settings.isPending]);

  return (
    <>
      <div
        ref={el}
        data-testid="mini-map"
        role="region"
        aria-label="Карта места: щелчок задаёт координаты"
        style={{ height: 220, marginTop: 8, borderRadius: 6, overflow: 'hidden', border: '1px solid #d9d9d9' }}
      />
      <NoBasemapNotice compact />
    </>
  );
}
