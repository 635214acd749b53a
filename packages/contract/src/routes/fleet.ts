/**
 * The way-bills' own calls (spec 02 §7 "Way-bills"; issue 10 §1). The registry's list, card,
 * create, update, delete, search and xlsx list export are the generic CRUD routes of
 * resources/waybill.ts under /api/fleet/waybillnew/.
 *
 * - GET /api/fleet/waybillnew/tasks/{id}/ — the tasks (задание водителю) of way-bill {id}, in
 *   order; 404 for an unknown way-bill.
 * - POST /api/fleet/waybills/xlsx/ `{id}` — the printable way-bill (Типовая межотраслевая форма
 *   № 4-П layout, one landscape A4 page); the path says 'waybills' as the spec writes it.
 * - GET /api/fleet/waybillnew/init/ — the values a new way-bill starts with (date = now, the
 *   next number), for the web card; stores nothing.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';
import { IdSchema } from '../common/ids';
import { WaybillTaskSchema } from '../resources/waybill';
import { TariffInitSchema } from './analytics';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const waybillTasksRoute = defineRoute({
  method: 'GET', path: '/api/fleet/waybillnew/tasks/:id/', permission: 'waybills:view', tags: ['waybills'],
  summary: 'Путевой лист: задания водителю',
  params: z.object({ id: z.string() }),
  response: { 200: z.array(WaybillTaskSchema) },
});

export const WaybillPrintBodySchema = z.strictObject({ id: IdSchema });

export const waybillPrintRoute = defineRoute({
  method: 'POST', path: '/api/fleet/waybills/xlsx/', permission: 'waybills:export', tags: ['waybills'],
  summary: 'Путевой лист: печатная форма (xlsx, форма № 4-П, альбомный лист A4)',
  body: WaybillPrintBodySchema, produces: XLSX,
});

export const waybillInitRoute = defineRoute({
  method: 'GET', path: '/api/fleet/waybillnew/init/', permission: 'waybills:add', tags: ['waybills'],
  summary: 'Путевой лист: значения нового (дата — сейчас, следующий номер)',
  description: 'Не сохраняет: тело для POST /api/fleet/waybillnew/.',
  query: z.strictObject({}),
  response: { 200: TariffInitSchema },
});
