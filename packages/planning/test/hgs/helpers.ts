/**
 * Test helpers of the search: small random instances and an independent cost of a solution —
 * a plain forward simulation (leave the depot at the earliest time, wait when early, pay the
 * lateness as time warp and continue at the window's end: Vidal et al. 2013's definition), not
 * the segment algebra the search uses.
 */
import { makeProblem, Rng, type Penalties, type ProblemData } from '../../src/hgs';

export function randomProblem(seed: number, opts: { clients: number; timeWindows?: boolean; types?: number; dims?: number; depots?: number; count?: number; wide?: boolean; capacityOnly?: boolean; asymmetric?: boolean }): ProblemData {
  const rng = new Rng(seed);
  const depots = opts.depots ?? 1;
  const n = depots + opts.clients;
  const dims = opts.dims ?? 1;
  const x = Array.from({ length: n }, () => rng.int(100));
  const y = Array.from({ length: n }, () => rng.int(100));
  const distance = new Array<number>(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) distance[i * n + j] = Math.round(Math.hypot(x[i]! - x[j]!, y[i]! - y[j]!));
  // asymmetric: every direction a few units longer at random (one-way streets)
  if (opts.asymmetric) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) distance[i * n + j]! += rng.int(7);
  const demand = new Array<number>(n * dims).fill(0);
  for (let i = depots; i < n; i++) for (let d = 0; d < dims; d++) demand[i * dims + d] = 1 + rng.int(9);
  const service = Array.from({ length: n }, (_, i) => (i < depots ? 0 : 5 + rng.int(10)));
  const twEarly = Array.from({ length: n }, (_, i) => (i < depots || !opts.timeWindows ? 0 : rng.int(300)));
  const twLate = twEarly.map((e, i) => (i < depots ? 1000 : opts.timeWindows ? e + (opts.wide ? 200 : 30) + rng.int(100) : 1000));
  const types = Array.from({ length: opts.types ?? 1 }, (_, t) => ({
    count: (opts.count ?? 3) + t,
    capacity: Array.from({ length: dims }, () => 20 + 5 * t),
    startDepot: t % depots,
    fixedCost: 7 * t,
  }));
  // capacityOnly: a CVRP (no service times, windows or shift: hasTime false)
  if (opts.capacityOnly) return makeProblem({ numDepots: depots, distance, dims, demand, vehicleTypes: types, x, y });
  return makeProblem({ numDepots: depots, distance, dims, demand, service, twEarly, twLate, vehicleTypes: types, x, y });
}

/** A random assignment of the clients to the vehicle slots. */
export function randomRoutes(p: ProblemData, seed: number): number[][] {
  const rng = new Rng(seed);
  const routes: number[][] = Array.from(p.routeType, () => []);
  for (let c = p.numDepots; c < p.n; c++) routes[rng.int(routes.length)]!.push(c);
  for (const r of routes) rng.shuffle(r);
  return routes;
}

/** Penalised cost by forward simulation. */
export function simulatedCost(p: ProblemData, routes: ArrayLike<ArrayLike<number>>, pen: Penalties): number {
  let total = 0;
  const n = p.n;
  for (let r = 0; r < routes.length; r++) {
    const seq = routes[r]!;
    if (seq.length === 0) continue;
    const type = p.types[p.routeType[r]!]!;
    let at = type.startDepot;
    let time = Math.max(p.twEarly[at]!, type.twEarly);
    let warp = 0;
    let dist = 0;
    const load = new Array<number>(p.dims).fill(0);
    const visit = (c: number, service: number, early: number, late: number) => {
      dist += p.dist[at * n + c]!;
      time += p.dur[at * n + c]!;
      if (time < early) time = early;
      if (time > late) {
        warp += time - late;
        time = late;
      }
      time += service;
      at = c;
    };
    for (let i = 0; i < seq.length; i++) {
      const c = seq[i]!;
      visit(c, p.service[c]!, p.twEarly[c]!, p.twLate[c]!);
      for (let d = 0; d < p.dims; d++) load[d]! += p.demand[c * p.dims + d]!;
    }
    visit(type.endDepot, 0, Math.max(p.twEarly[type.endDepot]!, type.twEarly), Math.min(p.twLate[type.endDepot]!, type.twLate));
    total += dist + type.fixedCost + (p.hasTime ? pen.tw * warp : 0);
    for (let d = 0; d < p.dims; d++) total += pen.load[d]! * Math.max(0, load[d]! - type.capacity[d]!);
  }
  return total;
}
