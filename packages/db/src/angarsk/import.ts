/**
 * Writes the Angarsk route plan into the registry (docs/DATA.md), in one transaction, with
 * multi-row statements (a few seconds for the 20 626-row file). Idempotent: sites are upserted
 * on (kind, data_import_source, external_id), garages on name, vehicles on licence plate, links
 * on their primary key; a second run creates nothing and changes nothing. Then what the region
 * needs to be planned on its first start (region.ts): estimated garage points, the landfill and
 * one schedule per garage.
 */
import type { PoolClient } from 'pg';
import { IMPORT_SOURCE } from '@tko/contract';
import type { RoutePlan } from './group-plan';
import { writeRegion, type PlanRegionCounts } from './region';

/** data_import_source of the imported sites. */
export const ANGARSK_SOURCE = IMPORT_SOURCE.angarskRoutePlan;
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
  /** Estimated garage points, the landfill and the plan schedules (region.ts). */
  region: PlanRegionCounts;
}

/** A record the plan wrote: its id and its key in the plan (garage name, plate, site key 'lat,lng'). */
export interface PlanRecord {
  id: number;
  key: string;
}

/**
 * What one write of the plan created and changed, by id (the system import records their
 * history and keeps them for «Откатить импорт»): the zone when it was created, the garages,
 * vehicles and sites created; the vehicles moved to another garage and the sites whose
 * imported values changed.
 */
export interface PlanWriteRecords {
  zoneCreated: number | null;
  garages: PlanRecord[];
  vehicles: { created: PlanRecord[]; updated: PlanRecord[] };
  sites: { created: PlanRecord[]; updated: PlanRecord[] };
}

/** Fields of the registries (@tko/contract vehicles, container) a write of the plan may change on an existing record. */
export const PLAN_UPDATED_FIELDS = {
  vehicles: ['garage'],
  container: ['location', 'structured_address', 'coordinates', 'periodicity', 'periodicity_on_monthdays', 'contract_zone'],
} as const;

const BATCH = 500;

/**
 * Which stale vehicle ↔ site links a write removes: 'all' — of every imported site (the file is
 * the whole plan: the command import); 'plan' — only of the sites the file names (a system
 * import file may be part of a plan, e.g. one garage's: other sites keep their vehicles).
 */
export type StaleLinks = 'all' | 'plan';

/**
 * Writes a grouped plan on `db` — the caller's transaction (the command's own, or the system
 * import's unit of the write pipeline, @tko/import templates/angarsk-plan.ts) — and answers the
 * counts and the ids of what it created or changed. Idempotent as importAngarsk (import-file.ts). With `update`
 * false (the import's «Объекты, уже есть в реестре: пропускать») existing vehicles and sites keep
 * their values; the links are written all the same. Throws on a database error (the caller rolls back).
 */
