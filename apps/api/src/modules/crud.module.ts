/**
 * The registries' generic routes as one module: crud/register-resource.ts for every
 * ResourceDef of `resources`, on the shared repositories and the one write pipeline. An onRoute
 * hook of this module's context records what it registers in the route registry (`crud`), so
 * the typed-routes test can tell CRUD routes from hand-written ones.
 */
import { registerResource } from '../crud/register-resource';
import { apiModule } from './module';

export const crudModule = apiModule('crud', (app, d) => {
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.routeRegistry.crud.push({ method, url: route.url });
  });
  for (const { def, repo } of d.registries) registerResource(app, def, { repo, guards: d.guards, exports: d.exports, pipeline: d.pipeline });
});
