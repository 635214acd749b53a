/**
 * The schedule card's routes tab (spec 02 §3 "Schedule", §5: routes are fetched for a chosen work
 * date, one route is visible at a time, the first by default): the date, the day's totals,
 * «Построить маршруты» with its options (optimise or keep the current assignment, balance the
 * shifts, the route search's time limit: 30 s by default, none, 2 or 10 min) — a queued job
 * followed live on `/topic/jobs.{id}` with its status polled as the fallback (jobs/job-watch.ts),
 * ending «Выполнено» or «Выполнено с замечаниями» with the remarks —
 * the routes as a selector, the visible route's shift, truck and stops (route-shift.tsx), the
 * sites not planned with their reasons (unplanned-sites.tsx) and two plans of the date compared
 * (plans-compare.tsx); «План и факт на карте» opens the tracking screen on the schedule's day and
 * the visible route (planned path against the actual track, missed sites highlighted), and the card
 * draws the same on its own map below the stops (schedule-plan-fact-map.tsx). A site
 * stop moves to another route by dragging its row onto that route's name in the selector (stop-drag.ts) or — the keyboard path — by its «Перенести в…» select (both routes and
 * the totals are recomputed by the server).
 * Calls: contract routes/schedule-routes.ts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLAN_SEARCH_SECONDS_DEFAULT, scheduleDayRoutesRoute, scheduleMoveStopRoute, schedulePlanRoute, schedulePlanStatusRoute,
  type DayRoutes, type ScheduleRouteStop,
} from '@tko/contract';
import { Alert, Button, Checkbox, DatePicker, Empty, Progress, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { callRoute } from '../api/client';
import { DATE_FORMAT, DATE_INPUT_FORMATS } from '../app/dates';
import { ErrorState } from '../app/states';
import { watchJob } from '../jobs/job-watch';
import { planFactMapUrl } from '../tracking/plan-fact-live';
import { SchedulePlanFactMap } from './schedule-plan-fact-map';
import { live } from '../live/live';
import { PlansCompare } from './plans-compare';
import { RouteShift } from './route-shift';
import { hoursMinutes, km, routeName, stopTypeLabel, stopObject, totalsText, travelText } from './route-stops';
import { UnplannedSites } from './unplanned-sites';
import { decodeStopDrag, dropMove, encodeStopDrag, isDraggableStop, STOP_DRAG_TYPE } from './stop-drag';

/** Status poll period while the live topic carries the progress (the fallback without a connection). */
const POLL_MS = 3000;

/** The route search's time limits offered (contract PLAN_SEARCH_SECONDS_*: 0…600 s, default 30). */
const SEARCH_TIMES = [
  { value: 0, label: 'Без поиска (быстро)' },
  { value: PLAN_SEARCH_SECONDS_DEFAULT, label: 'Поиск до 30 с' },
  { value: 120, label: 'Поиск до 2 мин' },
  { value: 600, label: 'Поиск до 10 мин' },
];

/** Follows plan job `jobId` until it ends; resolves with its remarks (none: plainly done), rejects with the Russian reason. Returns the stop. */
function followPlanJob(scheduleId: string, workDate: string, jobId: string, onProgress: (p: number) => void): { done: Promise<string[]>; stop: () => void } {
  let stop = () => undefined as void;
  const done = new Promise<string[]>((resolve, reject) => {
    stop = watchJob(jobId, {
      subscribe: (destination, onMessage, opts) => live.subscribe(destination, onMessage, opts),
      fetchStatus: () => callRoute(schedulePlanStatusRoute, { params: { id: scheduleId, date: workDate, job: jobId } }),
      timers: { setTimer: (cb, ms) => window.setTimeout(cb, ms), clearTimer: (h) => window.clearTimeout(h as number) },
      pollMs: POLL_MS,
    }, (v) => {
      onProgress(v.progress);
      if (v.state === 'completed' || v.state === 'completed_with_warnings') resolve(v.warnings ?? []);
      else if (v.state === 'failed' || v.state === 'unknown') reject(new Error(v.error ?? 'Маршруты не построены.'));
    });
  });
  return { done, stop };
}

