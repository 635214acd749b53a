/**
 * The /analitics/dashboard/ screen (spec 03 §2 «Dashboard», issue 12 §2): tag filters (waste
 * sources, dumps, waste areas, problems, sensors — each active or inactive) and the ten widgets
 * of GET /api/dashboard/all/, each a card with its chart (widget-charts.ts, ECharts in this
 * lazy chunk only), its numbers as a table, «Скачать xlsx» (dashboard:export) and a collapse
 * button. Collapsing a widget or switching a tag is saved on the server per user
 * (PUT /api/dashboard/state/) and shown at once. Permission `dashboard:view`.
 */
import { DownloadOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  buildRoutePath, formatNumber, dashboardAllRoute, dashboardFiltersRoute, dashboardStateUpdateRoute, widgetXlsxRoute,
  type DashboardAll, type DashboardTag, type DashboardWidget, type DashboardWidgetKey,
} from '@tko/contract';
import { Alert, Button, Card, Col, Empty, Row, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { callRoute } from '../api/client';
import { errorMessage } from '../api/errors';
import { downloadFile } from '../api/file-download';
import { formatDateTime } from '../app/dates';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, ForbiddenState, LoadingState } from '../app/states';
import { toast } from '../app/toasts';
import { EChart } from './echart';
import { UNITS_MAP, widgetChart } from './widget-charts';

const KEYS = { all: ['dashboard', 'all'] as const, filters: ['dashboard', 'filters'] as const };

const cellText = (v: unknown) => (typeof v === 'number' ? formatNumber(v) : v == null ? '—' : String(v));

function WidgetTable({ w }: { w: DashboardWidget }) {
  const { columns, rows, total } = w.table;
  const data = rows.map((r, i) => ({ ...r, __key: i }));
  // A unit shared by every number column (the forecasts' years) is said once, under the table.
  const shared = columns.length > 3 && columns.slice(1).every((c) => c.unit && c.unit === columns[1]!.unit) ? columns[1]!.unit! : null;
  // Wide tables scroll inside their card; the scrolling box is reachable from the keyboard (axe scrollable-region-focusable).
  return (
    <div tabIndex={0} role="region" aria-label={`Таблица: ${w.title}`} style={{ overflowX: 'auto' }}>
      <Table
        size="small"
        footer={shared ? () => <Typography.Text type="secondary">Значения в {shared}</Typography.Text> : undefined}
        pagination={rows.length > 8 ? { pageSize: 8, size: 'small', showSizeChanger: false } : false}
        rowKey="__key"
        dataSource={data}
        columns={columns.map((c, i) => ({
          key: c.key, dataIndex: c.key, title: c.unit && !shared ? `${c.label}, ${c.unit}` : c.label,
          align: i === 0 ? 'left' : 'right', render: cellText,
        }))}
        summary={total ? () => (
          <Table.Summary.Row>
            {columns.map((c, i) => <Table.Summary.Cell key={c.key} index={i} align={i === 0 ? 'left' : 'right'}><b>{cellText(total[c.key])}</b></Table.Summary.Cell>)}
          </Table.Summary.Row>
        ) : undefined}
      />
    </div>
  );
}

