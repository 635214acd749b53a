/**
 * Forecast of ТКО generation by year (docs/ANALYTICS.md «Прогноз образования»): the sources'
 * normative accumulation of the base year scaled by the population coefficients of the settings.
 *
 *   N(ОКТМО, category)      = Σ_sources normative_value × norm per unit (kg/year, m³/year)
 *                              (ПП РФ от 04.04.2016 № 269: norms per расчётная единица a year;
 *                               ПП РФ от 03.06.2016 № 505: accounting by the norms)
 *   K(base) = 1; K(y) = K(y−1) × c(y) for y > base; K(y) = K(y+1) / c(y+1) for y < base
 *   forecast(ОКТМО, category, y) = N × K(y)   (tonnes = kg / 1000, 3 decimals)
 *
 * c(y) is `system_settings.forecast_growth` (population of y / population of y−1), 1 for a year
 * not listed; the base year is `forecast_base_year`, else the current year. A source's ОКТМО is the
 * municipal formation (8-digit code «TER KOD1 000») whose section-2 settlement has the name of
 * the source's settlement (structured_address.settlement, else .city), else of its first linked
 * site's; none found → code '' («ОКТМО не определено»). Sources without a unit or a value have no
 * norm: they are counted in `unassessed`, not forecast.
 */
import type { Pool, PoolClient } from 'pg';
import type { ForecastGrowth } from '@tko/contract';
import { nameKey } from '../oktmo/name-key';
import { SITE_MO, unitJoins } from '../oktmo/site-unit';

/** One ОКТМО × category × year of the forecast: tonnes and m³ a year. */
export interface ForecastCell {
  oktmo: string;
  oktmo_name: string;
  category: string;
  year: number;
  tonnes: number;
  m3: number;
}

/** The forecast with the parameters it used. */
export interface Forecast {
  base_year: number;
  /** K(y) for every year asked, 6 decimals. */
  coefficients: { year: number; k: number }[];
  rows: ForecastCell[];
  /** Sources without a normative unit or value (not forecast). */
  unassessed: number;
}

/** Settings of the forecast as stored (system_settings). */
export interface ForecastSettings {
  base_year: number;
  growth: ForecastGrowth[];
}

const settlement = (alias: string) =>
  `coalesce(nullif(btrim(${alias}.structured_address->>'settlement'), ''), nullif(btrim(${alias}.structured_address->>'city'), ''))`;

/** Norms per municipal formation and category (kg, m³ a year) and the count of sources without a norm. */
const NORMS_SQL = `
WITH s AS (
  SELECT s.category, s.normative_value * n.kg_per_unit_year AS kg, s.normative_value * n.m3_per_unit_year AS m3, s.coordinates,
         ${nameKey(`coalesce(${settlement('s')}, (SELECT ${settlement('w')} FROM waste_source_waste_area l JOIN waste_area w ON w.id = l.waste_area_id
                     WHERE l.waste_source_id = s.id ORDER BY w.id LIMIT 1))`)} AS key
    FROM waste_source s JOIN normative_unit n ON n.id = s.normative_unit_id
   WHERE s.normative_value IS NOT NULL
)
SELECT coalesce(${SITE_MO}, '') AS oktmo, coalesce(a.name, CASE WHEN ${SITE_MO} IS NULL THEN 'ОКТМО не определено' ELSE ${SITE_MO} END) AS oktmo_name,
       s.category, sum(s.kg)::float8 AS kg, sum(s.m3)::float8 AS m3
  FROM s ${unitJoins('s.key', 's.coordinates')} LEFT JOIN administrative_unit a ON a.code = ${SITE_MO}
 GROUP BY 1, 2, 3 ORDER BY 1, 3`;

const UNASSESSED_SQL = `SELECT count(*)::int AS n FROM waste_source s
  LEFT JOIN normative_unit n ON n.id = s.normative_unit_id WHERE s.normative_value IS NULL OR n.id IS NULL`;

/** The forecast's settings: base year (else the current year) and the coefficients. */
export async function forecastSettings(db: Pool | PoolClient, now: Date = new Date()): Promise<ForecastSettings> {
  const { rows } = await db.query<{ forecast_base_year: number | null; forecast_growth: ForecastGrowth[] }>(
    'SELECT forecast_base_year, forecast_growth FROM system_settings WHERE id = 1');
  return { base_year: rows[0]?.forecast_base_year ?? now.getUTCFullYear(), growth: rows[0]?.forecast_growth ?? [] };
}

/** K(y) of each year of `years` relative to `base` (formula above); pure. */
export function growthFactors(base: number, growth: readonly ForecastGrowth[], years: readonly number[]): Map<number, number> {
  const c = new Map(growth.map((g) => [g.year, g.coefficient]));
  const out = new Map<number, number>();
  for (const y of years) {
    let k = 1;
    for (let t = base + 1; t <= y; t++) k *= c.get(t) ?? 1;
    for (let t = y + 1; t <= base; t++) k /= c.get(t) ?? 1;
    out.set(y, k);
  }
  return out;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The forecast of `years` (formula above) on one connection; errors: whatever PostgreSQL throws. */
export async function forecastGeneration(db: Pool | PoolClient, years: readonly number[], settings?: ForecastSettings): Promise<Forecast> {
  const s = settings ?? (await forecastSettings(db));
  const k = growthFactors(s.base_year, s.growth, years);
  const { rows: norms } = await db.query<{ oktmo: string; oktmo_name: string; category: string; kg: number; m3: number }>(NORMS_SQL);
  const { rows: [un] } = await db.query<{ n: number }>(UNASSESSED_SQL);
  const rows: ForecastCell[] = [];
  for (const n of norms) {
    for (const y of years) {
      rows.push({ oktmo: n.oktmo, oktmo_name: n.oktmo_name, category: n.category, year: y, tonnes: round3((n.kg * k.get(y)!) / 1000), m3: round3(n.m3 * k.get(y)!) });
    }
  }
  return {
    base_year: s.base_year,
    coefficients: years.map((y) => ({ year: y, k: Math.round(k.get(y)! * 1e6) / 1e6 })),
    rows,
    unassessed: un?.n ?? 0,
  };
}
