/**
 * /routes/nav-ctrl/ — vehicle tracking (spec 02 §2, §4 «Vehicle tracking»; issue 10 §3, §5): the
 * vehicle list with online / offline counts (GET /api/navctl/vehicles/), the chosen vehicle's
 * trips on a day (GET /api/navctl/vehicles/{id}/trips/), the trip card (distance, duration,
 * site visits), the day's visits (also those between trips; docs/TRACKING.md) and the map with
 * every truck (plate, last-online colour) and the trip's track.
 * Positions arrive live over STOMP (/topic/navctl.positions) and move the trucks in the list
 * and on the map. Each of the three views can be shown or hidden. The panels scroll on their own
 * inside a screen-high row (a list of 92 trucks does not push the trips and the card down); the
 * trip card names the positions dropped as outliers (docs/TRACKING.md «Outliers»).
 * Beside the map, «План и факт» (issue 23 §4, plan-fact-panel.tsx): with a schedule chosen, the
 * day's due sites by status on the map and in the table, each route's progress, the missed sites,
 * all kept live over STOMP; a route chosen there draws its planned path and actual track.
 */
import { useQuery } from '@tanstack/react-query';
import {
  formatNumber,
  NAVCTL_POSITIONS_TOPIC, navTripsRoute, navVehiclesRoute, type LivePosition, type LivePositions, type NavTrip, type NavTripVisit, type NavVehicle,
} from '@tko/contract';
import { Card, Checkbox, DatePicker, Descriptions, Empty, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { callRoute } from '../api/client';
import { DATE_INPUT_FORMATS, formatDateTime } from '../app/dates';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, ForbiddenState, LoadingState } from '../app/states';
import { useLiveSubscription } from '../live/use-live';
import { applyLive, BUCKET_COLORS, BUCKET_LABELS, countOnline, PANEL_SCROLL } from './tracking-state';
import { PlanFactPanel } from './plan-fact-panel';
import { planFactFromUrl, sitesGeoJson } from './plan-fact-live';
import { usePlanFact } from './use-plan-fact';

const TrackingMap = lazy(() => import('../map/tracking-map'));

type View = 'vehicles' | 'trips' | 'trip' | 'planfact';
const VIEWS: { value: View; label: string }[] = [
  { value: 'vehicles', label: 'Список машин' },
  { value: 'trips', label: 'Рейсы' },
  { value: 'trip', label: 'Карточка рейса' },
  { value: 'planfact', label: 'План и факт' },
];

/** Metres as kilometres to 0,1 km by the project's ru-RU formatter (contract formatNumber). */
const km = (m: number) => `${formatNumber(m / 1000, { maxFraction: 1 })} км`;
const duration = (s: number) => `${Math.floor(s / 3600)} ч ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} мин`;
const dwell = (s: number) => (s < 60 ? `${s} с` : `${Math.floor(s / 60)} мин ${String(s % 60).padStart(2, '0')} с`);
/** Today in the browser's (the dispatcher's) time zone, YYYY-MM-DD. */
const today = () => dayjs().format('YYYY-MM-DD');

/** Visits with arrival, dwell and the closest approach; `withTrip`: the trip number, or «между рейсами». */
function VisitList({ visits, withTrip = false }: { visits: NavTripVisit[]; withTrip?: boolean }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 16 }} data-testid={withTrip ? 'day-visits' : 'trip-visits'}>
      {visits.map((v) => (
        <li key={`${v.waste_area.id}-${v.arrived_at}`}>
          {v.waste_area.name}: {formatDateTime(v.arrived_at)}, стоянка {dwell(v.dwell_s)}, {v.distance_m} м
          {withTrip ? `, ${v.trip === null ? 'между рейсами' : `рейс № ${v.trip}`}` : ''}
        </li>
      ))}
    </ul>
  );
}

