/**
 * Operator calls (spec 02 §7 "Legal entities", spec 03 §1 public variant); shapes in
 * @tko/contract routes/operators.ts. Permissions: `juridical-person:view` to read,
 * `juridical-person:change` to update (the operators screen belongs to the waste-handler
 * registry). 404 for an entity without the flag, 400 per field for a bad body.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorUpdate } from '@tko/contract';
import {
  OPERATOR_PATH, OperatorSchema, OperatorUpdateSchema, PUBLIC_OPERATOR_PATH, REGIONAL_OPERATOR_PATH,
  REGIONAL_OPERATOR_UPDATE_PATH,
} from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { notFound } from '../../plugins/http-errors';
import { parseId } from '../../crud/paging';
import type { OperatorKind, OperatorService } from './operators.service';

const IdParams = z.object({ id: z.string() });
const RESOURCE = 'juridical-person';

export function registerOperatorRoutes(app: FastifyInstance, deps: { operators: OperatorService; guards: AuthGuards }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { operators, guards } = deps;
  const tags = ['operators'];

  const read = (kind: OperatorKind) => async (request: FastifyRequest) => {
    const id = parseId((request.params as { id: string }).id);
    const op = id === null ? null : await operators.get(id, kind);
    if (!op) throw notFound();
    return op;
  };
  const write = (kind: OperatorKind) => async (request: FastifyRequest) => {
    const id = parseId((request.params as { id: string }).id);
    const u = guards.user(request);
    const userName = [u.last_name, u.first_name].filter(Boolean).join(' ') || u.email;
    const op = id === null ? null : await operators.update(id, kind, request.body as OperatorUpdate, { userName, userId: u.id });
    if (!op) throw notFound();
    return op;
  };

  r.get(OPERATOR_PATH, {
    preHandler: guards.requirePermission(RESOURCE, 'view'),
    schema: { tags, summary: 'Оператор: лицензия и зоны деятельности', params: IdParams, response: { 200: OperatorSchema } },
  }, read('operator'));
  r.put(OPERATOR_PATH, {
    preHandler: guards.requirePermission(RESOURCE, 'change'),
    schema: { tags, summary: 'Оператор: изменить лицензию и зоны деятельности', params: IdParams, body: OperatorUpdateSchema, response: { 200: OperatorSchema } },
  }, write('operator'));
  r.get(REGIONAL_OPERATOR_PATH, {
    preHandler: guards.requirePermission(RESOURCE, 'view'),
    schema: { tags, summary: 'Региональный оператор: лицензия и зоны деятельности', params: IdParams, response: { 200: OperatorSchema } },
  }, read('regional'));
  r.put(REGIONAL_OPERATOR_UPDATE_PATH, {
    preHandler: guards.requirePermission(RESOURCE, 'change'),
    schema: { tags, summary: 'Региональный оператор: изменить лицензию и зоны деятельности', params: IdParams, body: OperatorUpdateSchema, response: { 200: OperatorSchema } },
  }, write('regional'));
  r.get(PUBLIC_OPERATOR_PATH, {
    schema: { tags: [...tags, 'public'], summary: 'Оператор или региональный оператор: открытая карточка', params: IdParams, response: { 200: OperatorSchema } },
  }, read('any'));
}
