/**
 * Daily collection routes on the real Angarsk plan (issue 24 §4). For every day of a month:
 * the sites due that day (their served days of the month, as the import stores them:
 * ON_MONTHDAYS), planned three ways over the plan's own 92 trucks and 3 garages, all under the
 * same model (timeline.ts: shifts ≤ 12 h, the 45-min break after 4 h 30 min of driving, ≤ 9 h of
 * driving, unloading whenever full, lunch 60 min, the 06:00–22:00 window):
 * - ours: @tko/planning solvePlan (giant tour + split over the garages + 2-opt / relocate);
 * - (a) the plan's own truck → site assignment (a site listed by several trucks that day goes to
 *   the first of them in file order) re-sequenced by our own search (solvePlan keepAssignment:
 *   the fair baseline — same trucks, better order; sites a legal shift cannot hold go to free trucks);
 * - (b) Clarke–Wright savings + the same local search, from scratch (baselines.ts savingsPlan).
 * Every plan is passed through the independent checker (check/check-plan.ts), whose violations
 * are counted — not the solver's own feasibility flag.
 *
 * Assumptions (the file has no garage locations, containers or landfill; stated in RESULTS.md):
 * - garage location = the coordinate-wise median of the sites its trucks serve;
 * - landfill: `LANDFILL` below (approximate; see the RESULTS.md section);
 * - each site: 2 containers × 0.75 m³ × fill factor 0.8 = 1.2 m³ per visit, 120 s per container;
 * - truck: 18 m³ body × compression ratio 2.0 = 36 m³ of loose waste between unloadings;
 * - travel: great-circle × 1.3 at 25 km/h (no road graph of Angarsk is loaded).
 *
 * Writes bench/out/planning.json and prints a Markdown table.
 * Run: `pnpm --filter @tko/bench exec tsx planning.ts [--month=2026-12] [--days=1-31] [--hgs=S]` (S seconds of
 * hybrid genetic search per day for a second giant tour of whole loads: solve.ts hgsSeconds, ended early by
 * SEARCH_MAX_STALL as in the product's plan job, whose default is 30 s).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir, normalizePlate, readPlanRows } from '@tko/db';
import {
  checkPlan,
  daysInMonth,
  greatCircleMatrix,
  isDue,
  nodePoints,
  savingsPlan,
  siteNeighbours,
  solvePlan,
  timelineContext,
  type LatLng,
  type PlanInstance,
  type PlanResult,
} from '@tko/planning';
import os from 'node:os';

/** Assumed landfill of Angarsk (полигон ТБО г. Ангарска; approximate, north-west of the city). */
export const LANDFILL: LatLng = { lat: 52.6, lng: 103.76 };
const CONTAINERS = 2;
const CONTAINER_M3 = 0.75;
const FILL = 0.8;
const SERVICE_PER_CONTAINER_S = 120;
const CAPACITY_M3 = 18 * 2.0;
const SHIFT = { startS: 6 * 3600, endS: 22 * 3600, lunchAfterS: 12 * 3600, lunchS: 3600, unloadS: 900 };

