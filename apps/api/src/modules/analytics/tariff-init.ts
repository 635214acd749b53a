/**
 * GET /api/tariffs/predicted/init/: a new predicted tariff of a year filled from the registries, by
 * the structure of Приказ ФАС России от 21.11.2016 № 1638/16 (docs/ANALYTICS.md «Прогнозный
 * тариф»), with the source of each value (Russian). Not stored.
 *
 * - From the flows of the year (@tko/db `tariffInputs`): weight, volume, distance; from the fleet:
 *   the cost of a km; from the operators' regulated tariffs × the modelled balance: the operators'
 *   services; from the settings' rate × the disposed tonnes: the environmental charge.
 * - Without any flow of the year: volume and mass from the waste sources' norms (ПП РФ от
 *   04.04.2016 № 269) and the distance estimated from every source with coordinates to the nearest
 *   working facility, a round trip of the straight line × ROAD_FACTOR per VEHICLE_LOAD_M3 m³.
 * - The regional operator's own costs (operating, sales, contracts' upkeep, correction) are not in
 *   any registry: copied from the latest stored predicted tariff, or left empty to be typed.
 */
import type { Pool } from 'pg';
import type { TariffInit } from '@tko/contract';
import { ROAD_FACTOR, VEHICLE_LOAD_M3, tariffInputs } from '@tko/db';

const COPIED = ['operating_expenses', 'sales_expenses', 'contracts_maintenance_expenses', 'revenue_correction'] as const;
const money = (n: number) => n.toFixed(2);
const ru = (n: number) => n.toLocaleString('ru-RU', { maximumFractionDigits: 4 });

/** The sources' estimate of volume, mass and distance (no flows of the year). */
async function sourcesEstimate(pool: Pool) {
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
  return { sums, trips };
}

export async function tariffInit(pool: Pool, year: number): Promise<TariffInit> {
  const inp = await tariffInputs(pool, year);
  const { rows: [last] } = await pool.query<Record<(typeof COPIED)[number] | 'transportation_cost', string | null> & { year: number }>(
    `SELECT year, transportation_cost, ${COPIED.join(', ')} FROM predicted_tariff ORDER BY year DESC, id DESC LIMIT 1`,
  );
  const values: Record<string, unknown> = { year, manual_calculation: false };
  const sources: Record<string, string> = { year: 'Следующий год, если не задан параметром year.' };

  if (inp.flows > 0) {
    values.transportation_waste_weight = inp.weight!.toFixed(3);
    sources.transportation_waste_weight = `Сумма потоков ${year} года (${inp.flows} шт.), т.`;
    values.flows_total_waste_volume = inp.volume === null ? null : inp.volume.toFixed(3);
    sources.flows_total_waste_volume = inp.volume === null
      ? 'Нет источников с нормативом накопления, чтобы перевести тонны в м³: введите объём вручную.'
      : `Масса потоков / плотность ${ru(inp.density!)} т/м³ (нормативы накопления источников: кг / м³).`;
    values.flows_total_distance = inp.distance === null ? null : inp.distance.toFixed(3);
    sources.flows_total_distance = inp.distance === null
      ? 'Нет грузоподъёмности машин и нормативов источников: введите пробег вручную.'
      : `Σ по потокам: 2 × ${ROAD_FACTOR} × расстояние по прямой × рейсы; рейс — ${inp.payload_t ? `${ru(inp.payload_t)} т (средняя грузоподъёмность действующих машин)` : `${VEHICLE_LOAD_M3} м³`}.`;
  } else {
    const { sums, trips } = await sourcesEstimate(pool);
    values.flows_total_waste_volume = sums?.volume ?? null;
    values.transportation_waste_weight = sums?.mass ?? null;
    values.flows_total_distance = trips?.km ?? null;
    sources.flows_total_waste_volume = sums?.volume
      ? `Потоков ${year} года нет: сумма нормативов накопления источников (${sums.sources} шт.), м³ в год.`
      : 'Нет потоков этого года и источников с нормативом накопления: введите объём вручную.';
    sources.transportation_waste_weight = sums?.mass ? 'Потоков этого года нет: сумма нормативов накопления источников (кг в год) / 1000.' : 'Нет данных: введите вручную.';
    sources.flows_total_distance = trips?.km
      ? `Потоков этого года нет: оценка по ${trips.sources} источникам и ${trips.facilities} действующим объектам — рейс до ближайшего объекта и обратно (по прямой × ${ROAD_FACTOR}) на каждые ${VEHICLE_LOAD_M3} м³ норматива.`
      : 'Нет потоков этого года, источников с координатами и нормативом или действующих объектов с координатами: введите пробег вручную.';
  }

  if (inp.cost_per_km) {
    values.transportation_cost = money(inp.cost_per_km.value);
    sources.transportation_cost = `Средняя стоимость 1 км пробега действующих машин (${inp.cost_per_km.vehicles} шт.).`;
  } else {
    values.transportation_cost = last?.transportation_cost ?? null;
    sources.transportation_cost = last?.transportation_cost != null
      ? `У машин не указана стоимость 1 км: из прогнозного тарифа на ${last.year} год.`
      : 'У машин не указана стоимость 1 км пробега: введите вручную.';
  }

  if (inp.operators) {
    values.operators_expenses = money(inp.operators.value);
    const missing = inp.operators.facilities.filter((f) => f.amount === null).map((f) => `«${f.name}»`);
    sources.operators_expenses = `Σ масса, направляемая на объекты (моделируемый баланс), × регулируемый тариф оператора объекта: `
      + inp.operators.facilities.filter((f) => f.amount !== null).map((f) => `«${f.name}» ${ru(f.tonnes)} т × ${ru(f.cost!)} ${f.unit === 'RUB_PER_M3' ? 'руб/м³' : 'руб/т'}`).join('; ')
      + (missing.length ? `. Нет действующего тарифа у ${missing.join(', ')}: не учтены.` : '.');
  } else {
    values.operators_expenses = null;
    sources.operators_expenses = 'Нет потоков этого года на объекты обработки, обезвреживания или захоронения: введите вручную.';
  }

  if (inp.environmental) {
    values.environmental_charge = money(inp.environmental.value);
    sources.environmental_charge = `Размещаемая масса ${ru(inp.environmental.disposed)} т × ставка ${ru(inp.environmental.rate)} руб/т (системные настройки).`;
  } else {
    values.environmental_charge = null;
    sources.environmental_charge = `Плата за НВОС не рассчитана: ${inp.environmental_missing}. Введите вручную.`;
  }

  for (const k of COPIED) {
    values[k] = last?.[k] ?? null;
    sources[k] = last?.[k] != null
      ? `Собственные расходы регионального оператора в реестрах не ведутся: из прогнозного тарифа на ${last.year} год.`
      : 'Собственные расходы регионального оператора в реестрах не ведутся: введите вручную.';
  }
  return { values, sources };
}
