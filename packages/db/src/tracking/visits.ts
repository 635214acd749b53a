/**
 * Site visits (services) from one vehicle's positions — the dispatcher's meaning of «the truck
 * served the site» (issue 23 §2; docs/TRACKING.md): a **stay** of the truck within the site's
 * radius, slower than a speed limit, lasting at least a minimum dwell. Pure functions over
 * time-ordered points (ms since the epoch, degrees, km/h); distances are haversine metres.
 *
 * - Slow: the tracker's speed when it sent one, else the speed derived from the displacement over
 *   a window around the point ({@link derivedSpeeds}). A point without any speed is not slow
 *   (unknown is not a service).
 * - A stay fragment is a run of consecutive slow points within the site's radius (however far apart
 *   in time, short of a silence: a parked tracker may send a fix every few minutes); fragments of
 *   one site less than `mergeGapS` apart are one stay (GPS noise of 5–15 m pushes single points
 *   out of the radius or over the speed limit and must not split one stop into several).
 * - A stay never spans a silence (two consecutive points `silenceS` or more apart): a truck that
 *   goes quiet at a site overnight has an evening stay and a morning stay, not a 10-hour one.
 * - A stay of at least `minDwellS` (departure − arrival) is a visit, whether it lies inside a
 *   trip or between two (visits do not look at the trip split). A drive-by at speed has no slow
 *   point or lasts seconds: no visit.
 *
 * СанПиН 2.1.3684-21 and the spec say nothing of GPS: the radius, speed, dwell and merge gap are
 * the operator's choices, configurable (tracking/settings.ts) and per site (`service_radius_m`).
 */
import { haversineM } from './trips';
import type { TrackPoint } from './trips';

export interface VisitOptions {
  /** Default distance from a site within which the truck may be serving it, metres (a site's own radius wins). */
  radiusM: number;
  /** A point is slow below this speed, km/h. */
  maxSpeedKmh: number;
  /** The shortest stay that is a visit, seconds. */
  minDwellS: number;
  /** Stay fragments at one site closer than this are one stay, seconds. */
  mergeGapS: number;
  /** Two consecutive points this far apart (or farther) are a silence: nothing spans it, seconds. */
  silenceS: number;
  /** Half-window over which a missing speed is derived from the displacement, seconds. */
  speedWindowS: number;
}

export const DEFAULT_VISIT_OPTIONS: VisitOptions = {
  radiusM: 30, maxSpeedKmh: 5, minDwellS: 30, mergeGapS: 120, silenceS: 600, speedWindowS: 30,
};

/** A site the visits are looked for (a waste area, a stop), degrees; `radiusM` its own radius (null: the default). */
export interface VisitSite { id: number; name: string; kind: string; lat: number; lng: number; radiusM?: number | null }

/** One visit: arrival and departure ms since the epoch (first and last slow point in the radius), dwell s, closest approach m. */
export interface Visit {
  site: VisitSite;
  arrived: number;
  left: number;
  /** departure − arrival, seconds (rounded). */
  dwell_s: number;
  /** The closest of the stay's points to the site, metres (rounded). */
  distance_m: number;
  /** Indexes of the stay's first and last point in the input. */
  from: number;
  to: number;
}

/**
 * Speed of each point in km/h: the tracker's own when it sent one; otherwise the smaller of the
 * displacement speeds to the farthest point within `speedWindowS` before and after it (to the
 * neighbour when none is that close), never across a silence. The smaller of the two sides keeps a
 * stop's first and last point slow (one side is the standstill), and a window longer than one
 * sampling step averages GPS noise out (±12 m over 30 s is under 3 km/h). Null: no neighbour.
 */
export function derivedSpeeds(points: readonly TrackPoint[], o: Pick<VisitOptions, 'silenceS' | 'speedWindowS'> = DEFAULT_VISIT_OPTIONS): (number | null)[] {
  const n = points.length;
  const win = o.speedWindowS * 1000;
  const silence = o.silenceS * 1000;
  const out: (number | null)[] = new Array(n).fill(null);
  const kmh = (a: TrackPoint, b: TrackPoint) => (haversineM(a.lat, a.lng, b.lat, b.lng) / (Math.abs(b.t - a.t) / 1000)) * 3.6;
  let lo = 0; // first index of the backward window of i
  let hi = 0; // last index of the forward window of i
  let segStart = 0; // first index after the last silence at or before i
  for (let i = 0; i < n; i++) {
    const p = points[i]!;
    if (i > 0 && p.t - points[i - 1]!.t >= silence) segStart = i;
    if (p.speed !== null) { out[i] = p.speed; continue; }
    if (lo < segStart) lo = segStart;
    while (lo < i && p.t - points[lo]!.t > win) lo++;
    if (hi < i) hi = i;
    while (hi + 1 < n && points[hi + 1]!.t - p.t <= win && points[hi + 1]!.t - points[hi]!.t < silence) hi++;
    const back = lo < i ? lo : i > segStart ? i - 1 : -1;
    const fwd = hi > i ? hi : i + 1 < n && points[i + 1]!.t - p.t < silence ? i + 1 : -1;
    let s: number | null = null;
    for (const j of [back, fwd]) {
      if (j < 0 || points[j]!.t === p.t) continue;
      const v = kmh(p, points[j]!);
      if (s === null || v < s) s = v;
    }
    out[i] = s;
  }
  return out;
}

