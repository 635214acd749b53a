// Every test of the workspace, as vitest projects (docs/TESTING.md). Run: `pnpm test`
// (scripts/test.sh) or `pnpm exec vitest run --project api` for one project.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/db', 'packages/import', 'packages/mail', 'apps/api', 'apps/worker', 'apps/tracker', 'packages/planning', 'apps/web', 'apps/web/vitest.e2e.config.ts'],
  },
});
