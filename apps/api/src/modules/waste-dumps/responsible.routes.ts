/**
 * GET /api/waste-dumps/responsible-for-liquidation/ (spec 02 §7 "Dumps"; contract
 * routes/waste-dumps.ts): the options of a dump's responsible_for_liquidation and land_owners.
 * Permission waste-dumps:view; paged (page_size up to 500), `search` optional.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RESPONSIBLE_FOR_LIQUIDATION_PATH, ResponsiblePageSchema, ResponsibleQuerySchema, wasteDumpResource } from '@tko/contract';
import { pageAnswer } from '../../crud/page-answer';
import type { AuthGuards } from '../../plugins/auth';
import type { ResponsibleRepository } from './responsible.repository';

export function registerWasteDumpRoutes(app: FastifyInstance, deps: { repo: ResponsibleRepository; guards: AuthGuards }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(RESPONSIBLE_FOR_LIQUIDATION_PATH, {
    preHandler: deps.guards.requirePermission(wasteDumpResource.name, 'view'),
    schema: {
      tags: [wasteDumpResource.name],
      summary: 'Кого можно назначить ответственным за ликвидацию свалки',
      querystring: ResponsibleQuerySchema,
      response: { 200: ResponsiblePageSchema },
    },
  }, (request) => pageAnswer(request, request.query, (p) => deps.repo.page(request.query.search, p)));
}
