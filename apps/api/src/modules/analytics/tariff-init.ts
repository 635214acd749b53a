/**
 * GET /api/tariffs/predicted/init/ (issue 12 §5): a new predicted tariff filled from the product's
 * data, with the source of each value (Russian). Not stored.
 *
 * - flows_total_waste_volume (м³/год): Σ of the waste sources' normative volume
 *   (normative_value × normative_unit.m3_per_unit_year, ПП РФ от 04.04.2016 № 269). The flows
 *   registry does not exist yet; when it does, its total volume replaces this.
 * - transportation_waste_weight (т/год): Σ of the sources' normative mass / 1000.
 * - flows_total_distance (км/год): every source with coordinates hauls its normative volume to
 *   the nearest working facility (status ACTIVE, with coordinates) in loads of
 *   VEHICLE_LOAD_M3 (a 18 м³ compacting body ≈ 40 м³ of waste as it lies in containers), each
 *   load a round trip of the straight-line distance × ROAD_FACTOR:
 *     Σ_sources 2 × ROAD_FACTOR × d_km(source, nearest facility) × V_source / VEHICLE_LOAD_M3.
 *   With the flows registry (issue of flows) its total distance replaces this estimate.
 * - transportation_cost (руб/км), operating, sales and contracts' expenses, correction: the fleet
 *   registry does not exist yet, so they are copied from the latest stored predicted tariff, or
 *   left empty to be typed.
 */
import type { Pool } from 'pg';
import type { TariffInit } from '@tko/contract';

/** m³ of waste (as it lies in containers) one compacting truck carries per trip. */
export const VEHICLE_LOAD_M3 = 40;
/** Road distance / straight-line distance. */
export const ROAD_FACTOR = 1.3;

const COPIED = ['operating_expenses', 'transportation_cost', 'sales_expenses', 'contracts_maintenance_expenses', 'revenue_correction'] as const;

export async function tariffInit(pool: Pool, year: number): Promise<TariffInit> {
  const { rows: [sums] } = await pool.query<{ volume: string | null; mass: string | null; sources: number }>(
    `SELECT round(sum(ws.normative_value * u.m3_per_unit_year), 3)::text AS volume,
            round(sum(ws.normative_value * u.kg_per_unit_year) / 1000, 3)::text AS mass,
            count(*)::int AS sources
       FROM waste_source ws JOIN normative_unit u ON u.id = ws.normative_unit_id
      WHERE ws.normative_value IS NOT NULL`,
  );
  const { rows: [trips] } = await pool.query<{ km: string | null; sources: number; facilities: number }>(
    `WITH f AS (SELECT coordinates FROM waste_management_facility WHERE status = 'ACTIVE' AND coordinates IS NOT NULL)
     SELECT round(sum(2 * $1::numeric * (n.m / 1000)::numeric * (ws.normative_value * u.m3_per_unit_year) / $2::numeric), 3)::text AS km,
            count(*)::int AS sources, (SELECT count(*)::int FROM f) AS facilities
       FROM waste_source ws
       JOIN normative_unit u ON u.id = ws.normative_unit_id
       CROSS JOIN LATERAL (SELECT ST_Distance(ws.coordinates::geography, f.coordinates::geography) AS m
                             FROM f ORDER BY f.coordinates <-> ws.coordinates LIMIT 1) n
      WHERE ws.coordinates IS NOT NULL AND ws.normative_value IS NOT NULL`,
    [ROAD_FACTOR, VEHICLE_LOAD_M3],
  );
  const { rows: [last] } = await pool.query<Record<(typeof COPIED)[number], string | null> & { year: number }>(
    `SELECT year, ${COPIED.join(', ')} FROM predicted_tariff ORDER BY year DESC, id DESC LIMIT 1`,
  );
  const values: Record<string, unknown> = {
    year,
    manual_calculation: false,
    flows_total_waste_volume: sums?.volume ?? null,
    transportation_waste_weight: sums?.mass ?? null,
    flows_total_distance: trips?.km ?? null,
  };
  const sources: Record<string, string> = {
    year: 'Следующий год, если не задан параметром year.',
    flows_total_waste_volume: sums?.volume
      ? `Сумма нормативов накопления источников образования отходов (${sums.sources} шт.), м³ в год; реестр потоков ещё не ведётся.`
      : 'Нет источников образования отходов с нормативом накопления: введите объём вручную.',
    transportation_waste_weight: sums?.mass ? 'Сумма нормативов накопления источников (кг в год) / 1000.' : 'Нет данных: введите вручную.',
    flows_total_distance: trips?.km
      ? `Оценка по ${trips.sources} источникам и ${trips.facilities} действующим объектам обращения с отходами: рейс до ближайшего объекта и обратно (расстояние по прямой × ${ROAD_FACTOR}) на каждые ${VEHICLE_LOAD_M3} м³ норматива; реестр потоков ещё не ведётся.`
      : 'Нет источников с координатами и нормативом или действующих объектов с координатами: введите пробег вручную.',
  };
  for (const k of COPIED) {
    values[k] = last?.[k] ?? null;
    sources[k] = last?.[k] != null
      ? `Из прогнозного тарифа на ${last.year} год: реестр транспорта ещё не ведётся.`
      : 'Нет данных (реестр транспорта ещё не ведётся, прогнозных тарифов нет): введите вручную.';
  }
  return { values, sources };
}
