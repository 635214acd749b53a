/**
 * Writes the Angarsk route plan into the registry (docs/DATA.md), in one transaction, with
 * multi-row statements (a few seconds for the 20 626-row file). Idempotent: sites are upserted
 * on (kind, data_import_source, external_id), garages on name, vehicles on licence plate, links
 * on their primary key; a second run creates nothing and changes nothing.
 */
import type { Pool, PoolClient } from 'pg';
import type { RoutePlan } from './group-plan';
import { groupPlan } from './group-plan';
import { readPlanRows } from './read-plan';
import { withTransaction } from '../registry/repository';

/** data_import_source of the imported sites. */
export const ANGARSK_SOURCE = 'angarsk_route_plan_example2';
/** The contract zone every imported site belongs to (created when missing). */
export const ANGARSK_ZONE = 'Ангарский городской округ';

export interface AngarskImportCounts {
  /** Data rows of the file (visits). */
  rows: number;
  /** Container sites: in the file; inserted; existing rows whose imported values changed; untouched. */
  sites: { total: number; created: number; updated: number; unchanged: number };
  garages: { total: number; created: number };
  /** Vehicles: updated = an existing vehicle moved to another garage. */
  vehicles: { total: number; created: number; updated: number };
  /** Vehicle ↔ site links of the plan: created now; removed = links of imported sites no longer in the plan. */
  links: { total: number; created: number; removed: number };
  contractZoneId: number;
}

const BATCH = 500;

/**
 * Reads `filePath` and imports it through `pool`. Throws (and writes nothing) when the file is
 * malformed (see readPlanRows) or a statement fails.
 */
export async function importAngarsk(pool: Pool, filePath: string): Promise<AngarskImportCounts> {
  const plan = groupPlan(await readPlanRows(filePath));
  return withTransaction(pool, (db) => writePlan(db, plan));
}

async function writePlan(db: PoolClient, plan: RoutePlan): Promise<AngarskImportCounts> {
  const contractZoneId = await ensureZone(db);
  const garages = await db.query(
    'INSERT INTO garage (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING RETURNING id',
    [plan.garages],
  );
  const vehicles = await db.query<{ created: boolean }>(
    `INSERT INTO vehicle (license_plate, garage_id)
     SELECT v.plate, g.id FROM unnest($1::text[], $2::text[]) AS v(plate, garage) JOIN garage g ON g.name = v.garage
     ON CONFLICT (license_plate) DO UPDATE SET garage_id = EXCLUDED.garage_id, updated_at = now()
       WHERE vehicle.garage_id IS DISTINCT FROM EXCLUDED.garage_id
     RETURNING (xmax = 0) AS created`,
    [plan.vehicles.map((v) => v.plate), plan.vehicles.map((v) => v.garage)],
  );
  const sites = { total: plan.sites.length, created: 0, updated: 0, unchanged: 0 };
  for (let i = 0; i < plan.sites.length; i += BATCH) {
    const { created, updated } = await upsertSites(db, plan.sites.slice(i, i + BATCH), contractZoneId);
    sites.created += created;
    sites.updated += updated;
  }
  sites.unchanged = sites.total - sites.created - sites.updated;
  const links = await writeLinks(db, plan);
  const vehiclesCreated = vehicles.rows.filter((r) => r.created).length;
  return {
    rows: plan.rows,
    sites,
    garages: { total: plan.garages.length, created: garages.rowCount ?? 0 },
    vehicles: { total: plan.vehicles.length, created: vehiclesCreated, updated: vehicles.rows.length - vehiclesCreated },
    links: { total: plan.links.length, ...links },
    contractZoneId,
  };
}

