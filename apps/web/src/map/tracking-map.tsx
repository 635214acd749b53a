/**
 * The tracking screen's map (issue 10 §3, §5; lazy chunk with maplibre): every vehicle with a
 * position as a marker labelled with its plate in its last-online bucket's colour, moved as live
 * positions arrive, and the chosen trip's track as a line (fitted into view). With a schedule
 * chosen (issue 23 §4): the day's due sites as circles in their plan/fact status colour (the missed
 * larger, ringed), and the chosen route's planned path (dashed, its stops in order) against its
 * truck's actual track of the day. `window.__trackingMap` is the instance for the browser test.
 */
import type { NavTrip, NavVehicle } from '@tko/contract';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import { BUCKET_COLORS } from '../tracking/tracking-state';
import { MAP_LOCALE_RU } from './map-locale';
import { ANGARSK } from './map-style';
import { useBaseStyle } from './base-style';

const TRACK_SOURCE = 'trip-track';
const SITES_SOURCE = 'plan-fact-sites';
const PLANNED_SOURCE = 'planned-path';
const ACTUAL_SOURCE = 'actual-track';
const EMPTY = { type: 'FeatureCollection' as const, features: [] };
type LngLat = [number, number];

/** The day's due sites for the status layer: points with `color` and `missed` properties (tracking/plan-fact-live.ts sitesGeoJson). */
export interface StatusSites {
  type: 'FeatureCollection';
  features: { type: 'Feature'; properties: { color: string; missed: boolean; name: string; status: string }; geometry: { type: 'Point'; coordinates: LngLat } }[];
}

export interface TrackingMapProps {
  vehicles: readonly NavVehicle[];
  trip: NavTrip | null;
  onSelect: (id: number) => void;
  /** The chosen schedule's due sites by status; null: none chosen. */
  sites?: StatusSites | null;
  /** Which schedule and day `sites` belong to: the map fits them into view once per key. */
  sitesKey?: string;
  /** The chosen route's planned path (its stops in order) and its truck's tracks of the day. */
  planned?: LngLat[] | null;
  actual?: LngLat[][] | null;
}

const lineOf = (coordinates: LngLat[] | null | undefined) => (coordinates && coordinates.length > 1
  ? { type: 'FeatureCollection' as const, features: [{ type: 'Feature' as const, properties: {}, geometry: { type: 'LineString' as const, coordinates } }] }
  : EMPTY);

function markerElement(v: NavVehicle): HTMLDivElement {
  const el = document.createElement('div');
  el.className = 'tracking-marker';
  el.dataset.vehicleId = String(v.id);
  el.style.cssText = 'padding:1px 6px;border-radius:10px;color:#fff;font:600 12px/18px sans-serif;white-space:nowrap;box-shadow:0 0 0 2px #fff';
  return el;
}

