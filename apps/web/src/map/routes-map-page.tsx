/**
 * `/routes/map/` — the routes map (spec 02 §2 «routes map»; screens.tsv: filter by name,
 * periodicity, dates, weekdays): the routes the filter finds (the routes list's own filters,
 * contract routeResource; at most ROUTES_GEOJSON_MAX) on one map, each in its own colour with its
 * stops (route-layers.ts), over the maps' base style. Beside the map the routes found, with their
 * colour, stops and path; a click on a stop names its route and place. `window.__routesMap` is the
 * map for browser tests. Loaded lazily.
 */
import { useQuery } from '@tanstack/react-query';
import { ROUTES_GEOJSON_MAX, routeResource, RoutePeriodicity } from '@tko/contract';
import { Alert, DatePicker, Input, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { listResource } from '../api/resource-client';
import { fetchMapSettings } from '../api/system-settings';
import { DATE_INPUT_FORMATS, WIRE_DATE } from '../app/dates';
import { PageTitle } from '../app/page-title';
import { ErrorState } from '../app/states';
import { NoBasemapNotice, useBaseStyle } from './base-style';
import { MAP_LOCALE_RU } from './map-locale';
import { COUNTRY_VIEW } from './map-view-state';
import { addRouteLayers, fetchRoutesGeojson, routeColor, routesBounds, showRoutes, stopLabel, ROUTE_STOPS_LAYER, type RouteFeatureProps } from './route-layers';
import { holdMap } from './map-handle';

const WEEKDAYS = ['понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота', 'воскресенье'];

interface Filter { name: string; periodicity: string | null; weekday: number | null; date: Dayjs | null }

/** The routes list's query of the filter. */
function listParams(f: Filter): Record<string, string> {
  const p: Record<string, string> = { page: '1', page_size: String(ROUTES_GEOJSON_MAX), ordering: 'name' };
  if (f.name.trim()) p.name = f.name.trim();
  if (f.periodicity) p.periodicity = f.periodicity;
  if (f.weekday) p.periodicity_on_weekdays = String(f.weekday);
  if (f.date) p.periodicity_on_dates = f.date.format(WIRE_DATE);
  return p;
}

export default function RoutesMapPage() {
  const [filter, setFilter] = useState<Filter>({ name: '', periodicity: null, weekday: null, date: null });
  const params = useMemo(() => listParams(filter), [filter]);
  const routes = useQuery({ queryKey: ['routes-map', params], queryFn: ({ signal }) => listResource(routeResource, params, { signal }) });
  const rows = (routes.data?.results ?? []) as { id: number; name: string; stops_count?: number; estimated_distance?: number | null }[];
  const ids = useMemo(() => rows.map((r) => r.id), [routes.data]);
  const geo = useQuery({ queryKey: ['routes-map-geo', ids], queryFn: ({ signal }) => fetchRoutesGeojson(ids, signal), enabled: routes.isSuccess });
  const settings = useQuery({ queryKey: ['map-settings'], queryFn: ({ signal }) => fetchMapSettings(signal), retry: false });
  const base = useBaseStyle();
  const el = useRef<HTMLDivElement>(null);
  const mapRef = useRef<maplibregl.Map | null>(null);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!el.current || settings.isPending || !base.known || mapRef.current) return undefined;
    maplibregl.setWorkerUrl(workerUrl);
    const c = settings.data?.center_coordinates ?? null;
    const map = new maplibregl.Map({
      container: el.current,
      style: base.style,
      ...(c ? { center: [c.lng, c.lat] as [number, number], zoom: settings.data?.map_zoom ?? 11 } : { center: COUNTRY_VIEW.center, zoom: COUNTRY_VIEW.zoom }),
      locale: MAP_LOCALE_RU,
    });
    map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-right');
    map.on('load', () => {
      addRouteLayers(map);
      setLoaded(true);
    });
    map.on('click', ROUTE_STOPS_LAYER, (e) => {
      const p = e.features?.[0]?.properties as RouteFeatureProps | undefined;
      if (!p) return;
      const box = document.createElement('div');
      box.setAttribute('data-testid', 'routes-map-popup');
      const title = document.createElement('div');
      title.style.fontWeight = '600';
      title.textContent = p.name;
      const line = document.createElement('div');
      line.textContent = stopLabel(p);
      box.append(title, line);
      new maplibregl.Popup({ focusAfterOpen: false, maxWidth: '320px' }).setLngLat(e.lngLat).setDOMContent(box).addTo(map);
    });
    map.on('mouseenter', ROUTE_STOPS_LAYER, () => { map.getCanvas().style.cursor = 'pointer'; });
    map.on('mouseleave', ROUTE_STOPS_LAYER, () => { map.getCanvas().style.cursor = ''; });
    return holdMap(mapRef, map, '__routesMap');
  }, [settings.isPending, base.known]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !loaded || !geo.data) return;
    showRoutes(map, geo.data, ids);
    const b = routesBounds(geo.data);
    if (b) map.fitBounds(b, { padding: 48, maxZoom: 15, duration: 0 });
  }, [geo.data, loaded]);

  const stopsOf = (id: number) => geo.data?.features.filter((f) => f.properties.kind === 'stop' && f.properties.route_id === id).length ?? 0;
  const missingOf = (id: number) => geo.data?.features.find((f) => f.properties.route_id === id)?.properties.stops_without_coordinates ?? 0;
  const hasPath = (id: number) => Boolean(geo.data?.features.some((f) => f.properties.kind === 'path' && f.properties.route_id === id));
  const total = routes.data?.count ?? 0;
  return (
    <div>
      <PageTitle>Карта маршрутов</PageTitle>
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search allowClear placeholder="Название маршрута" aria-label="Название маршрута" style={{ width: 240 }} onSearch={(v) => setFilter((f) => ({ ...f, name: v }))} />
        <Select
          allowClear placeholder="Периодичность" aria-label="Периодичность" style={{ width: 220 }} value={filter.periodicity}
          options={RoutePeriodicity.values.map((v) => ({ value: v, label: RoutePeriodicity.label(v) }))}
          onChange={(v: string | undefined) => setFilter((f) => ({ ...f, periodicity: v ?? null }))}
        />
        <Select
          allowClear placeholder="День недели" aria-label="День недели" style={{ width: 170 }} value={filter.weekday}
          options={WEEKDAYS.map((label, i) => ({ value: i + 1, label }))}
          onChange={(v: number | undefined) => setFilter((f) => ({ ...f, weekday: v ?? null }))}
        />
        <DatePicker format={DATE_INPUT_FORMATS} placeholder="Дата" aria-label="Дата" value={filter.date} onChange={(d) => setFilter((f) => ({ ...f, date: d }))} />
      </Space>
      <NoBasemapNotice />
      {routes.isError && <ErrorState error={routes.error} onRetry={() => void routes.refetch()} />}
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 300px', height: 'calc(100vh - 64px - 120px)', minHeight: 420, gap: 8 }}>
        <div ref={el} data-testid="routes-map" data-ready={loaded && geo.isSuccess ? 'true' : undefined} role="region" aria-label="Карта маршрутов" style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid #d9d9d9' }} />
        <section aria-labelledby="routes-map-list" style={{ overflowY: 'auto' }}>
          <Typography.Title level={2} id="routes-map-list" style={{ fontSize: 16 }}>Маршруты</Typography.Title>
          <Typography.Paragraph type="secondary" data-testid="routes-map-count" aria-live="polite">
            {routes.isPending ? 'Загрузка…' : total > rows.length ? `Показаны ${rows.length} из ${total}: уточните фильтр.` : `Найдено маршрутов: ${total}.`}
          </Typography.Paragraph>
          {total > rows.length && <Alert type="info" showIcon title={`На карте не больше ${ROUTES_GEOJSON_MAX} маршрутов за раз.`} style={{ marginBottom: 8 }} />}
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Маршруты на карте">
            {rows.map((r, i) => (
              <li key={r.id} data-testid="routes-map-item" style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '4px 0' }}>
                <span aria-hidden style={{ width: 14, height: 14, marginTop: 4, borderRadius: 3, background: routeColor(i), flex: 'none' }} />
                <span>
                  <Link to={`${routeResource.webPath}update/${r.id}/`}>{r.name}</Link>
                  <br />
                  <Typography.Text type="secondary">
                    {`Остановок на карте: ${stopsOf(r.id)}`}
                    {missingOf(r.id) ? `, без координат: ${missingOf(r.id)}` : ''}
                    {hasPath(r.id) ? '; путь сохранён' : '; путь не построен'}
                  </Typography.Text>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
