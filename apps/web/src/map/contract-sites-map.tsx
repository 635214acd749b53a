/**
 * The map of a contract card's «Места накопления» tab (issue 11 §3): every waste area a contract
 * may name (the special, container, collection and chamber sites of the waste-area vector tiles;
 * bulk sites are not contract sites, spec 03 §3) as circles filled by status; the sites the
 * contract names now drawn larger with a thick blue ring. A click on a site calls `onToggle`
 * with its id and address (the card adds or removes it). Opens fitted to `focus` (the saved
 * sites' points), else at the system settings' centre and zoom, else fitted to the data.
 *
 * The map is created only once its box has a size: the card renders every tab at once
 * (antd Tabs `forceRender`), so while another tab is open this box is inside a hidden pane
 * (0 × 0), where fitting the saved sites into view cannot work (maplibre: «Map cannot fit within
 * canvas»); the box is watched (ResizeObserver) and the map starts when the tab is first shown.
 * Only src/map imports maplibre; this module is its own lazy chunk.
 * `window.__contractMap` is the instance for the browser test.
 */
import { useQuery } from '@tanstack/react-query';
import { TILE_LAYER, type Point } from '@tko/contract';
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

/** The site kinds a contract may name (the contract waste area's four types, spec 03 §3). */
export const CONTRACT_SITE_KINDS = ['CONTAINER', 'SPECIALA', 'COLLECTION', 'CHAMBER'] as const;
const SOURCE = 'contract-sites-tiles';
/** Every site a contract may name. */
export const SITES_LAYER = 'contract-sites';
/** The sites the contract names (drawn over SITES_LAYER). */
export const CHOSEN_LAYER = 'contract-sites-chosen';
const CHOSEN_COLOR = '#0958d9';

/** What a click on a site gives the card. */
export interface PickedSite {
  id: number;
  location: string | null;
}

interface Props {
  /** Ids of the sites the contract names now. */
  chosen: readonly number[];
  onToggle: (site: PickedSite) => void;
  /** Read-only card (no rights, or a frozen revision): clicks change nothing. */
  disabled?: boolean;
  /** Points the map opens fitted to (the saved sites); [] opens at the settings' centre. */
  focus: readonly Point[];
}

function chosenFilter(ids: readonly number[]): maplibregl.FilterSpecification {
  return ['in', ['id'], ['literal', [...ids]]] as unknown as maplibregl.FilterSpecification;
}

/** True once the element has a drawable size (a hidden tab pane has none). */
function hasSize(el: HTMLElement): boolean {
  return el.clientWidth > 0 && el.clientHeight > 0;
}

export default function ContractSitesMap({ chosen, onToggle, disabled, focus }: Props) {
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [shown, setShown] = useState(false);
  const toggleRef = useRef(onToggle);
  toggleRef.current = onToggle;
  const disabledRef = useRef(disabled);
  disabledRef.current = disabled;
  const chosenRef = useRef(chosen);
  chosenRef.current = chosen;
  const settings = useQuery({ queryKey: ['map-settings'], queryFn: ({ signal }) => fetchMapSettings(signal), retry: false });
  const needExtent = !focus.length && !settings.isPending && !settings.data?.center_coordinates;
  const extent = useQuery({ queryKey: ['map-extent'], queryFn: ({ signal }) => fetchMapExtent(signal), enabled: needExtent, retry: false });
  const viewKnown = !settings.isPending && !(needExtent && extent.isPending);
  const base = useBaseStyle();

  // Wait until the tab is shown (the box gets a size).
  useEffect(() => {
    const box = el.current;
    if (!box || shown) return undefined;
    if (hasSize(box)) {
      setShown(true);
      return undefined;
    }
    const watch = new ResizeObserver(() => {
      if (hasSize(box)) setShown(true);
    });
    watch.observe(box);
    return () => watch.disconnect();
  }, [shown]);

  useEffect(() => {
    const box = el.current;
    if (!box || !shown || !viewKnown || !base.known || mapRef.current) return undefined;
    maplibregl.setWorkerUrl(workerUrl);
    const origin = window.location.origin;
    const view = initialView(settings.data ?? null, extent.data ?? null);
    const map = new maplibregl.Map({
      container: box,
      style: base.style,
      ...(view.kind === 'center' ? { center: view.center, zoom: view.zoom } : { center: view.bounds[0], zoom: 10 }),
      locale: MAP_LOCALE_RU,
      attributionControl: false,
      transformRequest: async (url) => {
        if (!url.startsWith(`${origin}/api/`)) return { url };
        const token = await session.validAccessToken();
        return token ? { url, headers: { Authorization: `Bearer ${token}` } } : { url };
      },
    });
    const fit = focus.length ? focus.map((p) => [p.lng, p.lat] as [number, number]) : view.kind === 'bounds' ? view.bounds : null;
    if (fit) {
      const bounds = new maplibregl.LngLatBounds();
      for (const c of fit) bounds.extend(c);
      map.fitBounds(bounds, { padding: 40, maxZoom: 15, duration: 0 });
    }
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.on('load', () => {
      map.addSource(SOURCE, { type: 'vector', tiles: [tileUrl(origin, false)], minzoom: 0, maxzoom: 16 });
      map.addLayer({
        id: SITES_LAYER,
        type: 'circle',
        source: SOURCE,
        'source-layer': TILE_LAYER,
        filter: ['in', ['get', 'kind'], ['literal', [...CONTRACT_SITE_KINDS]]],
        paint: {
          'circle-color': matchColor('status', STATUS_COLORS),
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 3, 12, 6, 16, 9],
        },
      });
      map.addLayer({
        id: CHOSEN_LAYER,
        type: 'circle',
        source: SOURCE,
        'source-layer': TILE_LAYER,
        filter: chosenFilter(chosenRef.current),
        paint: {
          'circle-color': CHOSEN_COLOR,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 3,
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 6, 12, 10, 16, 14],
        },
      });
      setLoaded(true);
    });
    map.on('click', SITES_LAYER, (e) => {
      const f = e.features?.[0];
      if (!f || disabledRef.current) return;
      const p = f.properties as Record<string, unknown>;
      const id = Number(f.id ?? p.id);
      if (!Number.isInteger(id) || id <= 0) return;
      toggleRef.current({ id, location: typeof p.location === 'string' && p.location ? p.location : null });
    });
    map.on('mouseenter', SITES_LAYER, () => {
      if (!disabledRef.current) map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', SITES_LAYER, () => {
      map.getCanvas().style.cursor = '';
    });
    map.on('error', (e) => console.warn('Ошибка карты мест накопления', e.error));
    const release = holdMap(mapRef, map, '__contractMap');
    return () => {
      release();
      setLoaded(false);
    };
    // The map is made once, when it is first shown and its view is known; `chosen` only re-filters a layer.
  }, [shown, viewKnown, base.known]);

  // The chosen sites' highlight follows the form.
  useEffect(() => {
    const map = mapRef.current;
    if (map && loaded && map.getLayer(CHOSEN_LAYER)) map.setFilter(CHOSEN_LAYER, chosenFilter(chosen));
  }, [chosen, loaded]);

  return (
    <>
      <NoBasemapNotice compact />
      <div
        ref={el}
        data-testid="contract-sites-map"
        data-ready={loaded ? 'true' : undefined}
        role="region"
        aria-label="Карта мест накопления: щелчок по площадке добавляет её в договор или убирает из него"
        style={{ height: 420, borderRadius: 6, overflow: 'hidden', border: '1px solid #d9d9d9' }}
      />
    </>
  );
}
