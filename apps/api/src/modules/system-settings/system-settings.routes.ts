/**
 * GET /api/system-settings/ (any signed-in user: the maps open at its centre) and
 * PUT /api/system-settings/ (permission `system-settings:change`; body: the fields to set, no id),
 * spec 03 §7 "System settings". 401 without a token, 403 without the permission, 400 by field.
 * GET /api/public/v1/system-settings/ (public): the centre and zooms only, for the public map.
 * The external map style (`map_style_url`) is read by /api/config/ (modules/basemap/map-style.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { publicMapSettingsRoute, systemSettingsRoute, systemSettingsUpdateRoute } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';
import type { MapStyleSource } from '../basemap/map-style';
import { SystemSettingsRepository } from './system-settings.repository';

export function registerSystemSettingsRoutes(app: FastifyInstance, deps: { pool: Pool; guards: AuthGuards; mapStyle?: MapStyleSource }): void {
  const repo = new SystemSettingsRepository(deps.pool);
  registerRoute(app, systemSettingsRoute, () => repo.get(), deps);
  registerRoute(app, systemSettingsUpdateRoute, async ({ body }) => {
    const saved = await repo.update(body);
    // The external map style counts at once: /api/config/ and the next page's CSP (modules/basemap/map-style.ts).
    await deps.mapStyle?.settingUrl();
    return saved;
  }, deps);
  // Anonymous visitors' map opens at the same place (issue 14 §4).
  registerRoute(app, publicMapSettingsRoute, async () => {
    const s = await repo.get();
    return { center_coordinates: s.center_coordinates, map_zoom: s.map_zoom, map_zoom_mini: s.map_zoom_mini };
  }, deps);
}
