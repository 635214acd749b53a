/**
 * The personal area's numbers (spec 03 §3 "Report stats"; GET /api/personal-area/numerical-
 * indicators/) counted inside the user's row scope (contract common/row-scope.ts):
 * - container_waste_area_count, containers_count: the container sites the user sees (the
 *   container registry's own scope predicate) and their containers;
 * - waste_sources_count, wastes_total: sources bound to one of the user's organisations (owner /
 *   user or service organisation) or linked to a site the user sees; wastes_total is their yearly
 *   accumulation norm in m³ (units × the unit's m³ per year), as text with 3 decimals;
 * - facilities_count: facilities operated by one of the user's organisations.
 * Staff without bindings see every row; a declarant without a confirmed organisation sees zeros
 * (their scope matches no row).
 */
import type { Pool } from 'pg';
import type { ReportStats, ResourceDef, UserScope } from '@tko/contract';
import { isUnrestricted, resourceByName } from '@tko/contract';
import { Params, rowScopeSql, storedResource } from '@tko/db';

export async function reportStats(pool: Pool, scope: UserScope): Promise<ReportStats> {
  const p = new Params();
  const container = storedResource(resourceByName('container') as ResourceDef);
  const all = isUnrestricted(scope);
  const siteScope = rowScopeSql(container, scope, p) ?? 'TRUE';
  // Only a bound user's query names the organisations (an unused parameter has no type).
  const orgs = all ? '' : p.add(scope.organizations);
  const sourceScope = all ? 'TRUE' : `(s.service_org_id = ANY(${orgs}::int[])
      OR EXISTS (SELECT 1 FROM waste_source_organization o WHERE o.waste_source_id = s.id AND o.legal_entity_id = ANY(${orgs}::int[]))
      OR EXISTS (SELECT 1 FROM waste_source_waste_area x JOIN waste_area t ON t.id = x.waste_area_id WHERE x.waste_source_id = s.id AND ${siteScope}))`;
  const facilityScope = all ? 'TRUE' : `f.operator_id = ANY(${orgs}::int[])`;
  const { rows: [r] } = await pool.query<{ sites: number; containers: number; sources: number; wastes: string; facilities: number }>(
    `SELECT
       (SELECT count(*)::int FROM waste_area t WHERE t.kind = 'CONTAINER' AND ${siteScope}) AS sites,
       (SELECT coalesce(sum(t.count_containers), 0)::int FROM waste_area t WHERE t.kind = 'CONTAINER' AND ${siteScope}) AS containers,
       (SELECT count(*)::int FROM waste_source s WHERE ${sourceScope}) AS sources,
       (SELECT coalesce(sum(round(s.normative_value * u.m3_per_unit_year, 3)), 0)::numeric(20, 3)::text
          FROM waste_source s JOIN normative_unit u ON u.id = s.normative_unit_id WHERE ${sourceScope}) AS wastes,
       (SELECT count(*)::int FROM waste_management_facility f WHERE ${facilityScope}) AS facilities`, p.values);
  return {
    waste_sources_count: r!.sources, container_waste_area_count: r!.sites, facilities_count: r!.facilities,
    containers_count: r!.containers, wastes_total: r!.wastes,
  };
}
