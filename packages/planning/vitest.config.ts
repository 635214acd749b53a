// Planning tests: the daily route solver on small hand-made instances (pure: no database).
// `isolate: false`: no global state, so the files share one module graph (6.4 s → 4.2 s CPU).
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'planning',
    include: ['test/**/*.test.ts'],
    testTimeout: 60000,
    isolate: false,
  },
});
