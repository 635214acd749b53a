/**
 * `/terr-schema/map/`: the layers of map/layers.ts over the operator's base style (when
 * `/api/config/` names one) or a built-in plain style. Each layer has a visibility toggle, a
 * status filter and its legend (layer-panel.tsx). The map opens at the system settings' centre
 * and zoom, else fits the data (map-view-state.ts). Controls speak Russian (map-locale.ts).
 * Registry layers start on, the problems off (their own group and toggle in the panel). A click opens
 * the popup of the feature nearest to the pointer, with a link to the object. Beside the map, the sites in view as a list
 * (site-list.tsx: keyboard access, synced with the map; issue 15 §3). `window.__map` is the maplibre
 * instance for the browser test. Loaded lazily.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../api/hooks';
import { fetchMapExtent, fetchMapSettings } from '../api/system-settings';
import { usePermissions } from '../app/permissions/use-permissions';
import { session } from '../app/session/session';
import { useSession } from '../app/session/use-session';
import { ErrorState, LoadingState } from '../app/states';
import { LayerPanel, type LayerState } from './layer-panel';
import { ESTIMATE_LABEL, layerFilter, pickFeature, visibleByDefault, visibleLayers, type MapLayerDef } from './layers';
import { withOwnLayers } from './own-layers';
import { MAP_LOCALE_RU } from './map-locale';
import { builtInStyle, SOURCE_ID } from './map-style';
import { MAP_SETTINGS_KEY } from './map-data';
import { initialView, type InitialView } from './map-view-state';
import { popupContent, type PopupData } from './popup-content';
import { SiteList } from './site-list';
import { NoBasemapNotice } from './base-style';
import { sitesInView, type RenderedSite, type SitesInView } from './sites-in-view';
import { PageTitle } from '../app/page-title';
import { publicAppealFormHref } from '../appeals/public-appeal-site';

maplibregl.setWorkerUrl(workerUrl);
// The tile worker starts with the chunk, while the page's first requests run, not when the map is created.
maplibregl.prewarm();

declare global {
  interface Window {
    __map?: maplibregl.Map;
  }
}

const MAP_HEIGHT = 'calc(100vh - 64px - 48px)';

export default function MapPage() {
  const config = useAppConfig();
  const { signedIn } = useSession();
  const perms = usePermissions();
  // The public centre and zooms of the system settings: the signed-in and the public map open alike (issue 14 §4).
  const settings = useQuery({ queryKey: MAP_SETTINGS_KEY, queryFn: ({ signal }) => fetchMapSettings(signal), retry: false });
  const settingsDone = !settings.isPending;
  const needExtent = settingsDone && !settings.data?.center_coordinates;
  const extent = useQuery({ queryKey: ['map-extent'], queryFn: ({ signal }) => fetchMapExtent(signal), enabled: needExtent, retry: false });
  const layers = useMemo(() => visibleLayers(perms, !signedIn), [perms, signedIn]);
  if (config.isPending || !settingsDone || (needExtent && extent.isPending)) return <LoadingState text="Загрузка карты…" />;
  const styleUrl = config.data?.map_style_url ?? null;
  const view = initialView(settings.data ?? null, extent.data ?? null);
  return (
    <div>
      <PageTitle hidden>Карта объектов</PageTitle>
      {config.isError && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title="Не удалось получить настройки карты: показана карта без подложки." />
      )}
      {!config.isError && <NoBasemapNotice />}
      <MapView key={`${String(signedIn)}|${styleUrl ?? ''}`} styleUrl={styleUrl} anonymous={!signedIn} layers={layers} view={view} />
    </div>
  );
}

/** A feature's popup fields (click on the map, focus in the site list). */
function popupOf(layer: MapLayerDef, p: Record<string, unknown>, featureId: unknown, anonymous: boolean) {
  const rawId = p.id ?? featureId;
  const id = rawId == null || Number.isNaN(Number(rawId)) ? null : Number(rawId);
  return {
    id,
    title: String(p.name ?? p.location ?? '') || (id !== null ? `${layer.noun} № ${id}` : layer.noun),
    layer: layer.label,
    status: p.status == null ? '' : layer.statusLabel(String(p.status)),
    type: p.type,
    countContainers: layer.source.type === 'waste-area-tiles' ? p.count_containers : undefined,
    location: p.name ? String(p.location ?? '') : '',
    href: !anonymous && id !== null ? layer.href(id) : null,
    ...(layer.source.type === 'waste-area-tiles' && id !== null ? { appealHref: publicAppealFormHref(id, String(p.location ?? '')) } : {}),
    ...(layer.estimated && (p[layer.estimated] === true || p[layer.estimated] === 'true') ? { warning: ESTIMATE_LABEL } : {}),
  };
}

