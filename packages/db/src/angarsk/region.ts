/**
 * What a route plan adds so that a region can be planned on its first start (issue 23 §1,
 * docs/DATA.md «What the first start creates»), written on the plan's own transaction after its
 * sites, vehicles and links:
 *
 * - **Garage points.** A garage without coordinates, or whose point is still the estimate
 *   (`coordinates_needs_checking`), is placed at the median of its trucks' sites — the latitude
 *   and the longitude each the median (percentile_cont 0.5) over the distinct sites its vehicles
 *   are linked to (vehicle_waste_area), rounded to 6 decimals — and flagged. A point an operator
 *   saved (flag cleared, effects/estimated-point.ts) is never touched again.
 * - **The landfill.** The territorial scheme of Иркутская область (приказ министерства природных
 *   ресурсов и экологии Иркутской области от 29.12.2017 № 43-мпр, таблица 3: «Полигон ТБО г.
 *   Ангарск» takes the waste of г. Ангарск and the Ангарский городской округ) names the destination
 *   but not its point. It is created once (key: data_import_source) as an ACTIVE DISPOSING
 *   facility at the median of every imported site of the plan, both its address and its point
 *   flagged; while its point is flagged a new import moves it to the new median.
 * - **Schedules.** One per garage (key: data_import_source + the garage's name as external_id),
 *   named «План вывоза: <гараж>», unloading at the landfill, in the plan's contract zone, with the
 *   garage's vehicles and the sites the plan gives that garage (PlanSite.garage): each site in one
 *   schedule only, so the day's schedules together plan every due site once. The served days are
 *   the site's own ON_MONTHDAYS (the planner's due rule reads them). A second import adds what is
 *   missing, moves a site or a vehicle whose garage changed out of the other plan schedules and
 *   (StaleLinks 'all') drops points of imported sites the plan no longer names; points and
 *   vehicles an operator added by hand stay; the name, times, facility and zone an operator set stay.
 *
 * With `update` false (the system import's «Объекты, уже есть в реестре: пропускать») existing
 * objects are left alone: only garages without a point are placed, the landfill's point does not
 * move, and only the schedules created now are filled.
 */
import type { PoolClient } from 'pg';
import type { RoutePlan } from './group-plan';

/** The landfill of the territorial scheme for Angarsk (name as the scheme writes it). */
export const ANGARSK_LANDFILL = 'Полигон ТБО г. Ангарск';
/** Name of a plan schedule: this prefix and the garage's name. */
export const PLAN_SCHEDULE_PREFIX = 'План вывоза: ';

export interface PlanRegionCounts {
  /** Garages whose estimated point was set or moved now (ids). */
  garagesEstimated: number[];
  /** The landfill: its id, whether it was created now, whether its estimated point moved. */
  landfill: { id: number; created: boolean; moved: boolean };
  /** Plan schedules: per garage name, its id; the ids created now. */
  schedules: { ids: Record<string, number>; created: number[] };
  /** schedule_point rows added / removed, schedule_vehicle rows added / removed (over the plan schedules). */
  points: { added: number; removed: number };
  vehicles: { added: number; removed: number };
}

/** Writes the garage estimates, the landfill and the schedules of `plan` (see the module's rules). */
export async function writeRegion(db: PoolClient, plan: RoutePlan, source: string, zoneId: number, staleAll: boolean, update = true): Promise<PlanRegionCounts> {
  const garagesEstimated = await estimateGarages(db, plan.garages, update);
  const landfill = await ensureLandfill(db, source, update);
  const schedules = await ensureSchedules(db, plan.garages, source, zoneId, landfill.id);
  const scheduleIds = update ? Object.values(schedules.ids) : schedules.created;
  if (!update) {
    const created = new Set(schedules.created);
    plan = { ...plan, sites: plan.sites.filter((s) => created.has(schedules.ids[s.garage]!)), vehicles: plan.vehicles.filter((v) => created.has(schedules.ids[v.garage]!)) };
  }
  const vehicles = await writeScheduleVehicles(db, plan, schedules.ids, scheduleIds);
  const points = await writeSchedulePoints(db, plan, source, schedules.ids, scheduleIds, staleAll && update);
  await db.query(
    `UPDATE schedule s SET vehicles_count = (SELECT count(*) FROM schedule_vehicle v WHERE v.schedule_id = s.id),
            points_count = (SELECT count(*) FROM schedule_point p WHERE p.schedule_id = s.id)
      WHERE s.id = ANY($1::int[])`,
    [scheduleIds],
  );
  return { garagesEstimated, landfill, schedules, points, vehicles };
}

