/**
 * Small public calls the web app needs before sign-in: the app configuration (the operator's map
 * style, MAP_STYLE_URL, or null for the built-in offline style; whether the road graph is loaded)
 * and the health check.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';

export const AppConfigSchema = z.object({
  map_style_url: z.string().nullable(),
  /** Whether the region's road graph is loaded (routes are built along roads only with it). */
  road_graph: z.boolean(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;
export const HealthSchema = z.object({ status: z.literal('ok') });

export const appConfigRoute = defineRoute({
  method: 'GET', path: '/api/config/', permission: 'public', tags: ['meta'], summary: 'Настройки веб-приложения', response: { 200: AppConfigSchema },
});
export const healthRoute = defineRoute({
  method: 'GET', path: '/api/health/', permission: 'public', tags: ['meta'], summary: 'Проверка работы', response: { 200: HealthSchema },
});
