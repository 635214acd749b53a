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
  // Balance files: import files (of the BALANCE template), shown by their name.
  'balance-file': { table: 'import_file', labelColumn: 'name' },
  // ФККО codes looked up as 'fkko:<11 digits>' (the balance import's «Код ФККО» column; a view).
  'fkko-code': { table: 'fkko_by_code', labelColumn: 'key' },
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
