/**
 * The dashboard calls (issue 12 §2, spec 03 §7 «Dashboard»; contract routes/dashboard.ts):
 * the ten widgets and the tag filters, collection periodicity with its filters, the four temp
 * tables, one widget's numbers as xlsx, and the user's collapsed widgets / active tags.
 * Permission `dashboard:view` (`dashboard:export` for the xlsx): 401, then 403, then 400 by field.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  dashboardAllRoute, dashboardFiltersRoute, dashboardStateRoute, dashboardStateUpdateRoute, periodicityFiltersRoute, periodicityRoute,
  tempTableRoute, widgetXlsxRoute,
} from '@tko/contract';
import { writeTableXlsx } from '@tko/xlsx';
import { registerRoute } from '../../routing/register-route';
import { datedName, sendFile } from '../../http/file-reply';
import { apiModule } from '../module';
import { DashboardService } from './dashboard.service';

export const dashboardModule = apiModule('dashboard', (app: FastifyInstance, d) => {
  const svc = new DashboardService(d.pool);
  registerRoute(app, dashboardAllRoute, ({ user, query }) => svc.all(user.id, query.tags), d);
  registerRoute(app, dashboardFiltersRoute, ({ user }) => svc.filters(user.id), d);
  registerRoute(app, periodicityRoute, ({ query }) => svc.periodicity(query), d);
  registerRoute(app, periodicityFiltersRoute, () => svc.periodicityFilters(), d);
  registerRoute(app, tempTableRoute, ({ params, query }) => svc.tempTable(params.name, query.year, query.oktmo), d);
  registerRoute(app, widgetXlsxRoute, async ({ params, reply }) => {
    const { title, table } = await svc.widgetTable(params.key);
    const out = new PassThrough();
    writeTableXlsx(title, table.columns, table.rows, out, table.total).catch((err: unknown) => out.destroy(err as Error));
    return sendFile(reply, { name: datedName(`dashboard_${params.key}`, 'xlsx'), body: out });
  }, d);
  registerRoute(app, dashboardStateRoute, ({ user }) => svc.state.get(user.id), d);
  registerRoute(app, dashboardStateUpdateRoute, ({ user, body }) => svc.state.update(user.id, body), d);
});
