/**
 * Which run options a template honours (contract ImportApplicableOptionsSchema, issue 10 §6), so
 * that the import screen offers only those: the look-alike rows step needs a point or an address
 * field, an update key needs the template's key and its target column, the match on coordinates
 * a point field; a template with a run of its own (ANGARSK_PLAN) groups its rows by its own key,
 * so only «existing» and «all or nothing» apply to it. The service's checks (process: 400 on a
 * key the template lacks) answer the same.
 */
import type { ImportApplicableOptions } from '@tko/contract';
import type { ImportTemplate } from './types';

/** The target column a match key reads (the service's KEY_TARGET). */
const KEY_TARGET = { identifier: 'identifier', registry_number: 'registry_number', id: 'record_id' } as const;

/** The options `template` honours; see the file comment. */
export function applicableOptions(template: ImportTemplate): ImportApplicableOptions {
  const own = Boolean(template.run);
  const match_keys = own
    ? []
    : (Object.keys(KEY_TARGET) as (keyof typeof KEY_TARGET)[]).filter((k) => template.keys?.[k] && template.targets.some((t) => t.field === KEY_TARGET[k]));
  const match_distance = !own && Boolean(template.pointField);
  return {
    duplicates: !own && Boolean(template.pointField || template.addressField),
    match_keys,
    match_distance,
    existing: Boolean(template.key) || match_keys.length > 0 || match_distance,
    all_or_nothing: true,
  };
}