interface Fragment { site: VisitSite; arrived: number; left: number; from: number; to: number; min: number }

/**
 * Visits of `sites` by points[from..to] under the rule of this module, sorted by arrival then
 * site id. Sites are bucketed in a grid of the largest radius, so each point checks its 3 × 3
 * neighbourhood only (a vehicle-day of 8 640 points against the sites of its bounding box).
 */
export function findVisits(points: readonly TrackPoint[], sites: readonly VisitSite[], o: VisitOptions = DEFAULT_VISIT_OPTIONS,
  from = 0, to = points.length - 1): Visit[] {
  if (!sites.length || to < from || !points.length) return [];
  const radius = (s: VisitSite) => s.radiusM ?? o.radiusM;
  // Cells at least the largest radius wide everywhere: degrees of longitude at the highest latitude met.
  let cellM = 0;
  let maxLat = 0;
  for (const s of sites) { cellM = Math.max(cellM, radius(s)); maxLat = Math.max(maxLat, Math.abs(s.lat)); }
  for (let i = from; i <= to; i++) maxLat = Math.max(maxLat, Math.abs(points[i]!.lat));
  const cellLat = cellM / 111_320;
  const cellLng = cellM / (111_320 * Math.max(0.01, Math.cos(maxLat * Math.PI / 180)));
  // A cell's number, rows of 2²⁴ cells (360° of 5 m cells fit); two cells sharing a number only cost a distance check.
  const key = (cy: number, cx: number) => cy * 16_777_216 + cx;
  const grid = new Map<number, VisitSite[]>();
  for (const s of sites) {
    const k = key(Math.floor(s.lat / cellLat), Math.floor(s.lng / cellLng));
    const list = grid.get(k);
    if (list) list.push(s); else grid.set(k, [s]);
  }
  const speeds = derivedSpeeds(points, o);
  const silence = o.silenceS * 1000;
  const mergeMs = o.mergeGapS * 1000;
  const open = new Map<number, Fragment>(); // site id → its current stay (fragments merged)
  const visits: Visit[] = [];
  const finish = (f: Fragment) => {
    const dwell = (f.left - f.arrived) / 1000;
    if (dwell >= o.minDwellS) {
      visits.push({ site: f.site, arrived: f.arrived, left: f.left, dwell_s: Math.round(dwell), distance_m: Math.round(f.min), from: f.from, to: f.to });
    }
  };
  for (let i = from; i <= to; i++) {
    const p = points[i]!;
    if (i > from && p.t - points[i - 1]!.t >= silence) {
      for (const f of open.values()) finish(f);
      open.clear();
    }
    const v = speeds[i];
    if (v !== null && v !== undefined && v < o.maxSpeedKmh) {
      const cy = Math.floor(p.lat / cellLat);
      const cx = Math.floor(p.lng / cellLng);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          for (const s of grid.get(key(cy + dy, cx + dx)) ?? []) {
            const d = haversineM(p.lat, p.lng, s.lat, s.lng);
            if (d > radius(s)) continue;
            const f = open.get(s.id);
            // The next point of the run (however sparse the fixes), or a fragment within the merge gap: the same stay.
            if (f && (f.to === i - 1 || p.t - f.left < mergeMs)) { f.left = p.t; f.to = i; if (d < f.min) f.min = d; continue; }
            if (f) finish(f);
            open.set(s.id, { site: s, arrived: p.t, left: p.t, from: i, to: i, min: d });
          }
        }
      }
    }
    // A stay whose last slow point in the radius is a merge gap behind is over.
    for (const [id, f] of open) if (f.to !== i && p.t - f.left >= mergeMs) { finish(f); open.delete(id); }
  }
  for (const f of open.values()) finish(f);
  return visits.sort((a, b) => a.arrived - b.arrived || a.site.id - b.site.id);
}
