/**
 * Operator calls (spec 02 §7 "Legal entities", spec 03 §1 public variant); descriptions in
 * @tko/contract routes/operators.ts. Permissions: `juridical-person:view` to read,
 * `juridical-person:change` to update (the operators screen belongs to the waste-handler
 * registry). 404 for an entity without the flag, 400 per field for a bad body.
 */
import { writerFor } from '@tko/db';
import type { FastifyInstance } from 'fastify';
import {
  operatorRoute, operatorUpdateRoute, publicOperatorRoute, regionalOperatorRoute, regionalOperatorUpdateRoute,
} from '@tko/contract';
import type { OperatorUpdate } from '@tko/contract';
import type { AuthGuards, AuthUser } from '../../plugins/auth';
import { notFound } from '../../plugins/http-errors';
import { parseId } from '../../crud/paging';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import type { OperatorKind } from './operators.service';
import { OperatorService } from './operators.service';

export function registerOperatorRoutes(app: FastifyInstance, deps: { operators: OperatorService; guards: AuthGuards }): void {
  const { operators } = deps;

  const read = (kind: OperatorKind) => async ({ params }: { params: { id: string } }) => {
    const id = parseId(params.id);
    const op = id === null ? null : await operators.get(id, kind);
    if (!op) throw notFound();
    return op;
  };
  const write = (kind: OperatorKind) => async ({ params, body, user }: { params: { id: string }; body: OperatorUpdate; user: AuthUser }) => {
    const id = parseId(params.id);
    const op = id === null ? null : await operators.update(id, kind, body, writerFor(user));
    if (!op) throw notFound();
    return op;
  };

  registerRoute(app, operatorRoute, read('operator'), deps);
  registerRoute(app, operatorUpdateRoute, write('operator'), deps);
  registerRoute(app, regionalOperatorRoute, read('regional'), deps);
  registerRoute(app, regionalOperatorUpdateRoute, write('regional'), deps);
  registerRoute(app, publicOperatorRoute, read('any'), deps);
}

export const operatorsModule = apiModule('operators', (app, d) => registerOperatorRoutes(app, { operators: new OperatorService(d.pool, d.domain.registries, d.domain.pipeline), guards: d.guards }));