export function ScheduleRoutesPanel({ id }: { id: unknown }) {
  const scheduleId = typeof id === 'number' ? String(id) : null;
  const [date, setDate] = useState<Dayjs>(() => dayjs());
  const [visible, setVisible] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [planError, setPlanError] = useState<string | null>(null);
  /** The last plan's outcome: null while none finished here, else its remarks (empty: «Выполнено»). */
  const [planDone, setPlanDone] = useState<string[] | null>(null);
  const [keepAssignment, setKeepAssignment] = useState(false);
  const [balance, setBalance] = useState(false);
  const [searchSeconds, setSearchSeconds] = useState(PLAN_SEARCH_SECONDS_DEFAULT);
  /** The route a dragged stop is over (highlighted as the drop target). */
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const stopFollowing = useRef<(() => void) | null>(null);
  useEffect(() => () => stopFollowing.current?.(), []);
  const client = useQueryClient();
  const workDate = date.format(DATE_FORMAT);
  const key = ['schedules', 'routes', scheduleId, workDate];
  const q = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callRoute(scheduleDayRoutesRoute, { params: { id: scheduleId!, date: workDate } }, { signal }),
    enabled: scheduleId !== null,
  });
  const move = useMutation({
    mutationFn: (v: { stop_id: number; route_id: number }) => callRoute(scheduleMoveStopRoute, { params: { id: scheduleId!, date: workDate }, body: v }),
    onSuccess: (day) => client.setQueryData(key, day),
  });

  async function plan() {
    setPlanError(null);
    setPlanDone(null);
    setProgress(0);
    try {
      const body = { mode: keepAssignment ? 'keep_assignment' as const : 'optimise' as const, balance_shifts: balance, search_seconds: searchSeconds };
      const job = await callRoute(schedulePlanRoute, { params: { id: scheduleId!, date: workDate }, body });
      const f = followPlanJob(scheduleId!, workDate, job.job_id, setProgress);
      stopFollowing.current = f.stop;
      setPlanDone(await f.done);
      setVisible(null);
      await client.invalidateQueries({ queryKey: key });
    } catch (e) {
      setPlanError((e as Error).message);
    } finally {
      stopFollowing.current?.();
      stopFollowing.current = null;
      setProgress(null);
    }
  }

  /** Drop-zone props of route `routeId`'s name: accepts a dragged stop of another route. */
  const dropZone = (routeId: number) => ({
    onDragOver: (e: DragEvent) => {
      if (!e.dataTransfer.types.includes(STOP_DRAG_TYPE) || move.isPending) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
      setDropTarget(routeId);
    },
    onDragLeave: () => setDropTarget((t) => (t === routeId ? null : t)),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDropTarget(null);
      const m = dropMove(decodeStopDrag(e.dataTransfer.getData(STOP_DRAG_TYPE)), routeId, q.data?.routes ?? []);
      if (m) move.mutate(m);
    },
  });

  if (scheduleId === null) return <Empty description="Маршруты появятся после сохранения графика." />;
  const day: DayRoutes | undefined = q.data;
  const routes = day?.routes ?? [];
  const shown = routes.find((r) => r.id === visible) ?? routes.find((r) => r.isVisible) ?? routes[0];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="schedule-routes">
      <Space wrap>
        <label htmlFor="schedule-work-date">Рабочая дата</label>
        <DatePicker id="schedule-work-date" value={date} format={DATE_INPUT_FORMATS} allowClear={false} onChange={(d) => { if (d) { setDate(d); setVisible(null); } }} />
        <Select
          aria-label="Режим построения"
          style={{ width: 300 }}
          value={keepAssignment ? 'keep' : 'optimise'}
          onChange={(v: string) => setKeepAssignment(v === 'keep')}
          options={[
            { value: 'optimise', label: 'Оптимизировать закрепление машин' },
            { value: 'keep', label: 'Сохранить закрепление, только порядок' },
          ]}
        />
        <Checkbox checked={balance} onChange={(e) => setBalance(e.target.checked)}>Выравнивать смены</Checkbox>
        <Select
          aria-label="Время поиска маршрутов"
          style={{ width: 200 }}
          value={searchSeconds}
          onChange={(v: number) => setSearchSeconds(v)}
          options={SEARCH_TIMES}
        />
        <Button type="primary" onClick={() => void plan()} loading={progress !== null}>Построить маршруты</Button>
        {progress !== null && <Progress percent={progress} size="small" style={{ width: 160 }} aria-label="Построение маршрутов" />}
        <Link to={planFactMapUrl(scheduleId, date.format('YYYY-MM-DD'), shown?.id)}>План и факт на карте</Link>
      </Space>
      {planError && <Alert type="error" showIcon message={planError} />}
      {planDone && planDone.length === 0 && <Alert type="success" showIcon message="Выполнено: маршруты построены, все площадки запланированы." data-testid="plan-outcome" />}
      {planDone && planDone.length > 0 && (
        <Alert type="warning" showIcon message="Выполнено с замечаниями" description={planDone.join(' ')} data-testid="plan-outcome" />
      )}
      {move.isError && <Alert type="error" showIcon message={(move.error as Error).message} />}
      {q.isError && <ErrorState error={q.error} onRetry={() => void q.refetch()} />}
      {day && routes.length === 0 && <Empty description={`На ${workDate} маршрутов нет.`} />}
      {day && routes.length > 0 && (
        <>
          <Typography.Text data-testid="routes-totals">
            {totalsText(day.totals)} {travelText(day.travel)}
          </Typography.Text>
          <Segmented
            aria-label="Маршрут"
            value={shown?.id}
            onChange={(v) => setVisible(Number(v))}
            options={routes.map((r) => ({
              value: r.id,
              label: (
                <span
                  {...dropZone(r.id)}
                  data-testid={`route-drop-${r.id}`}
                  style={{ display: 'inline-block', padding: '0 4px', borderRadius: 4, outline: dropTarget === r.id ? '2px dashed #1677ff' : undefined }}
                >
                  {routeName(r)}
                </span>
              ),
            }))}
          />
          {routes.length > 1 && <Typography.Text type="secondary">Площадку можно перетащить на название другого маршрута.</Typography.Text>}
          {shown && (
            <>
              <Typography.Text data-testid="route-summary">
                {routeName(shown)}: {km(shown.distance_m)}, {hoursMinutes(shown.duration_s)}, площадок {shown.stops_count}, выгрузок {shown.unloads}
                {!shown.feasible && <Tag color="red" style={{ marginLeft: 8 }}>Нарушены правила маршрута</Tag>}
              </Typography.Text>
              <RouteShift route={shown} />
              <Table<ScheduleRouteStop>
                data-testid="route-stops"
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={shown.stops}
                onRow={(s) => (isDraggableStop(s.stop_type, routes.length) ? {
                  draggable: true,
                  style: { cursor: 'grab' },
                  title: 'Перетащите на название другого маршрута',
                  onDragStart: (e: DragEvent) => {
                    e.dataTransfer.setData(STOP_DRAG_TYPE, encodeStopDrag({ stop_id: s.id, route_id: shown.id }));
                    e.dataTransfer.effectAllowed = 'move';
                  },
                  onDragEnd: () => setDropTarget(null),
                } : {})}
                columns={[
                  { title: '№', dataIndex: 'order_in_route', width: 50 },
                  { title: 'Остановка', dataIndex: 'stop_type', width: 190, render: (_: unknown, s) => stopTypeLabel(s) },
                  {
                    title: 'Объект', key: 'object', render: (_: unknown, s) => (
                      <>
                        {stopObject(s)}
                        {Number(s.share) < 1 && s.stop_type === 'WASTE_AREA' && <Tag style={{ marginLeft: 6 }}>часть {Math.round(Number(s.share) * 100)} %</Tag>}
                        {!s.compatible && <Tag color="red" style={{ marginLeft: 6 }}>кузов не подходит</Tag>}
                      </>
                    ),
                  },
                  { title: 'Прибытие', dataIndex: 'arrival_time', width: 100, render: (v: string) => v.slice(0, 5) },
                  { title: 'Отправление', dataIndex: 'departure_time', width: 110, render: (v: string) => v.slice(0, 5) },
                  { title: 'Загрузка, м³', dataIndex: 'load_m3', width: 110, render: (v: string) => v.replace('.', ',') },
                  {
                    title: 'Перенести', key: 'move', width: 230,
                    render: (_: unknown, s) => s.stop_type !== 'WASTE_AREA' || routes.length < 2 ? null : (
                      <Select
                        size="small"
                        style={{ width: 210 }}
                        placeholder="В маршрут…"
                        aria-label={`Перенести остановку ${s.order_in_route} в другой маршрут`}
                        value={null}
                        disabled={move.isPending}
                        options={routes.filter((r) => r.id !== shown.id).map((r) => ({ value: r.id, label: routeName(r) }))}
                        onChange={(routeId: number) => move.mutate({ stop_id: s.id, route_id: routeId })}
                      />
                    ),
                  },
                ]}
              />
            </>
          )}
        </>
      )}
      {day && routes.length > 0 && <SchedulePlanFactMap scheduleId={Number(scheduleId)} isoDay={date.format('YYYY-MM-DD')} routeId={shown?.id ?? null} />}
      {day && <UnplannedSites sites={day.unplanned} />}
      {day && <PlansCompare plans={day.plans} />}
    </Space>
  );
}
