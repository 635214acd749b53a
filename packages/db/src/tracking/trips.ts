/**
 * Trips from a vehicle's positions (issue 10 §3, issue 23 §2; docs/TRACKING.md): a trip ends where
 * the truck stands still at least `stopSeconds` — its positions stay within `stopRadiusM` of the
 * standstill's centre — or where the data has a silence of at least `silenceSeconds` between two
 * positions; the next trip starts where it leaves, or at the first position after the silence. So
 * no trip spans a night: a truck parked at 20:05 and driven at 06:00 has two trips, not one of
 * 9.9 hours. Pure functions over time-ordered points; distances are great-circle (haversine, mean
 * Earth radius 6 371 008.8 m). Site visits: visits.ts.
 */

/** A stored position as the trips need it: time in ms since the epoch, degrees, km/h. */
export interface TrackPoint { t: number; lat: number; lng: number; speed: number | null }

export interface TripOptions {
  /** A standstill at least this long splits trips; seconds. */
  stopSeconds: number;
  /** A gap between two positions at least this long splits trips (nothing is known of it); seconds. */
  silenceSeconds: number;
  /** Positions within this distance of the standstill's centre count as standing; metres. */
  stopRadiusM: number;
  /** A trip shorter than this is GPS jitter around a parked truck and is dropped; metres. */
  minTripM: number;
}
export const DEFAULT_TRIP_OPTIONS: TripOptions = { stopSeconds: 600, silenceSeconds: 600, stopRadiusM: 30, minTripM: 50 };

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
 * Splits time-ordered points into trips. A possible standstill starts at its anchor (its first
 * point); while later points stay within stopRadiusM of the standstill's centre (the mean of its
 * points, so GPS noise of 5–15 m around a parked truck does not restart it) the truck is standing.
 * When it leaves, a standstill of ≥ stopSeconds ends the current trip at the anchor and starts the
 * next one at the last standing point. A silence of ≥ silenceSeconds ends the current trip at the
 * anchor of the standstill before it (the last point when the truck was moving) and starts the
 * next one at the first point after it; what happened in the silence is unknown and in no trip.
 */
export function splitTrips(points: readonly TrackPoint[], opts: TripOptions = DEFAULT_TRIP_OPTIONS): Trip[] {
  const trips: Trip[] = [];
  if (points.length < 2) return trips;
  const stopMs = opts.stopSeconds * 1000;
  const silenceMs = opts.silenceSeconds * 1000;
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
  let sumLat = points[0]!.lat;
  let sumLng = points[0]!.lng;
  let count = 1;
  const restart = (i: number) => { anchor = i; sumLat = points[i]!.lat; sumLng = points[i]!.lng; count = 1; };
  for (let i = 1; i < points.length; i++) {
    const p = points[i]!;
    const gap = p.t - points[i - 1]!.t;
    if (gap >= silenceMs) {
      // The data ends for a while: like the end of the data, a standstill of any length before it ends the trip at its anchor.
      close(segStart, anchor);
      segStart = i;
      restart(i);
      continue;
    }
    if (haversineM(sumLat / count, sumLng / count, p.lat, p.lng) <= opts.stopRadiusM) {
      sumLat += p.lat; sumLng += p.lng; count++;
      continue;
    }
    if (points[i - 1]!.t - points[anchor]!.t >= stopMs) {
      close(segStart, anchor);
      segStart = i - 1;
    }
    restart(i);
  }
  // The data ends: a trailing standstill of any length ends the last trip at its anchor.
  close(segStart, anchor);
  return trips;
}
