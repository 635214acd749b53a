/**
 * The statistics block of the report pages (spec 03 §2 "A statistics block shows counts"): the
 * signed-in organisation's numbers from GET /api/personal-area/numerical-indicators/.
 */
import { useQuery } from '@tanstack/react-query';
import { formatNumber, numericalIndicatorsRoute } from '@tko/contract';
import { Card, Col, Row, Statistic } from 'antd';
import { callRoute } from '../api/client';

export function ReportStatsBlock() {
  const q = useQuery({ queryKey: ['personal-area', 'numerical-indicators'], queryFn: ({ signal }) => callRoute(numericalIndicatorsRoute, {}, { signal }) });
  if (!q.data) return null;
  const s = q.data;
  const items: [string, string | number][] = [
    ['Источники образования', s.waste_sources_count], ['Места накопления', s.container_waste_area_count], ['Контейнеры', s.containers_count],
    ['Объекты обращения', s.facilities_count], ['Норматив накопления, м³ в год', s.wastes_total],
  ];
  return (
    <Card size="small" title="Показатели организации" style={{ marginBottom: 16 }}>
      <Row gutter={16}>{items.map(([t, v]) => <Col key={t} xs={12} md={4}><Statistic title={t} value={v} formatter={(x) => (typeof x === 'number' || (typeof x === 'string' && x !== '') ? formatNumber(x) || String(x) : x)} /></Col>)}</Row>
    </Card>
  );
}
