/**
 * The modelled analytics (docs/ANALYTICS.md), computed from the registries on each call, not stored:
 *   GET /api/analytics/forecast/   forecast of ТКО generation by ОКТМО, category and year
 *                                   (2022–2032 by default; `year` a comma list) (dashboard:view)
 */
import { z } from 'zod';
import { MSG } from '../common/messages';
import { defineRoute } from '../common/route';
import { FORECAST_YEARS } from './dashboard';

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
