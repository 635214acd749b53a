/**
 * Target indicators whose formula is known (docs/ANALYTICS.md «Целевые показатели»), computed per
 * year from the modelled balance (balance-model.ts), the forecast (forecast.ts) and the registries:
 *
 *   TKO_PROCESSED_SHARE = Σ processed(ТКО) / generated × 100, %
 *   TKO_RECYCLED_SHARE  = Σ recycled(ТКО)  / generated × 100, %
 *   TKO_DISPOSED_SHARE  = Σ disposed(ТКО)  / generated × 100, %
 *     ТКО = ФККО codes of block 7 type 3 («7 3…»: отходы коммунальные, подобные коммунальным
 *     на производстве, Приказ Росприроднадзора от 22.05.2017 № 242); Σ over the balance rows shown
 *     (typed rows included); generated = the forecast's tonnes of the year
 *     (the indicators of the federal project «Комплексная система обращения с ТКО» are shares of
 *     the ТКО generated).
 *   POPULATION_COVERED_SHARE = residents of sources linked to an active site / residents of
 *     sources with a known number of residents × 100, % — the registries describe the base year
 *     only, so it has a value for the base year alone.
 * A value without its divisor (no generation, no residents) is null, never 0.
 * Typed values: the actual values of the target indicator (registry «Целевые показатели») with the
 * same name (case and spaces ignored) are shown instead, marked `manual`, with the computed value beside.
 */
import type { Pool, PoolClient } from 'pg';
import { forecastGeneration, forecastSettings } from './forecast';
import { modelBalance } from './balance-model';

export interface IndicatorValue {
  year: number;
  /** The value shown: the typed one when there is one, else the computed one. */
  value: number | null;
  computed: number | null;
  /** model = расчёт; manual = введено вручную (registry «Целевые показатели»). */
  source: 'model' | 'manual';
}

export interface ComputedIndicator {
  code: 'TKO_PROCESSED_SHARE' | 'TKO_RECYCLED_SHARE' | 'TKO_DISPOSED_SHARE' | 'POPULATION_COVERED_SHARE';
  name: string;
  unit: 'PERCENT';
  formula: string;
  /** The target indicator of the registry with this name, if any. */
  wki_id: number | null;
  values: IndicatorValue[];
}

const DEFS: Omit<ComputedIndicator, 'wki_id' | 'values'>[] = [
  { code: 'TKO_PROCESSED_SHARE', name: 'Доля ТКО, направленных на обработку', unit: 'PERCENT', formula: 'обработано (ТКО) / образовано ТКО × 100' },
  { code: 'TKO_RECYCLED_SHARE', name: 'Доля ТКО, направленных на утилизацию', unit: 'PERCENT', formula: 'утилизировано (ТКО) / образовано ТКО × 100' },
  { code: 'TKO_DISPOSED_SHARE', name: 'Доля ТКО, направленных на захоронение', unit: 'PERCENT', formula: 'размещено (ТКО) / образовано ТКО × 100' },
  { code: 'POPULATION_COVERED_SHARE', name: 'Доля населения, охваченного услугой регионального оператора', unit: 'PERCENT', formula: 'проживающие в источниках, связанных с действующими местами накопления / все проживающие × 100' },
];

const pct = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100 * 1000) / 1000 : null);

/** The indicators of years `from`–`to` (formulas above); errors: whatever PostgreSQL throws. */
export async function computeIndicators(db: Pool | PoolClient, from: number, to: number): Promise<{ base_year: number; indicators: ComputedIndicator[] }> {
  const settings = await forecastSettings(db);
  const years = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const forecast = await forecastGeneration(db, years, settings);
  const balance = await modelBalance(db, from, to);
  const { rows: [cov] } = await db.query<{ covered: number | null; total: number | null }>(
    `SELECT sum(s.number_of_residents) FILTER (WHERE EXISTS (SELECT 1 FROM waste_source_waste_area l JOIN waste_area w ON w.id = l.waste_area_id
                                                            WHERE l.waste_source_id = s.id AND w.status = 'ACTIVE'))::float8 AS covered,
            sum(s.number_of_residents)::float8 AS total
       FROM waste_source s WHERE s.number_of_residents IS NOT NULL`);
  const { rows: typed } = await db.query<{ key: string; wki_id: number; year: number; value: string }>(
    `SELECT lower(regexp_replace(btrim(k.name), '\\s+', ' ', 'g')) AS key, k.id AS wki_id, a.year, a.value
       FROM wki k LEFT JOIN wki_actual a ON a.wki_id = k.id ORDER BY k.id, a.id`);

  const generated = new Map<number, number>();
  for (const r of forecast.rows) generated.set(r.year, (generated.get(r.year) ?? 0) + r.tonnes);
  const sumOf = (y: number, k: 'processed' | 'recycled' | 'disposed') =>
    balance.rows.filter((r) => r.year === y && r.fkko_code.startsWith('73')).reduce((s, r) => s + (r[k] ?? 0), 0);
  const computed = (code: ComputedIndicator['code'], y: number): number | null => {
    switch (code) {
      case 'TKO_PROCESSED_SHARE': return pct(sumOf(y, 'processed'), generated.get(y) ?? 0);
      case 'TKO_RECYCLED_SHARE': return pct(sumOf(y, 'recycled'), generated.get(y) ?? 0);
      case 'TKO_DISPOSED_SHARE': return pct(sumOf(y, 'disposed'), generated.get(y) ?? 0);
      default: return y === settings.base_year ? pct(cov?.covered ?? 0, cov?.total ?? 0) : null;
    }
  };
  const indicators = DEFS.map((d) => {
    const key = d.name.toLowerCase();
    const mine = typed.filter((t) => t.key === key);
    const values = years.map((y): IndicatorValue => {
      const c = computed(d.code, y);
      // The later row of a year wins, as on the indicator's card (docs/DECISIONS.md «Target indicator values»).
      const t = mine.filter((m) => m.year === y).at(-1);
      return t ? { year: y, value: Number(t.value), computed: c, source: 'manual' } : { year: y, value: c, computed: c, source: 'model' };
    });
    return { ...d, wki_id: mine[0]?.wki_id ?? null, values };
  });
  return { base_year: settings.base_year, indicators };
}