export default function TrackingMap({ vehicles, trip, onSelect, sites = null, sitesKey = '', planned = null, actual = null }: TrackingMapProps) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const markers = useRef(new Map<number, maplibregl.Marker>());
  const loaded = useRef(false);
  /** What to draw once the style has loaded (the track chosen before that). */
  const pending = useRef(new Map<string, () => void>());
  /** The sites key last fitted into view. */
  const fitted = useRef('');
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  const base = useBaseStyle();
  /** Counts the maps made (one once the base style is known): the drawing effects run again for a new map. */
  const [mapGen, setMapGen] = useState(0);

  useEffect(() => {
    if (!el.current || !base.known) return undefined;
    maplibregl.setWorkerUrl(workerUrl);
    const first = vehicles.find((v) => v.last_position)?.last_position;
    const map = new maplibregl.Map({
      container: el.current,
      style: base.style,
      center: first ? [first.lng, first.lat] : [ANGARSK.lng, ANGARSK.lat],
      zoom: first ? 12 : ANGARSK.zoom,
      locale: MAP_LOCALE_RU,
      attributionControl: false,
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => {
      map.addSource(TRACK_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addLayer({ id: 'trip-track-line', type: 'line', source: TRACK_SOURCE, paint: { 'line-color': '#1677ff', 'line-width': 4, 'line-opacity': 0.8 } });
      map.addSource(PLANNED_SOURCE, { type: 'geojson', data: EMPTY });
      map.addLayer({ id: 'planned-path-line', type: 'line', source: PLANNED_SOURCE, paint: { 'line-color': '#722ed1', 'line-width': 3, 'line-dasharray': [2, 2] } });
      map.addSource(ACTUAL_SOURCE, { type: 'geojson', data: EMPTY });
      map.addLayer({ id: 'actual-track-line', type: 'line', source: ACTUAL_SOURCE, paint: { 'line-color': '#13a8a8', 'line-width': 4, 'line-opacity': 0.85 } });
      map.addSource(SITES_SOURCE, { type: 'geojson', data: EMPTY });
      map.addLayer({
        id: 'plan-fact-sites-circle', type: 'circle', source: SITES_SOURCE,
        paint: {
          'circle-color': ['get', 'color'], 'circle-radius': ['case', ['get', 'missed'], 9, 5],
          'circle-stroke-color': ['case', ['get', 'missed'], '#ffccc7', '#ffffff'], 'circle-stroke-width': ['case', ['get', 'missed'], 3, 1],
        },
      });
      loaded.current = true;
      for (const draw of pending.current.values()) draw();
      pending.current.clear();
    });
    mapRef.current = map;
    fitted.current = '';
    setMapGen((g) => g + 1);
    (globalThis as unknown as { __trackingMap?: maplibregl.Map }).__trackingMap = map;
    const owned = markers.current;
    return () => {
      for (const m of owned.values()) m.remove();
      owned.clear();
      map.remove();
      mapRef.current = null;
      loaded.current = false;
    };
  }, [base.known]);

  // Markers follow the vehicles (positions, plates, colours).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const seen = new Set<number>();
    for (const v of vehicles) {
      if (!v.last_position) continue;
      seen.add(v.id);
      let m = markers.current.get(v.id);
      if (!m) {
        const element = markerElement(v);
        element.addEventListener('click', () => selectRef.current(v.id));
        m = new maplibregl.Marker({ element }).setLngLat([v.last_position.lng, v.last_position.lat]).addTo(map);
        markers.current.set(v.id, m);
      }
      const e = m.getElement();
      e.textContent = v.license_plate;
      e.title = `${v.license_plate}: ${v.last_position.lat.toFixed(6)}, ${v.last_position.lng.toFixed(6)}`;
      e.style.background = BUCKET_COLORS[v.last_online] ?? BUCKET_COLORS.NO_DATA!;
      m.setLngLat([v.last_position.lng, v.last_position.lat]);
    }
    for (const [id, m] of markers.current) if (!seen.has(id)) { m.remove(); markers.current.delete(id); }
  }, [vehicles, mapGen]);

  // The chosen trip's track.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const draw = () => {
      const src = map.getSource(TRACK_SOURCE) as maplibregl.GeoJSONSource | undefined;
      if (!src) return;
      src.setData({ type: 'FeatureCollection', features: trip ? [{ type: 'Feature', properties: {}, geometry: trip.track }] : [] });
      if (trip && trip.track.coordinates.length > 1) {
        const b = new maplibregl.LngLatBounds();
        for (const c of trip.track.coordinates) b.extend(c);
        map.fitBounds(b, { padding: 40, duration: 0 });
      }
    };
    if (loaded.current) draw();
    else pending.current.set('trip', draw);
  }, [trip, mapGen]);

  // The schedule's day: sites by status, the chosen route's planned path and actual track.
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    const draw = () => {
      (map.getSource(SITES_SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(sites ?? EMPTY);
      (map.getSource(PLANNED_SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(lineOf(planned));
      (map.getSource(ACTUAL_SOURCE) as maplibregl.GeoJSONSource | undefined)?.setData(actual && actual.length
        ? { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'MultiLineString', coordinates: actual } }] }
        : EMPTY);
      if (sites && sites.features.length && fitted.current !== sitesKey) {
        fitted.current = sitesKey;
        const b = new maplibregl.LngLatBounds();
        for (const f of sites.features) b.extend(f.geometry.coordinates);
        map.fitBounds(b, { padding: 60, maxZoom: 15, duration: 0 });
      }
    };
    if (loaded.current) draw();
    else pending.current.set('plan-fact', draw);
  }, [sites, sitesKey, planned, actual, mapGen]);

  return <div ref={el} data-testid="tracking-map" role="region" aria-label="Карта транспорта" style={{ width: '100%', height: '100%', minHeight: 420 }} />;
}
