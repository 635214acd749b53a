/**
 * buildApp(deps) → a ready Fastify instance with every route; server.ts only listens.
 * Dependencies are passed in (pool, Prisma client, queues) so tests build the same app on
 * their own database. The registries come from @tko/contract `resources`: each is
 * registered by crud/register-resource.ts; particular modules add the rest.
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { resources } from '@tko/contract';
import type { PrismaClient } from '@tko/db/generated';
import { RegistryRepository } from '@tko/db';
import type { Config } from './config';
import { registerResource } from './crud/register-resource';
import { createAuthGuards } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { TokenService } from './modules/auth/tokens';
import { PrismaUserStore } from './modules/auth/user-store';
import { ExportService } from './modules/jobs/export-service';
import { registerJobRoutes } from './modules/jobs/jobs.routes';
import type { Queues } from './modules/jobs/queue';
import { MapRepository } from './modules/map/map.repository';
import { registerMapRoutes } from './modules/map/map.routes';
import { WasteAreasRepository } from './modules/waste-areas/waste-areas.repository';
import { registerWasteAreaRoutes } from './modules/waste-areas/waste-areas.routes';
import { WasteSourcesRepository } from './modules/waste-sources/waste-sources.repository';
import { registerWasteSourceRoutes } from './modules/waste-sources/waste-sources.routes';
import { registerMetaRoutes } from './modules/meta/meta.routes';
import { FkkoRepository } from './modules/fkko/fkko.repository';
import { registerFkkoRoutes } from './modules/fkko/fkko.routes';
import { ResponsibleRepository } from './modules/waste-dumps/responsible.repository';
import { registerWasteDumpRoutes } from './modules/waste-dumps/responsible.routes';
import { registerDictRoutes } from './modules/dicts/dicts.routes';
import { OperatorService } from './modules/operators/operators.service';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import type { RealtimePublisher } from '@tko/realtime';
import { Notifier } from '@tko/db';
import { registerOperatorRoutes } from './modules/operators/operators.routes';
import { registerStomp } from './modules/stomp/stomp.plugin';
import { registerRegistryServices } from './modules/registry-services';
import type { StompOptions } from './modules/stomp/options';
import { LocalImportStore } from '@tko/import';
import type { ImportQueue } from './modules/import/import-queue';
import { registerImportRoutes } from './modules/import/import.routes';
import { registerSystemSettingsRoutes } from './modules/system-settings/system-settings.routes';
import { registerMapLayerRoutes } from './modules/map/layers.routes';
import { registerFederalDictionaryGuard } from './plugins/federal-dictionaries';

export interface AppDeps {
  config: Config;
  pool: Pool;
  prisma: PrismaClient;
  /** Null without Redis: CRUD works, job calls answer 503. */
  queues: Queues | null;
  /** Live messages to every API instance; none = Redis pub/sub on config.redisUrl, or this instance only without Redis (modules/stomp). */
  publisher?: RealtimePublisher;
  /** STOMP broker limits and heart-beats (modules/stomp/options.ts); defaults otherwise. */
  stomp?: Partial<StompOptions>;
  /** Queue of import runs (modules/import/import-queue.ts); none or null = processing answers 503. */
  imports?: ImportQueue | null;
  /** Fastify logger setting; off in tests. */
  logger?: boolean | object;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, pool, prisma, queues } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await registerOpenApi(app);

  const tokens = new TokenService(config.jwtSecret, config.accessTokenLifetime, config.refreshTokenLifetime);
  const guards = createAuthGuards(app, tokens, new PrismaUserStore(prisma));
  const exports = new ExportService(queues, config.xlsxAsyncThreshold, config.exportTtlSeconds);

  registerAuthRoutes(app, { tokens, users: new PrismaUserStore(prisma), guards });
  // STOMP at /ws/; `publisher` reaches every API instance through Redis (config.redisUrl), else this one.
  const { publisher } = await registerStomp(app, { tokens, users: new PrismaUserStore(prisma), queues, redisUrl: config.redisUrl, publisher: deps.publisher, options: deps.stomp, jobOwners: deps.imports ? [(id) => deps.imports!.ownerOf(id)] : [] });
  for (const def of resources) registerResource(app, def, { repo: new RegistryRepository(pool, def), guards, exports, publisher });
  registerMapRoutes(app, { map: new MapRepository(pool), guards });
  registerFkkoRoutes(app, { repo: new FkkoRepository(pool), guards });
  registerWasteDumpRoutes(app, { repo: new ResponsibleRepository(pool), guards });
  registerWasteAreaRoutes(app, { repo: new WasteAreasRepository(pool), guards });
  registerWasteSourceRoutes(app, { repo: new WasteSourcesRepository(pool), guards });
  registerDictRoutes(app, { pool, guards, exports });
  registerOperatorRoutes(app, { operators: new OperatorService(pool), guards });
  registerJobRoutes(app, { queues, guards, exportDir: config.exportDir });
  const notifier = new Notifier(pool, publisher);
  registerNotificationRoutes(app, { store: notifier.store, guards });
  // Attachments, addresses, batch transaction, change history (issue 3 §5–§8).
  await registerRegistryServices(app, { config, pool, guards, publisher });
  // System import (issue 3 §4): files under IMPORT_DIR, runs on the worker's import queue.
  await registerImportRoutes(app, { pool, guards, store: new LocalImportStore(config.importDir), queue: deps.imports ?? null, maxBytes: config.importMaxBytes });
  registerSystemSettingsRoutes(app, { pool, guards });
  registerMapLayerRoutes(app, { pool, guards });
  registerFederalDictionaryGuard(app, guards);
  registerMetaRoutes(app, { mapStyleUrl: config.mapStyleUrl, pool });
  await registerWeb(app, config.webDist);
  return app;
}
