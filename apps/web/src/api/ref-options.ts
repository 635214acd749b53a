/** Options of reference selects: `{count, results: [{id, name}]}` lists, page_size 500 (spec 01 §9). */
import { MAX_PAGE_SIZE, type RefValue } from '@tko/contract';
import { refOptionsSource } from '../resources/ref-options';
import { http } from './client';

interface OptionsPage {
  count: number;
  next?: string | null;
  results: Record<string, unknown>[];
}

/** Page limit when following `next`, so a huge dictionary cannot hang the select. */
const MAX_PAGES = 20;

/** `next` may be absolute (DRF); keep path and query only, the API is on this address. */
function localPath(url: string): string {
  try {
    const u = new URL(url, window.location.origin);
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

export async function fetchRefOptions(resource: string, search: string, signal?: AbortSignal): Promise<RefValue[]> {
  const source = refOptionsSource(resource);
  if (!source) return [];
  const label = source.label ?? ((r: Record<string, unknown>) => String(r.name ?? r.id));
  const out: RefValue[] = [];
  let url: string | null = source.path;
  let query: Record<string, string> | undefined = { page_size: String(MAX_PAGE_SIZE), ...(search ? { search } : {}) };
  for (let i = 0; url && i < (source.searchable ? 1 : MAX_PAGES); i += 1) {
    const page: OptionsPage = await http.json<OptionsPage>(url, { query, signal });
    out.push(...page.results.map((r) => ({ id: Number(r.id), name: label(r) })));
    url = page.next ? localPath(page.next) : null;
    query = undefined;
  }
  return out;
}
