/**
 * An API module is a plain async Fastify plugin whose options are the shared services
 * ({@link ModuleDeps}, built once by buildApp); modules/index.ts lists them all and buildApp
 * registers the list in order (docs/ARCHITECTURE.md "Modules").
 *
 * Each module runs in its own encapsulated context: its hooks, parsers (multipart) and
 * decorators stay inside it. Hooks every route must see (the federal-dictionary guard) are added
 * on the root before the modules; the root's error handler, zod compilers, OpenAPI collection
 * and route registry reach every module.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Pool } from 'pg';
import type { Domain, Notifier, RegistryEntry, WritePipeline } from '@tko/db';
import type { RealtimePublisher } from '@tko/realtime';
import type { Config } from '../config';
import type { AuthGuards } from '../plugins/auth';
import type { TokenService } from './auth/tokens';
import type { UserStore } from './auth/user-store';
import type { ExportService } from './jobs/export-service';
import type { Queues } from './jobs/queue';
import type { ImportQueue } from './import/import-queue';
import type { Mailer } from '@tko/mail';
import type { MapStyleSource } from './basemap/map-style';

/** The services every module may use; one instance of each per app. */
export interface ModuleDeps {
  config: Config;
  pool: Pool;
  /** Null without Redis (job calls answer 503). */
  queues: Queues | null;
  /** Import runs' queue; null = processing answers 503. */
  imports: ImportQueue | null;
  tokens: TokenService;
  /** The one user store (a short cache per user); the guards and STOMP read the same one. */
  users: UserStore;
  guards: AuthGuards;
  exports: ExportService;
  /** Live messages to every API instance (STOMP, modules/stomp). */
  publisher: RealtimePublisher;
  /** The domain runtime (@tko/db domain/): repositories, write pipeline, writerFor, file store. */
  domain: Domain<Mailer>;
  /** = domain.notifier. */
  notifier: Notifier;
  /** = domain.pipeline: the one write pipeline (CRUD routes, actions, the batch transaction). */
  pipeline: WritePipeline;
  /** = domain.registries.crud: one repository per registry of `resources`. */
  registries: readonly RegistryEntry[];
  /** = domain.mailer: outgoing mail (@tko/mail): registration and restore links, report notices. */
  mailer: Mailer;
  /** The maps' base style (modules/basemap/map-style.ts): /api/config/, the region page, the settings' PUT. */
  mapStyle: MapStyleSource;
}

export type ApiModule = FastifyPluginAsync<ModuleDeps>;

/** Names a module (Fastify's display name, shown by printPlugins and in boot errors). */
export function apiModule(name: string, register: (app: FastifyInstance, deps: ModuleDeps) => void | Promise<void>): ApiModule {
  const plugin: ApiModule = async (app, deps) => {
    await register(app, deps);
  };
  Object.defineProperty(plugin, 'name', { value: `module:${name}` });
  (plugin as unknown as Record<symbol, string>)[Symbol.for('fastify.display-name')] = `module:${name}`;
  return plugin;
}
