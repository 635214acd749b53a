/** The card's open tab from the URL's `?tab=` (issue 7 §8): a known tab key, else the first tab. */
import type { ResourceDef } from '@tko/contract';

export function tabFromQuery(def: Pick<ResourceDef, 'tabs'>, value: string | null): string {
  const first = def.tabs[0]?.key ?? '';
  return value && def.tabs.some((t) => t.key === value) ? value : first;
}
