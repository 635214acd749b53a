/**
 * The way-bills' own calls (contract routes/fleet.ts; spec 02 §7 "Way-bills", issue 10 §1):
 * the tasks of a way-bill, its printable form (waybill-print.ts) and the values a new one
 * starts with. The fleet registries themselves (vehicles, garages, staff, way-bills, job kinds,
 * fuels) are generic CRUD registries (crud module).
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { waybillInitRoute, waybillPrintRoute, waybillResource, waybillTasksRoute } from '@tko/contract';
import { parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { requireInternalVisible } from '../../routing/visible-row';
import { sendFile } from '../../http/file-reply';
import { apiModule } from '../module';
import { readWaybillPrint, readWaybillTasks, nextWaybillNumber } from './waybill.repository';
import { waybillXlsx } from './waybill-print';


export interface FleetDeps {
  pool: Pool;
  guards: AuthGuards;
  timeZone: string;
}

export function registerFleetRoutes(app: FastifyInstance, deps: FleetDeps): void {
  registerRoute(app, waybillTasksRoute, async ({ params, user }) => {
    requireInternalVisible(waybillResource, user.scope);
    const id = parseId(params.id);
    const tasks = id === null ? null : await readWaybillTasks(deps.pool, id);
    if (tasks === null) throw notFound();
    return tasks;
  }, deps);

  registerRoute(app, waybillPrintRoute, async ({ body, reply, user }) => {
    requireInternalVisible(waybillResource, user.scope);
    const data = await readWaybillPrint(deps.pool, body.id);
    if (!data) throw notFound();
    const bytes = await waybillXlsx(data, deps.timeZone);
    const name = `Путевой лист ${data.series ? `${data.series} ` : ''}№ ${data.number}.xlsx`;
    return sendFile(reply, { name, asciiName: `waybill-${body.id}.xlsx`, body: bytes });
  }, deps);

  registerRoute(app, waybillInitRoute, async () => ({
    values: { date: new Date().toISOString(), number: await nextWaybillNumber(deps.pool) },
    sources: { date: 'Текущие дата и время', number: 'Следующий номер после последнего числового номера путевого листа' },
  }), deps);
}

export const fleetModule = apiModule('fleet', (app, d) => registerFleetRoutes(app, {
  pool: d.pool, guards: d.guards, timeZone: d.config.regionTimeZone,
}));
