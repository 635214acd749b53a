/**
 * Waste sources (table `waste_source`): links to organisations and to waste areas (the
 * waste_source_waste_area table a site's `waste_sources` writes too), and the two derived
 * normative figures: normative_value × the unit's norm per year (kg, m³), 3 decimals, as text
 * (ПП РФ от 04.04.2016 № 269; contract resources/waste-source.ts).
 */
import type { ComputedSql, TableMapping } from './types';

/** SQL of one derived normative figure: value × the unit's norm `column`, 3 decimals, as text. */
export function normativeFigure(column: 'kg_per_unit_year' | 'm3_per_unit_year'): ComputedSql {
  return (t) => `SELECT round(${t}.normative_value * u.${column}, 3)::text FROM normative_unit u WHERE u.id = ${t}.normative_unit_id`;
}

export const wasteSourceTables: Record<string, TableMapping> = {
  'waste-sources': {
    table: 'waste_source',
    joins: {
      organizations: { table: 'waste_source_organization', ownKey: 'waste_source_id', targetKey: 'legal_entity_id' },
      waste_areas: { table: 'waste_source_waste_area', ownKey: 'waste_source_id', targetKey: 'waste_area_id' },
    },
    computed: { normative_year_kg: normativeFigure('kg_per_unit_year'), normative_year_m3: normativeFigure('m3_per_unit_year') },
  },
};
