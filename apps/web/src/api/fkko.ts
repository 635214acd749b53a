/**
 * Calls of the ФККО sub-panel (spec 02 §2; contract routes/fkko.ts): one level of the catalogue
 * tree (`GET /api/dicts/fkko/tree/`, the blocks without a code, a node's children with one) and
 * the search by code (with or without spaces) or name over the list (`GET /api/dicts/fkko/`).
 */
import { fkkoTreeRoute, type FkkoNode, type FkkoTree } from '@tko/contract';
import { callRoute, http } from './client';

export type { FkkoNode };

/** One FKKO row as the list answers it. */
export interface FkkoRow {
  id: number;
  code: string;
  name: string;
  title: string | null;
  hazard_class: number | null;
  level: string | null;
  parent_code: string | null;
}

export function fetchFkkoTree(code: string | undefined, signal?: AbortSignal): Promise<FkkoTree> {
  return callRoute(fkkoTreeRoute, { query: code ? { code } : {} }, { signal });
}

/** At most `limit` rows matching the text (code or name), in code order; `itemsOnly`: kinds of waste only (level ITEM, not grouping rows). */
export async function searchFkko(text: string, limit: number, signal?: AbortSignal, itemsOnly = false): Promise<{ count: number; rows: FkkoRow[] }> {
  const page = await http.json<{ count: number; results: FkkoRow[] }>('/api/dicts/fkko/', {
    query: { search: text, page_size: limit, ordering: 'code', ...(itemsOnly ? { level: 'ITEM' } : {}) },
    signal,
  });
  return { count: page.count, rows: page.results };
}
