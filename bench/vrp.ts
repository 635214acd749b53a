/**
 * Route search quality on the VRPLIB instances of shared/data (issue 24 §2): for every instance
 * of `cvrp/` (HGS at 5 s and 60 s) and `vrptw/` (HGS at 300 s), beside the Clarke–Wright savings +
 * local search baseline and the product's previous solver (giant tour + split + 2-opt/relocate;
 * capacity only, so CVRP only: the unloading facility at the depot and an unbounded shift make
 * each unloading trip one CVRP route). Gaps are to the best-known cost of the `.sol` file; every
 * solution is re-checked by src/vrp-check.ts (cost recomputed, customers, capacity, windows).
 *
 * Budgets are CPU seconds of this process (`clock: 'cpu'`): the machine is shared, and "one core
 * for N s" is what the targets mean. Wall time and load average are reported beside them.
 *
 * Run: `pnpm --filter @tko/bench exec tsx vrp.ts [--set=cvrp|vrptw|all] [--cvrp-seconds=5,60]
 * [--vrptw-seconds=300] [--only=X-n106-k14] [--seed=1]`. Writes bench/out/vrp-<set>.json.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataDir } from '@tko/db';
import { savingsBaseline, solveHgs } from '@tko/planning/hgs';
import { parseSolution, parseVrplib, toProblem } from '@tko/planning/vrplib';
import { solvePlan, type PlanInstance, type TravelMatrix } from '@tko/planning';
import { checkVrplib } from './src/vrp-check';

const arg = (name: string, dflt: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;
const load = () => os.loadavg().map((v) => v.toFixed(2)).join(' / ');
const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e6;
};

interface Run {
  solver: string;
  budgetS: number | null;
  cost: number;
  gapPct: number;
  feasible: boolean;
  violations: string[];
  cpuS: number;
  wallS: number;
  routes: number;
  loadAfter: string;
}

function gap(cost: number, bks: number): number {
  return Math.round(((cost - bks) / bks) * 10000) / 100;
}

/** Routes of locations (0 = depot) → checked run. */
function record(text: string, bks: number, solver: string, budgetS: number | null, routes: number[][], cpuS: number, wallS: number): Run {
  const check = checkVrplib(text, routes);
  return {
    solver,
    budgetS,
    cost: check.cost,
    gapPct: gap(check.cost, bks),
    feasible: check.violations.length === 0,
    violations: check.violations.slice(0, 5),
    cpuS: Math.round(cpuS * 10) / 10,
    wallS: Math.round(wallS * 10) / 10,
    routes: check.routes,
    loadAfter: load(),
  };
}

/** The previous solver on a CVRP instance: one garage, the unloading facility on it, no shift limit. */
function previousSolver(text: string, fleet: number): number[][] {
  const file = parseVrplib(text);
  const xy = file.sections.NODE_COORD!;
  const demand = file.sections.DEMAND!.map((r) => r[1]!);
  const capacity = Number(file.specs.CAPACITY);
  const n = xy.length;
  // node order of the planning package: depot 0, facility 1, sites 2… (site s = file node s + 1)
  const at = (node: number) => (node <= 1 ? 0 : node - 1);
  const dist = (a: number, b: number) => Math.round(Math.hypot(xy[at(a)]![1]! - xy[at(b)]![1]!, xy[at(a)]![2]! - xy[at(b)]![2]!));
  const matrix: TravelMatrix = { size: n + 1, distanceM: dist, timeS: dist, source: 'great_circle' };
  const point = { lat: 0, lng: 0 };
  const inst: PlanInstance = {
    depots: [{ id: 0, point }],
    facilities: [{ id: 0, point }],
    sites: Array.from({ length: n - 1 }, (_, s) => ({ id: s + 1, point, volumeM3: demand[s + 1]!, serviceS: 0 })),
    // as many trucks as the HGS fleet: a truck per split segment (each may unload several times)
    vehicles: Array.from({ length: fleet }, (_, v) => ({ id: v, depot: 0, capacityM3: capacity })),
    shift: { startS: 0, endS: 1e12, lunchAfterS: 1e13, lunchS: 0, unloadS: 0 },
    matrix,
  };
  const plan = solvePlan(inst);
  if (plan.unserved.length > 0) console.log(`  previous solver: ${plan.unserved.length} sites unserved`);
  const trips: number[][] = [];
  for (const r of plan.routes) {
    let trip: number[] = [];
    for (const stop of r.stops) {
      if (stop.type === 'WASTE_AREA') trip.push(stop.index! + 1);
      else if (trip.length > 0) {
        trips.push(trip);
        trip = [];
      }
    }
  }
  return trips;
}

