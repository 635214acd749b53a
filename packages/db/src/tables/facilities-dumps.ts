/**
 * Waste management facilities (table `waste_management_facility`: accepted ФККО codes through
 * waste_management_facility_fkko, the operator's licence read from legal_entity, the ФККО tree
 * of the chosen codes with their ancestors) and unauthorised dumps (table `waste_dump`: land
 * owners through waste_dump_land_owner; overdue = the deadline passed while not liquidated).
 */
import type { ComputedSql, TableMapping } from './types';

/** Chosen codes and every ancestor row of the catalogue (fkko_ancestor_codes), by code. */
const fkkoTreeSql: ComputedSql = (t) => `SELECT coalesce(json_agg(json_build_object('id', n.id, 'code', n.code, 'title', n.title,
      'hazard_class', n.hazard_class, 'level', n.level, 'parent_code', n.parent_code,
      'selected', EXISTS (SELECT 1 FROM waste_management_facility_fkko s WHERE s.facility_id = ${t}.id AND s.fkko_id = n.id))
      ORDER BY n.code), '[]'::json)
    FROM fkko n
   WHERE n.code IN (SELECT unnest(fkko_ancestor_codes(k.code) || k.code)
                      FROM waste_management_facility_fkko j JOIN fkko k ON k.id = j.fkko_id
                     WHERE j.facility_id = ${t}.id)`;

/** A value of the operator's card (legal_entity) as the facility's read-only field. */
function operatorLicence(expr: string): ComputedSql {
  return (t) => `SELECT ${expr} FROM legal_entity le WHERE le.id = ${t}.operator_id`;
}

/** Deadline (upper bound of liquidation_period) passed while the dump is not liquidated (problem P301). */
const overdueSql: ComputedSql = (t) =>
  `coalesce(${t}.status IN ('DETECTED', 'LIQUIDATION') AND upper(${t}.liquidation_period) <= current_date, false)`;

export const facilityDumpTables: Record<string, TableMapping> = {
  'waste-management-facility': {
    table: 'waste_management_facility',
    joins: { fkko: { table: 'waste_management_facility_fkko', ownKey: 'facility_id', targetKey: 'fkko_id' } },
    computed: {
      license_number: operatorLicence('le.license_number'),
      license_issued_at: operatorLicence(`to_char(le.license_issued_at, 'YYYY-MM-DD')`),
      license_issued_by: operatorLicence('le.license_issued_by'),
      fkko_tree: fkkoTreeSql,
    },
  },
  'waste-dumps': {
    table: 'waste_dump',
    joins: { land_owners: { table: 'waste_dump_land_owner', ownKey: 'waste_dump_id', targetKey: 'legal_entity_id' } },
    computed: { liquidation_overdue: overdueSql },
  },
};
