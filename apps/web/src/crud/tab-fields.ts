/** Which fields a card or view tab shows. */
import type { ResourceDef } from '@tko/contract';

/**
 * Fields of a tab in description order (children and read-only included; the id and free JSON
 * left out: a report's `data` has its own form, apps/web/src/reports).
 */
export function fieldsOfTab(def: ResourceDef, tab: string): string[] {
  return Object.keys(def.fields).filter((k) => def.fields[k]!.tab === tab && def.fields[k]!.kind !== 'id' && def.fields[k]!.kind !== 'json');
}
