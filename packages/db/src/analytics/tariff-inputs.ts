/**
 * What the registries know of a regional operator's predicted tariff of year y, by the structure of
 * Приказ ФАС России от 21.11.2016 № 1638/16 (Методические указания по расчёту регулируемых тарифов
 * в области обращения с ТКО; docs/ANALYTICS.md «Прогнозный тариф»). Pure reading; no defaults
 * invented: a figure the registries cannot give is null with the reason.
 *
 * - flows (t): the flows of year y (balance-model.ts `flowsOfYear`); weight = Σ t;
 *   volume (м³) = Σ t / density, density (t/м³) = Σ normative kg / 1000 / Σ normative м³ of the
 *   waste sources (the region's norms, ПП РФ от 04.04.2016 № 269).
 * - distance (км/год) = Σ_flows 2 × ROAD_FACTOR × km(start, end) × trips, trips = t / payload (t) of
 *   the fleet's average active vehicle; without payloads, м³ / VEHICLE_LOAD_M3.
 * - cost per km (руб/км): the average `cost_per_km` of the active vehicles that have one.
 * - operators' services (руб/год) = Σ_facilities treated t (processed, neutralized or disposed in
 *   the modelled balance of y) × the regulated tariff of the facility's operator for its purpose
 *   (reg_operator_tariff: PROCESSING, NEUTRALIZATION, DISPOSAL), averaged over the days of y each
 *   tariff is in force; a tariff per м³ applies to t / density.
 * - environmental charge (руб/год) = disposed t of y × the rate per tonne of the settings.
 */
import type { Pool, PoolClient } from 'pg';
import { flowsOfYear, loadFlowWastes, modelBalance } from './balance-model';
import { forecastSettings } from './forecast';

/** m³ of waste (as it lies in containers) one compacting truck carries per trip, without fleet payloads. */
export const VEHICLE_LOAD_M3 = 40;
/** Road distance / straight-line distance. */
export const ROAD_FACTOR = 1.3;

const PURPOSE_KIND: Record<string, { kind: string; part: 'processed' | 'neutralized' | 'disposed' }> = {
  PROCESSING: { kind: 'PROCESSING', part: 'processed' },
  NEUTRALIZATION: { kind: 'NEUTRALIZATION', part: 'neutralized' },
  DISPOSING: { kind: 'DISPOSAL', part: 'disposed' },
};

export interface TariffInputs {
  year: number;
  flows: number;
  weight: number | null;
  volume: number | null;
  density: number | null;
  distance: number | null;
  payload_t: number | null;
  cost_per_km: { value: number; vehicles: number } | null;
  operators: { value: number; facilities: { id: number; name: string; tonnes: number; cost: number | null; unit: string | null; amount: number | null }[] } | null;
  environmental: { value: number; disposed: number; rate: number } | null;
  /** Why the environmental charge is missing (null when it is computed). */
  environmental_missing: string | null;
}

const r = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

