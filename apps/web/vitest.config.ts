/** Unit tests of the web app's pure modules (hash options, session timing, permissions, errors). */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web-unit',
    include: ['test/unit/**/*.test.ts'],
    environment: 'node',
  },
});
