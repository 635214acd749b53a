// Worker tests: job helpers, the scheduled housekeeping, the export job's live progress and
// notification, and the real worker process killed with SIGKILL mid-job (sigkill.test.ts).
// Real PostgreSQL (a copy of the migrated template per file) and Redis; each file uses its own
// BullMQ prefix so files running in parallel never take each other's jobs.
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'worker',
    include: ['test/**/*.test.ts'],
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
  },
});
