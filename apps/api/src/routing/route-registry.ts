/**
 * What the app registered, by origin, for the test that every non-CRUD route of the OpenAPI
 * document comes from a defineRoute description (apps/api/test/typed-routes.test.ts):
 * `typed` — the descriptions given to registerRoute; `crud` — the routes the registry loop
 * (crud/register-resource.ts) added, recorded by the crud module's onRoute hook.
 * One registry per app, decorated on the root instance by buildApp before any module.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteDef } from '@tko/contract';

export interface RegisteredRoute {
  method: string;
  /** Fastify form, `:id`. */
  url: string;
}

export class RouteRegistry {
  readonly typed: RouteDef[] = [];
  readonly crud: RegisteredRoute[] = [];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Routes by origin (routing/route-registry.ts). */
    routeRegistry: RouteRegistry;
  }
}

/** Decorates the root instance; call once, before the modules. */
export function decorateRouteRegistry(app: FastifyInstance): RouteRegistry {
  const registry = new RouteRegistry();
  app.decorate('routeRegistry', registry);
  return registry;
}
