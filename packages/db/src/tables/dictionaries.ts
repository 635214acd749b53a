/**
 * Dictionaries: contract zones, normative units, administrative units (ОКТМО) and the ФККО
 * catalogue — one table each, no links of their own — and the read-only dictionaries of the
 * pickers (contract resources/read-only-dicts.ts): municipal formations (the ОКТМО section-1
 * rows of `administrative_unit`, a unit not coded yet included), refuse-truck models, staff
 * positions, driving-licence categories (tables seeded by migration
 * 20261122090300_legal_entities_dicts and 20261125010000_fleet_registries).
 */
import type { TableMapping } from './types';

export const dictionaryTables: Record<string, TableMapping> = {
  'contract-zones': { table: 'contract_zone' },
  'normative-unit': { table: 'normative_unit' },
  'administrative-unit': { table: 'administrative_unit' },
  fkko: { table: 'fkko' },
  mf: { table: 'administrative_unit', rows: (t) => `coalesce(${t}.section, 1) = 1` },
  'vehicle-models': { table: 'vehicle_model', computed: { name: (t) => `${t}.model || ' на шасси ' || ${t}.chassis` } },
  'staff-positions': { table: 'staff_position' },
  'driving-licence-categories': { table: 'driving_licence_category' },
};
