/**
 * /analitics/balance-model/ — the modelled analytics computed from the registries
 * (docs/ANALYTICS.md): the balance derived from the flows and facilities per year and ФККО code
 * (GET /api/balance/modelled/) with each row's origin («Расчёт», «Введено вручную», «Загружено из
 * файла») and the checks' flags, and the target indicators with a known formula
 * (GET /api/wki/computed/), typed values marked. Years in the hash (#from=2022&to=2030).
 */
import { useQuery } from '@tanstack/react-query';
import {
  BALANCE_ROW_SOURCES, BALANCE_YEARS, MODELLED_BALANCE_DEFAULT_YEARS, computedIndicatorsRoute, modelledBalanceRoute,
  type ComputedIndicatorsAnswer, type ModelledBalanceAnswer,
} from '@tko/contract';
import { Alert, Empty, InputNumber, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { callRoute } from '../api/client';
import { PageTitle } from '../app/page-title';
import { useCan } from '../app/permissions/use-permissions';
import { ErrorState, ForbiddenState } from '../app/states';

type BalanceRow = ModelledBalanceAnswer['rows'][number];
type Indicator = ComputedIndicatorsAnswer['indicators'][number];

/** The years of the hash `#from=…&to=…` within the balance's years (defaults when absent or bad). */
export function hashYears(hash: string): { from: number; to: number } {
  const p = new URLSearchParams(hash.replace(/^#/, ''));
  const ok = (v: string | null, d: number) => {
    const n = Number(v);
    return v !== null && Number.isInteger(n) && n >= BALANCE_YEARS[0] && n <= BALANCE_YEARS[1] ? n : d;
  };
  const from = ok(p.get('from'), MODELLED_BALANCE_DEFAULT_YEARS[0]);
  const to = ok(p.get('to'), MODELLED_BALANCE_DEFAULT_YEARS[1]);
  return from <= to ? { from, to } : { from: to, to: from };
}

const t = (v: number | null) => (v === null ? '—' : v.toLocaleString('ru-RU', { maximumFractionDigits: 3 }));
/** Tag colours with enough contrast (axe: 4.5:1); a typed row's tag is the plain one. */
const SOURCE_COLOR: Record<string, string | undefined> = { model: 'blue', manual: undefined, import: 'purple' };

type Quantity = 'year_begin' | 'received' | 'processed' | 'recycled' | 'neutralized' | 'disposed' | 'stored' | 'year_end';

/**
 * One figure of a balance row: the model's as is; a typed or imported one marked (✎ введено, ⤓ из
 * файла) with the model's value under it («расчёт: …», «—» without flows); the start of a year
 * that does not continue the previous year's end, and the end of a row whose identity fails, in red.
 */
function BalanceFigure({ row, k }: { row: BalanceRow; k: Quantity }) {
  const broken = (k === 'year_begin' && row.flags.some((f) => f.code === 'continuity'))
    || (k === 'year_end' && row.flags.some((f) => f.code === 'year_end_identity'));
  const value = <Typography.Text type={broken ? 'danger' : undefined}>{t(row[k])}</Typography.Text>;
  if (row.source === 'model') return value;
  return (
    <Space orientation="vertical" size={0}>
      <span>{value} {row.source === 'manual' ? '✎' : '⤓'}</span>
      <Typography.Text type="secondary">расчёт: {t(row.model ? row.model[k] : null)}</Typography.Text>
    </Space>
  );
}

export function BalanceModelPage() {
  const canBalance = useCan('balance:view');
  const canWki = useCan('wki:view');
  const location = useLocation();
  const navigate = useNavigate();
  const { from, to } = hashYears(location.hash);
  const query = { year_from: from, year_to: to };
  const balance = useQuery({
    queryKey: ['balance-model', from, to],
    queryFn: ({ signal }) => callRoute(modelledBalanceRoute, { query }, { signal }),
    enabled: canBalance,
  });
  const indicators = useQuery({
    queryKey: ['wki-computed', from, to],
    queryFn: ({ signal }) => callRoute(computedIndicatorsRoute, { query }, { signal }),
    enabled: canWki,
  });
  if (!canBalance && !canWki) return <ForbiddenState />;
  const setYears = (f: number, tt: number) => void navigate({ hash: `from=${f}&to=${tt}` }, { replace: true });
  const years = Array.from({ length: to - from + 1 }, (_, i) => from + i);

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <PageTitle>Баланс и целевые показатели: расчёт по реестрам</PageTitle>
        <Space wrap>
          <Link to="/analitics/balance/">Введённые строки баланса</Link>
          <Link to="/analitics/targets/">Целевые показатели</Link>
        </Space>
      </Space>
      <Space wrap>
        <span>Годы с</span>
        <InputNumber aria-label="Год с" min={BALANCE_YEARS[0]} max={BALANCE_YEARS[1]} precision={0} value={from} onChange={(v) => v && setYears(v, Math.max(v, to))} />
        <span>по</span>
        <InputNumber aria-label="Год по" min={BALANCE_YEARS[0]} max={BALANCE_YEARS[1]} precision={0} value={to} onChange={(v) => v && setYears(Math.min(from, v), v)} />
      </Space>
      <Typography.Paragraph type="secondary">
        «Расчёт» — из потоков отходов, назначения и мощности объектов; строка, введённая вручную (✎) или загруженная из файла (⤓), показывается вместо расчёта,
        а расчёт — под каждым её числом. Остаток на начало года, не равный остатку на конец предыдущего, выделен красным.
        Базовый год и коэффициенты — в системных настройках. Методика расчёта — в документации продукта, раздел «Аналитика».
      </Typography.Paragraph>

      {canBalance && (balance.isError ? <ErrorState error={balance.error} onRetry={() => void balance.refetch()} /> : (
        <>
          <Typography.Title level={4}>Моделируемый баланс, т</Typography.Title>
          {balance.data?.unassigned.map((u) => (
            <Alert key={u.year} type="warning" showIcon title={`${u.year}: ${t(u.tonnes)} т в потоках без объекта или кода ФККО (${u.flows} шт.) не распределены.`} />
          ))}
          <Table<BalanceRow>
            rowKey={(r) => `${r.year}:${r.fkko_code}`}
            data-testid="balance-model"
            size="small"
            loading={balance.isFetching}
            dataSource={balance.data?.rows ?? []}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            scroll={{ x: true }}
            locale={{ emptyText: <Empty description="Нет потоков на объекты и введённых строк за эти годы." /> }}
            columns={[
              { key: 'year', title: 'Год', dataIndex: 'year' },
              { key: 'fkko', title: 'Код ФККО', render: (_v, r) => <Tooltip title={r.fkko_name}>{r.fkko_code}</Tooltip> },
              { key: 'source', title: 'Источник', render: (_v, r) => <Tag color={SOURCE_COLOR[r.source]}>{BALANCE_ROW_SOURCES[r.source]}</Tag> },
              ...(['year_begin', 'received', 'processed', 'recycled', 'neutralized', 'disposed', 'stored', 'year_end'] as const).map((k) => ({
                key: k,
                title: { year_begin: 'На начало', received: 'Поступило', processed: 'Обработано', recycled: 'Утилизировано', neutralized: 'Обезврежено', disposed: 'Размещено', stored: 'Хранится', year_end: 'На конец' }[k],
                align: 'right' as const,
                render: (_v: unknown, r: BalanceRow) => <BalanceFigure row={r} k={k} />,
              })),
              {
                key: 'flags', title: 'Проверки',
                render: (_v, r) => (r.flags.length
                  ? <Space orientation="vertical" size={2}>{r.flags.map((f) => <Typography.Text key={f.code + f.message} type="danger">{f.message}</Typography.Text>)}</Space>
                  : <Typography.Text>сходится</Typography.Text>),
              },
            ]}
          />
        </>
      ))}

      {canWki && (indicators.isError ? <ErrorState error={indicators.error} onRetry={() => void indicators.refetch()} /> : (
        <>
          <Typography.Title level={4}>Целевые показатели, %</Typography.Title>
          <Table<Indicator>
            rowKey="code"
            data-testid="wki-computed"
            size="small"
            loading={indicators.isFetching}
            dataSource={indicators.data?.indicators ?? []}
            pagination={false}
            scroll={{ x: true }}
            columns={[
              { key: 'name', title: 'Показатель', render: (_v, i) => <Tooltip title={i.formula}>{i.name}</Tooltip> },
              ...years.map((y) => ({
                key: `y${y}`, title: String(y), align: 'right' as const,
                render: (_v: unknown, i: Indicator) => {
                  const v = i.values.find((x) => x.year === y);
                  if (!v || v.value === null) return '—';
                  return v.source === 'manual'
                    ? <Space orientation="vertical" size={0}><Tag>{t(v.value)} ✎</Tag><Typography.Text type="secondary">расчёт: {t(v.computed)}</Typography.Text></Space>
                    : t(v.value);
                },
              })),
            ]}
          />
          <Typography.Text type="secondary">Значение со знаком ✎ — введено вручную в реестре «Целевые показатели» (расчёт — под ним); остальные — расчёт.</Typography.Text>
        </>
      ))}
    </Space>
  );
}

export default BalanceModelPage;
