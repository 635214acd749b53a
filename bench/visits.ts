/**
 * Trips and visits over a whole vehicle-day against the real Angarsk sites (issue 23 §2,
 * docs/TRACKING.md): how long splitTrips + findVisits take for 8 640 fixes (a fix every 10 s for
 * 24 h) against every site of the Angarsk plan file, and whether the visits are exactly the
 * stops the synthetic truck made (ground truth) — the truck drives straight between sites at
 * 25 km/h past many others, with ±8 m of GPS noise while it stands 2 minutes at each.
 *
 *   node --import tsx visits.ts [--runs=30] [--seed=20261127]
 *
 * Pure CPU, no database: the sites are read from DATA_DIR's Angarsk file (its Lat/Lon columns).
 * A visit to a site other than the stop's is counted apart when that site lies within the radius of
 * the stop (adjacent container sites are served by the same stop); any other is a false visit.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { dataDir, DEFAULT_VISIT_OPTIONS, findVisits, haversineM, splitTrips } from '@tko/db';
import type { TrackPoint, VisitSite } from '@tko/db';
import { Rng } from './src/prng';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? def);
const RUNS = arg('runs', 30);
const rng = new Rng(arg('seed', 20261127));

// The Angarsk plan's distinct points (6 decimals, spec 01 §5), as the import makes sites of them.
const file = path.join(dataDir(), 'angarsk', 'angarsk_route_plan_example2.cp1251.csv');
const lines = readFileSync(file, 'latin1').split(/\r?\n/).slice(1).filter(Boolean);
const seen = new Map<string, VisitSite>();
for (const l of lines) {
  const [lat, lng] = l.split(';').map(Number) as [number, number];
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
  const k = `${lat.toFixed(6)},${lng.toFixed(6)}`;
  if (!seen.has(k)) seen.set(k, { id: seen.size + 1, name: k, kind: 'CONTAINER', lat: +lat.toFixed(6), lng: +lng.toFixed(6) });
}
const sites = [...seen.values()];

// A 24-hour day: from a random site, always to the nearest site not served yet, 2 minutes at each.
const M_LAT = 111_195;
const mLng = (lat: number) => M_LAT * Math.cos((lat * Math.PI) / 180);
const points: TrackPoint[] = [];
const stops: { site: VisitSite; from: number; to: number }[] = [];
let t = Date.parse('2026-11-27T00:00:00Z');
const end = t + 86_400_000;
let cur = sites[Math.floor(rng.next() * sites.length)]!;
const served = new Set<number>();
const fix = (lat: number, lng: number, speed: number | null) => { points.push({ t, lat, lng, speed }); t += 10_000; };
while (t < end) {
  served.add(cur.id);
  const from = t;
  for (let s = 0; s < 12 && t < end; s++) fix(cur.lat + (rng.next() * 16 - 8) / M_LAT, cur.lng + (rng.next() * 16 - 8) / mLng(cur.lat), null);
  stops.push({ site: cur, from, to: t - 10_000 });
  let next: VisitSite | null = null;
  let best = Infinity;
  for (const s of sites) {
    if (served.has(s.id)) continue;
    const d = haversineM(cur.lat, cur.lng, s.lat, s.lng);
    if (d > DEFAULT_VISIT_OPTIONS.radiusM && d < best) { best = d; next = s; }
  }
  if (!next) break;
  const steps = Math.max(1, Math.round(best / ((25 / 3.6) * 10)));
  for (let k = 1; k <= steps && t < end; k++) fix(cur.lat + ((next.lat - cur.lat) * k) / steps, cur.lng + ((next.lng - cur.lng) * k) / steps, null);
  cur = next;
}

// Timing: the two pure functions as the trips call runs them.
const times: number[] = [];
let visits = findVisits(points, sites);
for (let r = 0; r < RUNS; r++) {
  const a = performance.now();
  splitTrips(points);
  visits = findVisits(points, sites);
  times.push(performance.now() - a);
}
times.sort((a, b) => a - b);
const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);

// Against the ground truth.
const truth = new Set(stops.map((s) => s.site.id));
let exact = 0;
let adjacent = 0;
let falseVisits = 0;
for (const v of visits) {
  if (truth.has(v.site.id) && stops.some((s) => s.site.id === v.site.id && v.arrived <= s.to && v.left >= s.from)) { exact++; continue; }
  const near = stops.some((s) => v.arrived <= s.to && v.left >= s.from && haversineM(s.site.lat, s.site.lng, v.site.lat, v.site.lng) <= DEFAULT_VISIT_OPTIONS.radiusM + 8 * Math.SQRT2);
  if (near) adjacent++; else falseVisits++;
}
const found = new Set(visits.map((v) => v.site.id));
const missed = stops.filter((s) => !found.has(s.site.id)).length;
const dwell = visits.filter((v) => truth.has(v.site.id)).map((v) => v.dwell_s).sort((a, b) => a - b);

console.log(`machine: ${os.cpus()[0]?.model} × ${os.cpus().length}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')}, node ${process.version}`);
console.log(`sites: ${sites.length} (Angarsk plan points); fixes: ${points.length} (24 h, every 10 s, no speed); stops: ${stops.length}`);
console.log(`splitTrips + findVisits, ${RUNS} runs: p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${q(1)} ms`);
console.log(`visits: ${visits.length}; of the stop sites ${exact}; adjacent sites within the radius of a stop ${adjacent}; false ${falseVisits}; stops without a visit ${missed}`);
console.log(`dwell of the stop sites' visits: min ${dwell[0]} s, median ${dwell[Math.floor(dwell.length / 2)]} s, max ${dwell[dwell.length - 1]} s`);
