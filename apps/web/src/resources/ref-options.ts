/**
 * Where the options of a reference field come from (`RefTarget.resource` → endpoint). Small
 * dictionaries load whole (page_size 500, following `next`); large ones are searched on the server.
 */
export interface RefOptionsSource {
  path: string;
  /** Search on the server as the user types instead of loading everything. */
  searchable: boolean;
}

export const REF_OPTION_SOURCES: Record<string, RefOptionsSource> = {
  'contract-zones': { path: '/api/dicts/contract-zones/', searchable: false },
  'juridical-person': { path: '/api/legal-entities/juridical-person/', searchable: true },
};
