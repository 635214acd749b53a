// Mail tests: settings, templates and the one-place rule (pure: no SMTP; the API's and worker's tests send to a real receiver).
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'mail',
    include: ['test/**/*.test.ts'],
    testTimeout: 60000,
  },
});
