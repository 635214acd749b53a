/**
 * Two plans of the same date side by side (the date's plan runs, newest first): km, trucks,
 * shifts, hours of all shifts, the longest shift, time at the wheel, unloading trips, sites
 * planned and not — and the difference, so an operator can compare the optimiser with the
 * current assignment kept.
 */
import { formatNumber, type PlanRun } from '@tko/contract';
import { Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { hoursMinutes, km } from './route-stops';

const MODE_LABELS: Record<PlanRun['mode'], string> = { optimise: 'оптимизация', keep_assignment: 'закрепление сохранено' };

export const planLabel = (p: PlanRun): string => `${dayjs(p.created_at).format('DD.MM HH:mm:ss')} · ${MODE_LABELS[p.mode]}`;

interface Row { key: string; label: string; a: string; b: string; diff: string }

/** The comparison rows (pure): value of plan a, of plan b, and b − a. */
export function compareRows(a: PlanRun, b: PlanRun): Row[] {
  const n = (x: number) => formatNumber(x);
  const signed = (d: number, f: (x: number) => string) => (d === 0 ? '0' : `${d > 0 ? '+' : '−'}${f(Math.abs(d))}`);
  const pct = (d: number, base: number) => (base > 0 && d !== 0 ? ` (${d > 0 ? '+' : '−'}${formatNumber(Math.abs((100 * d) / base), { minFraction: 1, maxFraction: 1 })} %)` : '');
  const row = (key: string, label: string, f: (x: number) => string, get: (p: PlanRun) => number): Row => ({
    key, label, a: f(get(a)), b: f(get(b)), diff: `${signed(get(b) - get(a), f)}${pct(get(b) - get(a), get(a))}`,
  });
  return [
    row('km', 'Пробег', km, (p) => p.distance_m),
    row('vehicles', 'Машин', n, (p) => p.vehicles),
    row('shifts', 'Смен', n, (p) => p.shifts),
    row('hours', 'Часов всех смен', hoursMinutes, (p) => p.shifts_s),
    row('longest', 'Самая длинная смена', hoursMinutes, (p) => p.longest_shift_s),
    row('driving', 'За рулём', hoursMinutes, (p) => p.driving_s),
    row('unloads', 'Выгрузок', n, (p) => p.unloads),
    row('sites', 'Площадок в маршрутах', n, (p) => p.sites),
    row('unplanned', 'Не запланировано', n, (p) => p.unplanned),
  ];
}

export function PlansCompare({ plans }: { plans: PlanRun[] }) {
  const [pick, setPick] = useState<[number, number] | null>(null);
  if (plans.length < 2) return null;
  const ids = plans.map((p) => p.id);
  const [aId, bId] = pick && ids.includes(pick[0]) && ids.includes(pick[1]) ? pick : [plans[1]!.id, plans[0]!.id];
  const a = plans.find((p) => p.id === aId)!;
  const b = plans.find((p) => p.id === bId)!;
  const options = plans.map((p) => ({ value: p.id, label: planLabel(p) }));
  return (
    <section aria-label="Сравнение планов">
      <Typography.Title level={5} style={{ marginTop: 8 }}>Сравнение планов этой даты</Typography.Title>
      <Space wrap style={{ marginBottom: 8 }}>
        <Select aria-label="Первый план" style={{ width: 300 }} value={aId} options={options} onChange={(v: number) => setPick([v, bId])} />
        <Select aria-label="Второй план" style={{ width: 300 }} value={bId} options={options} onChange={(v: number) => setPick([aId, v])} />
      </Space>
      <Table<Row>
        data-testid="plans-compare"
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={compareRows(a, b)}
        columns={[
          { title: 'Показатель', dataIndex: 'label' },
          { title: planLabel(a), dataIndex: 'a' },
          { title: planLabel(b), dataIndex: 'b' },
          { title: 'Разница', dataIndex: 'diff' },
        ]}
      />
    </section>
  );
}
