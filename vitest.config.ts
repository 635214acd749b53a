// Every test of the workspace, as vitest projects (docs/TESTING.md). Run: `pnpm test`
// (scripts/test.sh) or `pnpm exec vitest run --project api` for one project.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two test files at a time. vitest's default is one per CPU less one: a single file at a time on
    // the 2-core CI machine, where most of a file's time is spent waiting on PostgreSQL, Redis,
    // Chromium and the processes it starts. Every file has its own database, BullMQ prefix, ports
    // and web copy (docs/TESTING.md «Isolation»), so two run side by side. VITEST_MAX_WORKERS overrides.
    maxWorkers: 2,
    projects: ['packages/db', 'packages/import', 'apps/api', 'apps/worker', 'apps/tracker', 'packages/planning', 'apps/web', 'apps/web/vitest.e2e.config.ts'],
  },
});
