/**
 * Small public calls the web app needs before sign-in (contract routes/meta.ts): GET /api/config/
 * (the maps' base style, modules/basemap/map-style.ts: MAP_STYLE_URL; else the region's own base
 * map, /api/basemap/style.json, when a region load has made one; else the external style of the
 * system settings; else null for the built-in plain style), whether the road graph is loaded, and
 * GET /api/health/.
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { appConfigRoute, healthRoute } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';
import { hasRoadGraph } from '@tko/db';
import type { MapStyleSource } from '../basemap/map-style';
import { apiModule } from '../module';

export function registerMetaRoutes(app: FastifyInstance, deps: { mapStyle: MapStyleSource; pool: Pool; guards: AuthGuards }): void {
  registerRoute(app, appConfigRoute, async () => {
    const [style, roadGraph] = await Promise.all([deps.mapStyle.current(), hasRoadGraph(deps.pool)]);
    return { map_style_url: style.url, road_graph: roadGraph };
  }, deps);
  registerRoute(app, healthRoute, async () => {
    await deps.pool.query('SELECT 1');
    return { status: 'ok' as const };
  }, deps);
}

export const metaModule = apiModule('meta', (app, d) => registerMetaRoutes(app, { mapStyle: d.mapStyle, pool: d.pool, guards: d.guards }));
