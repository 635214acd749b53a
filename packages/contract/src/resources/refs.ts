/**
 * Reference targets shared by several registries (dictionaries and legal entities): the
 * registry a reference points at. Its table and shown column: packages/db/src/tables/ref-targets.ts.
 */
import type { RefTarget } from '../common/fields';

/** Contract zones dictionary (spec 03 "Contract zone": name, operator, description). */
export const CONTRACT_ZONE: RefTarget = { resource: 'contract-zones' };
/** Legal entities: regional operators, management organisations, owners (spec 02 §3). */
export const LEGAL_ENTITY: RefTarget = { resource: 'juridical-person' };
/**
 * Waste areas of any kind, shown by their address. Options for a
 * picker: GET /api/waste-area/suggestion/ (`{id, name}`, every kind the user may view).
 */
export const WASTE_AREA: RefTarget = { resource: 'waste-area' };
/** Waste sources (spec 02 §3 "Waste source"), shown by their name. */
export const WASTE_SOURCE: RefTarget = { resource: 'waste-sources' };
/** Normative units of waste accumulation (GET /api/dicts/normative-unit/). */
export const NORMATIVE_UNIT: RefTarget = { resource: 'normative-unit' };
