/** Reference targets shared by several registries (dictionaries and legal entities). */
import type { RefTarget } from '../common/fields';

/** Contract zones dictionary (spec 03 "Contract zone": name, operator, description). */
export const CONTRACT_ZONE: RefTarget = { resource: 'contract-zones', table: 'contract_zone', labelColumn: 'name' };
/** Legal entities: regional operators, management organisations, owners (spec 02 §3). */
export const LEGAL_ENTITY: RefTarget = { resource: 'juridical-person', table: 'legal_entity', labelColumn: 'name' };
/**
 * Waste areas of any kind (one table `waste_area`), shown by their address. Options for a
 * picker: GET /api/waste-area/suggestion/ (`{id, name}`, every kind the user may view).
 */
export const WASTE_AREA: RefTarget = { resource: 'waste-area', table: 'waste_area', labelColumn: 'location' };
/** Waste sources (spec 02 §3 "Waste source"), shown by their name. */
export const WASTE_SOURCE: RefTarget = { resource: 'waste-sources', table: 'waste_source', labelColumn: 'name' };
/** Normative units of waste accumulation (GET /api/dicts/normative-unit/). */
export const NORMATIVE_UNIT: RefTarget = { resource: 'normative-unit', table: 'normative_unit', labelColumn: 'name' };
