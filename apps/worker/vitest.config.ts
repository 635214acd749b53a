// Worker tests: pure job helpers here; the export processor itself runs against the real
// API, database and Redis in apps/api/test/xlsx.test.ts.
import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'worker', include: ['test/**/*.test.ts'] } });
