/**
 * Where the options of a reference field come from (`RefTarget.resource` → endpoint). A target
 * that is a registry of the contract needs no entry: its list path is used and an option reads
 * as the row's title field (`location` of a site, `name` of an organisation). Registries with a
 * text filter are searched on the server as the user types; small dictionaries load whole
 * (page_size 500, following `next`, spec 02 §9). Entries here cover what the contract's list
 * does not: dictionaries without a registry and small registries loaded whole.
 */
import { fuelOptionText, OWNER_SUGGESTION_PATH, RESPONSIBLE_FOR_LIQUIDATION_PATH, resourceByName, WASTE_AREA_SUGGESTION_PATH, type FieldDef } from '@tko/contract';

export interface RefOptionsSource {
  path: string;
  /** Search on the server as the user types instead of loading everything. */
  searchable: boolean;
  /** The option text of a row (default: `name`). */
  label?: (row: Record<string, unknown>) => string;
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** Targets that are not (or not only) a contract registry, or whose options load whole. */
const OVERRIDES: Record<string, RefOptionsSource> = {
  'contract-zones': { path: '/api/dicts/contract-zones/', searchable: false },
  /** Sites of any kind (a waste source's `waste_areas`): `{id, name (address), kind, type}`. */
  'waste-area': { path: WASTE_AREA_SUGGESTION_PATH, searchable: true },
  /** Legal entities of every kind (a dump's responsible and land owners). */
  'responsible-for-liquidation': { path: RESPONSIBLE_FOR_LIQUIDATION_PATH, searchable: true },
  /** Owners of a waste area: legal entities of every kind, `{id, name, inn}` (spec 01 §7). */
  'waste-area-owner': {
    path: OWNER_SUGGESTION_PATH,
    searchable: true,
    label: (r) => (text(r.inn) ? `${text(r.name)} (ИНН ${text(r.inn)})` : text(r.name)),
  },
  /** The balance's source file: the balance files list (`{id, name, …}`). */
  'balance-file': { path: '/api/balance/simulated-file/', searchable: false },
  /** Refuse-truck models (read-only dictionary): «КО-427-72 на шасси КАМАЗ-65115». */
  'vehicle-models': { path: '/api/dicts/vehicle-models/', searchable: false },
  /** Staff positions (read-only dictionary). */
  'staff-positions': { path: '/api/dicts/positions/', searchable: false },
  /** Fuels: the option reads kind, mark, code and class (spec 02 §9). */
  fuel: { path: '/api/fleet/fuel/', searchable: false, label: (r) => fuelOptionText(r) },
  'normative-unit': {
    path: '/api/dicts/normative-unit/',
    searchable: false,
    label: (r) => text(r.name) || text(r.code),
  },
};

/**
 * Fields whose options come from a call of their own rather than from their target's list:
 * the `owners` of every waste-area kind use the owner suggestion (issue 4 §5), which offers
 * juridical persons, entrepreneurs and natural persons alike.
 */
const FIELD_SOURCES: Record<string, string> = { owners: 'waste-area-owner' };

/** The option source name of a reference field: its own call, or its target registry. */
export function fieldOptionsResource(name: string, field: FieldDef): string {
  return FIELD_SOURCES[name] ?? field.ref?.resource ?? '';
}

/** The option source of a reference target, or undefined when the app knows none. */
export function refOptionsSource(resource: string): RefOptionsSource | undefined {
  const override = OVERRIDES[resource];
  if (override) return override;
  const def = resourceByName(resource);
  if (!def) return undefined;
  const searchable = Object.values(def.filters).some((f) => f.kind === 'text');
  return {
    path: def.path,
    searchable,
    label: (r) => text(r[def.titleField]) || text(r.name) || `№ ${text(r.id)}`,
  };
}
