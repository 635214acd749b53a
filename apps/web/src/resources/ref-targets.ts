/**
 * Reference targets that are not registries of the contract, one entry each: where a field's
 * options come from and, where a target's objects have pages, how a reference links to them.
 * (A registry as a target is described by the contract and its overrides: ref-options.ts.)
 */
import { OWNER_SUGGESTION_PATH, RESPONSIBLE_FOR_LIQUIDATION_PATH, WASTE_AREA_SUGGESTION_PATH, wasteAreaSuggestionRoute } from '@tko/contract';
import { viewPath } from './waste-areas';

export interface RefOptionsSource {
  path: string;
  /** Search on the server as the user types instead of loading everything. */
  searchable: boolean;
  /** The option text of a row (default: `name`). */
  label?: (row: Record<string, unknown>) => string;
}

/** ids → page path of the referenced objects that have a page. */
export type RefLinkResolver = (ids: number[], signal?: AbortSignal) => Promise<Map<number, string>>;

export interface RefTargetDef {
  options: RefOptionsSource;
  links?: RefLinkResolver;
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export const REF_TARGETS: Readonly<Record<string, RefTargetDef>> = {
  /**
   * Sites of any kind (a waste source's `waste_areas`): `{id, name (address), kind, type}`; a
   * link first asks the suggestion call for the site's kind (`?id=1,2` → `{id, type}`).
   */
  'waste-area': {
    options: { path: WASTE_AREA_SUGGESTION_PATH, searchable: true },
    links: async (ids, signal) => {
      // The app's client, loaded when a link is first resolved (this table stays plain data for the unit tests).
      const { callRoute } = await import('../api/client');
      const page = await callRoute(wasteAreaSuggestionRoute, { query: { id: ids, page_size: 500 } }, { signal });
      return new Map(page.results.map((r) => [r.id, viewPath(r.type, r.id)]));
    },
  },
  /** Legal entities of every kind (a dump's responsible and land owners). */
  'responsible-for-liquidation': { options: { path: RESPONSIBLE_FOR_LIQUIDATION_PATH, searchable: true } },
  /** Owners of a waste area: legal entities of every kind, `{id, name, inn}` (spec 01 §7). */
  'waste-area-owner': {
    options: { path: OWNER_SUGGESTION_PATH, searchable: true, label: (r) => (text(r.inn) ? `${text(r.name)} (ИНН ${text(r.inn)})` : text(r.name)) },
  },
  /** The balance's source file: the balance files list (`{id, name, …}`). */
  'balance-file': { options: { path: '/api/balance/simulated-file/', searchable: false } },
};
