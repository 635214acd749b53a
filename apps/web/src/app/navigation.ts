/** The header menu: sections, their items and the permission each needs (spec 01 §2, §6). */
import { WASTE_AREA_SECTION_PERMISSION } from './permissions/permissions';

export interface NavItem {
  key: string;
  label: string;
  path: string;
  /** Space-separated `resource:action` flags; absent = open to everyone, anonymous included. */
  perm?: string;
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
      { key: 'containers', label: 'Места накопления', path: '/terr-schema/containers/container/' },
      { key: 'map', label: 'Карта', path: '/terr-schema/map/' },
    ],
  },
];

/** Permission of the containers item for signed-in users. */
export const CONTAINERS_PERMISSION = WASTE_AREA_SECTION_PERMISSION;

/** The menu key of the item whose path prefix matches the current path. */
export function activeNavKey(pathname: string): string | undefined {
  if (pathname.startsWith('/terr-schema/map')) return 'map';
  if (pathname.startsWith('/terr-schema/containers')) return 'containers';
  return undefined;
}
