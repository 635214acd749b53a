/**
 * The routing problem the hybrid genetic search solves, modelled as PyVRP's `ProblemData` so the
 * product's planner can fill it: locations (depots first, then clients), integer distance and
 * duration matrices, multi-dimensional loads, heterogeneous vehicle types, time windows, service
 * durations and a maximum route duration.
 *
 * Units are the caller's, the same throughout one problem: the product uses metres, seconds,
 * and loads such as [volume in litres, mass in kg] (integers keep the sums exact); the VRPLIB
 * reader uses the benchmark's scaled integers (vrplib/to-problem.ts). The search only adds and
 * compares them.
 */

/** One vehicle type: `count` identical vehicles. */
export interface VehicleType {
  /** How many vehicles of this type may be used. */
  count: number;
  /** Capacity per load dimension (same order as `ProblemData.dims`). */
  capacity: number[];
  /** Location index of the depot the route starts at. */
  startDepot: number;
  /** Location index of the depot the route ends at (default: startDepot). */
  endDepot?: number;
  /** Cost added once per used vehicle (same unit as distance). Default 0. */
  fixedCost?: number;
  /** Earliest start / latest return of the shift (default: the depot's window). */
  twEarly?: number;
  twLate?: number;
  /** Longest route duration, travel + service + waiting (default: unlimited). */
  maxDuration?: number;
}

/** The instance, depots first: locations 0…numDepots−1 are depots, the rest clients. */
export interface ProblemInput {
  numDepots: number;
  /** Row-major n × n integers (n = number of locations), same unit as the objective. */
  distance: ArrayLike<number>;
  /** Row-major n × n integers; omitted: equal to `distance`. */
  duration?: ArrayLike<number>;
  /** Number of load dimensions (1 for CVRP; 2 for volume + mass). */
  dims: number;
  /** Per location, `dims` values (depots 0): row-major n × dims. */
  demand: ArrayLike<number>;
  /** Service time per location (depots 0). Default 0. */
  service?: ArrayLike<number>;
  /** Time windows per location (start of service); default [0, +∞). */
  twEarly?: ArrayLike<number>;
  twLate?: ArrayLike<number>;
  vehicleTypes: VehicleType[];
  /** Optional planar coordinates (for SWAP*'s polar sectors around the depot). */
  x?: ArrayLike<number>;
  y?: ArrayLike<number>;
}

/**
 * An n × n integer matrix, row-major: 16-bit when every entry is below 65 536 (the CVRPLIB
 * instances), else 32-bit. The local search reads it at random and waits on the memory: on
 * X-n766 (767² entries) the 16-bit matrix (1.2 MB instead of 2.4 MB) made 100 iterations take
 * 18.7 instead of 23.6 CPU s, same result (bench/hgs-run.ts).
 */
export type IntMatrix = Int32Array | Uint16Array;

/** Normalised, typed-array form used by every part of the search. */
export interface ProblemData {
  n: number;
  numDepots: number;
  dist: IntMatrix;
  dur: IntMatrix;
  dims: number;
  demand: Float64Array;
  service: Float64Array;
  twEarly: Float64Array;
  twLate: Float64Array;
  /** true when a window, a shift or a maximum duration can bind: the time-warp data is then kept. */
  hasTime: boolean;
  types: NormalisedType[];
  /** Vehicle type of every route slot (length = total vehicles). */
  routeType: Int32Array;
  x: Float64Array | null;
  y: Float64Array | null;
  /** Largest distance, largest demand per dimension (initial penalties). */
  maxDist: number;
  maxDemand: Float64Array;
}

export interface NormalisedType {
  count: number;
  capacity: Float64Array;
  startDepot: number;
  endDepot: number;
  fixedCost: number;
  twEarly: number;
  twLate: number;
  maxDuration: number;
}

const INF = Number.MAX_SAFE_INTEGER;

/**
 * Checks and normalises a problem. Throws an Error naming the field when sizes disagree, an index
 * is out of range, a matrix entry is not an integer in 0…2³¹−1, or there is no vehicle.
 */
