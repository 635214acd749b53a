/**
 * buildApp(deps) → a ready Fastify instance with every route; server.ts only listens.
 * Dependencies are passed in (pool, Prisma client, queues) so tests build the same app on
 * their own database. The shared services (one user store, guards, export service, STOMP
 * publisher, and the domain runtime of @tko/db: repositories, write pipeline, writerFor, file
 * store) are built here once; every route comes
 * from the modules of modules/index.ts, registered in order with those services.
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PrismaClient } from '@tko/db/generated';
import { createDomain } from '@tko/db';
import type { FileStore } from '@tko/db';
import type { Config } from './config';
import { createAuthGuards } from './plugins/auth';
import { registerEmptyDeleteBody } from './plugins/empty-delete-body';
import { registerErrorHandler } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerCompression } from './plugins/compression';
import { registerInputSanitiser } from './plugins/input-sanitiser';
import { frameworkErrors } from './plugins/framework-errors';
import { registerOpenApi } from './plugins/openapi';
import { registerWeb } from './plugins/web';
import { TokenService } from './modules/auth/tokens';
import { PrismaUserStore } from './modules/auth/user-store';
import { ExportService } from './modules/jobs/export-service';
import type { Queues } from './modules/jobs/queue';
import type { RealtimePublisher } from '@tko/realtime';
import { registerStomp } from './modules/stomp/stomp.plugin';
import type { StompOptions } from './modules/stomp/options';
import type { ImportQueue } from './modules/import/import-queue';
import { registerFederalDictionaryGuard } from './plugins/federal-dictionaries';
import { apiModules } from './modules/index';
import type { ModuleDeps } from './modules/index';
import { decorateRouteRegistry } from './routing/route-registry';
import { Mailer } from '@tko/mail';
import { MapStyleSource } from './modules/basemap/map-style';

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
  /** Outgoing mail; none = SMTP_URL of the config (@tko/mail). */
  mailer?: Mailer;
  /** Attachment bytes; none = the local directory config.attachmentsDir. */
  fileStore?: FileStore;
  /** Fastify logger setting; off in tests. */
  logger?: boolean | object;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, pool, prisma, queues } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    // Only the configured proxies may name the client (X-Forwarded-For): the per-address sign-in limit reads request.ip.
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false },
    // Router refusals (undecodable URL, over-long path parameter) in DRF's shape (plugins/framework-errors.ts).
    frameworkErrors,
  });
  // The base of every absolute link the API writes (crud/paging.ts), never the request's Host.
  app.decorate('publicUrl', config.publicUrl);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  // CSP, frame-ancestors, Referrer-Policy, nosniff on every answer (issue 8 §5); first, so every route has them.
  // The maps' base style (MAP_STYLE_URL, the region's base map, the settings' external style): /api/config/, the region page, the CSP.
  const mapStyle = new MapStyleSource(pool, config.mapStyleUrl, config.basemapDir);
  await registerSecurityHeaders(app, { mapStyleUrl: config.mapStyleUrl, mapStyle });
  // ETag + 304, Cache-Control of API reads, br/gzip of JSON, GeoJSON and tiles (issue 15 §1).
  await registerCompression(app);
  // Strings PostgreSQL cannot keep (NUL, lone surrogates) → 400 before any schema (issue 8 §2).
  registerInputSanitiser(app);
  // DELETE with an empty JSON body is a DELETE (plugins/empty-delete-body.ts).
  registerEmptyDeleteBody(app);
  await registerOpenApi(app);

  decorateRouteRegistry(app);

  const tokens = new TokenService(config.jwtSecret, config.accessTokenLifetime, config.refreshTokenLifetime);
  // One user store for the guards, the sign-in calls and STOMP (its short per-user cache is shared).
  const users = new PrismaUserStore(prisma);
  const guards = createAuthGuards(app, tokens, users);
  const exports = new ExportService(queues, config.xlsxAsyncThreshold, config.exportTtlSeconds);
  const imports = deps.imports ?? null;
  // STOMP at /ws/; `publisher` reaches every API instance through Redis (config.redisUrl), else this one.
  const { publisher } = await registerStomp(app, { tokens, pool, users, queues, redisUrl: config.redisUrl, publisher: deps.publisher, options: deps.stomp, jobOwners: imports ? [(id) => imports.ownerOf(id)] : [] });
  // The domain runtime (packages/db domain/): the registries' repositories, the one write pipeline
  // with every registry effect (CRUD routes, actions, the batch transaction, imports' rollbacks),
  // writerFor, the file store, the job client (queues.jobs); the effects' services (term, links, notifier, mailer, log) from here.
  const domain = createDomain({
    pool, publisher, fileStore: deps.fileStore, log: app.log, jobs: queues?.jobs ?? null,
    config: { attachmentsDir: config.attachmentsDir, regionTimeZone: config.regionTimeZone, publicUrl: config.publicUrl },
    mailer: deps.mailer ?? new Mailer(config.smtpUrl, config.mailFrom, app.log),
  });
  // Root hooks reach only the modules registered after them: add them first.
  registerFederalDictionaryGuard(app, guards);

  const moduleDeps: ModuleDeps = {
    config, pool, queues, imports, tokens, users, guards, exports, publisher, domain, mapStyle,
    pipeline: domain.pipeline, notifier: domain.notifier, registries: domain.registries.crud, mailer: domain.mailer!,
  };
  app.addHook('onClose', async () => moduleDeps.mailer.close());
  for (const module of apiModules) await app.register(module, moduleDeps);
  await registerWeb(app, config.webDist);
  return app;
}
