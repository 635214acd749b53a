/**
 * POST /api/fleet/schedules/{id}/sites/bulk/ (contract routes/schedule-sites-bulk.ts; issue 23 §1):
 * every site of a contract zone, of a contract, inside a drawn polygon or found by a waste-area
 * list's filter, added to the schedule's points in one unit of the write pipeline (@tko/db
 * schedule-sites/bulk.ts: the schedule's history and announcement). Only the waste-area kinds the
 * user may view, in their row scope. 404: unknown schedule, or a user acting for organisations
 * (schedules are internal); 400: the body (exactly one selection), a filter's parameters
 * (`filter.params.<name>`), an unknown zone or a contract the user cannot read, more than
 * BULK_SITES_LIMIT sites; 403 without schedules:change or without view on any waste-area kind.
 */
import type { FastifyInstance } from 'fastify';
import type { BulkSitesBody, ListQuery, ResourceDef } from '@tko/contract';
import { contractResource, issuesToFieldErrors, listQuerySchema, resources, scheduleResource, scheduleSitesBulkRoute, WASTE_AREA_TABS } from '@tko/contract';
import type { BulkSelection } from '@tko/db';
import { addScheduleSites, FieldValidationError, writerFor } from '@tko/db';
import { parseId } from '../../crud/paging';
import { forbidden, notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { requireInternalVisible } from '../../routing/visible-row';
import type { AuthUser } from '../auth/user-store';
import type { ModuleDeps } from '../module';

/** List parameters that do not select rows. */
const PAGING = new Set(['page', 'page_size', 'ordering', 'cursor']);

export function registerScheduleSitesBulk(app: FastifyInstance, d: ModuleDeps): void {
  registerRoute(app, scheduleSitesBulkRoute, async ({ params, body, user }) => {
    requireInternalVisible(scheduleResource, user.scope);
    const id = parseId(params.id);
    if (id === null) throw notFound();
    const types = WASTE_AREA_TABS.filter((t) => user.permissions[t.type]?.view).map((t) => t.type as string);
    if (!types.length) throw forbidden();
    const selection = await selectionOf(d, body, types, user);
    const answer = await addScheduleSites(d.pipeline, id, types, selection, writerFor(user));
    if (!answer) throw notFound();
    return answer;
  }, d);
}

/** The body as a selection: a filter's parameters validated as its list validates them, a zone that exists, a contract the user can read. */
async function selectionOf(d: ModuleDeps, body: BulkSitesBody, types: string[], user: AuthUser): Promise<BulkSelection> {
  if (body.filter) {
    const type = body.filter.registry;
    if (!types.includes(type)) throw forbidden();
    const def = resources.find((r) => r.name === type) as ResourceDef;
    const raw = Object.fromEntries(Object.entries(body.filter.params).filter(([k]) => !PAGING.has(k)));
    const parsed = listQuerySchema(def).safeParse(raw);
    if (!parsed.success) {
      const errors = issuesToFieldErrors(parsed.error.issues as never);
      throw new FieldValidationError(Object.fromEntries(Object.entries(errors).map(([k, v]) => [`filter.params.${k}`, v])));
    }
    return { kind: 'filter', type, query: parsed.data as ListQuery };
  }
  if (body.contract_zone !== undefined) {
    const { rowCount } = await d.pool.query('SELECT 1 FROM contract_zone WHERE id = $1', [body.contract_zone]);
    if (!rowCount) throw FieldValidationError.of('contract_zone', 'Зона деятельности не найдена.');
    return { kind: 'contract_zone', id: body.contract_zone };
  }
  if (body.contract !== undefined) {
    const visible = user.permissions[contractResource.name]?.view && (await d.domain.registries.repo(contractResource as unknown as ResourceDef).visible(body.contract, user.scope));
    if (!visible) throw FieldValidationError.of('contract', 'Договор не найден.');
    return { kind: 'contract', id: body.contract };
  }
  return { kind: 'polygon', geojson: JSON.stringify(body.polygon) };
}
