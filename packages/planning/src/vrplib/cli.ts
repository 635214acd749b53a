/**
 * `pnpm --filter @tko/planning solve-vrplib <file.vrp> --seconds N [--seed S]`: solves a VRPLIB
 * instance with the product's search (HGS) and prints ONLY the solution in the `.sol` format on
 * stdout (solution.ts). Progress and errors go to stderr; exit code 1 on bad arguments or an
 * unreadable file, 2 when no feasible solution was found (the least penalised one is printed).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { solveHgs } from '../hgs/solve';
import { parseVrplib } from './read';
import { formatCost, formatSolution } from './solution';
import { toProblem } from './to-problem';

function main(argv: string[]): number {
  const args = argv.slice(2);
  let file: string | undefined;
  let seconds = 30;
  let seed = 1;
  let quiet = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--seconds') seconds = Number(args[++i]);
    else if (a.startsWith('--seconds=')) seconds = Number(a.slice(10));
    else if (a === '--seed') seed = Number(args[++i]);
    else if (a.startsWith('--seed=')) seed = Number(a.slice(7));
    else if (a === '--quiet') quiet = true;
    else if (!a.startsWith('--')) file = a;
    else {
      process.stderr.write(`unknown option ${a}\n`);
      return 1;
    }
  }
  if (!file || !(seconds > 0) || !Number.isInteger(seed)) {
    process.stderr.write('usage: solve-vrplib <file.vrp> --seconds N [--seed S]\n');
    return 1;
  }
  const inst = toProblem(parseVrplib(readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8')));
  const result = solveHgs(inst.problem, {
    seed,
    timeLimitS: seconds,
    onProgress: quiet
      ? undefined
      : (pr) => process.stderr.write(`${pr.elapsedS.toFixed(1)} s  it ${pr.iterations}  best ${pr.bestCost === null ? '-' : formatCost(pr.bestCost, inst.scale)}\n`),
  });
  process.stdout.write(formatSolution(result.routes, formatCost(result.cost, inst.scale)));
  return result.feasible ? 0 : 2;
}

process.exitCode = main(process.argv);
