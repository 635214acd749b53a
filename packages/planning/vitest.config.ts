// Planning tests: the daily route solver on small hand-made instances (pure: no database).
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'planning',
    include: ['test/**/*.test.ts'],
    testTimeout: 60000,
  },
});
