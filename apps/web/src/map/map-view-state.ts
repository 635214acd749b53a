/**
 * Where the map opens (issue 7 §7): at the centre and zoom of the system settings
 * (spec 03 "System settings"), else fitted to the data's extent, else at a view of the whole
 * country. Pure, for the unit test.
 */
import type { MapExtent, SystemSettings } from '@tko/contract';

/** Zoom used when the settings give a centre without a zoom. */
export const DEFAULT_ZOOM = 12;
/** The view when there are neither settings nor data. */
export const COUNTRY_VIEW = { center: [95, 60] as [number, number], zoom: 2.5 };

export type InitialView =
  | { kind: 'center'; center: [number, number]; zoom: number }
  | { kind: 'bounds'; bounds: [[number, number], [number, number]] };

export function initialView(settings: Pick<SystemSettings, 'center_coordinates' | 'map_zoom'> | null, extent: MapExtent | null): InitialView {
  const c = settings?.center_coordinates;
  if (c) return { kind: 'center', center: [c.lng, c.lat], zoom: settings.map_zoom ?? DEFAULT_ZOOM };
  const b = extent?.bbox;
  if (b) return { kind: 'bounds', bounds: [[b[0], b[1]], [b[2], b[3]]] };
  return { kind: 'center', ...COUNTRY_VIEW };
}
