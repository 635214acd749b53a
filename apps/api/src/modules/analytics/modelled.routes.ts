/**
 * The modelled analytics' calls (contract routes/modelled.ts; method: docs/ANALYTICS.md): each
 * computes from the registries on the call, nothing stored.
 */
import type { FastifyInstance } from 'fastify';
import { MODELLED_BALANCE_DEFAULT_YEARS, computedIndicatorsRoute, forecastRoute, forecastYears, modelledBalanceRoute } from '@tko/contract';
import { computeIndicators, forecastGeneration, modelBalance } from '@tko/db';
import { registerRoute } from '../../routing/register-route';
import type { ModuleDeps } from '../module';

export function registerModelledRoutes(app: FastifyInstance, d: ModuleDeps): void {
  registerRoute(app, forecastRoute, ({ query }) => forecastGeneration(d.pool, forecastYears(query.year)), d);
  registerRoute(app, modelledBalanceRoute, ({ query }) =>
    modelBalance(d.pool, query.year_from ?? MODELLED_BALANCE_DEFAULT_YEARS[0], query.year_to ?? MODELLED_BALANCE_DEFAULT_YEARS[1]), d);
  registerRoute(app, computedIndicatorsRoute, ({ query }) =>
    computeIndicators(d.pool, query.year_from ?? MODELLED_BALANCE_DEFAULT_YEARS[0], query.year_to ?? MODELLED_BALANCE_DEFAULT_YEARS[1]), d);
}
