// Browser end-to-end test: the built app (apps/web/dist, `pnpm --filter @tko/web build` first)
// served by the real API on a fresh database with the Angarsk data, driven by headless Chromium
// (playwright-core, CHROMIUM_PATH or /usr/bin/chromium). Run: `pnpm exec vitest run --project web-e2e`.
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web-e2e',
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // expect.poll waits on the page (counts, texts) for up to 15 s instead of 1 s.
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
