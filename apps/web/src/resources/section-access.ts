/**
 * Which tab of a section a visitor may open (the section's routes, list and cards alike): the
 * generic rule of app/permissions applied to the section's tabs, a tab being public when its
 * registry has a public variant (`publicPath`).
 */
import { resourceByName } from '@tko/contract';
import { resolveTab, type Permissions, type TabAccess } from '../app/permissions/permissions';
import type { Section, SectionTab } from './sections';

/** A tab anonymous visitors may read: its registry has a public list and card. */
export function isPublicTab(tab: SectionTab): boolean {
  return Boolean(resourceByName(tab.resource)?.publicPath);
}

export function sectionTabAccess(section: Section, requested: string | undefined, signedIn: boolean, perms: Permissions): TabAccess<SectionTab> {
  return resolveTab(section.tabs, requested, { signedIn, perms }, isPublicTab);
}
