/**
 * Table mapping of every registry (issue 7 §5: the contract describes the wire, this folder the
 * tables), keyed by the contract resource name, one file per group, and the merge that gives
 * the SQL builders (../registry) a StoredResourceDef. A registry without a mapping, or a
 * mapping that does not fit its registry, throws on the first call (merge.ts); the drift test
 * (test/contract-drift.test.ts) checks the merged descriptions against the migrated database.
 */
import type { ResourceDef } from '@tko/contract';
import { resources } from '@tko/contract';
import { dictionaryTables } from './dictionaries';
import { facilityDumpTables } from './facilities-dumps';
import { legalEntityTables } from './legal-entities';
import { mergeStored } from './merge';
import type { StoredResourceDef, TableMapping } from './types';
import { wasteAreaTables } from './waste-areas';
import { wasteSourceTables } from './waste-sources';
import { analyticsTables } from './analytics';
import { problemTables } from './problems';
import { fleetTables } from './fleet';
import { fleetRouteTables } from './fleet-routes';
import { operationsTables } from './operations';
import { contractAppealTables } from './contracts-appeals';
import { reportTables } from './reports';
import { systemLogTables } from './system-log';

export type { ChildrenMapping, ComputedSql, JoinTable, Rollup, StoredChildrenDef, StoredFieldDef, StoredRefTarget, StoredResourceDef, TableMapping } from './types';
export { storedRefTarget, REF_TARGET_TABLES } from './ref-targets';
export { mergeStored } from './merge';
export { historySql } from './history-sql';
export { rolesSql } from './legal-entities';
export { normativeFigure } from './waste-sources';

/** Every registry's storage by resource name. */
export const TABLES: Readonly<Record<string, TableMapping>> = {
  ...wasteAreaTables, ...legalEntityTables, ...dictionaryTables, ...wasteSourceTables, ...facilityDumpTables,
  ...analyticsTables, ...problemTables,
  ...fleetTables,
  ...fleetRouteTables,
  ...operationsTables,
  ...contractAppealTables,
  ...reportTables,
  ...systemLogTables,
};

const cache = new WeakMap<ResourceDef, StoredResourceDef>();
const merged = new WeakSet<ResourceDef>();

/**
 * `def` with its table, scope and every field's storage (looked up by `def.name`). Cached per
 * description; a StoredResourceDef passed in is returned as it is. Throws when the registry
 * has no mapping or the mapping does not fit (merge.ts).
 */
export function storedResource(def: ResourceDef): StoredResourceDef {
  if (merged.has(def)) return def as StoredResourceDef;
  let out = cache.get(def);
  if (!out) {
    const m = TABLES[def.name];
    if (!m) throw new Error(`packages/db/src/tables: no table mapping for the registry «${def.name}»: add it to a file of packages/db/src/tables`);
    out = mergeStored(def, m);
    cache.set(def, out);
    merged.add(out);
  }
  return out;
}

/** Every registry of the contract (`resources`), stored; merging them all proves the mapping complete. */
export function storedResources(defs: readonly ResourceDef[] = resources): StoredResourceDef[] {
  return defs.map(storedResource);
}
