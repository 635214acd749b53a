/**
 * SQL of the way-bills' own calls: the tasks of a way-bill (wire shape of the contract's
 * WaybillTaskSchema), the joined data of the printable form, the next number.
 */
import type { Pool } from 'pg';
import type { WaybillPrintData, WaybillPrintTask } from './waybill-print';

const TASK_SELECT = `t.id, t.customer, t.job_kind, t.loading_point, t.unloading_point, t.cargo,
  to_char(t.arrival_time, 'HH24:MI:SS') AS arrival_time, t.trips, t.distance_km::text AS distance_km, t.weight_t::text AS weight_t`;

/** The tasks of way-bill `id` in order of entry, or null when the way-bill does not exist. */
export async function readWaybillTasks(pool: Pool, id: number): Promise<(WaybillPrintTask & { id: number })[] | null> {
  const { rows } = await pool.query<{ ok: boolean; tasks: (WaybillPrintTask & { id: number })[] | null }>(
    `SELECT true AS ok, (SELECT json_agg(x ORDER BY x.id) FROM (SELECT ${TASK_SELECT} FROM waybill_task t WHERE t.waybill_id = w.id) x) AS tasks
       FROM waybill w WHERE w.id = $1`,
    [id],
  );
  if (!rows[0]) return null;
  return rows[0].tasks ?? [];
}

/** Everything the printable form shows for way-bill `id`, or null when it does not exist. */
export async function readWaybillPrint(pool: Pool, id: number): Promise<WaybillPrintData | null> {
  const { rows } = await pool.query<WaybillPrintData>(
    `SELECT w.series, w.number, w.date, coalesce(rt.name, w.route) AS route, w.allowed_to_drive, w.pre_trip_inspection_at, w.vehicle_operable,
            w.vehicle_checked_at, w.driver_id_number, w.driver_klass,
            to_char(w.start_work_time, 'HH24:MI:SS') AS start_work_time, to_char(w.end_work_time, 'HH24:MI:SS') AS end_work_time,
            w.column_name AS "column", w.brigade, w.planned_departure_at, w.departure_at, w.planned_arrival_at, w.arrival_at,
            w.zero_mileage_km::text AS zero_mileage_km, w.odometer_departure, w.odometer_arrival,
            w.fuel_provided_l::text AS fuel_provided_l, w.fuel_remaining_departure_l::text AS fuel_remaining_departure_l,
            w.fuel_remaining_arrival_l::text AS fuel_remaining_arrival_l, w.work_engine_time, w.work_equipment_time,
            CASE WHEN o.id IS NULL THEN NULL ELSE json_build_object('name', o.name, 'phone', o.phone, 'okpo', o.okpo, 'address', o.location) END AS organization,
            CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object('full_name', d.full_name, 'employee_number', d.employee_number) END AS driver,
            CASE WHEN v.id IS NULL THEN NULL ELSE json_build_object('make', coalesce(v.make, vm.make), 'license_plate', v.license_plate, 'identifier', v.identifier) END AS vehicle,
            CASE WHEN tr.id IS NULL THEN NULL ELSE json_build_object('make', tr.make, 'license_plate', tr.license_plate, 'identifier', tr.identifier) END AS trailer,
            CASE WHEN f.id IS NULL THEN NULL ELSE json_build_object('kind', f.kind, 'mark', f.mark, 'code', f.code) END AS fuel,
            coalesce((SELECT json_agg(x ORDER BY x.id) FROM (SELECT ${TASK_SELECT} FROM waybill_task t WHERE t.waybill_id = w.id) x), '[]') AS tasks
       FROM waybill w
       LEFT JOIN legal_entity o ON o.id = w.organization_id
       LEFT JOIN staff_member d ON d.id = w.driver_id
       LEFT JOIN vehicle v ON v.id = w.vehicle_id
       LEFT JOIN vehicle_model vm ON vm.id = v.model_id
       LEFT JOIN vehicle tr ON tr.id = w.trailer_id
       LEFT JOIN fuel f ON f.id = w.fuel_kind_id
       LEFT JOIN route rt ON rt.id = w.route_id
      WHERE w.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v as string | null));
  for (const k of ['date', 'pre_trip_inspection_at', 'vehicle_checked_at', 'planned_departure_at', 'departure_at', 'planned_arrival_at', 'arrival_at'] as const) {
    (row as unknown as Record<string, unknown>)[k] = iso(row[k]);
  }
  return row;
}

/** The number after the largest all-digit way-bill number, zero-padded to 6 digits ('000126'). */
export async function nextWaybillNumber(pool: Pool): Promise<string> {
  const { rows } = await pool.query<{ n: string }>(
    `SELECT (coalesce(max(number::numeric), 0) + 1)::text AS n FROM waybill WHERE number ~ '^[0-9]{1,15}$'`,
  );
  return rows[0]!.n.padStart(6, '0');
}
