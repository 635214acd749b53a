/**
 * The operations module (issue 11 §1, §2, §5): the waste flows' recount and map layer
 * (flows.routes.ts), route events from the planned routes (route-events.routes.ts), their stops checked against the
 * GPS track (route-visits.routes.ts) and the
 * documents' zip (documents.routes.ts). The five registries themselves
 * (flows, dispatcher events, route events, document categories) are generic CRUD (crud module);
 * dispatcher events are announced live by the write pipeline like every registry change.
 */
import { apiModule } from '../module';
import { registerDocumentRoutes } from './documents.routes';
import { registerFlowRoutes } from './flows.routes';
import { registerRouteEventRoutes } from './route-events.routes';
import { registerRouteVisitRoutes } from './route-visits.routes';
import { trackingSettings } from '@tko/db';

export const operationsModule = apiModule('operations', (app, d) => {
  registerFlowRoutes(app, { pool: d.pool, guards: d.guards, queues: d.queues });
  registerRouteEventRoutes(app, { pool: d.pool, guards: d.guards, pipeline: d.pipeline });
  registerRouteVisitRoutes(app, {
    pool: d.pool, guards: d.guards, pipeline: d.pipeline, timeZone: d.config.regionTimeZone, tracking: trackingSettings(),
  });
  registerDocumentRoutes(app, { pool: d.pool, guards: d.guards, store: d.domain.fileStore! });
});
