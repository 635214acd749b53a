/**
 * System settings and the map's data extent (issue 7 §7): GET /api/system-settings/ (signed in)
 * and the public GET /api/public/v1/map/extent/, parsed with the contract's schemas.
 */
import { MAP_EXTENT_PATH, MapExtentSchema, SYSTEM_SETTINGS_PATH, SystemSettingsSchema, type MapExtent, type SystemSettings } from '@tko/contract';
import { http } from './client';

export async function fetchSystemSettings(signal?: AbortSignal): Promise<SystemSettings> {
  return SystemSettingsSchema.parse(await http.json<unknown>(SYSTEM_SETTINGS_PATH, { signal }));
}

export async function fetchMapExtent(signal?: AbortSignal): Promise<MapExtent> {
  return MapExtentSchema.parse(await http.json<unknown>(MAP_EXTENT_PATH, { auth: false, signal }));
}