export async function writePlan(db: PoolClient, plan: RoutePlan, stale: StaleLinks = 'all', update = true): Promise<{ counts: AngarskImportCounts; records: PlanWriteRecords }> {
  const zone = await ensureZone(db);
  const contractZoneId = zone.id;
  const garages = await db.query<PlanRecord>(
    'INSERT INTO garage (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING RETURNING id, name AS key',
    [plan.garages],
  );
  const plates = plan.vehicles.map((v) => v.plate);
  const vehicles = await db.query<PlanRecord & { created: boolean }>(
    `INSERT INTO vehicle (license_plate, garage_id)
     SELECT v.plate, g.id FROM unnest($1::text[], $2::text[]) AS v(plate, garage) JOIN garage g ON g.name = v.garage
     ON CONFLICT (license_plate) DO UPDATE SET garage_id = EXCLUDED.garage_id, updated_at = now()
       WHERE $3 AND vehicle.garage_id IS DISTINCT FROM EXCLUDED.garage_id
     RETURNING id, license_plate AS key, (xmax = 0) AS created`,
    [plates, plan.vehicles.map((v) => v.garage), update],
  );
  const sites = { total: plan.sites.length, created: 0, updated: 0, unchanged: 0 };
  const siteRecords: PlanWriteRecords['sites'] = { created: [], updated: [] };
  for (let i = 0; i < plan.sites.length; i += BATCH) {
    const { created, updated } = await upsertSites(db, plan.sites.slice(i, i + BATCH), contractZoneId, update);
    sites.created += created.length;
    sites.updated += updated.length;
    siteRecords.created.push(...created);
    siteRecords.updated.push(...updated);
  }
  sites.unchanged = sites.total - sites.created - sites.updated;
  const links = await writeLinks(db, plan, stale);
  const region = await writeRegion(db, plan, ANGARSK_SOURCE, contractZoneId, stale === 'all', update);
  const createdVehicles = vehicles.rows.filter((r) => r.created).map((r) => ({ id: r.id, key: r.key }));
  const movedVehicles = vehicles.rows.filter((r) => !r.created).map((r) => ({ id: r.id, key: r.key }));
  return {
    counts: {
      rows: plan.rows,
      sites,
      garages: { total: plan.garages.length, created: garages.rowCount ?? 0 },
      vehicles: { total: plan.vehicles.length, created: createdVehicles.length, updated: movedVehicles.length },
      links: { total: plan.links.length, ...links },
      contractZoneId,
      region,
    },
    records: {
      zoneCreated: zone.created ? zone.id : null,
      garages: garages.rows.map((r) => ({ id: r.id, key: r.key })),
      vehicles: { created: createdVehicles, updated: movedVehicles },
      sites: siteRecords,
    },
  };
}

async function ensureZone(db: PoolClient): Promise<{ id: number; created: boolean }> {
  const added = await db.query<{ id: number }>('INSERT INTO contract_zone (name) VALUES ($1) ON CONFLICT (name) DO NOTHING RETURNING id', [ANGARSK_ZONE]);
  if (added.rows[0]) return { id: added.rows[0].id, created: true };
  const { rows } = await db.query<{ id: number }>('SELECT id FROM contract_zone WHERE name = $1', [ANGARSK_ZONE]);
  return { id: rows[0]!.id, created: false };
}

/**
 * Inserts new sites with the contract defaults of the table (status ACTIVE, type OPENED, …);
 * for existing ones refreshes only the values that come from the file, and only when they differ.
 * Flags and landmark (other addresses at the same point) are set on insert only, so a person's
 * later check of the site is kept.
 */
async function upsertSites(db: PoolClient, sites: RoutePlan['sites'], zoneId: number, update: boolean): Promise<PlanWriteRecords['sites']> {
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
  const { rows } = await db.query<PlanRecord & { created: boolean }>(
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
      WHERE $4 AND (w.location, w.structured_address, w.coordinates, w.periodicity, w.periodicity_on_monthdays, w.contract_zone_id)
            IS DISTINCT FROM (EXCLUDED.location, EXCLUDED.structured_address, EXCLUDED.coordinates, EXCLUDED.periodicity,
            EXCLUDED.periodicity_on_monthdays, EXCLUDED.contract_zone_id)
     RETURNING w.id, w.external_id AS key, (xmax = 0) AS created`,
    [JSON.stringify(json), ANGARSK_SOURCE, zoneId, update],
  );
  return {
    created: rows.filter((r) => r.created).map((r) => ({ id: r.id, key: r.key })),
    updated: rows.filter((r) => !r.created).map((r) => ({ id: r.id, key: r.key })),
  };
}

/** Adds the plan's vehicle ↔ site links and drops the stale ones (`stale`: of every imported site, or of the plan's sites only). */
async function writeLinks(db: PoolClient, plan: RoutePlan, stale: StaleLinks): Promise<{ created: number; removed: number }> {
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
        AND ($2 OR w.external_id = ANY($3::text[]))
        AND NOT EXISTS (SELECT 1 FROM plan_link p WHERE p.vehicle_id = vw.vehicle_id AND p.waste_area_id = vw.waste_area_id)`,
    [ANGARSK_SOURCE, stale === 'all', stale === 'all' ? [] : plan.sites.map((s) => s.key)],
  );
  return { created: created.rowCount ?? 0, removed: removed.rowCount ?? 0 };
}
