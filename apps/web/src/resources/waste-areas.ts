/**
 * The container section's five kinds (spec 01 §2): which have a registry in the API today,
 * and the web paths of their list, card and view pages.
 */
import { WASTE_AREA_TABS } from '@tko/contract';
import { containerWeb } from './container';
import type { WebResource } from './web-resource';

export const WASTE_AREA_SECTION = '/terr-schema/containers/';

export interface WasteAreaRegistry {
  type: string;
  label: string;
  /** Waste-area kind in tiles and the database (`CONTAINER`, `SPECIALA`, ...). */
  kind: string;
  /** Null until the API has this registry. */
  web: WebResource | null;
}

const WEB_BY_TYPE: Record<string, WebResource> = { container: containerWeb };

export const WASTE_AREA_REGISTRIES: WasteAreaRegistry[] = WASTE_AREA_TABS.map((t) => ({
  type: t.type,
  label: t.label,
  kind: t.kind,
  web: WEB_BY_TYPE[t.type] ?? null,
}));

export function wasteAreaRegistry(type: string | undefined): WasteAreaRegistry | undefined {
  return WASTE_AREA_REGISTRIES.find((r) => r.type === type);
}

/** The section type of a tile feature's `kind`. */
export function typeOfKind(kind: string): string | undefined {
  return WASTE_AREA_REGISTRIES.find((r) => r.kind === kind)?.type;
}

export const listPath = (type: string) => `${WASTE_AREA_SECTION}${type}/`;
export const cardPath = (type: string, id: number | string) => `${listPath(type)}update/${id}/`;
export const viewPath = (type: string, id: number | string) => `${listPath(type)}view/${id}/`;
