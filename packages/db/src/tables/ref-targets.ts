/**
 * Tables of the reference targets, keyed by the contract RefTarget's `resource` (shared by
 * every field that points at that registry): the table and the column shown as the name of a
 * referenced row (`{id, name}` on the wire).
 */
import type { StoredRefTarget } from './types';

type TargetTable = Omit<StoredRefTarget, 'resource'>;

export const REF_TARGET_TABLES: Record<string, TargetTable> = {
  'contract-zones': { table: 'contract_zone', labelColumn: 'name' },
  'juridical-person': { table: 'legal_entity', labelColumn: 'name' },
  // Legal entities of every kind (no kind scope): the responsible for a dump's liquidation.
  'responsible-for-liquidation': { table: 'legal_entity', labelColumn: 'name' },
  // Waste areas of any kind, shown by their address.
  'waste-area': { table: 'waste_area', labelColumn: 'location' },
  'waste-sources': { table: 'waste_source', labelColumn: 'name' },
  'normative-unit': { table: 'normative_unit', labelColumn: 'name' },
  'administrative-unit': { table: 'administrative_unit', labelColumn: 'name' },
  fkko: { table: 'fkko', labelColumn: 'title' },
  // Fleet (issue 10 §1): refuse-truck models by their body model, staff positions, staff members,
  // way-bill job kinds and fuels (by the mark).
  'vehicle-models': { table: 'vehicle_model', labelColumn: 'model' },
  'staff-positions': { table: 'staff_position', labelColumn: 'name' },
  staff: { table: 'staff_member', labelColumn: 'full_name' },
  'job-kinds': { table: 'job_kind', labelColumn: 'name' },
  fuel: { table: 'fuel', labelColumn: 'mark' },
  // Contract revisions, shown by their number; staff users, shown by their e-mail (issue 11 §3–§4).
  contracts: { table: 'contract', labelColumn: 'number' },
  user: { table: 'app_user', labelColumn: 'email' },
  // Balance files: import files (of the BALANCE template), shown by their name.
  'balance-file': { table: 'import_file', labelColumn: 'name' },
  // ФККО codes looked up as 'fkko:<11 digits>' (the balance import's «Код ФККО» column; a view).
  'fkko-code': { table: 'fkko_by_code', labelColumn: 'key' },
  // Routes, schedules (issue 10 §1) and the garages their stops name.
  routes: { table: 'route', labelColumn: 'name' },
  schedules: { table: 'schedule', labelColumn: 'name' },
  garages: { table: 'garage', labelColumn: 'name' },
  // Operations (issue 11): flows' facilities, dispatcher's vehicles, route events and problems.
  'waste-management-facility': { table: 'waste_management_facility', labelColumn: 'name' },
  vehicles: { table: 'vehicle', labelColumn: 'license_plate' },
  'dispatcher-route-event': { table: 'route_event', labelColumn: 'name' },
  problems: { table: 'problem', labelColumn: 'code' },
  // Reports (issue 13): a report's set; the roles a notification template is sent to.
  'report-sets': { table: 'report_set', labelColumn: 'name' },
  'users-roles': { table: 'role', labelColumn: 'name' },
};

/**
 * The stored target of a reference (`{resource}` from the contract → with table and label
 * column). Throws for a target resource this file does not list.
 */
export function storedRefTarget(ref: { resource: string }): StoredRefTarget {
  const t = REF_TARGET_TABLES[ref.resource];
  if (!t) throw new Error(`packages/db/src/tables/ref-targets.ts: no table for the reference target «${ref.resource}»`);
  return { ...ref, ...t };
}
