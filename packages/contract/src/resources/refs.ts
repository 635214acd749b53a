/** Reference targets shared by several registries (dictionaries and legal entities). */
import type { RefTarget } from '../common/fields';

/** Contract zones dictionary (spec 03 "Contract zone": name, operator, description). */
export const CONTRACT_ZONE: RefTarget = { resource: 'contract-zones', table: 'contract_zone', labelColumn: 'name' };
/** Legal entities: regional operators, management organisations, owners (spec 02 §3). */
export const LEGAL_ENTITY: RefTarget = { resource: 'juridical-person', table: 'legal_entity', labelColumn: 'name' };
