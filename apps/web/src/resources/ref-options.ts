/**
 * Where the options of a reference field come from (`RefTarget.resource` → endpoint). A target
 * that is a registry of the contract needs nothing: its list path is used and an option reads as
 * the row's title field (`location` of a site, `name` of an organisation); registries with a
 * text filter are searched on the server as the user types. A registry may change that as a
 * target (`refOptions` of resources/registry-overrides.tsx: small dictionaries loaded whole,
 * page_size 500 following `next`, spec 02 §9), and a registry's field may take its options from
 * another source (`fieldOptions`). Targets that are not registries are in ref-targets.ts.
 */
import { resourceByName, type FieldDef } from '@tko/contract';
import { overridesOf } from './registry-overrides';
import { REF_TARGETS, type RefOptionsSource } from './ref-targets';

export type { RefOptionsSource };

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * The option source name of reference field `name` of registry `resource`: its own source
 * (the `owners` of every waste-area kind: the owner suggestion, issue 4 §5), or its target.
 */
export function fieldOptionsResource(resource: string | undefined, name: string, field: FieldDef): string {
  return overridesOf(resource).fieldOptions?.[name] ?? field.ref?.resource ?? '';
}

/** The option source of a reference target, or undefined when the app knows none. */
export function refOptionsSource(resource: string): RefOptionsSource | undefined {
  const target = REF_TARGETS[resource];
  if (target) return target.options;
  const def = resourceByName(resource);
  if (!def) return undefined;
  const own = overridesOf(resource).refOptions ?? {};
  return {
    path: own.path ?? def.path,
    searchable: own.searchable ?? Object.values(def.filters).some((f) => f.kind === 'text'),
    label: own.label ?? ((r) => text(r[def.titleField]) || text(r.name) || `№ ${text(r.id)}`),
  };
}
