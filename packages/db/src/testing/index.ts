/**
 * `@tko/db/testing`: real PostgreSQL + PostGIS databases for tests (no mocks). Add
 * `@tko/db/testing/global-setup` to the vitest project's globalSetup, then call
 * {@link createTestDatabase} once per test file (beforeAll) and `drop()` it (afterAll).
 */
export { createTestDatabase } from './test-database';
export type { TestDatabase, TestDatabaseOptions } from './test-database';
export { startTestServer, TEST_POSTGIS_IMAGE } from './server';
export type { TestServer } from './server';
export { createDatabase, databaseUrl, dropDatabase } from './databases';
export { backendPid, blockedBy } from './lock-wait';
export { at, jitter12, JITTER_12, M_PER_DEG_LAT, M_PER_DEG_LNG, ORIGIN, Track } from './hand-track';
export type { HandPoint } from './hand-track';
