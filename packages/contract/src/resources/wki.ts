/**
 * Target indicators (целевые показатели территориальной схемы; spec 03 «Target indicator»,
 * issue 12 §4): name, unit (the 20 units of spec 03 §3), source, years_period (a range of years)
 * and the actual and planned values per year (child rows). The card draws plan vs actual.
 * Paths: /api/wki/ (list, {id}/, xlsx/, search/), public /api/public/v1/wki/.
 */
import { z } from 'zod';
import { f } from '../common/fields';
import { defineResource } from '../common/resource';
import { defineEnum } from '../enums/define-enum';

/** The units of spec 03 §3 with their Russian labels (codes as the spec spells them). */
export const WkiUnit = defineEnum('WkiUnit', {
  PERCENT: '%',
  MASS_PERCENT: '% по массе',
  ITEMS: 'шт.',
  KILO_ITEMS: 'тыс. шт.',
  MEGA_ITEMS: 'млн шт.',
  GIGA_ITEMS: 'млрд шт.',
  CUBIC_METERS: 'м³',
  METERS_2: 'м²',
  KILO_METERS_2: 'км²',
  KILO_CUBIC_METERS: 'тыс. м³',
  MEGA_CUBICE_METERS: 'млн м³',
  GIGA_CUBIC_METERS: 'млрд м³',
  TONS: 'т',
  KILO_TONS: 'тыс. т',
  MEGA_TONS: 'млн т',
  GIGA_TONS: 'млрд т',
  RUB: 'руб.',
  KILO_RUB: 'тыс. руб.',
  MEGA_RUB: 'млн руб.',
  GIGA_RUB: 'млрд руб.',
});

/** Years of a territorial scheme's indicators (the scheme runs ten years or more from its approval). */
const YEAR_MIN = 2000;
const YEAR_MAX = 2100;

const yearValue = {
  year: f.integer('Год', { required: true, min: YEAR_MIN, max: YEAR_MAX }),
  value: f.decimal('Значение', { required: true, scale: 3, max: 1e14 }),
};

export const wkiResource = defineResource({
  name: 'wki',
  section: 'Аналитика',
  rowScope: { shared: 'target indicators of the territorial scheme (public)' },
  label: 'Целевые показатели',
  labelOne: 'Целевой показатель',
  path: '/api/wki/',
  publicPath: '/api/public/v1/wki/',
  webPath: '/analitics/targets/',
  tabs: [
    { key: 'general', label: 'Общие сведения' },
    { key: 'values', label: 'Значения по годам' },
    // Drawn by the web card from the values (apps/web/src/analytics/wki-chart.tsx).
    { key: 'plan_fact', label: 'План и факт' },
  ],
  fields: {
    id: f.id(),
    name: f.text('Наименование', { required: true, max: 1000, list: true }),
    unit: f.enum('Единица измерения', WkiUnit, { required: true, list: true }),
    source: f.text('Источник', { max: 1000, list: true }),
    years_period: f.range('Период, годы', 'decimal', { list: true, help: `Целые годы от ${YEAR_MIN} до ${YEAR_MAX}.` }),
    actual_indications: f.children('Фактические значения', { fields: yearValue }, { tab: 'values', maxItems: 100 }),
    planned_indications: f.children('Плановые значения', { fields: yearValue }, { tab: 'values', maxItems: 100 }),
  },
  filters: {
    search: { kind: 'text', fields: ['name', 'source'], label: 'Поиск' },
    unit: { kind: 'enum', field: 'unit', enum: WkiUnit, label: 'Единица измерения' },
  },
  ordering: ['id', 'name', 'unit', 'source'],
  defaultOrdering: 'name',
  titleField: 'name',
  check: (v) => {
    const out: Record<string, string> = {};
    const period = v.years_period as { lower: string | null; upper: string | null } | null | undefined;
    for (const k of ['lower', 'upper'] as const) {
      const b = period?.[k];
      if (b != null && !(Number.isInteger(Number(b)) && Number(b) >= YEAR_MIN && Number(b) <= YEAR_MAX)) {
        out[`years_period.${k}`] = `Укажите год — целое число от ${YEAR_MIN} до ${YEAR_MAX}.`;
      }
    }
    for (const key of ['actual_indications', 'planned_indications'] as const) {
      const items = ((v[key] as { year?: number | null; value?: string | null; fetch_action?: string }[] | undefined) ?? []).filter((r) => r.fetch_action !== 'delete');
      if (items.some((r) => r.year === null || r.value === null)) out[key] = 'Укажите год и значение в каждой строке.';
    }
    return out;
  },
  example: {
    name: 'Доля обработанных ТКО',
    unit: 'PERCENT',
    source: 'Территориальная схема, раздел 7',
    years_period: { lower: '2022', upper: '2030' },
    actual_indications: [{ year: 2022, value: '35' }],
    planned_indications: [{ year: 2022, value: '40' }, { year: 2030, value: '100' }],
  },
});

/** One year of the plan-vs-actual chart: null where a value is not given. */
export const WkiChartPointSchema = z.object({ year: z.number().int(), planned: z.number().nullable(), actual: z.number().nullable() });
export type WkiChartPoint = z.infer<typeof WkiChartPointSchema>;

/** The chart's points: every year with a value, ascending (of two values of one year, the later row's). */
export function wkiChartPoints(row: { actual_indications?: { year: number | null; value: string | null }[]; planned_indications?: { year: number | null; value: string | null }[] }): WkiChartPoint[] {
  const byYear = new Map<number, WkiChartPoint>();
  const at = (y: number) => byYear.get(y) ?? (byYear.set(y, { year: y, planned: null, actual: null }), byYear.get(y)!);
  for (const r of row.actual_indications ?? []) if (r.year != null && r.value != null) at(r.year).actual = Number(r.value);
  for (const r of row.planned_indications ?? []) if (r.year != null && r.value != null) at(r.year).planned = Number(r.value);
  return [...byYear.values()].sort((a, b) => a.year - b.year);
}