const arg = (name: string, dflt: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? dflt;

interface DayRow {
  day: number;
  sites: number;
  ours: Totals;
  a: Totals;
  b: Totals;
  solveMs: number;
}
interface Totals {
  km: number;
  trucks: number;
  shifts: number;
  unloads: number;
  longestS: number;
  unplanned: number;
  /** Findings of the independent checker. */
  violations: number;
  ms: number;
}

const totals = (inst: PlanInstance, p: PlanResult, ms: number): Totals => ({
  km: p.totals.distanceM / 1000,
  trucks: p.totals.vehicles,
  shifts: p.routes.length,
  unloads: p.totals.unloads,
  longestS: p.totals.longestShiftS ?? 0,
  unplanned: p.unserved.length,
  violations: checkPlan(inst, p).violations.length,
  ms,
});

async function main(): Promise<void> {
  const [year, month] = arg('month', '2026-12').split('-').map(Number) as [number, number];
  const [d0, d1] = arg('days', `1-${daysInMonth({ year, month })}`).split('-').map(Number) as [number, number];
  const rows = await readPlanRows(path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv'));

  // sites (one per coordinate pair, 6 decimals), their days, trucks and garages
  const siteIndex = new Map<string, number>();
  const sites: { point: LatLng; days: Set<number>; firstPlate: string }[] = [];
  const plates = new Map<string, string>(); // plate → garage
  const byPlateDay = new Map<string, string>(); // `${site}|${day}` → first plate in file order
  for (const r of rows) {
    const key = `${r.lat.toFixed(6)},${r.lng.toFixed(6)}`;
    let s = siteIndex.get(key);
    const plate = normalizePlate(r.plate);
    if (s === undefined) {
      s = sites.length;
      siteIndex.set(key, s);
      sites.push({ point: { lat: Number(r.lat.toFixed(6)), lng: Number(r.lng.toFixed(6)) }, days: new Set(), firstPlate: plate });
    }
    for (const d of r.days) {
      sites[s]!.days.add(d);
      if (!byPlateDay.has(`${s}|${d}`)) byPlateDay.set(`${s}|${d}`, plate);
    }
    if (!plates.has(plate)) plates.set(plate, r.garage);
  }
  const garages = [...new Set(plates.values())];
  const plateList = [...plates.keys()];
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const depots = garages.map((g) => {
    const served = rows.filter((r) => r.garage === g);
    return { id: g, point: { lat: median(served.map((r) => r.lat)), lng: median(served.map((r) => r.lng)) } };
  });
  const vehicles = plateList.map((p) => ({ id: p, depot: garages.indexOf(plates.get(p)!), capacityM3: CAPACITY_M3 }));
  console.error(`${rows.length} rows, ${sites.length} sites, ${plateList.length} trucks, garages: ${depots.map((d) => `${d.id} @ ${d.point.lat.toFixed(4)},${d.point.lng.toFixed(4)}`).join('; ')}`);

  const out: DayRow[] = [];
  for (let day = d0; day <= d1; day++) {
    const due = sites.map((s, i) => ({ s, i })).filter(({ s }) => isDue({ periodicity: 'ON_MONTHDAYS', monthdays: [...s.days] }, { year, month, day }));
    const base = {
      sites: due.map(({ s, i }) => ({ id: i, point: s.point, volumeM3: CONTAINERS * CONTAINER_M3 * FILL, serviceS: CONTAINERS * SERVICE_PER_CONTAINER_S })),
      depots,
      facilities: [{ id: 'landfill', point: LANDFILL }],
      vehicles,
      shift: SHIFT,
    };
    const inst: PlanInstance = { ...base, matrix: greatCircleMatrix(nodePoints(base)) };
    const ctx = timelineContext(inst);
    const timed = (f: () => PlanResult) => {
      const t0 = performance.now();
      const plan = f();
      return totals(inst, plan, performance.now() - t0);
    };
    const ours = timed(() => solvePlan(inst, { hgsSeconds: Number(arg('hgs', '0')) }));
    const assignment = vehicles.map(() => [] as number[]);
    due.forEach(({ s, i }, k) => {
      const plate = byPlateDay.get(`${i}|${day}`) ?? s.firstPlate; // a 31st served on the 30th: its first truck
      assignment[plateList.indexOf(plate)]!.push(k);
    });
    const a = timed(() => solvePlan(inst, { keepAssignment: assignment.map((sites, vehicle) => ({ vehicle, sites })) }));
    const b = timed(() => savingsPlan(ctx, siteNeighbours(inst, 10)));
    const row: DayRow = { day, sites: due.length, ours, a, b, solveMs: ours.ms };
    out.push(row);
    console.error(`day ${day}: ${row.sites} sites, ours ${ours.km.toFixed(0)} km / ${ours.trucks} trucks / ${ours.violations} findings, (a) ${a.km.toFixed(0)} km / ${a.violations}, (b) ${b.km.toFixed(0)} km / ${b.violations}, ${ours.ms.toFixed(0)} ms`);
  }

  mkdirSync(path.join(import.meta.dirname, 'out'), { recursive: true });
  writeFileSync(path.join(import.meta.dirname, 'out', 'planning.json'), JSON.stringify({ year, month, machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, at: new Date().toISOString() }, depots, landfill: LANDFILL, days: out }, null, 2));
  const hm = (s: number) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}`;
  const cols = (t: Totals) => `${t.km.toFixed(1)} | ${t.trucks} | ${t.shifts} | ${t.unloads} | ${hm(t.longestS)} | ${t.unplanned} | ${t.violations}`;
  console.log('| day | sites | ours km | trucks | shifts | unloads | longest | unpl. | check | (a) km | trucks | shifts | unloads | longest | unpl. | check | (b) km | trucks | shifts | unloads | longest | unpl. | check | ours/(a) | ours/(b) | ours ms |');
  console.log(`|${'---:|'.repeat(26)}`);
  for (const r of out) {
    console.log(`| ${r.day} | ${r.sites} | ${cols(r.ours)} | ${cols(r.a)} | ${cols(r.b)} | ${(r.ours.km / r.a.km).toFixed(3)} | ${(r.ours.km / r.b.km).toFixed(3)} | ${r.solveMs.toFixed(0)} |`);
  }
  const sum = (f: (r: DayRow) => number) => out.reduce((acc, r) => acc + f(r), 0);
  const max = (f: (r: DayRow) => number) => out.reduce((acc, r) => Math.max(acc, f(r)), 0);
  console.log(`\nmonth: ours ${sum((r) => r.ours.km).toFixed(0)} km, (a) ${sum((r) => r.a.km).toFixed(0)} km (ratio ${(sum((r) => r.ours.km) / sum((r) => r.a.km)).toFixed(3)}), (b) ${sum((r) => r.b.km).toFixed(0)} km (ratio ${(sum((r) => r.ours.km) / sum((r) => r.b.km)).toFixed(3)}); checker findings: ours ${sum((r) => r.ours.violations)}, (a) ${sum((r) => r.a.violations)}, (b) ${sum((r) => r.b.violations)}; unplanned: ours ${sum((r) => r.ours.unplanned)}, (a) ${sum((r) => r.a.unplanned)}, (b) ${sum((r) => r.b.unplanned)}; longest shift: ours ${hm(max((r) => r.ours.longestS))}, (a) ${hm(max((r) => r.a.longestS))}, (b) ${hm(max((r) => r.b.longestS))}; solve ms: ours ${(sum((r) => r.ours.ms) / out.length).toFixed(0)}, (a) ${(sum((r) => r.a.ms) / out.length).toFixed(0)}, (b) ${(sum((r) => r.b.ms) / out.length).toFixed(0)} on average`);
}

await main();
