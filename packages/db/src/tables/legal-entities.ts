/**
 * Waste handlers: juridical persons, individual entrepreneurs and natural persons share the
 * table `legal_entity` (`kind` column), so a waste area's owners, regional operator or
 * management organisation may be any of them. `roles` is computed from the five role flags.
 */
import { ROLE_FLAGS } from '@tko/contract';
import { ident } from '../registry/params';
import type { TableMapping } from './types';

/** SQL of the roles list over the row `alias`: the codes whose flag is true, in enum order. */
export function rolesSql(alias: string): string {
  const items = Object.entries(ROLE_FLAGS).map(([role, flag]) => `CASE WHEN ${alias}.${ident(flag)} THEN '${role}' END`);
  return `array_remove(ARRAY[${items.join(', ')}]::text[], NULL)`;
}

/** Territory links of organisations (juridical persons and entrepreneurs). */
const TERRITORY = {
  administrative_units: { table: 'legal_entity_administrative_unit', ownKey: 'legal_entity_id', targetKey: 'administrative_unit_id' },
  contract_zones: { table: 'legal_entity_contract_zone', ownKey: 'legal_entity_id', targetKey: 'contract_zone_id' },
};

export const legalEntityTables: Record<string, TableMapping> = {
  'juridical-person': {
    table: 'legal_entity', scope: { column: 'kind', value: 'JURIDICAL_PERSON' }, joins: TERRITORY, computed: { roles: rolesSql },
  },
  'individual-entrepreneur': {
    table: 'legal_entity', scope: { column: 'kind', value: 'INDIVIDUAL_ENTREPRENEUR' }, joins: TERRITORY, computed: { roles: rolesSql },
  },
  'natural-person': {
    table: 'legal_entity',
    scope: { column: 'kind', value: 'NATURAL_PERSON' },
    // A person's registration address is the shared `location` column.
    columns: { address: 'location' },
    computed: { roles: rolesSql },
  },
};
