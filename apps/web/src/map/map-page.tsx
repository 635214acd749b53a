/**
 * `/terr-schema/map/`: waste areas from the vector tiles over the operator's base style (when
 * `/api/config/` names one) or a built-in plain style. A click opens a popup with a link to the
 * site. The maplibre instance is `window.__map` for the browser test. Loaded lazily.
 */
import { TILE_LAYER } from '@tko/contract';
import { Alert } from 'antd';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../api/hooks';
import { session } from '../app/session/session';
import { useSession } from '../app/session/use-session';
import { ErrorState, LoadingState } from '../app/states';
import { typeOfKind, viewPath } from '../resources/waste-areas';
import { MapLegend } from './legend';
import { ANGARSK, builtInStyle, KIND_COLORS, LAYER_ID, matchColor, SOURCE_ID, STATUS_COLORS, tileUrl } from './map-style';
import { popupContent } from './popup-content';

maplibregl.setWorkerUrl(workerUrl);

declare global {
  interface Window {
    __map?: maplibregl.Map;
  }
}

const MAP_HEIGHT = 'calc(100vh - 64px - 48px)';

export default function MapPage() {
  const config = useAppConfig();
  const { signedIn } = useSession();
  if (config.isPending) return <LoadingState text="Загрузка карты…" />;
  const styleUrl = config.data?.map_style_url ?? null;
  return (
    <div>
      {config.isError && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} title="Не удалось получить настройки карты: показана карта без подложки." />
      )}
      <MapView key={`${String(signedIn)}|${styleUrl ?? ''}`} styleUrl={styleUrl} anonymous={!signedIn} />
    </div>
  );
}

function MapView({ styleUrl, anonymous }: { styleUrl: string | null; anonymous: boolean }) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [failure, setFailure] = useState<string | null>(null);
  const [tileError, setTileError] = useState(false);

  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const origin = window.location.origin;
    let map: maplibregl.Map;
    try {
      map = new maplibregl.Map({
        container: el,
        style: styleUrl ?? builtInStyle(),
        center: [ANGARSK.lng, ANGARSK.lat],
        zoom: ANGARSK.zoom,
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
    window.__map = map;
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-right');

    const addLayers = () => {
      if (map.getSource(SOURCE_ID)) return;
      map.addSource(SOURCE_ID, { type: 'vector', tiles: [tileUrl(origin, anonymous)], minzoom: 0, maxzoom: 16 });
      map.addLayer({
        id: LAYER_ID,
        type: 'circle',
        source: SOURCE_ID,
        'source-layer': TILE_LAYER,
        paint: {
          'circle-color': matchColor('status', STATUS_COLORS),
          'circle-stroke-color': matchColor('kind', KIND_COLORS),
          'circle-stroke-width': ['interpolate', ['linear'], ['zoom'], 8, 1, 14, 2.5],
          'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 2.5, 12, 5, 16, 9],
          'circle-opacity': 0.9,
        },
      });
    };
    if (map.isStyleLoaded()) addLayers();
    else map.on('load', addLayers);

    map.on('click', LAYER_ID, (e) => {
      const feature = e.features?.[0];
      if (!feature) return;
      const p = feature.properties as Record<string, unknown>;
      const rawId = p.id ?? feature.id;
      const id = rawId == null || Number.isNaN(Number(rawId)) ? null : Number(rawId);
      const type = typeOfKind(String(p.kind ?? 'CONTAINER')) ?? 'container';
      const content = popupContent(
        {
          id,
          location: typeof p.location === 'string' ? p.location : '',
          status: p.status,
          kind: p.kind,
          type: p.type,
          countContainers: p.count_containers,
          href: !anonymous && id !== null ? viewPath(type, id) : null,
        },
        (href) => navigateRef.current(href),
      );
      new maplibregl.Popup({ maxWidth: '320px' }).setLngLat(e.lngLat).setDOMContent(content).addTo(map);
    });
    map.on('mouseenter', LAYER_ID, () => {
      map.getCanvas().style.cursor = 'pointer';
    });
    map.on('mouseleave', LAYER_ID, () => {
      map.getCanvas().style.cursor = '';
    });
    map.on('error', (e) => {
      console.warn('Ошибка карты', e.error);
      if ((e as unknown as { sourceId?: string }).sourceId === SOURCE_ID) setTileError(true);
    });
    map.on('data', (e) => {
      if (e.dataType === 'source' && (e as unknown as { sourceId?: string }).sourceId === SOURCE_ID && e.isSourceLoaded) setTileError(false);
    });

    return () => {
      if (window.__map === map) delete window.__map;
      map.remove();
    };
  }, [styleUrl, anonymous]);

  if (failure) return <ErrorState error={new Error(failure)} title="Карта недоступна" />;
  return (
    <div style={{ position: 'relative', height: MAP_HEIGHT, minHeight: 400, borderRadius: 8, overflow: 'hidden' }}>
      <div ref={container} style={{ position: 'absolute', inset: 0 }} data-testid="map" aria-label="Карта мест накопления" role="region" />
      {tileError && (
        <Alert
          type="warning"
          showIcon
          title="Не удалось загрузить часть данных карты."
          style={{ position: 'absolute', top: 12, left: 12, zIndex: 2 }}
          closable={{ onClose: () => setTileError(false) }}
        />
      )}
      <MapLegend />
    </div>
  );
}
