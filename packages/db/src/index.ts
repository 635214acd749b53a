/**
 * @tko/db: the database of the ТКО registry. Connections (pg pool, Prisma client), the
 * migration runner, the first administrator, the Angarsk demo import and the ОКТМО loader.
 * Tables: prisma/schema.prisma and prisma/migrations (docs/DATABASE.md); which registry lives
 * where: src/tables (the contract describes only the wire).
 * Test databases: `@tko/db/testing`.
 */
export { createPool, createPrisma, typeParsers } from './client';
export type { PrismaClient, PoolErrorHandler } from './client';
export { isDatabaseUnavailable } from './unavailable';
export { migrate, MigrationHistoryError, MIGRATION_LOCK_KEY } from './migrate';
export type { MigrateOptions } from './migrate';
export { readMigrations, sha256Hex } from './migration-files';
export type { MigrationFile } from './migration-files';
export { ensureAdmin, ADMIN_ROLE } from './admin';
export type { AdminInput, AdminResult } from './admin';
export { seedRoles } from './roles-seed';
export type { SeedRolesResult } from './roles-seed';
export { writePlan, ANGARSK_SOURCE, ANGARSK_ZONE, PLAN_UPDATED_FIELDS } from './angarsk/import';
export { importAngarsk } from './angarsk/import-file';
export { adoptPlan, PLAN_DEFS, readPlanBefore, type PlanBefore } from './angarsk/adopt-plan';
export type { AngarskImportCounts, PlanWriteRecords, PlanRecord, StaleLinks } from './angarsk/import';
export { readPlanRows, parsePlanDays, type PlanRow } from './angarsk/read-plan';
export { groupPlan, type RoutePlan, type PlanSite } from './angarsk/group-plan';
export { normalizePlate } from './angarsk/normalize';
export { ANGARSK_LANDFILL, PLAN_SCHEDULE_PREFIX, type PlanRegionCounts } from './angarsk/region';
export { importOktmo, importOktmoRows, OKTMO_SOURCE, OKTMO_FILE } from './oktmo/import';
export { loadOktmoUpload, oktmoLoadedByRegion, systemSettingsRegion, oktmoFileRegions, chooseOktmoRegions, regionMatches, decodeOktmo, OktmoFileError } from './oktmo/upload';
export type { OktmoUploadResult, OktmoFileRegion } from './oktmo/upload';
export type { OktmoImportCounts, RegionCounts } from './oktmo/import';
export { planOktmo, isHeading, unitCode } from './oktmo/classify';
export { parseOktmo, readOktmo } from './oktmo/read';
export { matchAdminBoundaries, boundaryCoverage, BOUNDARY_MATCH_SQL } from './oktmo/boundaries';
export type { BoundaryCoverage } from './oktmo/boundaries';
export { importFkko, fkkoCount } from './fkko/import';
export type { FkkoImportResult } from './fkko/import';
export { readFkkoFile } from './fkko/read-fkko';
export type { FkkoFile, FkkoRow, FkkoRejected } from './fkko/read-fkko';
export { MIGRATIONS_DIR, SCHEMA_PATH, REPO_ROOT, dataDir } from './paths';
export * from './registry/index';
export * from './effects/index';
export * from './tables/index';
export * from './notifications/index';
export { ExportRecordStore } from './exports/export-records';
export type { ExportRecord } from './exports/export-records';
export * from './dashboard/index';
export * from './problems/index';
export * from './routing/index';
export * from './tracking/index';
export { hashSecret, hashSecretFields, verifySecret } from './secrets';
export * from './flows/index';
export * from './domain/index';
export * from './calendar/index';
export { addScheduleSites, selectBulkSites, type BulkSelection } from './schedule-sites/bulk';
export * from './analytics/index';
export * from './appeals/index';