export function makeProblem(input: ProblemInput): ProblemData {
  const n = Math.round(Math.sqrt(input.distance.length));
  if (n * n !== input.distance.length) throw new Error('distance: not a square matrix');
  if (input.numDepots < 1 || input.numDepots > n) throw new Error('numDepots: out of range');
  const toInt = (m: ArrayLike<number>, name: string): IntMatrix => {
    if (m.length !== n * n) throw new Error(`${name}: expected ${n}×${n}`);
    let max = 0;
    for (let k = 0; k < n * n; k++) {
      const v = m[k]!;
      if (!Number.isInteger(v) || v < 0 || v > 0x7fffffff) throw new Error(`${name}[${k}]: not an integer in 0…2³¹−1`);
      if (v > max) max = v;
    }
    return max < 65536 ? Uint16Array.from(m) : Int32Array.from(m);
  };
  const dist = toInt(input.distance, 'distance');
  const dur = input.duration ? toInt(input.duration, 'duration') : dist;
  const dims = input.dims;
  if (input.demand.length !== n * dims) throw new Error('demand: expected n × dims values');
  const perLoc = (a: ArrayLike<number> | undefined, dflt: number, name: string): Float64Array => {
    const out = new Float64Array(n).fill(dflt);
    if (a) {
      if (a.length !== n) throw new Error(`${name}: expected ${n} values`);
      for (let i = 0; i < n; i++) out[i] = a[i]!;
    }
    return out;
  };
  const service = perLoc(input.service, 0, 'service');
  const twEarly = perLoc(input.twEarly, 0, 'twEarly');
  const twLate = perLoc(input.twLate, INF, 'twLate');
  if (input.vehicleTypes.length === 0) throw new Error('vehicleTypes: no vehicle');
  let hasTime = false;
  for (let i = 0; i < n; i++) if (twLate[i]! < INF || twEarly[i]! > 0) hasTime = true;
  const types = input.vehicleTypes.map((t, k): NormalisedType => {
    const end = t.endDepot ?? t.startDepot;
    for (const d of [t.startDepot, end]) if (!(d >= 0 && d < input.numDepots)) throw new Error(`vehicleTypes[${k}]: depot ${d} is not a depot`);
    if (t.capacity.length !== dims) throw new Error(`vehicleTypes[${k}].capacity: expected ${dims} values`);
    if (!(t.count >= 0)) throw new Error(`vehicleTypes[${k}].count: negative`);
    if (t.maxDuration !== undefined || t.twLate !== undefined || t.twEarly !== undefined) hasTime = true;
    return {
      count: t.count,
      capacity: Float64Array.from(t.capacity),
      startDepot: t.startDepot,
      endDepot: end,
      fixedCost: t.fixedCost ?? 0,
      twEarly: t.twEarly ?? 0,
      twLate: t.twLate ?? INF,
      maxDuration: t.maxDuration ?? INF,
    };
  });
  const total = types.reduce((a, t) => a + t.count, 0);
  if (total === 0) throw new Error('vehicleTypes: no vehicle');
  const routeType = new Int32Array(total);
  let r = 0;
  types.forEach((t, k) => {
    for (let c = 0; c < t.count; c++) routeType[r++] = k;
  });
  const demand = Float64Array.from(input.demand);
  let maxDist = 0;
  for (let k = 0; k < n * n; k++) if (dist[k]! > maxDist) maxDist = dist[k]!;
  const maxDemand = new Float64Array(dims);
  for (let i = 0; i < n; i++) for (let d = 0; d < dims; d++) maxDemand[d] = Math.max(maxDemand[d]!, demand[i * dims + d]!);
  return {
    n,
    numDepots: input.numDepots,
    dist,
    dur,
    dims,
    demand,
    service,
    twEarly,
    twLate,
    hasTime,
    types,
    routeType,
    x: input.x ? Float64Array.from(input.x) : null,
    y: input.y ? Float64Array.from(input.y) : null,
    maxDist,
    maxDemand,
  };
}

/** Number of clients (locations after the depots). */
export const numClients = (p: ProblemData): number => p.n - p.numDepots;
