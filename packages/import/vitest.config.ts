// @tko/import unit tests: detection, CSV/XLSX reading, cell parsing, matching, grouping and the
// template file, on bytes made here (the end-to-end import runs in apps/api/test/import*.test.ts).
// `isolate: false`: pure functions, no global state, so the files share one module graph (11 s → 4.6 s CPU).
import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'import', include: ['test/**/*.test.ts'], testTimeout: 60_000, isolate: false } });
