/**
 * The schedule card's own plan/fact map (issue 23 §3 «drawn on the schedule's map: planned path vs
 * actual track, missed sites highlighted»): the chosen work date's due sites in their plan/fact status
 * colour (the missed larger and ringed), the shown route's planned path (dashed, its stops in order)
 * against its truck's actual track of the day — the tracking screen's map (map/tracking-map.tsx, its
 * lazy maplibre chunk) fed by the same live plan/fact (tracking/use-plan-fact.ts: read again on
 * /topic/plan-fact.{id}), without the vehicles. The count line says how many sites are missed.
 * Needs schedules:view (the card) and navctl:view (the tracks); without the latter it is not shown.
 */
import { formatNumber } from '@tko/contract';
import { Card, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useCan } from '../app/permissions/use-permissions';
import { LoadingState } from '../app/states';
import { sitesGeoJson } from '../tracking/plan-fact-live';
import { usePlanFact } from '../tracking/use-plan-fact';

const TrackingMap = lazy(() => import('../map/tracking-map'));

export function SchedulePlanFactMap({ scheduleId, isoDay, routeId }: { scheduleId: number; isoDay: string; routeId: number | null }) {
  const canTracks = useCan('navctl:view');
  const { day, planned, actual } = usePlanFact(scheduleId, isoDay, routeId, canTracks);
  const sites = useMemo(() => (day.data ? sitesGeoJson(day.data.sites) : null), [day.data]);
  if (!canTracks) return null;
  const t = day.data?.totals;
  return (
    <Card size="small" title={<h2 style={{ fontSize: 15, margin: 0 }}>План и факт дня на карте</h2>} data-testid="schedule-plan-fact-map">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} data-testid="schedule-plan-fact-counts">
        {t ? `Площадок по плану ${formatNumber(t.due)}, обслужено ${formatNumber(t.served + t.served_unplanned + t.late)}, пропущено ${formatNumber(t.missed)}, ожидается ${formatNumber(t.pending)}. ` : ''}
        Пунктир — плановый путь маршрута, сплошная линия — фактический трек машины; пропущенные площадки — крупные красные.
      </Typography.Paragraph>
      <div style={{ height: 420 }}>
        <Suspense fallback={<LoadingState text="Загрузка карты…" />}>
          <TrackingMap vehicles={[]} trip={null} onSelect={() => undefined} sites={sites} sitesKey={`${scheduleId}@${isoDay}`} planned={planned} actual={actual} />
        </Suspense>
      </div>
    </Card>
  );
}
