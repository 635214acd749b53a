/**
 * The waste-area kinds of the container section (spec 01 §2) as the map needs them: the section
 * type of a tile feature's `kind` and the view path of a site.
 */
import { WASTE_AREA_TABS } from '@tko/contract';

export const WASTE_AREA_SECTION = '/terr-schema/containers/';

/** The section type of a tile feature's `kind` (`SPECIALA` → `special`). */
export function typeOfKind(kind: string): string | undefined {
  return WASTE_AREA_TABS.find((t) => t.kind === kind)?.type;
}

export const listPath = (type: string) => `${WASTE_AREA_SECTION}${type}/`;
export const viewPath = (type: string, id: number | string) => `${listPath(type)}view/${id}/`;
