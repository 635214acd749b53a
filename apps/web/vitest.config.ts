/**
 * Unit tests of the web app's pure modules (hash options, session timing, permissions, errors).
 * `isolate: false`: the files share one module graph (antd, react… evaluated once, not once per file:
 * 19 s → 3.4 s CPU on 2026-11-28, docs/TESTING.md «Where the time goes»); no file changes a global,
 * and `restoreMocks` puts back every `vi.spyOn` (console.warn in http.test.ts) before the next test.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web-unit',
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
    isolate: false,
    restoreMocks: true,
  },
});
