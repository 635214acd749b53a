/**
 * Web paths and web descriptions of the section tabs (sections.ts): list, card and view paths,
 * the {@link WebResource} of a tab (null while the contract lacks its registry), and the view path
 * of any registry's object for links between cards.
 */
import { resourceByName } from '@tko/contract';
import type { ResourcePaths } from '../crud/paths';
import { objectSegment, type PathTarget } from './object-key';
import { SECTIONS, type Section, type SectionTab } from './sections';
import { overridesOf } from './registry-overrides';
import { webResource, type WebResource } from './web-resource';

const webCache = new Map<SectionTab, WebResource | null>();

/** The tab's registry with its texts; null until the contract lists the registry. */
export function webOf(tab: SectionTab): WebResource | null {
  if (!webCache.has(tab)) {
    const def = resourceByName(tab.resource);
    webCache.set(tab, def ? webResource(def, { ...overridesOf(def.name).texts, ...tab.texts }) : null);
  }
  return webCache.get(tab)!;
}

export function findTab(section: Section, slug: string | undefined): SectionTab | undefined {
  return section.tabs.find((t) => t.slug === (slug ?? ''));
}

/** `/terr-schema/containers/special/`, `/terr-schema/waste-sources/`. */
export function tabListPath(section: Section, tab: SectionTab): string {
  return tab.slug ? `${section.base}${tab.slug}/` : section.base;
}

/** The list, card and view paths of a tab (objects named by the section's key where it has one: `/dicts/atu/view/25703000/`). */
export function tabPaths(section: Section, tab: SectionTab): ResourcePaths {
  const list = tabListPath(section, tab);
  const seg = (t: PathTarget) => objectSegment(section.objectKey, t);
  // A tab whose rows open on a page of their own (a report's form) sends card and view there.
  const own = tab.objectPath;
  return { list, card: (t) => own?.(t) ?? `${list}update/${seg(t)}/`, view: (t) => own?.(t) ?? `${list}view/${seg(t)}/` };
}

/** The first section tab showing a registry (for links to its objects), if any. */
export function tabOfResource(resource: string): { section: Section; tab: SectionTab } | undefined {
  for (const section of SECTIONS) {
    const tab = section.tabs.find((t) => t.resource === resource);
    if (tab) return { section, tab };
  }
  return undefined;
}

/**
 * The read-only page of an object of a registry, if the app shows that registry. With only the id
 * at hand, a keyed section gets its id path (`/dicts/atu/view/id-9/`), which moves on to the key path.
 */
export function viewPathOf(resource: string, id: number | string): string | undefined {
  const found = tabOfResource(resource);
  return found ? tabPaths(found.section, found.tab).view(id) : undefined;
}
