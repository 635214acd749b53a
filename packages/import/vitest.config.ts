// @tko/import unit tests: detection, CSV/XLSX reading, cell parsing, matching, grouping and the
// template file, on bytes made here (the end-to-end import runs in apps/api/test/import*.test.ts).
import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'import', include: ['test/**/*.test.ts'], testTimeout: 60_000 } });
