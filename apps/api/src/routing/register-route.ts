/**
 * registerRoute(app, def, handler, deps): serves one defineRoute description (@tko/contract
 * common/route.ts) — the server half of a typed call (docs/ARCHITECTURE.md "Typed calls").
 *
 * - Permission first: an `onRequest` hook (plugins/auth.ts guards) answers 401 without a valid
 *   token and 403 without the permission before the body is parsed or the query validated, so
 *   an anonymous call with a bad body is a 401, never a 400.
 * - Then zod validates params, query and body (fastify-type-provider-zod) and serialises the
 *   answer through the response schema of its status; errors leave through the one error
 *   handler (plugins/errors.ts) in DRF's shapes.
 * - OpenAPI: tags, summary, description, the schemas; public calls carry `security: []`.
 * - A description with a single success status other than 200 (201, 202) sets it before the
 *   handler runs; a handler may still set another one with `reply.code()`.
 * The handler gets the parsed params / query / body, the signed-in user (null on public
 * calls), the request and the reply (for files, streams and headers); it returns the answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteBody, RouteDef, RouteParams, RoutePermission, RouteQuery, RouteReply, RouteSpec } from '@tko/contract';
import { permissionOf, successStatuses } from '@tko/contract';
import type { AuthGuards, AuthUser } from '../plugins/auth';

export interface RouteContext<S extends RouteSpec> {
  params: RouteParams<S>;
  query: RouteQuery<S>;
  body: RouteBody<S>;
  /** The signed-in user; null only on 'public' calls. */
  user: S['permission'] extends 'public' ? AuthUser | null : AuthUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<S extends RouteSpec> = (ctx: RouteContext<S>) => Promise<RouteReply<S> | FastifyReply> | RouteReply<S> | FastifyReply;

export interface RouteDeps {
  guards: AuthGuards;
}

/** The onRequest guard of a permission; none for public calls. */
export function permissionHook(permission: RoutePermission, guards: AuthGuards): onRequestHookHandler | undefined {
  if (permission === 'public') return undefined;
  if (permission === 'user') return guards.requireUser as unknown as onRequestHookHandler;
  if (typeof permission === 'object' && 'anyOf' in permission) return guards.requireAny([...permission.anyOf], permission.action) as unknown as onRequestHookHandler;
  const p = permissionOf(permission)!;
  return guards.requirePermission(p.resource, p.action) as unknown as onRequestHookHandler;
}

export function registerRoute<S extends RouteSpec>(app: FastifyInstance, def: RouteDef<S>, handler: RouteHandler<S>, deps: RouteDeps): void {
  const onRequest = permissionHook(def.permission, deps.guards);
  const statuses = successStatuses(def);
  const defaultStatus = statuses.length === 1 && statuses[0] !== 200 ? statuses[0]! : null;
  const isPublic = def.permission === 'public';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    ...(onRequest ? { onRequest } : {}),
    schema: {
      tags: [...def.tags],
      summary: def.summary,
      ...(def.description ? { description: def.description } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.response ? { response: def.response } : {}),
      ...(def.produces ? { produces: [def.produces] } : {}),
      ...(isPublic ? { security: [] } : {}),
    },
    handler: async (request, reply) => {
      if (defaultStatus) reply.code(defaultStatus);
      const user = request.authUser ?? null;
      return handler({ params: request.params, query: request.query, body: request.body, user, request, reply } as RouteContext<S>);
    },
  });
  app.routeRegistry.typed.push(def);
}
