/**
 * The change history of a route-plan write (writePlan): the rows it created or changed are taken
 * into the caller's unit of the write pipeline (WriteUnit.adopt: history against the rows read just
 * before the write, announcement on /topic/registry.* after COMMIT). One place for both paths of the
 * plan — the command (importAngarsk) and the system import's ANGARSK_PLAN template (@tko/import).
 */
import type { ResourceDef } from '@tko/contract';
import { containerResource, contractZoneResource, garageResource, scheduleResource, vehicleResource, wasteManagementFacilityResource } from '@tko/contract';
import type { Row } from '../registry/repository';
import type { WritePipeline, WriteUnit, Writer } from '../registry/write-pipeline';
import type { RoutePlan } from './group-plan';
import type { PlanWriteRecords } from './import';
import { ANGARSK_SOURCE } from './import';
import type { PlanRegionCounts } from './region';

export const PLAN_DEFS = {
  zones: contractZoneResource as unknown as ResourceDef,
  garages: garageResource as unknown as ResourceDef,
  vehicles: vehicleResource as unknown as ResourceDef,
  sites: containerResource as unknown as ResourceDef,
  schedules: scheduleResource as unknown as ResourceDef,
  facilities: wasteManagementFacilityResource as unknown as ResourceDef,
};

/** The plan's vehicles, sites and garages already in the registry, as their cards read them. */
export interface PlanBefore {
  vehicles: Map<number, Row>;
  sites: Map<number, Row>;
  /** The plan's garages that existed (their point may become the estimate). */
  garages: Map<number, Row>;
}

/** Reads, inside `unit` and before the write, the existing rows the plan may change. */
export async function readPlanBefore(pipeline: WritePipeline, unit: WriteUnit, plan: RoutePlan): Promise<PlanBefore> {
  const ids = async (sql: string, params: unknown[]) => (await unit.db.query<{ id: number }>(sql, params)).rows.map((r) => r.id);
  const vehicleIds = await ids('SELECT id FROM vehicle WHERE license_plate = ANY($1::text[])', [plan.vehicles.map((v) => v.plate)]);
  const siteIds = await ids(`SELECT id FROM waste_area WHERE kind = 'CONTAINER' AND data_import_source = $1 AND external_id = ANY($2::text[])`, [ANGARSK_SOURCE, plan.sites.map((s) => s.key)]);
  const garageIds = await ids('SELECT id FROM garage WHERE name = ANY($1::text[])', [plan.garages]);
  return {
    vehicles: await pipeline.repo(PLAN_DEFS.vehicles).getMany(vehicleIds, unit.db),
    sites: await pipeline.repo(PLAN_DEFS.sites).getMany(siteIds, unit.db),
    garages: await pipeline.repo(PLAN_DEFS.garages).getMany(garageIds, unit.db),
  };
}

/**
 * History and announcements of what writePlan created or changed: besides the registry objects,
 * the landfill and the schedules it created and the existing garages whose estimated point it set.
 */
export async function adoptPlan(unit: WriteUnit, r: PlanWriteRecords, before: PlanBefore, region: PlanRegionCounts, writer: Writer): Promise<void> {
  const created = (list: { id: number }[]) => list.map((x) => ({ id: x.id, before: null }));
  if (r.zoneCreated !== null) await unit.adopt(PLAN_DEFS.zones, [{ id: r.zoneCreated, before: null }], writer);
  const estimated = region.garagesEstimated.filter((id) => before.garages.has(id)).map((id) => ({ id, before: before.garages.get(id)! }));
  await unit.adopt(PLAN_DEFS.garages, [...created(r.garages), ...estimated], writer);
  if (region.landfill.created) await unit.adopt(PLAN_DEFS.facilities, [{ id: region.landfill.id, before: null }], writer);
  if (region.schedules.created.length) await unit.adopt(PLAN_DEFS.schedules, region.schedules.created.map((id) => ({ id, before: null })), writer);
  await unit.adopt(PLAN_DEFS.vehicles, [...created(r.vehicles.created), ...r.vehicles.updated.map((v) => ({ id: v.id, before: before.vehicles.get(v.id) ?? null }))], writer);
  await unit.adopt(PLAN_DEFS.sites, [...created(r.sites.created), ...r.sites.updated.map((s) => ({ id: s.id, before: before.sites.get(s.id) ?? null }))], writer);
}
