// API tests: the real app on a fresh copy of the migrated template database per test file
// (packages/db/src/testing), real PostgreSQL + PostGIS, real Redis where a test needs jobs.
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts'],
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    testTimeout: 60000,
    hookTimeout: 120000,
  },
});
