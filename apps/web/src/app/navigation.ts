/** The header menu: sections, their items and the permission each needs (spec 01 §2, §6). */
import { hasAnyPermission, WASTE_AREA_SECTION_PERMISSION, type Permissions } from './permissions/permissions';

export interface NavItem {
  key: string;
  label: string;
  path: string;
  /** Space-separated `resource:action` flags a signed-in user needs (any one); absent = none. */
  perm?: string;
  /** Shown to anonymous visitors (public pages). */
  anonymous: boolean;
}

export interface NavSection {
  key: string;
  label: string;
  items: NavItem[];
}

export const NAVIGATION: NavSection[] = [
  {
    key: 'terr-schema',
    label: 'Территориальная схема',
    items: [
      { key: 'containers', label: 'Места накопления', path: '/terr-schema/containers/container/', perm: WASTE_AREA_SECTION_PERMISSION, anonymous: true },
      { key: 'map', label: 'Карта', path: '/terr-schema/map/', anonymous: true },
    ],
  },
];

/** Whether the item is shown to this visitor. */
export function navItemVisible(item: NavItem, signedIn: boolean, perms: Permissions): boolean {
  if (!signedIn) return item.anonymous;
  return !item.perm || hasAnyPermission(perms, item.perm);
}

/** The menu key of the item whose path prefix matches the current path. */
export function activeNavKey(pathname: string): string | undefined {
  if (pathname.startsWith('/terr-schema/map')) return 'map';
  if (pathname.startsWith('/terr-schema/containers')) return 'containers';
  return undefined;
}
