/**
 * The sites the date's last plan did not place, each with its reason (no compatible truck, window
 * unreachable, fleet too small, no coordinates) and what decided it — nothing is left out silently.
 */
import type { UnplannedSite } from '@tko/contract';
import { Table, Typography } from 'antd';

export function UnplannedSites({ sites }: { sites: UnplannedSite[] }) {
  if (sites.length === 0) return null;
  return (
    <section aria-label="Не запланированные площадки">
      <Typography.Title level={5} style={{ marginTop: 8 }}>Не запланировано площадок: {sites.length}</Typography.Title>
      <Table<UnplannedSite>
        data-testid="unplanned-sites"
        rowKey="id"
        size="small"
        pagination={sites.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        dataSource={sites}
        columns={[
          { title: 'Площадка', key: 'site', render: (_: unknown, u) => u.waste_area?.name ?? (u.collection_request != null ? `Заявка № ${u.collection_request}` : '—') },
          { title: 'Причина', dataIndex: 'reason_label', width: 240 },
          { title: 'Подробно', dataIndex: 'detail' },
        ]}
      />
    </section>
  );
}
