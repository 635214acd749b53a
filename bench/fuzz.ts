/**
 * The long run of the API's property-based sweep (issue 8 §2): apps/api/test/api-fuzz.test.ts with
 * a bigger budget — every OpenAPI operation, three callers, hostile inputs; no 5xx, DRF-shaped 4xx.
 *
 *   pnpm --filter @tko/bench fuzz                      # 300 s, up to 2000 runs per operation, seed from the clock
 *   pnpm --filter @tko/bench fuzz -- --seconds=600 --runs=5000 --seed=42
 *
 * Needs what the API tests need (DATABASE_URL of an admin role, REDIS_URL). The seed is printed
 * first and with every failure: `FUZZ_SEED=<seed> pnpm exec vitest run --project api
 * apps/api/test/api-fuzz.test.ts` replays it. Exit code: the test's.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const arg = (name: string, fallback: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const seconds = arg('seconds', '300');
const runs = arg('runs', '2000');
const seed = arg('seed', String(Date.now() % 2 ** 31));
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

console.log(`api fuzz: ${seconds} s, ≤ ${runs} runs per operation, seed ${seed}`);
const started = Date.now();
const out = spawnSync('pnpm', ['exec', 'vitest', 'run', '--project', 'api', 'apps/api/test/api-fuzz.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_SECONDS: seconds, FUZZ_RUNS: runs, FUZZ_SEED: seed },
});
console.log(`api fuzz: finished in ${Math.round((Date.now() - started) / 1000)} s, exit ${out.status}`);
process.exit(out.status ?? 1);
