/**
 * GET /api/system-settings/ (any signed-in user: the maps open at its centre) and
 * PUT /api/system-settings/ (permission `system-settings:change`; body: the fields to set, no id),
 * spec 03 §7 "System settings". 401 without a token, 403 without the permission, 400 by field.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Pool } from 'pg';
import { SYSTEM_SETTINGS_PATH, SYSTEM_SETTINGS_PERMISSION, SystemSettingsSchema, SystemSettingsUpdateSchema } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { SystemSettingsRepository } from './system-settings.repository';

const TAGS = ['system-settings'];

export function registerSystemSettingsRoutes(app: FastifyInstance, deps: { pool: Pool; guards: AuthGuards }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = new SystemSettingsRepository(deps.pool);

  r.get(SYSTEM_SETTINGS_PATH, {
    preHandler: deps.guards.requireUser,
    schema: { tags: TAGS, summary: 'Системные настройки', response: { 200: SystemSettingsSchema } },
  }, async () => repo.get());

  r.put(SYSTEM_SETTINGS_PATH, {
    preHandler: deps.guards.requirePermission(SYSTEM_SETTINGS_PERMISSION, 'change'),
    schema: { tags: TAGS, summary: 'Изменить системные настройки', body: SystemSettingsUpdateSchema, response: { 200: SystemSettingsSchema } },
  }, async (request) => repo.update(request.body));
}
