// Tracker tests: the Wialon IPS receiver over a real TCP socket (protocol answers, CRC, malformed
// packets, a replayed track), positions in the partitioned table, live STOMP delivery.
// Real PostgreSQL (a copy of the migrated template per file) and Redis.
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tracker',
    include: ['test/**/*.test.ts'],
    globalSetup: ['../../packages/db/src/testing/global-setup.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
  },
});