/** The inputs of year `y` (rules above); errors: whatever PostgreSQL throws. */
export async function tariffInputs(db: Pool | PoolClient, y: number): Promise<TariffInputs> {
  const { base_year } = await forecastSettings(db);
  const flows = flowsOfYear(await loadFlowWastes(db, y, y), y, base_year);
  const { rows: [norm] } = await db.query<{ density: number | null }>(
    `SELECT (sum(s.normative_value * u.kg_per_unit_year) / 1000 / nullif(sum(s.normative_value * u.m3_per_unit_year), 0))::float8 AS density
       FROM waste_source s JOIN normative_unit u ON u.id = s.normative_unit_id WHERE s.normative_value IS NOT NULL`);
  const { rows: [fleet] } = await db.query<{ cost: number | null; with_cost: number; payload: number | null }>(
    `SELECT avg(cost_per_km)::float8 AS cost, count(cost_per_km)::int AS with_cost, (avg(payload_kg) / 1000)::float8 AS payload
       FROM vehicle WHERE status = 'ACTIVE'`);
  const density = norm?.density ?? null;
  const payload = fleet?.payload && fleet.payload > 0 ? fleet.payload : null;
  const weight = flows.reduce((s, w) => s + w.volume, 0);
  const trips = (t: number) => (payload ? t / payload : density ? t / density / VEHICLE_LOAD_M3 : null);
  const distance = flows.length && trips(1) !== null ? flows.reduce((s, w) => s + 2 * ROAD_FACTOR * w.km * trips(w.volume)!, 0) : null;

  const balance = await modelBalance(db, y, y);
  const treated = new Map<number, { name: string; purpose: string; tonnes: number }>();
  let disposed = 0;
  for (const row of balance.rows) {
    // Per facility the model's parts (a typed row of the registry overrides the sums, not the facilities).
    for (const f of row.facilities) {
      disposed += f.disposed;
      const pk = f.purpose ? PURPOSE_KIND[f.purpose] : undefined;
      if (!pk) continue;
      const t = treated.get(f.id) ?? { name: f.name, purpose: f.purpose!, tonnes: 0 };
      t.tonnes += f[pk.part];
      treated.set(f.id, t);
    }
  }
  const { rows: tariffs } = await db.query<{ facility_id: number; cost: number; unit: string }>(
    `SELECT f.id AS facility_id, t.unit,
            (sum(t.cost * (least(coalesce(t.end_date, make_date($1, 12, 31)), make_date($1, 12, 31)) - greatest(t.start_date, make_date($1, 1, 1)) + 1))
              / sum(least(coalesce(t.end_date, make_date($1, 12, 31)), make_date($1, 12, 31)) - greatest(t.start_date, make_date($1, 1, 1)) + 1))::float8 AS cost
       FROM waste_management_facility f
       JOIN reg_operator_tariff t ON t.reg_operator_id = f.operator_id
        AND t.kind = CASE f.purpose WHEN 'PROCESSING' THEN 'PROCESSING' WHEN 'NEUTRALIZATION' THEN 'NEUTRALIZATION' WHEN 'DISPOSING' THEN 'DISPOSAL' END
        AND t.start_date <= make_date($1, 12, 31) AND coalesce(t.end_date, make_date($1, 12, 31)) >= make_date($1, 1, 1)
      WHERE f.id = ANY($2::int[])
      GROUP BY f.id, t.unit`, [y, [...treated.keys()]]);
  const facilities = [...treated.entries()].map(([id, t]) => {
    const tariff = tariffs.find((x) => x.facility_id === id);
    const base = tariff?.unit === 'RUB_PER_M3' ? (density ? t.tonnes / density : null) : t.tonnes;
    return { id, name: t.name, tonnes: r(t.tonnes, 3), cost: tariff ? r(tariff.cost, 4) : null, unit: tariff?.unit ?? null, amount: tariff && base !== null ? r(base * tariff.cost, 2) : null };
  });
  const { rows: [rate] } = await db.query<{ rate: number | null }>('SELECT environmental_charge_rate::float8 AS rate FROM system_settings WHERE id = 1');
  const environmental = rate?.rate != null && balance.rows.length ? { value: r(disposed * rate.rate, 2), disposed: r(disposed, 3), rate: rate.rate } : null;
  return {
    year: y,
    flows: new Set(flows.map((w) => w.flow_id)).size,
    weight: flows.length ? r(weight, 3) : null,
    volume: flows.length && density ? r(weight / density, 3) : null,
    density,
    distance: distance === null ? null : r(distance, 3),
    payload_t: payload,
    cost_per_km: fleet?.cost != null ? { value: r(fleet.cost, 2), vehicles: fleet.with_cost } : null,
    operators: facilities.length ? { value: r(facilities.reduce((s, f) => s + (f.amount ?? 0), 0), 2), facilities } : null,
    environmental,
    environmental_missing: environmental ? null : rate?.rate == null ? 'не задана ставка платы в системных настройках' : 'нет потоков на объекты этого года',
  };
}
