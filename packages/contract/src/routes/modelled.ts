/**
 * The modelled analytics (docs/ANALYTICS.md), computed from the registries on each call, not stored:
 *   GET /api/analytics/forecast/   forecast of ТКО generation by ОКТМО, category and year
 *                                   (2022–2032 by default; `year` a comma list) (dashboard:view)
 *   GET /api/balance/modelled/     the balance derived from the flows and facilities per year and
 *                                   ФККО code, typed/imported rows shown as overrides, with the
 *                                   checks' flags (year_from–year_to within 2015–2030) (balance:view)
 *   GET /api/wki/computed/         target indicators with a known formula per year, computed;
 *                                   typed actual values shown instead and marked (wki:view)
 */
import { z } from 'zod';
import { MSG } from '../common/messages';
import { defineRoute } from '../common/route';
import { FORECAST_YEARS } from './dashboard';
import { BALANCE_QUANTITIES, BALANCE_YEARS } from '../resources/balance';

/** A comma list of years 2000–2100 (absent = `FORECAST_YEARS`). */
const yearList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : v),
  z.array(z.number({ error: MSG.integer }).int(MSG.integer).min(2000, MSG.min(2000)).max(2100, MSG.max(2100))).max(101, MSG.maxItems(101)),
).optional();

export const ForecastAnswerSchema = z.object({
  /** The year the registries describe (settings, else the current year). */
  base_year: z.number().int(),
  /** K(y): the product of the population coefficients from the base year. */
  coefficients: z.array(z.object({ year: z.number().int(), k: z.number() })),
  rows: z.array(z.object({
    /** The municipal formation's ОКТМО code ('' = not determined). */
    oktmo: z.string(),
    oktmo_name: z.string(),
    category: z.string(),
    year: z.number().int(),
    tonnes: z.number(),
    m3: z.number(),
  })),
  /** Sources without a normative unit or value: not forecast. */
  unassessed: z.number().int(),
});
export type ForecastAnswer = z.infer<typeof ForecastAnswerSchema>;

export const forecastRoute = defineRoute({
  method: 'GET', path: '/api/analytics/forecast/', permission: 'dashboard:view', tags: ['analytics'],
  summary: 'Прогноз образования ТКО по ОКТМО, категориям и годам (расчёт по нормативам и коэффициентам численности)',
  query: z.strictObject({ year: yearList }), response: { 200: ForecastAnswerSchema },
});

/** Years of a forecast call: the asked ones, sorted and distinct, or 2022–2032. */
export function forecastYears(asked: readonly number[] | undefined): number[] {
  return asked?.length ? [...new Set(asked)].sort((a, b) => a - b) : [...FORECAST_YEARS];
}

const year = (min: number, max: number) => z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number({ error: MSG.integer }).int(MSG.integer).min(min, MSG.min(min)).max(max, MSG.max(max))).optional();

/** Years of the modelled balance by default. */
export const MODELLED_BALANCE_DEFAULT_YEARS: [number, number] = [2022, BALANCE_YEARS[1]];

export const ModelledBalanceQuerySchema = z.strictObject({
  year_from: year(BALANCE_YEARS[0], BALANCE_YEARS[1]),
  year_to: year(BALANCE_YEARS[0], BALANCE_YEARS[1]),
}).refine((q) => (q.year_from ?? MODELLED_BALANCE_DEFAULT_YEARS[0]) <= (q.year_to ?? MODELLED_BALANCE_DEFAULT_YEARS[1]),
  { message: 'Начальный год не может быть больше конечного.', path: ['year_to'] });

const tonnes = z.number().nullable();
const Quantities = z.object(Object.fromEntries(BALANCE_QUANTITIES.map((k) => [k, tonnes])) as Record<(typeof BALANCE_QUANTITIES)[number], typeof tonnes>);

/** Where a shown row comes from: «расчёт», «введено вручную», «загружено из файла». */
export const BALANCE_ROW_SOURCES = { model: 'Расчёт', manual: 'Введено вручную', import: 'Загружено из файла' } as const;

export const ModelledBalanceSchema = z.object({
  base_year: z.number().int(),
  rows: z.array(Quantities.extend({
    year: z.number().int(),
    fkko_code: z.string(),
    fkko_id: z.number().int().nullable(),
    fkko_name: z.string().nullable(),
    source: z.enum(['model', 'manual', 'import']),
    model: Quantities.nullable(),
    facilities: z.array(z.object({
      id: z.number().int(), name: z.string(), purpose: z.string().nullable(), capacity: z.number().nullable(),
      received: z.number(), processed: z.number(), recycled: z.number(), neutralized: z.number(), disposed: z.number(), stored: z.number(), unallocated: z.number(),
    })),
    flags: z.array(z.object({ code: z.string(), message: z.string() })),
  })),
  unassigned: z.array(z.object({ year: z.number().int(), tonnes: z.number(), flows: z.number().int() })),
});
export type ModelledBalanceAnswer = z.infer<typeof ModelledBalanceSchema>;

export const modelledBalanceRoute = defineRoute({
  method: 'GET', path: '/api/balance/modelled/', permission: 'balance:view', tags: ['balance'],
  summary: 'Моделируемый баланс по потокам и объектам (расчёт; введённые строки — поверх расчёта, с проверками)',
  query: ModelledBalanceQuerySchema, response: { 200: ModelledBalanceSchema },
});

export const ComputedIndicatorsSchema = z.object({
  base_year: z.number().int(),
  indicators: z.array(z.object({
    code: z.enum(['TKO_PROCESSED_SHARE', 'TKO_RECYCLED_SHARE', 'TKO_DISPOSED_SHARE', 'POPULATION_COVERED_SHARE']),
    name: z.string(),
    unit: z.literal('PERCENT'),
    formula: z.string(),
    wki_id: z.number().int().nullable(),
    values: z.array(z.object({ year: z.number().int(), value: z.number().nullable(), computed: z.number().nullable(), source: z.enum(['model', 'manual']) })),
  })),
});
export type ComputedIndicatorsAnswer = z.infer<typeof ComputedIndicatorsSchema>;

export const computedIndicatorsRoute = defineRoute({
  method: 'GET', path: '/api/wki/computed/', permission: 'wki:view', tags: ['wki'],
  summary: 'Целевые показатели с известной формулой: расчёт по годам (введённые значения — поверх, с пометкой)',
  query: ModelledBalanceQuerySchema, response: { 200: ComputedIndicatorsSchema },
});
