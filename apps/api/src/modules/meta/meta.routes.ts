/**
 * Small public calls the web app needs before sign-in (contract routes/meta.ts): GET /api/config/
 * (the operator's map style, MAP_STYLE_URL; else the region's own base map, /api/basemap/style.json,
 * when a region load has made one; else null for the built-in plain style), whether the road graph
 * is loaded, and
 * GET /api/health/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { appConfigRoute, BASEMAP_STYLE_PATH, healthRoute } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';
import { hasRoadGraph } from '@tko/db';
import { BASEMAP_FILE } from '../basemap/mbtiles';
import { apiModule } from '../module';

export function registerMetaRoutes(app: FastifyInstance, deps: { mapStyleUrl: string | null; basemapDir?: string; pool: Pool; guards: AuthGuards }): void {
  const style = () => deps.mapStyleUrl ?? (deps.basemapDir && existsSync(join(deps.basemapDir, BASEMAP_FILE)) ? BASEMAP_STYLE_PATH : null);
  registerRoute(app, appConfigRoute, async () => ({ map_style_url: style(), road_graph: await hasRoadGraph(deps.pool) }), deps);
  registerRoute(app, healthRoute, async () => {
    await deps.pool.query('SELECT 1');
    return { status: 'ok' as const };
  }, deps);
}

export const metaModule = apiModule('meta', (app, d) => registerMetaRoutes(app, { mapStyleUrl: d.config.mapStyleUrl, basemapDir: d.config.basemapDir, pool: d.pool, guards: d.guards }));
