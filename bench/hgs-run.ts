/**
 * One HGS run on one VRPLIB instance of shared/data for a CPU budget: prints the iterations done,
 * the iterations per CPU second, the cost and the gap to the best known (the search's speed and
 * quality between two code versions, without the whole bench/vrp.ts table).
 *
 * Run: `pnpm --filter @tko/bench exec tsx hgs-run.ts X-n766-k71 [cpuSeconds=10] [seed=1] [iterations]`;
 * with `iterations` the run stops there (deterministic: two code versions that only differ in speed
 * print the same cost, and the CPU seconds compare their speed). `HGS_OPTS='{"crossover":"ox"}'` adds options.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '@tko/db';
import { solveHgs, type HgsOptions } from '@tko/planning/hgs';
import { parseSolution, parseVrplib, toProblem } from '@tko/planning/vrplib';

const name = process.argv[2] ?? 'X-n766-k71';
const seconds = Number(process.argv[3] ?? 10);
const seed = Number(process.argv[4] ?? 1);
const maxIterations = process.argv[5] ? Number(process.argv[5]) : undefined;
const dir = name.startsWith('X') ? 'cvrp' : 'vrptw';
const file = path.join(dataDir(), dir, `${name}.vrp`);
const { problem: p, scale } = toProblem(parseVrplib(readFileSync(file, 'utf8')));
const bks = parseSolution(readFileSync(file.replace(/\.vrp$/, '.sol'), 'utf8')).cost!;
// HGS_OPTS: extra solveHgs options as JSON (parameter trials without code changes)
const extra = JSON.parse(process.env.HGS_OPTS ?? '{}') as HgsOptions;
const r = solveHgs(p, { ...extra, seed, timeLimitS: seconds, clock: 'cpu', maxIterations });
// the VRPTW problem's costs are in tenths (to-problem.ts `scale`)
const gap = ((r.cost / scale - bks) / bks) * 100;
console.log(
  `${name} ${seconds} CPU s seed ${seed}: ${r.iterations} iterations in ${r.elapsedS.toFixed(1)} s (${(r.iterations / r.elapsedS).toFixed(1)}/s), ` +
    `cost ${r.cost / scale}${r.feasible ? '' : ' INFEASIBLE'}, gap ${gap.toFixed(2)} %, best at ${r.bestFoundS.toFixed(1)} s`,
);
