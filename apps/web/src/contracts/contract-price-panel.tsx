/**
 * The «Объёмы и цена» tab of a contract's card (issue 25 §1; ПП РФ № 505, ПП РФ № 1156 п. 5): each
 * object (place of accumulation, waste source) with its ТКО and КГО volume per year and how it was
 * counted, the totals, the single tariff in force and the price per year and per month, and why a
 * volume or the price is unknown (GET /api/contracts/{id}/price/, computed by @tko/contract
 * contractPrice). Numbers through the project's ru-RU formatter. Saved revisions only.
 */
import { useQuery } from '@tanstack/react-query';
import { CommercialAccounting, contractPriceRoute, formatNumber, type ContractPriceAnswer } from '@tko/contract';
import { Alert, Descriptions, Empty, Space, Table } from 'antd';
import { callRoute } from '../api/client';
import { ErrorState } from '../app/states';

type PriceObject = ContractPriceAnswer['objects'][number];

const m3 = (v: string | null) => (v === null ? '—' : `${formatNumber(v)} м³`);
const rub = (v: string | null) => (v === null ? 'не определена' : `${formatNumber(v, { minFraction: 2, maxFraction: 2 })} руб.`);
const ruDate = (v: string) => v.split('-').reverse().join('.');

export function ContractPricePanel({ id }: { id: unknown }) {
  const contractId = typeof id === 'number' ? id : null;
  const q = useQuery({
    queryKey: ['contracts', 'price', contractId],
    queryFn: ({ signal }) => callRoute(contractPriceRoute, { params: { id: contractId! } }, { signal }),
    enabled: contractId !== null,
    staleTime: 0,
  });
  if (contractId === null) return <Empty description="Объёмы и цена появятся после сохранения договора." />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  const p = q.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="contract-price">
      <Descriptions size="small" column={1} bordered items={p ? [
        { key: 'acc', label: 'Коммерческий учёт', children: CommercialAccounting.label(p.commercial_accounting) },
        { key: 'tko', label: 'Объём ТКО в год', children: m3(p.tko_m3_year) },
        { key: 'kgo', label: 'Объём КГО в год', children: m3(p.kgo_m3_year) },
        { key: 'vol', label: 'Всего в год', children: m3(p.volume_m3_year) },
        { key: 'tariff', label: `Единый тариф на ${ruDate(p.date)}`, children: p.tariff ? `${formatNumber(p.tariff.cost, { minFraction: 2, maxFraction: 2 })} руб/м³ — ${p.tariff.name}` : 'нет' },
        { key: 'year', label: 'Цена договора в год', children: <strong data-testid="contract-price-year">{rub(p.price_year)}</strong> },
        { key: 'month', label: 'Цена договора в месяц', children: <span data-testid="contract-price-month">{rub(p.price_month)}</span> },
      ] : []} />
      {p && p.reasons.length > 0 && <Alert type="warning" showIcon message="Не всё определено" description={p.reasons.join(' ')} />}
      <Table<PriceObject>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={p?.objects ?? []}
        pagination={false}
        locale={{ emptyText: 'В договоре нет объектов.' }}
        columns={[
          { title: '№', width: 50, render: (_v, _r, i) => i + 1 },
          { title: 'Место накопления', render: (_v, r) => r.waste_area.name },
          { title: 'Источник образования', render: (_v, r) => r.waste_source?.name ?? '—' },
          { title: 'Контейнеры, м³', render: (_v, r) => (r.containers_m3 === null ? '—' : formatNumber(r.containers_m3)) },
          { title: 'Вывозов в год', render: (_v, r) => (r.collections_per_year === null ? '—' : formatNumber(r.collections_per_year)) },
          { title: 'ТКО в год', render: (_v, r) => (r.tko_m3_year === null ? (r.reason ?? '—') : m3(r.tko_m3_year)) },
          { title: 'КГО в год', render: (_v, r) => m3(r.kgo_m3_year) },
        ]}
      />
    </Space>
  );
}
