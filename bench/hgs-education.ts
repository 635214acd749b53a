/**
 * CPU milliseconds of one education (the HGS local search with SWAP*) of a random start, the
 * search's inner cost on large instances (bench/RESULTS.md «Route search quality»): `k` random
 * giant tours of a VRPLIB instance of shared/data, split at the initial prices, each educated.
 * Prints the mean CPU ms (this process's CPU time, not wall: the machine is shared) and the mean
 * penalised cost after the education (equal between two code versions when a change only speeds
 * the search up).
 *
 * Run: `pnpm --filter @tko/bench exec tsx hgs-education.ts X-n766-k71 10 [sweep]`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '@tko/db';
import { granularNeighbours, Individual, initialPenalties, LocalSearch, Rng, split } from '@tko/planning/hgs';
import { parseVrplib, toProblem } from '@tko/planning/vrplib';

const name = process.argv[2] ?? 'X-n766-k71';
const k = Number(process.argv[3] ?? 10);
const sweep = process.argv[4] === 'sweep';
const dir = name.startsWith('X') ? 'cvrp' : 'vrptw';
const p = toProblem(parseVrplib(readFileSync(path.join(dataDir(), dir, `${name}.vrp`), 'utf8'))).problem;
const pen = initialPenalties(p);
const rng = new Rng(1);
const ls = new LocalSearch(p, pen, granularNeighbours(p, 20), rng);
const clients = Int32Array.from({ length: p.n - 1 }, (_, i) => i + 1);
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1e3;
};
let total = 0;
let cost = 0;
for (let i = 0; i < k; i++) {
  rng.shuffle(clients);
  if (sweep && p.x && p.y) {
    // the clients by polar angle around the depot from a random direction
    const x = p.x;
    const y = p.y;
    const off = rng.float() * 2 * Math.PI;
    const key = new Float64Array(p.n);
    for (const c of clients) key[c] = (Math.atan2(y[c]! - y[0]!, x[c]! - x[0]!) - off + 4 * Math.PI) % (2 * Math.PI);
    clients.sort((a, b) => key[a]! - key[b]!);
  }
  const start = split(p, clients, pen);
  const t = cpuMs();
  const out = ls.run(start, pen);
  total += cpuMs() - t;
  cost += new Individual(p, out).penalised(pen);
}
console.log(`${name}: ${(total / k).toFixed(1)} CPU ms per education, mean penalised cost ${(cost / k).toFixed(0)} (${k} ${sweep ? 'sweep' : 'random'} starts)`);
