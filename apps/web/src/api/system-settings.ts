/**
 * System settings and the map's data extent (issue 7 §7): GET /api/system-settings/ (signed in)
 * and the public GET /api/public/v1/map/extent/, parsed with the contract's schemas.
 */
import {
  MAP_EXTENT_PATH, MapExtentSchema, publicMapSettingsRoute, SYSTEM_SETTINGS_PATH, SystemSettingsSchema, systemSettingsUpdateRoute,
  type MapExtent, type PublicMapSettings, type SystemSettings, type SystemSettingsUpdate,
} from '@tko/contract';
import { callRoute, http } from './client';

export async function fetchSystemSettings(signal?: AbortSignal): Promise<SystemSettings> {
  return SystemSettingsSchema.parse(await http.json<unknown>(SYSTEM_SETTINGS_PATH, { signal }));
}

/** Centre and zooms for every map, signed in or not (GET /api/public/v1/system-settings/). */
export function fetchMapSettings(signal?: AbortSignal): Promise<PublicMapSettings> {
  return callRoute(publicMapSettingsRoute, {}, { signal });
}

/** PUT /api/system-settings/ with the body alone (spec 03 §7). */
export function saveSystemSettings(body: SystemSettingsUpdate): Promise<SystemSettings> {
  return callRoute(systemSettingsUpdateRoute, { body });
}

export async function fetchMapExtent(signal?: AbortSignal): Promise<MapExtent> {
  return MapExtentSchema.parse(await http.json<unknown>(MAP_EXTENT_PATH, { auth: false, signal }));
}
