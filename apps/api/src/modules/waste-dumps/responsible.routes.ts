/**
 * GET /api/waste-dumps/responsible-for-liquidation/ (spec 02 §7 "Dumps"; contract
 * routes/waste-dumps.ts): the options of a dump's responsible_for_liquidation and land_owners.
 * Permission waste-dumps:view; paged (page_size up to 500), `search` optional.
 */
import type { FastifyInstance } from 'fastify';
import { responsibleForLiquidationRoute } from '@tko/contract';
import { pageAnswer } from '../../crud/page-answer';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import { ResponsibleRepository } from './responsible.repository';

export function registerWasteDumpRoutes(app: FastifyInstance, deps: { repo: ResponsibleRepository; guards: AuthGuards }): void {
  registerRoute(app, responsibleForLiquidationRoute, ({ request, query }) => pageAnswer(request, query, (p) => deps.repo.page(query.search, p)), deps);
}

export const wasteDumpsModule = apiModule('waste-dumps', (app, d) => registerWasteDumpRoutes(app, { repo: new ResponsibleRepository(d.pool), guards: d.guards }));
