/**
 * Tests of @tko/db against a real PostgreSQL + PostGIS (src/testing): the global setup
 * migrates one template database per run, each test file works on its own copy.
 * The root vitest config lists this file as the project `db`.
 */
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'db',
    root: import.meta.dirname,
    include: ['test/**/*.test.ts'],
    globalSetup: ['./src/testing/global-setup.ts'],
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
