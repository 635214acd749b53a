/**
 * Dictionaries: contract zones, normative units, administrative units (ОКТМО) and the ФККО
 * catalogue — one table each, no links of their own.
 */
import type { TableMapping } from './types';

export const dictionaryTables: Record<string, TableMapping> = {
  'contract-zones': { table: 'contract_zone' },
  'normative-unit': { table: 'normative_unit' },
  'administrative-unit': { table: 'administrative_unit' },
  fkko: { table: 'fkko' },
};
