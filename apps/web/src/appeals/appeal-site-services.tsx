/**
 * The «Вывозы с площадки» tab of an appeal's card (issue 23 §3: «an appeal about a site shows that
 * site's last services with their evidence, so a dispatcher can answer a complaint with the track»):
 * GET /api/appeals/{id}/site-services/ — the appeal's waste area and its ten newest services by plan
 * and fact, each with the work date, status, truck, arrival and departure (the region's local time as
 * the browser shows it), dwell (s), closest approach (m) and a link opening that truck's trips of the
 * day on the tracking screen (planFactMapUrl: schedule, day, vehicle).
 */
import { useQuery } from '@tanstack/react-query';
import { appealSiteServicesRoute, formatNumber, workDateToIso, type SiteService } from '@tko/contract';
import { Empty, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { callRoute } from '../api/client';
import { formatDateTime } from '../app/dates';
import { ErrorState } from '../app/states';
import { planFactMapUrl, STATUS_COLORS } from '../tracking/plan-fact-live';

export function AppealSiteServicesPanel({ id }: { id: unknown }) {
  const appealId = typeof id === 'number' ? id : null;
  const q = useQuery({
    queryKey: ['appeals', 'site-services', appealId],
    queryFn: ({ signal }) => callRoute(appealSiteServicesRoute, { params: { id: String(appealId) } }, { signal }),
    enabled: appealId !== null,
  });
  if (appealId === null) return <Empty description="Вывозы появятся после сохранения обращения." />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (q.data && !q.data.waste_area) return <Empty description="В обращении не указано место накопления." />;
  return (
    <div data-testid="appeal-site-services">
      {q.data?.waste_area && <Typography.Paragraph>Последние вывозы по GPS с площадки «{q.data.waste_area.name}» (план и факт).</Typography.Paragraph>}
      <Table<SiteService>
        size="small"
        loading={q.isLoading}
        rowKey={(r) => `${r.schedule_id}-${r.date}-${r.arrived_at}`}
        dataSource={q.data?.results ?? []}
        pagination={false}
        locale={{ emptyText: 'Вывозов по GPS не найдено.' }}
        columns={[
          { title: 'Дата', dataIndex: 'date' },
          { title: 'Статус', dataIndex: 'status_label', render: (v: string, r) => <Tag color={STATUS_COLORS[r.status]}>{v}</Tag> },
          { title: 'Машина', render: (_, r) => r.vehicle.name },
          { title: 'Прибытие', render: (_, r) => formatDateTime(r.arrived_at) },
          { title: 'Отъезд', render: (_, r) => formatDateTime(r.left_at) },
          { title: 'Стоянка, с', align: 'right', render: (_, r) => formatNumber(r.dwell_s) },
          { title: 'Расстояние, м', align: 'right', render: (_, r) => formatNumber(r.distance_m) },
          {
            title: 'Трек',
            render: (_, r) => <Link to={planFactMapUrl(r.schedule_id, workDateToIso(r.date) ?? '', null, r.track.vehicle_id)}>Открыть трек</Link>,
          },
        ]}
      />
    </div>
  );
}