export function TrackingPage() {
  const canView = useCan('navctl:view');
  const canPlanFact = useCan('schedules:view');
  const [search] = useSearchParams();
  const [start] = useState(() => planFactFromUrl(search, today()));
  const [views, setViews] = useState<View[]>(['vehicles', 'trips', 'trip', 'planfact']);
  const [scheduleId, setScheduleId] = useState<number | null>(start.scheduleId);
  const [routeId, setRouteId] = useState<number | null>(start.routeId);
  const [selected, setSelected] = useState<number | null>(start.vehicleId);
  const [day, setDay] = useState(start.day);
  const [tripNo, setTripNo] = useState<number | null>(null);
  const [live, setLive] = useState<Map<number, LivePosition>>(() => new Map());

  const vehicles = useQuery({
    queryKey: ['navctl', 'vehicles'],
    queryFn: ({ signal }) => callRoute(navVehiclesRoute, { query: { page_size: 500 } }, { signal }),
    enabled: canView,
    refetchInterval: 60_000,
  });
  const trips = useQuery({
    queryKey: ['navctl', 'trips', selected, day],
    queryFn: ({ signal }) => callRoute(navTripsRoute, { params: { id: String(selected) }, query: { from: day, to: day } }, { signal }),
    enabled: canView && selected !== null && /^\d{4}-\d{2}-\d{2}$/.test(day),
  });
  useLiveSubscription(canView ? NAVCTL_POSITIONS_TOPIC : null, (body) => {
    const { positions } = body as LivePositions;
    setLive((prev) => {
      const next = new Map(prev);
      for (const p of positions) {
        const cur = next.get(p.vehicle_id);
        if (!cur || Date.parse(p.time) > Date.parse(cur.time)) next.set(p.vehicle_id, p);
      }
      return next;
    });
  });

  const show = (v: View) => views.includes(v);
  const showPlanFact = views.includes('planfact');
  const planFact = usePlanFact(scheduleId, day, routeId, canView && canPlanFact && showPlanFact);
  const statusSites = useMemo(() => (planFact.day.data && showPlanFact ? sitesGeoJson(planFact.day.data.sites) : null), [planFact.day.data, showPlanFact]);
  const list: NavVehicle[] = useMemo(() => applyLive(vehicles.data?.results ?? [], [...live.values()]), [vehicles.data, live]);
  const counts = countOnline(list);
  const trip: NavTrip | null = trips.data?.results.find((t) => t.number === tripNo) ?? trips.data?.results[0] ?? null;
  const plate = list.find((v) => v.id === selected)?.license_plate;

  if (!canView) return <ForbiddenState />;
  if (vehicles.isPending) return <LoadingState />;
  if (vehicles.isError) return <ErrorState error={vehicles.error} onRetry={() => void vehicles.refetch()} />;

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12, height: '100%' }}>
      <PageTitle>Мониторинг транспорта</PageTitle>
      <Space wrap>
        <Checkbox.Group aria-label="Показать" value={views} onChange={(v) => setViews(v as View[])} options={VIEWS} />
        <label htmlFor="tracking-day">День</label>
        <DatePicker
          id="tracking-day" aria-label="День рейсов" format={DATE_INPUT_FORMATS} allowClear={false} value={dayjs(day)} style={{ width: 150 }}
          onChange={(d) => { if (d) { setDay(d.format('YYYY-MM-DD')); setTripNo(null); } }}
        />
      </Space>
      <div style={{ display: 'flex', gap: 12, height: 'calc(100vh - 190px)', minHeight: 480 }}>
        {(show('vehicles') || show('trips') || show('trip') || show('planfact')) && (
          <div style={{ width: 460, display: 'flex', flexDirection: 'column', gap: 12, overflowY: 'auto', minHeight: 0 }} data-testid="tracking-panels">
            {show('planfact') && canPlanFact && (
              <PlanFactPanel scheduleId={scheduleId} onSchedule={setScheduleId} routeId={routeId} onRoute={setRouteId} day={planFact.day} />
            )}
            {show('vehicles') && (
              <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Машины</h2>}
                extra={<span data-testid="online-counts">На связи: {counts.online} · Нет связи: {counts.offline}</span>}>
                <div style={PANEL_SCROLL} tabIndex={0} role="region" aria-label="Список машин" data-testid="vehicles-scroll">
                <Table<NavVehicle>
                  size="small" rowKey="id" pagination={false} dataSource={list}
                  onRow={(v) => ({ onClick: () => { setSelected(v.id); setTripNo(null); }, style: { cursor: 'pointer' } })}
                  columns={[
                    { title: 'Госномер', dataIndex: 'license_plate', render: (p: string, v) => (
                      <a href="#" aria-current={v.id === selected ? 'true' : undefined} style={v.id === selected ? { fontWeight: 700 } : undefined}
                        onClick={(e) => { e.preventDefault(); setSelected(v.id); setTripNo(null); }}>{p}</a>
                    ) },
                    { title: 'Связь', dataIndex: 'last_online', render: (b: string, v) => (
                      <Tag data-online={v.online} style={{ background: BUCKET_COLORS[b], color: '#fff', borderColor: BUCKET_COLORS[b] }}>{BUCKET_LABELS[b] ?? b}</Tag>
                    ) },
                    { title: 'Последняя позиция', key: 'pos', render: (_: unknown, v) => (v.last_position
                      ? <span data-testid={`position-${v.id}`}>{v.last_position.lat.toFixed(5)}, {v.last_position.lng.toFixed(5)}<br /><Typography.Text type="secondary">{formatDateTime(v.last_online_at)}</Typography.Text></span>
                      : '—') },
                  ]}
                />
                </div>
              </Card>
            )}
            {show('trips') && (
              <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Рейсы{plate ? ` ${plate}` : ''}</h2>}>
                {selected === null ? <Empty description="Выберите машину" /> : trips.isError ? <ErrorState error={trips.error} /> : (
                  <div style={{ ...PANEL_SCROLL, maxHeight: 220 }} tabIndex={0} role="region" aria-label="Рейсы за день">
                  <Table<NavTrip>
                    size="small" rowKey="number" pagination={false} loading={trips.isFetching} dataSource={trips.data?.results ?? []}
                    locale={{ emptyText: 'Рейсов за день нет' }}
                    onRow={(t) => ({ onClick: () => setTripNo(t.number), style: { cursor: 'pointer' } })}
                    columns={[
                      { title: '№', dataIndex: 'number', width: 48 },
                      { title: 'Начало', key: 'start', render: (_: unknown, t) => formatDateTime(t.period.lower) },
                      { title: 'Конец', key: 'end', render: (_: unknown, t) => formatDateTime(t.period.upper) },
                      { title: 'Пробег', dataIndex: 'distance_m', render: km },
                    ]}
                  />
                  </div>
                )}
              </Card>
            )}
            {show('trip') && trip && (
              <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Рейс № {trip.number}</h2>}>
                <Descriptions size="small" column={1} items={[
                  { key: 'p', label: 'Период', children: `${formatDateTime(trip.period.lower)} — ${formatDateTime(trip.period.upper)}` },
                  { key: 'd', label: 'Пробег', children: km(trip.distance_m) },
                  { key: 't', label: 'Длительность', children: duration(trip.duration_s) },
                  { key: 's', label: 'Макс. скорость', children: trip.max_speed === null ? '—' : `${trip.max_speed} км/ч` },
                  { key: 'o', label: 'Отброшено точек', children: <span data-testid="trip-outliers">{trip.outliers_count
                    ? `${trip.outliers_count} (скачок быстрее ${trips.data?.outlier_speed ?? ''} км/ч)` : 'нет'}</span> },
                  { key: 'v', label: 'Посещено площадок', children: trip.visits.length ? <VisitList visits={trip.visits} /> : 'нет' },
                ]} />
              </Card>
            )}
            {show('trips') && selected !== null && trips.data && (
              <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>Посещения площадок за день</h2>}>
                {trips.data.visits.length ? <VisitList visits={trips.data.visits} withTrip /> : 'Посещений нет'}
                <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                  Посещение — стоянка не дальше {trips.data.visit_radius} м от площадки (или её собственного радиуса)
                  со скоростью до {trips.data.visit_max_speed} км/ч не короче {trips.data.visit_dwell_s} с.
                  {trips.data.outliers_count ? ` За день отброшено точек со скачком быстрее ${trips.data.outlier_speed} км/ч: ${trips.data.outliers_count}.` : ''}
                </Typography.Text>
              </Card>
            )}
          </div>
        )}
        <div style={{ flex: 1, minWidth: 320 }}>
          <Suspense fallback={<LoadingState text="Загрузка карты…" />}>
            <TrackingMap
              vehicles={list} trip={show('trip') || show('trips') ? trip : null} onSelect={(id) => { setSelected(id); setTripNo(null); }}
              sites={statusSites} sitesKey={`${scheduleId}@${day}`} planned={show('planfact') ? planFact.planned : null} actual={show('planfact') ? planFact.actual : null}
            />
          </Suspense>
        </div>
      </div>
    </div>
  );
}
