/**
 * Every API module, in registration order: buildApp registers this one list with the shared
 * services (module.ts ModuleDeps). Adding a module = a plugin exported by its routes file and
 * one line here (docs/ARCHITECTURE.md "Modules").
 */
import { LocalImportStore } from '@tko/import';
import { analyticsModule } from './analytics/analytics.routes';
import { appealsModule } from './appeals/appeals.routes';
import { contractsModule } from './contracts/contracts.routes';
import { authModule } from './auth/auth.routes';
import { registerBasemapRoutes } from './basemap/basemap.routes';
import { Basemap } from './basemap/mbtiles';
import { crudModule } from './crud.module';
import { dashboardModule } from './dashboard/dashboard.routes';
import { dictsModule } from './dicts/dicts.routes';
import { fkkoModule } from './fkko/fkko.routes';
import { fleetModule } from './fleet/fleet.routes';
import { healthModule } from './health/health.routes';
import { registerImportRoutes } from './import/import.routes';
import { jobsModule } from './jobs/jobs.routes';
import { registerMapLayerRoutes } from './map/layers.routes';
import { MapRepository } from './map/map.repository';
import { registerMapRoutes } from './map/map.routes';
import { metaModule } from './meta/meta.routes';
import { operationsModule } from './operations/operations.module';
import { navctlModule } from './navctl/navctl.routes';
import type { ApiModule } from './module';
import { apiModule } from './module';
import { notificationsModule } from './notifications/notifications.routes';
import { problemsModule } from './problems/problems.routes';
import { regionModule } from './region/region.routes';
import { reportsModule } from './reports/reports.routes';
import { tripModule } from './trip/trip.routes';
import { scheduleRoutesModule } from './schedule-routes/schedule-routes.routes';
import { operatorsModule } from './operators/operators.routes';
import { registerRegistryServices } from './registry-services';
import { registerSystemSettingsRoutes } from './system-settings/system-settings.routes';
import { rolesModule } from './users/roles.routes';
import { usersModule } from './users/users.routes';
import { wasteAreasModule } from './waste-areas/waste-areas.routes';
import { wasteDumpsModule } from './waste-dumps/responsible.routes';
import { wasteSourcesModule } from './waste-sources/waste-sources.routes';

export type { ApiModule, ModuleDeps } from './module';

export const apiModules: readonly ApiModule[] = [
  authModule,
  crudModule,
  apiModule('map', (app, d) => registerMapRoutes(app, { map: new MapRepository(d.pool), guards: d.guards })),
  fkkoModule,
  wasteDumpsModule,
  wasteAreasModule,
  wasteSourcesModule,
  dictsModule,
  operatorsModule,
  jobsModule,
  notificationsModule,
  // Attachments, addresses, batch transaction, change history (issue 3 §5–§8).
  apiModule('registry-services', (app, d) => registerRegistryServices(app, { config: d.config, pool: d.pool, guards: d.guards, domain: d.domain, exports: d.exports })),
  // System import (issue 3 §4): files under IMPORT_DIR, runs on the worker's import queue.
  apiModule('import', (app, d) => registerImportRoutes(app, {
    pool: d.pool, guards: d.guards, store: new LocalImportStore(d.config.importDir), queue: d.imports, maxBytes: d.config.importMaxBytes, pipeline: d.pipeline,
    inspectLimits: d.config.importInspect,
  })),
  apiModule('system-settings', (app, d) => registerSystemSettingsRoutes(app, { pool: d.pool, guards: d.guards, mapStyle: d.mapStyle })),
  // Users, declarants, roles and the permission list (issue 14 §1–§2).
  usersModule,
  rolesModule,
  apiModule('map-layers', (app, d) => registerMapLayerRoutes(app, { pool: d.pool, guards: d.guards })),
  // The region's base map from its OSM extract (issue 9 §3).
  apiModule('basemap', (app, d) => registerBasemapRoutes(app, { basemap: new Basemap(d.config.basemapDir), guards: d.guards })),
  // The region's extract loaded from the screen (Администрирование → Регион): a job of the worker.
  regionModule,
  // Dashboard (issue 12 §2): widgets from the summary the worker refreshes.
  dashboardModule,
  // Simulated balance, tariff calls (issue 12 §3, §5).
  analyticsModule,
  // Problems found by the product (issue 12 §1): dictionaries, logs, events, detector, map layer.
  problemsModule,
  // Operations (issue 11 §1, §5): predicted-flow recount, flows GeoJSON, documents' zip.
  operationsModule,
  // Contracts with revisions and the printable form, citizen appeals with their dialog (issue 11 §3–§4).
  contractsModule,
  appealsModule,
  // The OSRM-compatible routing service /trip/v1/driving/ over pgRouting (issue 10 §2).
  // Way-bills' tasks, printable form and new values (issue 10 §1); the fleet registries are CRUD.
  fleetModule,
  tripModule,
  // Routes of a schedule per work date: read, plan as a queued job, move a stop (issue 10 §1, §4).
  scheduleRoutesModule,
  // GPS tracking (issue 10 §3): vehicles online, trips, REST ingest.
  navctlModule,
  // Regulatory reports (issue 13): report kinds, pre-fill, comments, personal-area numbers, workflow notices.
  reportsModule,
  metaModule,
  // GET /healthz, /readyz (issue 8 §1).
  healthModule,
];
