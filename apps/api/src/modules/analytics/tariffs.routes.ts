/**
 * Tariff calls besides the two registries' generic routes (issue 12 §5; contract routes/analytics.ts):
 * GET /api/tariffs/predicted/init/ (tariff-init.ts) and POST /api/tariffs/search/ — the regional
 * operator's tariffs in force on a date (start_date ≤ date ≤ end_date, an open end in force),
 * optionally of one kind and operator, ordered by kind and start date.
 */
import type { FastifyInstance } from 'fastify';
import type { ResourceDef } from '@tko/contract';
import { regOperatorTariffResource, tariffInitRoute, tariffSearchRoute } from '@tko/contract';
import { registerRoute } from '../../routing/register-route';
import type { ModuleDeps } from '../module';
import { tariffInit } from './tariff-init';

export function registerTariffRoutes(app: FastifyInstance, d: ModuleDeps): void {
  const def = regOperatorTariffResource as unknown as ResourceDef;
  const repo = d.domain.registries.repo(def);

  registerRoute(app, tariffInitRoute, ({ query }) => tariffInit(d.pool, query.year ?? new Date().getUTCFullYear() + 1), d);

  registerRoute(app, tariffSearchRoute, async ({ body }) => {
    const date = body.date ?? new Date().toISOString().slice(0, 10);
    const { rows } = await d.pool.query<{ id: number }>(
      `SELECT id FROM reg_operator_tariff
        WHERE start_date <= $1::date AND (end_date IS NULL OR end_date >= $1::date)
          AND ($2::text IS NULL OR kind = $2) AND ($3::int IS NULL OR reg_operator_id = $3)
        ORDER BY kind, start_date, id LIMIT 500`,
      [date, body.kind ?? null, body.reg_operator ?? null],
    );
    const results = [];
    for (const r of rows) {
      const row = await repo.get(r.id);
      if (row) results.push(row);
    }
    return { count: results.length, results } as never;
  }, d);
}