const NO_SITES: SitesInView = { sites: [], total: 0, key: '' };

function applyView(map: maplibregl.Map, view: InitialView) {
  if (view.kind === 'bounds') map.fitBounds(view.bounds, { padding: 48, maxZoom: 14, duration: 0 });
}

function MapView({ styleUrl, anonymous, layers, view }: { styleUrl: string | null; anonymous: boolean; layers: MapLayerDef[]; view: InitialView }) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [failure, setFailure] = useState<string | null>(null);
  const [tileError, setTileError] = useState(false);
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<Record<string, LayerState>>(() => Object.fromEntries(layers.map((l) => [l.id, { visible: visibleByDefault(l), statuses: null }])));
  const [sites, setSites] = useState<SitesInView>(NO_SITES);
  const popupRef = useRef<maplibregl.Popup | null>(null);
  const layersById = useMemo(() => new Map(layers.map((l) => [l.id, l])), [layers]);

  /** Opens one popup (a previous one closes). */
  const showPopup = useCallback((layer: MapLayerDef, props: Record<string, unknown>, featureId: unknown, lngLat: maplibregl.LngLatLike, also?: PopupData['also']) => {
    const map = mapRef.current;
    if (!map) return;
    popupRef.current?.remove();
    const content = popupContent({ ...popupOf(layer, props, featureId, anonymous), ...(also?.length ? { also } : {}) }, (href) => navigateRef.current(href));
    popupRef.current = new maplibregl.Popup({ maxWidth: '320px', focusAfterOpen: false }).setLngLat(lngLat).setDOMContent(content).addTo(map);
  }, [anonymous]);
  const focusSite = useCallback((site: RenderedSite) => {
    const layer = layersById.get(site.layerId);
    if (layer) showPopup(layer, site.props, site.id, site.lngLat);
  }, [layersById, showPopup]);
  const hrefOf = useCallback((site: RenderedSite) => {
    const layer = layersById.get(site.layerId);
    return !anonymous && layer && site.id !== null ? layer.href(site.id) : null;
  }, [layersById, anonymous]);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const origin = window.location.origin;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container: el,
        ...(view.kind === 'center' ? { center: view.center, zoom: view.zoom } : { bounds: view.bounds, fitBoundsOptions: { padding: 48, maxZoom: 14 } }),
        locale: MAP_LOCALE_RU,
        transformRequest: async (url) => {
          if (anonymous || !url.startsWith(`${origin}/api/`)) return { url };
          const token = await session.validAccessToken();
          return token ? { url, headers: { Authorization: `Bearer ${token}` } } : { url };
        },
      });
    } catch (e) {
      console.warn('Карта не запустилась', e);
      setFailure('Браузер не поддерживает показ карты (WebGL).');
      return;
    }
    // The registry layers come with the style (own-layers.ts): their tiles are asked for on the first frame.
    map.setStyle(styleUrl ?? builtInStyle(), { transformStyle: withOwnLayers(layers, origin, anonymous) });
    mapRef.current = map;
    window.__map = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-right');

    map.once('load', () => {
      applyView(map, view);
      setReady(true);
    });

    // The list beside the map follows what is drawn: after every settle (move, zoom, tiles, layer changes),
    // in a task of its own — not inside the frame that drew the tiles (two shorter tasks instead of one long).
    let lastKey = '';
    let listTimer: ReturnType<typeof setTimeout> | undefined;
    const updateList = () => {
      listTimer = undefined;
      if (mapRef.current !== map) return;
      // Lines (flows) are not sites: the list beside the map names points only.
      const ids = layers.filter((l) => !l.line).map((l) => l.id).filter((id) => map.getLayer(id));
      if (!ids.length) return;
      const rendered: RenderedSite[] = map.queryRenderedFeatures({ layers: ids }).map((f) => {
        const layer = layersById.get(f.layer.id)!;
        const p = f.properties as Record<string, unknown>;
        const d = popupOf(layer, p, f.id, anonymous);
        const c = f.geometry.type === 'Point' ? (f.geometry.coordinates as [number, number]) : ([0, 0] as [number, number]);
        return { layerId: f.layer.id, id: d.id, title: d.title, lngLat: c, props: p };
      });
      const next = sitesInView(rendered);
      if (next.key !== lastKey) {
        lastKey = next.key;
        setSites(next);
      }
    };
    map.on('idle', () => {
      listTimer ??= setTimeout(updateList, 0);
    });

    // One click handler for all layers: the feature nearest to the pointer wins (layers.ts pickFeature),
    // so a click on a site opens the site even where another layer's point lies near it.
    const CLICK_SLOP = 6; // px around the pointer
    map.on('click', (e) => {
      const ids = layers.map((l) => l.id).filter((id) => map.getLayer(id));
      const box: [maplibregl.PointLike, maplibregl.PointLike] = [[e.point.x - CLICK_SLOP, e.point.y - CLICK_SLOP], [e.point.x + CLICK_SLOP, e.point.y + CLICK_SLOP]];
      const features = ids.length ? map.queryRenderedFeatures(box, { layers: ids }) : [];
      const hits = features.map((f) => {
        if (f.geometry.type !== 'Point') return { layerId: f.layer.id, distance: Infinity };
        const p = map.project(f.geometry.coordinates as [number, number]);
        return { layerId: f.layer.id, distance: Math.hypot(p.x - e.point.x, p.y - e.point.y) };
      });
      const i = pickFeature(hits);
      const feature = features[i];
      const layer = feature && layersById.get(feature.layer.id);
      if (!feature || !layer) return;
      // Objects of other layers drawn on the same point (a problem about this site) stay reachable from the popup.
      const seen = new Set<string>();
      const also = features.flatMap((f, j) => {
        const l = layersById.get(f.layer.id);
        if (j === i || !l || l === layer || Math.abs(hits[j]!.distance - hits[i]!.distance) > 0.5) return [];
        const d = popupOf(l, f.properties as Record<string, unknown>, f.id, anonymous);
        const key = `${l.id}:${d.id}`;
        if (seen.has(key)) return [];
        seen.add(key);
        return [{ title: `${l.noun}: ${d.title}`, href: d.href }];
      });
      showPopup(layer, feature.properties as Record<string, unknown>, feature.id, e.lngLat, also);
    });
    for (const layer of layers) {
      map.on('mouseenter', layer.id, () => {
        map.getCanvas().style.cursor = 'pointer';
      });
      map.on('mouseleave', layer.id, () => {
        map.getCanvas().style.cursor = '';
      });
    }
    const ownSources = new Set([SOURCE_ID, ...layers.flatMap((l) => (l.source.type === 'geojson' ? [l.source.id] : []))]);
    map.on('error', (e) => {
      console.warn('Ошибка карты', e.error);
      const sourceId = (e as unknown as { sourceId?: string }).sourceId;
      if (sourceId && ownSources.has(sourceId)) setTileError(true);
    });

    return () => {
      clearTimeout(listTimer);
      if (window.__map === map) delete window.__map;
      mapRef.current = null;
      map.remove();
    };
    // The view and the layer list are read once per map (the key re-creates it on sign-in changes).
  }, [styleUrl, anonymous]);

  // Visibility and status filters follow the panel. Only what changed since the style was drawn: the style
  // starts with every layer at its default visibility (layers.ts visibleByDefault) and unfiltered, and an unchanged setLayoutProperty would still cost a
  // frame (and a second list update) right after the map's first features.
  const applied = useRef<Record<string, LayerState>>({});
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !ready) return;
    for (const layer of layers) {
      const s = state[layer.id];
      const was = applied.current[layer.id] ?? { visible: visibleByDefault(layer), statuses: null };
      if (!s || !map.getLayer(layer.id) || s === was) continue;
      if (s.visible !== was.visible) map.setLayoutProperty(layer.id, 'visibility', s.visible ? 'visible' : 'none');
      if (s.statuses !== was.statuses) map.setFilter(layer.id, layerFilter(layer, s.statuses) as maplibregl.FilterSpecification | null);
      applied.current[layer.id] = s;
    }
  }, [state, ready, layers]);

  if (failure) return <ErrorState error={new Error(failure)} title="Карта недоступна" />;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 280px', height: MAP_HEIGHT, minHeight: 400, borderRadius: 8, overflow: 'hidden' }}>
    <div style={{ position: 'relative', minWidth: 0 }}>
      <div ref={container} style={{ position: 'absolute', inset: 0 }} data-testid="map" data-ready={ready ? 'true' : undefined} aria-label="Карта" role="region" />
      {tileError && (
        <Alert
          type="warning"
          showIcon
          title="Не удалось загрузить часть данных карты."
          style={{ position: 'absolute', top: 12, left: 12, zIndex: 2 }}
          closable={{ onClose: () => setTileError(false) }}
        />
      )}
      <LayerPanel layers={layers} state={state} onChange={(id, s) => setState((prev) => ({ ...prev, [id]: s }))} />
    </div>
    <SiteList view={sites} hrefOf={hrefOf} onFocusSite={focusSite} />
    </div>
  );
}
