/**
 * Small public calls the web app needs before sign-in (contract routes/meta.ts): GET /api/config/
 * (the operator's map style, MAP_STYLE_URL, or null for the built-in offline style) and
 * GET /api/health/.
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { appConfigRoute, healthRoute } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';

export function registerMetaRoutes(app: FastifyInstance, deps: { mapStyleUrl: string | null; pool: Pool; guards: AuthGuards }): void {
  registerRoute(app, appConfigRoute, () => ({ map_style_url: deps.mapStyleUrl }), deps);
  registerRoute(app, healthRoute, async () => {
    await deps.pool.query('SELECT 1');
    return { status: 'ok' as const };
  }, deps);
}

export const metaModule = apiModule('meta', (app, d) => registerMetaRoutes(app, { mapStyleUrl: d.config.mapStyleUrl, pool: d.pool, guards: d.guards }));
