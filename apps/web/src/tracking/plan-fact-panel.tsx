/**
 * The dispatcher's plan/fact beside the tracking map (issue 23 §4; contract routes/plan-fact.ts):
 * the schedule to follow, the day's totals, each route's progress (served / due, missed) — a click
 * draws its planned path and its truck's actual track on the map — the missed sites of the day,
 * and every due site with its status in Russian (PLAN_FACT_STATUS_LABELS), time and vehicle.
 * Kept live by use-plan-fact.ts (STOMP /topic/plan-fact.{id}).
 */
import { formatNumber, PLAN_FACT_STATUS_LABELS, type PlanFactDay, type PlanFactRoute, type PlanFactSite } from '@tko/contract';
import { Card, Empty, Progress, Select, Table, Tag, Typography } from 'antd';
import { useRefOptions } from '../api/hooks';
import { formatDateTime } from '../app/dates';
import { ErrorState } from '../app/states';
import { routeProgress, siteName, sitesForTable, STATUS_COLORS } from './plan-fact-live';
import { PANEL_SCROLL } from './tracking-state';

/** Counts with the project's number formatter (a narrow no-break space between thousands). */
const n = (v: number) => formatNumber(v);

export interface PlanFactPanelProps {
  scheduleId: number | null;
  onSchedule: (id: number | null) => void;
  routeId: number | null;
  onRoute: (id: number | null) => void;
  day: { data?: PlanFactDay; isError: boolean; error: unknown; isFetching: boolean };
}

function StatusTag({ site }: { site: PlanFactSite }) {
  const c = STATUS_COLORS[site.status];
  return <Tag data-status={site.status} style={{ background: c, color: '#fff', borderColor: c }}>{PLAN_FACT_STATUS_LABELS[site.status]}</Tag>;
}

export function PlanFactPanel({ scheduleId, onSchedule, routeId, onRoute, day }: PlanFactPanelProps) {
  const schedules = useRefOptions('schedules', '');
  const data = day.data;
  const missed = data?.sites.filter((s) => s.status === 'missed') ?? [];
  return (
    <Card size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>План и факт</h2>}>
      <label style={{ display: 'block', marginBottom: 8 }}>
        <span style={{ marginRight: 8 }}>График</span>
        <Select
          aria-label="График" style={{ width: 300 }} allowClear showSearch optionFilterProp="label" placeholder="Выберите график"
          loading={schedules.isPending} value={scheduleId ?? undefined}
          options={(schedules.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          onChange={(v: number | undefined) => { onSchedule(v ?? null); onRoute(null); }}
        />
      </label>
      {scheduleId === null ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Выберите график, чтобы видеть план и факт дня" /> : day.isError ? <ErrorState error={day.error} /> : !data ? null : (
        <>
          <p data-testid="plan-fact-totals" style={{ margin: '4px 0 8px' }}>
            Обслужено {n(data.totals.served + data.totals.served_unplanned + data.totals.late)} из {n(data.totals.due)}
            {' · '}пропущено {n(data.totals.missed)} · ожидается {n(data.totals.pending)}
            {data.totals.late ? ` · вне окна ${n(data.totals.late)}` : ''}
            {data.totals.served_unplanned ? ` · внеплановой машиной ${n(data.totals.served_unplanned)}` : ''}
          </p>
          <div style={{ ...PANEL_SCROLL, maxHeight: 200 }} tabIndex={0} role="region" aria-label="Маршруты дня">
          <Table<PlanFactRoute>
            size="small" rowKey="route_id" pagination={false} dataSource={data.routes}
            locale={{ emptyText: 'Маршрутов на этот день нет' }}
            onRow={(r) => ({ onClick: () => onRoute(r.route_id === routeId ? null : r.route_id), style: { cursor: 'pointer' } })}
            rowClassName={(r) => (r.route_id === routeId ? 'ant-table-row-selected' : '')}
            columns={[
              { title: 'Маршрут', key: 'r', render: (_: unknown, r) => `№ ${r.number}${r.vehicle ? `, ${r.vehicle.name}` : ''}` },
              { title: 'Обслужено', key: 'p', width: 170, render: (_: unknown, r) => {
                const p = routeProgress(r);
                return (
                  <span data-testid={`route-progress-${r.route_id}`}>
                    {n(p.served)} из {n(p.due)}{p.missed ? `, пропущено ${n(p.missed)}` : ''}
                    <Progress percent={p.due ? Math.round((p.served / p.due) * 100) : 0} size="small" showInfo={false} aria-label={`Маршрут № ${r.number}: обслужено ${p.served} из ${p.due}`} />
                  </span>
                );
              } },
            ]}
          />
          </div>
          <Typography.Title level={3} style={{ fontSize: 14, margin: '12px 0 4px' }}>Пропущенные площадки ({n(missed.length)})</Typography.Title>
          {missed.length ? (
            <ul data-testid="missed-sites" style={{ margin: 0, paddingLeft: 16, color: STATUS_COLORS.missed }}>
              {missed.map((s) => <li key={`${s.waste_area?.id ?? -(s.collection_request ?? 0)}`}>{siteName(s)} (окно {s.window.open.slice(0, 5)}–{s.window.close.slice(0, 5)})</li>)}
            </ul>
          ) : <span data-testid="missed-sites">нет</span>}
          <div style={{ ...PANEL_SCROLL, marginTop: 8 }} tabIndex={0} role="region" aria-label="Площадки дня" data-testid="plan-fact-sites">
          <Table<PlanFactSite>
            size="small" pagination={false} dataSource={sitesForTable(data.sites)}
            rowKey={(s) => `${s.waste_area?.id ?? 'r'}-${s.collection_request ?? ''}`}
            columns={[
              { title: 'Площадка', key: 'n', render: (_: unknown, s) => siteName(s) },
              { title: 'Статус', key: 's', width: 150, render: (_: unknown, s) => <StatusTag site={s} /> },
              { title: 'Обслужена', key: 'v', render: (_: unknown, s) => (s.service ? `${formatDateTime(s.service.arrived_at)}, ${s.service.vehicle.name}` : '—') },
            ]}
          />
          </div>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
            Пересчитано {formatDateTime(data.computed_at)}{day.isFetching ? ' · обновляется…' : ''}
          </Typography.Text>
        </>
      )}
    </Card>
  );
}