async function ensureZone(db: PoolClient): Promise<number> {
  await db.query('INSERT INTO contract_zone (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [ANGARSK_ZONE]);
  const { rows } = await db.query<{ id: number }>('SELECT id FROM contract_zone WHERE name = $1', [ANGARSK_ZONE]);
  return rows[0]!.id;
}

/**
 * Inserts new sites with the contract defaults of the table (status ACTIVE, type OPENED, …);
 * for existing ones refreshes only the values that come from the file, and only when they differ.
 * Flags and landmark (other addresses at the same point) are set on insert only, so a person's
 * later check of the site is kept.
 */
async function upsertSites(db: PoolClient, sites: RoutePlan['sites'], zoneId: number) {
  const json = sites.map((s) => ({
    external_id: s.key,
    lat: s.lat,
    lng: s.lng,
    location: s.location,
    structured_address: s.city ? { city: s.city } : null,
    days: s.days,
    needs_checking: s.otherLocations.length > 0,
    landmark: s.otherLocations.length > 0 ? `Другие адреса этой точки в плане вывоза: ${s.otherLocations.join('; ')}` : null,
  }));
  const { rows } = await db.query<{ created: boolean }>(
    `INSERT INTO waste_area AS w (kind, data_import_source, external_id, location, structured_address, coordinates,
        periodicity, periodicity_on_monthdays, contract_zone_id, location_needs_checking, landmark)
     SELECT 'CONTAINER', $2, s.external_id, s.location, s.structured_address,
            ST_SetSRID(ST_MakePoint(s.lng, s.lat), 4326), 'ON_MONTHDAYS', s.days, $3, s.needs_checking, s.landmark
       FROM jsonb_to_recordset($1::jsonb) AS s(external_id text, lat float8, lng float8, location text,
            structured_address jsonb, days integer[], needs_checking boolean, landmark text)
     ON CONFLICT (kind, data_import_source, external_id) DO UPDATE SET
        location = EXCLUDED.location, structured_address = EXCLUDED.structured_address,
        coordinates = EXCLUDED.coordinates, periodicity = EXCLUDED.periodicity,
        periodicity_on_monthdays = EXCLUDED.periodicity_on_monthdays,
        contract_zone_id = EXCLUDED.contract_zone_id, updated_at = now()
      WHERE (w.location, w.structured_address, w.coordinates, w.periodicity, w.periodicity_on_monthdays, w.contract_zone_id)
            IS DISTINCT FROM (EXCLUDED.location, EXCLUDED.structured_address, EXCLUDED.coordinates, EXCLUDED.periodicity,
            EXCLUDED.periodicity_on_monthdays, EXCLUDED.contract_zone_id)
     RETURNING (xmax = 0) AS created`,
    [JSON.stringify(json), ANGARSK_SOURCE, zoneId],
  );
  const created = rows.filter((r) => r.created).length;
  return { created, updated: rows.length - created };
}

/** Adds the plan's vehicle ↔ site links and drops links of imported sites that the plan no longer has. */
async function writeLinks(db: PoolClient, plan: RoutePlan): Promise<{ created: number; removed: number }> {
  await db.query(
    `CREATE TEMP TABLE plan_link ON COMMIT DROP AS
     SELECT v.id AS vehicle_id, w.id AS waste_area_id
       FROM unnest($1::text[], $2::text[]) AS l(plate, key)
       JOIN vehicle v ON v.license_plate = l.plate
       JOIN waste_area w ON w.kind = 'CONTAINER' AND w.data_import_source = $3 AND w.external_id = l.key`,
    [plan.links.map((l) => l.plate), plan.links.map((l) => l.key), ANGARSK_SOURCE],
  );
  const created = await db.query(
    'INSERT INTO vehicle_waste_area (vehicle_id, waste_area_id) SELECT vehicle_id, waste_area_id FROM plan_link ON CONFLICT DO NOTHING',
  );
  const removed = await db.query(
    `DELETE FROM vehicle_waste_area vw USING waste_area w
      WHERE w.id = vw.waste_area_id AND w.kind = 'CONTAINER' AND w.data_import_source = $1
        AND NOT EXISTS (SELECT 1 FROM plan_link p WHERE p.vehicle_id = vw.vehicle_id AND p.waste_area_id = vw.waste_area_id)`,
    [ANGARSK_SOURCE],
  );
  return { created: created.rowCount ?? 0, removed: removed.rowCount ?? 0 };
}
