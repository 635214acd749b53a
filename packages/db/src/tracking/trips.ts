/**
 * Trips from a vehicle's positions (issue 10 §3): a trip ends where the truck stands still
 * longer than `stopSeconds` — it stays within `stopRadiusM` of the point where it stopped, or
 * sends nothing for that long — and the next trip starts where it leaves. Pure functions over
 * time-ordered points; distances are great-circle (haversine, mean Earth radius 6 371 008.8 m).
 * Site visits: runs of consecutive positions within `radiusM` of a site.
 */

/** A stored position as the trips need it: time in ms since the epoch, degrees, km/h. */
export interface TrackPoint { t: number; lat: number; lng: number; speed: number | null }

export interface TripOptions {
  /** A standstill (or silence) at least this long splits trips; seconds. */
  stopSeconds: number;
  /** Positions within this distance of where the truck stopped count as standing; metres. */
  stopRadiusM: number;
  /** A trip shorter than this is GPS jitter around a parked truck and is dropped; metres. */
  minTripM: number;
}
export const DEFAULT_TRIP_OPTIONS: TripOptions = { stopSeconds: 600, stopRadiusM: 30, minTripM: 50 };

export interface Trip {
  /** Indexes into the input points, inclusive. */
  from: number;
  to: number;
  start: number;
  end: number;
  distance_m: number;
  duration_s: number;
  max_speed: number | null;
}

const R = 6_371_008.8;
const rad = Math.PI / 180;

/** Great-circle distance in metres between two WGS 84 points (haversine). */
export function haversineM(aLat: number, aLng: number, bLat: number, bLng: number): number {
  const dLat = (bLat - aLat) * rad;
  const dLng = (bLng - aLng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(aLat * rad) * Math.cos(bLat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length in metres of the polyline through points[from..to]. */
export function pathLengthM(points: readonly TrackPoint[], from: number, to: number): number {
  let d = 0;
  for (let i = from + 1; i <= to; i++) d += haversineM(points[i - 1]!.lat, points[i - 1]!.lng, points[i]!.lat, points[i]!.lng);
  return d;
}

/**
 * Splits time-ordered points into trips. The anchor is the first point of a possible
 * standstill; while later points stay within stopRadiusM of it the truck is standing. When it
 * leaves, a stay of ≥ stopSeconds (or a silence of ≥ stopSeconds between two points) ends the
 * current trip at the anchor and starts the next one at the last standing point.
 */
export function splitTrips(points: readonly TrackPoint[], opts: TripOptions = DEFAULT_TRIP_OPTIONS): Trip[] {
  const trips: Trip[] = [];
  if (points.length < 2) return trips;
  const stopMs = opts.stopSeconds * 1000;
  const close = (from: number, to: number) => {
    if (to <= from) return;
    const distance = pathLengthM(points, from, to);
    if (distance < opts.minTripM) return;
    let max: number | null = null;
    for (let i = from; i <= to; i++) {
      const s = points[i]!.speed;
      if (s !== null && (max === null || s > max)) max = s;
    }
    const start = points[from]!.t;
    const end = points[to]!.t;
    trips.push({ from, to, start, end, distance_m: Math.round(distance), duration_s: Math.round((end - start) / 1000), max_speed: max });
  };
  let segStart = 0;
  let anchor = 0;
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    const a = points[anchor]!;
    const gap = p.t - points[i - 1]!.t;
    const near = haversineM(a.lat, a.lng, p.lat, p.lng) <= opts.stopRadiusM;
    if (near && gap < stopMs) continue;
    const stay = points[i - 1]!.t - a.t;
    if (stay >= stopMs || gap >= stopMs) {
      close(segStart, anchor);
      segStart = i - 1;
    }
    anchor = i;
  }
  // The data ends: a trailing standstill of any length ends the last trip at its anchor.
  close(segStart, anchor);
  return trips;
}

/** A site the visits are looked for (waste area), degrees. */
export interface VisitSite { id: number; name: string; kind: string; lat: number; lng: number }
export interface Visit { site: VisitSite; arrived: number; left: number; duration_s: number }

/**
 * Visits of sites by points[from..to]: each run of consecutive points within radiusM of a site
 * is one visit (arrival = first point, departure = last point of the run). Sites are bucketed in
 * a grid of about radiusM, so each point checks its 3 × 3 neighbourhood only.
 */
export function findVisits(points: readonly TrackPoint[], from: number, to: number, sites: readonly VisitSite[], radiusM: number): Visit[] {
  if (!sites.length || to < from) return [];
  const cellLat = radiusM / 111_320;
  const midLat = points[from]!.lat * rad;
  const cellLng = radiusM / (111_320 * Math.max(0.01, Math.cos(midLat)));
  const key = (la: number, ln: number) => `${Math.floor(la / cellLat)}:${Math.floor(ln / cellLng)}`;
  const grid = new Map<string, VisitSite[]>();
  for (const s of sites) {
    const k = key(s.lat, s.lng);
    const list = grid.get(k);
    if (list) list.push(s); else grid.set(k, [s]);
  }
  const open = new Map<number, { site: VisitSite; arrived: number; left: number }>();
  const visits: Visit[] = [];
  const finish = (v: { site: VisitSite; arrived: number; left: number }) =>
    visits.push({ site: v.site, arrived: v.arrived, left: v.left, duration_s: Math.round((v.left - v.arrived) / 1000) });
  for (let i = from; i <= to; i++) {
    const p = points[i]!;
    const cy = Math.floor(p.lat / cellLat);
    const cx = Math.floor(p.lng / cellLng);
    const here = new Set<number>();
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (const s of grid.get(`${cy + dy}:${cx + dx}`) ?? []) {
          if (haversineM(p.lat, p.lng, s.lat, s.lng) > radiusM) continue;
          here.add(s.id);
          const v = open.get(s.id);
          if (v) v.left = p.t; else open.set(s.id, { site: s, arrived: p.t, left: p.t });
        }
      }
    }
    for (const [id, v] of open) if (!here.has(id)) { finish(v); open.delete(id); }
  }
  for (const v of open.values()) finish(v);
  return visits.sort((a, b) => a.arrived - b.arrived || a.site.id - b.site.id);
}