function WidgetCard({ w, onToggle, canExport }: { w: DashboardWidget; onToggle: () => void; canExport: boolean }) {
  const option = useMemo(() => widgetChart(w), [w]);
  const maps = useMemo(() => (w.key === 'sites_by_oktmo' && w.areas ? { [UNITS_MAP]: w.areas } : undefined), [w]);
  const empty = w.inactive ? 'Тег виджета выключен' : 'Нет данных';
  return (
    <Card
      size="small"
      title={w.title}
      data-testid={`widget-${w.key}`}
      data-collapsed={w.collapsed ? 'true' : 'false'}
      extra={
        <Space size={4}>
          {canExport && (
            <Tooltip title="Скачать числа виджета (xlsx)">
              <Button size="small" icon={<DownloadOutlined />} aria-label={`Скачать xlsx: ${w.title}`} data-testid={`widget-xlsx-${w.key}`}
                onClick={() => void downloadFile(buildRoutePath(widgetXlsxRoute.path, { key: w.key }), `dashboard_${w.key}.xlsx`).catch((e: unknown) => toast.error('Не удалось скачать файл', errorMessage(e)))} />
            </Tooltip>
          )}
          <Button size="small" icon={w.collapsed ? <DownOutlined /> : <UpOutlined />} onClick={onToggle} data-testid={`widget-toggle-${w.key}`}
            aria-expanded={!w.collapsed} aria-label={`${w.collapsed ? 'Развернуть' : 'Свернуть'}: ${w.title}`}>
            {w.collapsed ? 'Развернуть' : 'Свернуть'}
          </Button>
        </Space>
      }
    >
      {w.collapsed ? null : w.table.rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {w.notice ? <Alert type="warning" showIcon title={w.notice} data-testid={`widget-notice-${w.key}`} /> : null}
          {option ? <EChart option={option} maps={maps} label={`Диаграмма: ${w.title}`} testId={`widget-chart-${w.key}`} height={w.key === 'sites_by_oktmo' ? 320 : 240} />
            : w.key === 'sites_by_oktmo' ? <Typography.Text type="secondary">Нет мест накопления с определённым ОКТМО и координатами для карты.</Typography.Text> : null}
          <WidgetTable w={w} />
        </Space>
      )}
    </Card>
  );
}

export function DashboardPage() {
  const canView = useCan('dashboard:view');
  const canExport = useCan('dashboard:export');
  const qc = useQueryClient();
  const all = useQuery({ queryKey: KEYS.all, queryFn: ({ signal }) => callRoute(dashboardAllRoute, {}, { signal }), enabled: canView });
  const filters = useQuery({ queryKey: KEYS.filters, queryFn: ({ signal }) => callRoute(dashboardFiltersRoute, {}, { signal }), enabled: canView });
  const save = useMutation({
    mutationFn: (body: { widgets?: Partial<Record<DashboardWidgetKey, boolean>>; tags?: Partial<Record<DashboardTag, boolean>> }) => callRoute(dashboardStateUpdateRoute, { body }),
    onError: (e) => toast.error('Не удалось сохранить вид дашборда', errorMessage(e)),
    onSettled: (_d, _e, body) => {
      if (body.tags) void qc.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });

  if (!canView) return <ForbiddenState />;
  if (all.isPending) return <LoadingState />;
  if (all.isError) return <ErrorState error={all.error} onRetry={() => void all.refetch()} />;
  const data = all.data;

  const toggleWidget = (w: DashboardWidget) => {
    qc.setQueryData<DashboardAll>(KEYS.all, (d) => d && { ...d, widgets: d.widgets.map((x) => (x.key === w.key ? { ...x, collapsed: !w.collapsed } : x)) });
    save.mutate({ widgets: { [w.key]: !w.collapsed } });
  };
  const toggleTag = (tag: DashboardTag, active: boolean) => save.mutate({ tags: { [tag]: active } });

  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="middle">
      <Typography.Title level={1} style={{ margin: 0, fontSize: 24, lineHeight: 1.33 }}>Дашборд</Typography.Title>
      <Space wrap aria-label="Теги" data-testid="dashboard-tags">
        {(filters.data?.tags ?? []).map((t) => (
          <Tag.CheckableTag key={t.key} checked={data.active_tags.includes(t.key)} onChange={(on) => toggleTag(t.key, on)} data-testid={`tag-${t.key}`}>
            {t.label} ({formatNumber(t.count)})
          </Tag.CheckableTag>
        ))}
      </Space>
      <Typography.Text type="secondary" data-testid="dashboard-refreshed">
        {data.refreshed_at ? `Данные на ${formatDateTime(data.refreshed_at)} (обновляются каждые несколько минут)` : 'Данные ещё не рассчитаны'}
      </Typography.Text>
      {data.widgets.every((w) => w.table.rows.length === 0) && <Alert type="info" showIcon title="В реестрах пока нет данных для дашборда." />}
      <Row gutter={[16, 16]}>
        {data.widgets.map((w) => (
          <Col key={w.key} xs={24} xl={12}>
            <WidgetCard w={w} canExport={canExport} onToggle={() => toggleWidget(w)} />
          </Col>
        ))}
      </Row>
    </Space>
  );
}

export default DashboardPage;