function main(): void {
  const set = arg('set', 'all');
  const seed = Number(arg('seed', '1'));
  const only = arg('only', '');
  const sets = set === 'all' ? ['cvrp', 'vrptw'] : [set];
  const out: Record<string, unknown>[] = [];
  const started = new Date().toISOString();
  console.log(`# VRP bench ${started} — ${os.cpus()[0]?.model ?? '?'} × ${os.cpus().length}, Node ${process.version}, load ${load()}`);
  for (const s of sets) {
    const budgets = (s === 'cvrp' ? arg('cvrp-seconds', '5,60') : arg('vrptw-seconds', '300')).split(',').map(Number);
    const dir = path.join(dataDir(), s);
    const names = readdirSync(dir).filter((f) => f.endsWith('.vrp') && (!only || only.split(',').some((o) => f.startsWith(o)))).sort((a, b) => dimension(dir, a) - dimension(dir, b));
    console.log(`\n## ${s}: HGS at ${budgets.join(', ')} CPU s, CW+LS, ${s === 'cvrp' ? 'previous solver' : '(the previous solver has no time windows)'}\n`);
    console.log('| instance | BKS | ' + budgets.map((b) => `HGS ${b} s`).join(' | ') + ' | CW+LS | previous | load after |');
    console.log('|---|---|' + budgets.map(() => '---|').join('') + '---|---|---|');
    for (const name of names) {
      const text = readFileSync(path.join(dir, name), 'utf8');
      const solText = readFileSync(path.join(dir, name.replace(/\.vrp$/, '.sol')), 'utf8');
      const bks = parseSolution(solText).cost!;
      const bksRoutes = (solText.match(/^Route #/gm) ?? []).length;
      const inst = toProblem(parseVrplib(text));
      const runs: Run[] = [];
      for (const b of budgets) {
        const c0 = cpuNow();
        const w0 = performance.now();
        const r = solveHgs(inst.problem, { seed, timeLimitS: b, clock: 'cpu' });
        runs.push(record(text, bks, 'hgs', b, r.routes, cpuNow() - c0, (performance.now() - w0) / 1000));
      }
      {
        const c0 = cpuNow();
        const w0 = performance.now();
        const r = savingsBaseline(inst.problem, { seed });
        runs.push(record(text, bks, 'cw+ls', null, r.routes, cpuNow() - c0, (performance.now() - w0) / 1000));
      }
      if (s === 'cvrp') {
        const c0 = cpuNow();
        const w0 = performance.now();
        const trips = previousSolver(text, inst.problem.routeType.length);
        runs.push(record(text, bks, 'previous', null, trips, cpuNow() - c0, (performance.now() - w0) / 1000));
      }
      // with time windows the number of routes is shown too (the best known: bksRoutes)
      const routesNote = (r: Run) => (s === 'vrptw' ? `, ${r.routes} routes` : '');
      const cell = (r: Run | undefined) => (r ? `${r.cost} (${r.gapPct.toFixed(2)} %${r.feasible ? '' : ', INFEASIBLE'}${routesNote(r)}${r.budgetS === null ? `, ${r.cpuS} s` : ''})` : 'n/a');
      console.log(
        `| ${inst.name} | ${bks}${s === 'vrptw' ? ` (${bksRoutes} routes)` : ''} | ` +
          budgets.map((b) => cell(runs.find((r) => r.solver === 'hgs' && r.budgetS === b))).join(' | ') +
          ` | ${cell(runs.find((r) => r.solver === 'cw+ls'))} | ${cell(runs.find((r) => r.solver === 'previous'))} | ${load()} |`,
      );
      for (const r of runs) if (!r.feasible) console.log(`  ${r.solver} ${r.budgetS ?? ''}: ${r.violations.join('; ')}`);
      out.push({ set: s, instance: inst.name, bks, runs });
    }
    const mean = (b: number) => {
      const g = out.filter((o) => o.set === s).map((o) => (o.runs as Run[]).find((r) => r.solver === 'hgs' && r.budgetS === b)!.gapPct);
      return `mean ${(g.reduce((a, v) => a + v, 0) / g.length).toFixed(2)} %, max ${Math.max(...g).toFixed(2)} %`;
    };
    console.log('\n' + budgets.map((b) => `HGS ${b} s: ${mean(b)}`).join('; '));
  }
  mkdirSync(path.join(import.meta.dirname, 'out'), { recursive: true });
  const file = path.join(import.meta.dirname, 'out', `vrp-${set}${only ? '-' + only.replace(/,/g, '_') : ''}.json`);
  writeFileSync(file, JSON.stringify({ started, finished: new Date().toISOString(), machine: `${os.cpus()[0]?.model} × ${os.cpus().length}`, node: process.version, seed, results: out }, null, 1));
  console.log(`\nwritten ${file}; load ${load()}`);
}

function dimension(dir: string, f: string): number {
  return Number(/DIMENSION\s*:\s*(\d+)/.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1] ?? 0);
}

main();
