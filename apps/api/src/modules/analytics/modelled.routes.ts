/**
 * The modelled analytics' calls (contract routes/modelled.ts; method: docs/ANALYTICS.md): each
 * computes from the registries on the call, nothing stored.
 */
import type { FastifyInstance } from 'fastify';
import { forecastRoute, forecastYears } from '@tko/contract';
import { forecastGeneration } from '@tko/db';
import { registerRoute } from '../../routing/register-route';
import type { ModuleDeps } from '../module';

export function registerModelledRoutes(app: FastifyInstance, d: ModuleDeps): void {
  registerRoute(app, forecastRoute, ({ query }) => forecastGeneration(d.pool, forecastYears(query.year)), d);
}
