/**
 * The benchmark's own checker of a VRPLIB solution, independent of the solver: distances from the
 * file's coordinates with the set's rounding (CVRP: nearest integer per edge; VRPTW: truncated to
 * one decimal per edge — shared/data/SOURCES.md), every customer exactly once, each route's load
 * within CAPACITY, and (VRPTW) service started within every window by a forward simulation
 * (wait when early; late is a violation), back at the depot before its window closes, at most
 * VEHICLES routes.
 */
export interface CheckedSolution {
  cost: number;
  routes: number;
  violations: string[];
}

/** `routes`: customers numbered as in .sol files (file node − 1). */
export function checkVrplib(text: string, routes: number[][]): CheckedSolution {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const spec = (k: string) => lines.find((l) => l.toUpperCase().startsWith(k))?.split(':')[1]?.trim();
  const section = (name: string): number[][] => {
    const at = lines.findIndex((l) => l.toUpperCase().startsWith(name));
    if (at < 0) return [];
    const rows: number[][] = [];
    for (let i = at + 1; i < lines.length; i++) {
      if (!/^-?\d/.test(lines[i]!)) break;
      rows.push(lines[i]!.split(/\s+/).map(Number));
    }
    return rows;
  };
  const xy = section('NODE_COORD_SECTION');
  const demand = section('DEMAND_SECTION').map((r) => r[1]!);
  const tw = section('TIME_WINDOW_SECTION');
  const capacity = Number(spec('CAPACITY'));
  const vehicles = spec('VEHICLES') ? Number(spec('VEHICLES')) : Infinity;
  const service = Number(spec('SERVICE_TIME') ?? 0);
  const tenths = tw.length > 0;
  const d = (a: number, b: number): number => {
    const e = Math.hypot(xy[a]![1]! - xy[b]![1]!, xy[a]![2]! - xy[b]![2]!);
    return tenths ? Math.floor(e * 10 + 1e-7) / 10 : Math.round(e);
  };
  const violations: string[] = [];
  const seen = new Array<number>(xy.length).fill(0);
  let cost = 0;
  let used = 0;
  routes.forEach((r, k) => {
    if (r.length === 0) return;
    used++;
    let load = 0;
    let at = 0;
    let time = tenths ? tw[0]![1]! : 0;
    for (const c of r) {
      if (!(c >= 1 && c < xy.length)) {
        violations.push(`route ${k + 1}: customer ${c} does not exist`);
        return;
      }
      seen[c]!++;
      load += demand[c]!;
      cost += d(at, c);
      if (tenths) {
        time = Math.max(time + d(at, c), tw[c]![1]!);
        if (time > tw[c]![2]! + 1e-9) violations.push(`route ${k + 1}: customer ${c} served at ${time.toFixed(1)} after ${tw[c]![2]}`);
        time += service;
      }
      at = c;
    }
    cost += d(at, 0);
    if (tenths && time + d(at, 0) > tw[0]![2]! + 1e-9) violations.push(`route ${k + 1}: back at ${(time + d(at, 0)).toFixed(1)} after ${tw[0]![2]}`);
    if (load > capacity) violations.push(`route ${k + 1}: load ${load} > ${capacity}`);
  });
  for (let c = 1; c < xy.length; c++) if (seen[c] !== 1) violations.push(`customer ${c} visited ${seen[c]} times`);
  if (used > vehicles) violations.push(`${used} routes > ${vehicles} vehicles`);
  return { cost: tenths ? Math.round(cost * 10) / 10 : cost, routes: used, violations };
}
