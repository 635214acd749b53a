/**
 * A giant tour from the hybrid genetic search (hgs/, Vidal 2022) for the split (split.ts): the
 * sites are solved as a CVRP of **loads** — every trip leaves the facility, collects at most one
 * body's worth (m³ and, when known, kg) and returns to unload — which is what a collection day
 * is between two unloadings. The trips, chained by nearest neighbour from the garage, form the
 * tour; the split then cuts it into legal crew-shifts with the full timeline (breaks, shift
 * length, windows). Shifts, breaks and windows stay in timeline.ts: HGS only assigns and orders.
 * Deterministic for a seed; `timeLimitS` bounds it (HGS is anytime).
 */
import { hgsSearch, makeProblem } from './hgs';
import { drain } from './steps';
import { nodeOfFacility, nodeOfSite } from './matrix';
import type { PlanInstance } from './types';

export interface HgsTourOptions {
  timeLimitS: number;
  seed?: number;
  /** The body the trips are sized for: m³ and kg (undefined: mass not limited). */
  capacityM3: number;
  payloadKg?: number;
  /** Garage node the chain of trips starts from. */
  fromNode: number;
  /** Facility index the trips start and end at. */
  facility: number;
  /** Ends the search after this many iterations without a better solution (default: the time limit only). */
  maxStall?: number;
  /** Share of the time limit used so far (0…1), at every turn of the search (≥ every 50 ms). */
  onProgress?: (fraction: number) => void;
}

/** The sites `sites` (instance indices) in HGS's trip order. */
export function hgsTour(inst: PlanInstance, sites: number[], o: HgsTourOptions): number[] {
  return drain(hgsTourSteps(inst, sites, o));
}

/** hgsTour as a cooperative computation (steps.ts): yields at least every 50 ms of the search. */
export function* hgsTourSteps(inst: PlanInstance, sites: number[], o: HgsTourOptions): Generator<unknown, number[], void> {
  if (sites.length < 3) return [...sites];
  const nodes = [nodeOfFacility(inst, o.facility), ...sites.map((s) => nodeOfSite(inst, s))];
  const n = nodes.length;
  const distance = new Int32Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) distance[i * n + j] = Math.round(inst.matrix.distanceM(nodes[i]!, nodes[j]!));
  const withMass = o.payloadKg != null && sites.some((s) => (inst.sites[s]!.massKg ?? 0) > 0);
  const dims = withMass ? 2 : 1;
  const demand = new Float64Array(n * dims);
  sites.forEach((s, k) => {
    // litres keep the sums exact; a site over one body is capped (the timeline serves it in several trips)
    demand[(k + 1) * dims] = Math.min(Math.round(inst.sites[s]!.volumeM3 * 1000), Math.round(o.capacityM3 * 1000));
    if (withMass) demand[(k + 1) * dims + 1] = Math.min(Math.round(inst.sites[s]!.massKg ?? 0), o.payloadKg!);
  });
  const capacity = withMass ? [Math.round(o.capacityM3 * 1000), o.payloadKg!] : [Math.round(o.capacityM3 * 1000)];
  const problem = makeProblem({ numDepots: 1, distance, dims, demand, vehicleTypes: [{ count: sites.length, capacity, startDepot: 0 }] });
  const search = hgsSearch(problem, { timeLimitS: o.timeLimitS, seed: o.seed ?? 1, maxStall: o.maxStall });
  let step = search.next();
  for (; !step.done; step = search.next()) {
    o.onProgress?.(Math.min(1, step.value.elapsedS / o.timeLimitS));
    yield;
  }
  const result = step.value;
  const trips = result.routes.filter((r) => r.length > 0).map((r) => r.map((loc) => sites[loc - 1]!));
  // chain the trips: from the garage, each next trip is the one whose nearer end is closest
  const out: number[] = [];
  let at = o.fromNode;
  const left = new Set(trips.keys());
  while (left.size > 0) {
    let best = -1;
    let bestD = Infinity;
    let reversed = false;
    for (const t of left) {
      const trip = trips[t]!;
      const dFirst = inst.matrix.distanceM(at, nodeOfSite(inst, trip[0]!));
      const dLast = inst.matrix.distanceM(at, nodeOfSite(inst, trip.at(-1)!));
      if (dFirst < bestD) { bestD = dFirst; best = t; reversed = false; }
      if (dLast < bestD) { bestD = dLast; best = t; reversed = true; }
    }
    const trip = reversed ? [...trips[best]!].reverse() : trips[best]!;
    out.push(...trip);
    at = nodeOfSite(inst, trip.at(-1)!);
    left.delete(best);
  }
  return out;
}