/** Sets the median point of the garages named that have none or only the estimate; answers the ids moved. */
async function estimateGarages(db: PoolClient, names: string[], update: boolean): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `WITH m AS (
       SELECT g.id,
              round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ST_Y(w.coordinates))::numeric, 6)::float8 AS lat,
              round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ST_X(w.coordinates))::numeric, 6)::float8 AS lng
         FROM garage g
         JOIN LATERAL (SELECT DISTINCT vw.waste_area_id FROM vehicle v JOIN vehicle_waste_area vw ON vw.vehicle_id = v.id WHERE v.garage_id = g.id) s ON true
         JOIN waste_area w ON w.id = s.waste_area_id AND w.coordinates IS NOT NULL
        WHERE g.name = ANY($1::text[]) AND (g.coordinates IS NULL OR ($2 AND g.coordinates_needs_checking))
        GROUP BY g.id)
     UPDATE garage g SET coordinates = ST_SetSRID(ST_MakePoint(m.lng, m.lat), 4326), coordinates_needs_checking = true, updated_at = now()
       FROM m WHERE g.id = m.id AND (g.coordinates IS NULL OR NOT ST_Equals(g.coordinates, ST_SetSRID(ST_MakePoint(m.lng, m.lat), 4326)))
     RETURNING g.id`,
    [names, update],
  );
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The landfill of the plan's source: created when missing; its flagged point follows the median of the source's sites. */
async function ensureLandfill(db: PoolClient, source: string, update: boolean): Promise<PlanRegionCounts['landfill']> {
  const median = `SELECT ST_SetSRID(ST_MakePoint(
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ST_X(coordinates))::numeric, 6)::float8,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY ST_Y(coordinates))::numeric, 6)::float8), 4326) AS point
      FROM waste_area WHERE kind = 'CONTAINER' AND data_import_source = $1 AND coordinates IS NOT NULL`;
  const found = await db.query<{ id: number }>('SELECT id FROM waste_management_facility WHERE data_import_source = $1 ORDER BY id LIMIT 1', [source]);
  if (found.rows[0] && !update) return { id: found.rows[0].id, created: false, moved: false };
  if (found.rows[0]) {
    const moved = await db.query(
      `UPDATE waste_management_facility f SET coordinates = m.point, updated_at = now() FROM (${median}) m
        WHERE f.id = $2 AND f.coordinates_needs_checking AND m.point IS NOT NULL AND (f.coordinates IS NULL OR NOT ST_Equals(f.coordinates, m.point))`,
      [source, found.rows[0].id],
    );
    return { id: found.rows[0].id, created: false, moved: (moved.rowCount ?? 0) > 0 };
  }
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO waste_management_facility (name, status, purpose, location, structured_address, coordinates,
        location_needs_checking, coordinates_needs_checking, data_import_source, landmark)
     SELECT $2, 'ACTIVE', 'DISPOSING', 'Иркутская обл., Ангарский городской округ', '{"region": "Иркутская область", "area": "Ангарский городской округ"}'::jsonb,
            m.point, true, true, $1,
            'Объект назван в территориальной схеме Иркутской области (приказ МПР Иркутской обл. от 29.12.2017 № 43-мпр, табл. 3); '
            || 'адрес и координаты в ней не указаны: точка оценена как медиана площадок плана вывоза — проверьте и укажите настоящие.'
       FROM (${median}) m
     RETURNING id`,
    [source, ANGARSK_LANDFILL],
  );
  return { id: rows[0]!.id, created: true, moved: false };
}

/** One schedule per garage of the plan, keyed by (source, garage name); created ones unload at the landfill. */
async function ensureSchedules(db: PoolClient, garages: string[], source: string, zoneId: number, facilityId: number): Promise<PlanRegionCounts['schedules']> {
  const created = await db.query<{ id: number }>(
    `INSERT INTO schedule (name, data_import_source, external_id, contract_zone_id, waste_management_facility_id)
     SELECT $3 || g, $1, g, $4, $5 FROM unnest($2::text[]) AS g
     ON CONFLICT (data_import_source, external_id) DO NOTHING RETURNING id`,
    [source, garages, PLAN_SCHEDULE_PREFIX, zoneId, facilityId],
  );
  const { rows } = await db.query<{ id: number; external_id: string }>(
    'SELECT id, external_id FROM schedule WHERE data_import_source = $1 AND external_id = ANY($2::text[])',
    [source, garages],
  );
  return { ids: Object.fromEntries(rows.map((r) => [r.external_id, r.id])), created: created.rows.map((r) => r.id).sort((a, b) => a - b) };
}

/** Each plan vehicle in its garage's schedule, and out of the other plan schedules. */
async function writeScheduleVehicles(db: PoolClient, plan: RoutePlan, ids: Record<string, number>, scheduleIds: number[]): Promise<PlanRegionCounts['vehicles']> {
  await db.query(
    `CREATE TEMP TABLE plan_schedule_vehicle ON COMMIT DROP AS
     SELECT v.id AS vehicle_id, x.schedule_id FROM unnest($1::text[], $2::int[]) AS x(plate, schedule_id) JOIN vehicle v ON v.license_plate = x.plate`,
    [plan.vehicles.map((v) => v.plate), plan.vehicles.map((v) => ids[v.garage]!)],
  );
  const removed = await db.query(
    `DELETE FROM schedule_vehicle sv USING plan_schedule_vehicle p
      WHERE sv.vehicle_id = p.vehicle_id AND sv.schedule_id = ANY($1::int[]) AND sv.schedule_id <> p.schedule_id`,
    [scheduleIds],
  );
  const added = await db.query(
    `INSERT INTO schedule_vehicle (schedule_id, vehicle_id)
     SELECT p.schedule_id, p.vehicle_id FROM plan_schedule_vehicle p
      WHERE NOT EXISTS (SELECT 1 FROM schedule_vehicle sv WHERE sv.schedule_id = p.schedule_id AND sv.vehicle_id = p.vehicle_id)
      ORDER BY p.schedule_id, p.vehicle_id`,
  );
  return { added: added.rowCount ?? 0, removed: removed.rowCount ?? 0 };
}

/**
 * Each plan site in its garage's schedule and in no other plan schedule; with `staleAll`, imported
 * sites of the source that the plan no longer names leave the plan schedules.
 */
async function writeSchedulePoints(
  db: PoolClient, plan: RoutePlan, source: string, ids: Record<string, number>, scheduleIds: number[], staleAll: boolean,
): Promise<PlanRegionCounts['points']> {
  await db.query(
    `CREATE TEMP TABLE plan_schedule_point ON COMMIT DROP AS
     SELECT w.id AS waste_area_id, x.schedule_id
       FROM unnest($1::text[], $2::int[]) AS x(key, schedule_id)
       JOIN waste_area w ON w.kind = 'CONTAINER' AND w.data_import_source = $3 AND w.external_id = x.key`,
    [plan.sites.map((s) => s.key), plan.sites.map((s) => ids[s.garage]!), source],
  );
  const moved = await db.query(
    `DELETE FROM schedule_point sp USING plan_schedule_point p
      WHERE sp.waste_area_id = p.waste_area_id AND sp.schedule_id = ANY($1::int[]) AND sp.schedule_id <> p.schedule_id`,
    [scheduleIds],
  );
  const stale = staleAll ? await db.query(
    `DELETE FROM schedule_point sp USING waste_area w
      WHERE w.id = sp.waste_area_id AND w.kind = 'CONTAINER' AND w.data_import_source = $1 AND sp.schedule_id IN (SELECT id FROM schedule WHERE data_import_source = $1)
        AND NOT EXISTS (SELECT 1 FROM plan_schedule_point p WHERE p.waste_area_id = sp.waste_area_id)`,
    [source],
  ) : { rowCount: 0 };
  const added = await db.query(
    `INSERT INTO schedule_point (schedule_id, waste_area_id)
     SELECT p.schedule_id, p.waste_area_id FROM plan_schedule_point p
      WHERE NOT EXISTS (SELECT 1 FROM schedule_point sp WHERE sp.schedule_id = p.schedule_id AND sp.waste_area_id = p.waste_area_id)
      ORDER BY p.schedule_id, p.waste_area_id`,
  );
  return { added: added.rowCount ?? 0, removed: (moved.rowCount ?? 0) + (stale.rowCount ?? 0) };
}
