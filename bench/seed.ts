/**
 * `pnpm --filter @tko/bench exec tsx seed.ts`: (re)creates the benchmark database
 * `tko_bench` on the server of DATABASE_URL with 100 000 container sites and 300 000 waste
 * sources (src/seed-db.ts, src/sources-seed.ts).
 */
import { seedBenchDatabase } from './src/seed-db';

const s = await seedBenchDatabase();
console.log(`seeded: ${s.realSites} real Angarsk + ${s.syntheticSites} synthetic sites, ${s.containers} containers in ${s.seconds.toFixed(1)} s`);
