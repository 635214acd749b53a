/**
 * Small public calls the web app needs before sign-in: GET /api/config/ (the operator's map
 * style, MAP_STYLE_URL, or null for the built-in offline style) and GET /api/health/.
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';

export function registerMetaRoutes(app: FastifyInstance, deps: { mapStyleUrl: string | null; pool: Pool }): void {
  app.get('/api/config/', { schema: { tags: ['meta'], summary: 'Настройки веб-приложения' } }, async () => ({ map_style_url: deps.mapStyleUrl }));
  app.get('/api/health/', { schema: { tags: ['meta'], summary: 'Проверка работы' } }, async () => {
    await deps.pool.query('SELECT 1');
    return { status: 'ok' };
  });
}
