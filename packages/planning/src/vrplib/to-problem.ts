/**
 * A VRPLIB instance as the search's problem, with the benchmark's rounding conventions
 * (shared/data/SOURCES.md):
 * - CVRP (the X set, Uchoa et al. 2017): each Euclidean distance rounded to the nearest integer;
 * - VRPTW (Solomon, Gehring & Homberger, DIMACS 2021): distances and durations truncated to one
 *   decimal — kept here as integer tenths (`scale` = 10); times and service are scaled alike.
 * The depot is node 1 of the file (location 0). Without `VEHICLES` the fleet is HGS-CVRP's bound
 * ⌈1.3 × total demand / capacity⌉ + 3.
 */
import { makeProblem, type ProblemData } from '../hgs/problem';
import type { VrplibFile } from './read';

export interface VrplibInstance {
  name: string;
  /** 'round' (CVRP) or 'tenths' (VRPTW). */
  rounding: 'round' | 'tenths';
  /** Objective units per unit of the file (1 or 10). */
  scale: number;
  problem: ProblemData;
}

/** Throws for an edge weight type other than EUC_2D, a missing section, or more than one depot. */
export function toProblem(file: VrplibFile): VrplibInstance {
  const { specs, sections } = file;
  const ewt = (specs.EDGE_WEIGHT_TYPE ?? '').toUpperCase();
  if (ewt !== 'EUC_2D') throw new Error(`EDGE_WEIGHT_TYPE ${ewt || '(none)'}: only EUC_2D is supported`);
  const coords = sections.NODE_COORD;
  const demandRows = sections.DEMAND;
  if (!coords || !demandRows) throw new Error('NODE_COORD_SECTION and DEMAND_SECTION are required');
  const n = Number(specs.DIMENSION ?? coords.length);
  if (coords.length !== n || demandRows.length !== n) throw new Error(`DIMENSION ${n}: sections have ${coords.length} / ${demandRows.length} rows`);
  const depots = (sections.DEPOT ?? [[1]]).flat().filter((v) => v > 0);
  if (depots.length !== 1 || depots[0] !== 1) throw new Error('only one depot, node 1, is supported');
  const tw = sections.TIME_WINDOW;
  const rounding = tw ? 'tenths' : 'round';
  const scale = rounding === 'tenths' ? 10 : 1;
  const x = coords.map((r) => r[1]!);
  const y = coords.map((r) => r[2]!);
  const dist = new Int32Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const d = Math.hypot(x[i]! - x[j]!, y[i]! - y[j]!);
      dist[i * n + j] = rounding === 'round' ? Math.round(d) : Math.floor(d * 10 + 1e-7);
    }
  }
  const demand = demandRows.map((r) => r[1]!);
  demand[0] = 0;
  const capacity = Number(specs.CAPACITY);
  if (!(capacity > 0)) throw new Error('CAPACITY is required');
  const service = new Array<number>(n).fill(0);
  if (specs.SERVICE_TIME !== undefined) for (let i = 1; i < n; i++) service[i] = Number(specs.SERVICE_TIME) * scale;
  for (const r of sections.SERVICE_TIME ?? []) service[r[0]! - 1] = r[1]! * scale;
  const total = demand.reduce((a, b) => a + b, 0);
  const count = specs.VEHICLES ? Number(specs.VEHICLES) : Math.ceil((1.3 * total) / capacity) + 3;
  return {
    name: specs.NAME ?? '',
    rounding,
    scale,
    problem: makeProblem({
      numDepots: 1,
      distance: dist,
      dims: 1,
      demand,
      service,
      twEarly: tw ? tw.map((r) => r[1]! * scale) : undefined,
      twLate: tw ? tw.map((r) => r[2]! * scale) : undefined,
      vehicleTypes: [{ count, capacity: [capacity], startDepot: 0 }],
      x,
      y,
    }),
  };
}
