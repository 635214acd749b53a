/**
 * Outlier positions (docs/TRACKING.md «Outliers»): a fix the truck cannot have reached from its
 * neighbours is a GPS or tracker fault (a jump to another town and back), not a movement, and is
 * dropped before trips and visits are computed — and counted, so nothing is dropped silently.
 *
 * Rule. Two consecutive fixes are *consistent* when the distance between them is at most
 * `maxSpeedKmh` × the time between them + `toleranceM` (two fixes of 5–15 m error each may be up to
 * 30 m apart at no speed at all). The default 150 km/h is far above what a refuse truck may drive
 * (ПДД РФ п. 10.3: a lorry over 3.5 t at most 90 km/h on a motorway) yet far below what a fault
 * implies (an 8 476 km jump within minutes). The track is cut into runs of consistent fixes; the
 * kept track is the chain of runs, each consistent with the next at their join, holding the most
 * fixes (a longest path over the runs, looking back at most `lookback` runs). So one stray fix, a
 * burst of stray fixes, or a stray first or last fix is dropped, whichever side of it the truck is;
 * a truck seen again far away after a silence is consistent (the silence allows the distance).
 * Pure; times in ms since the epoch, degrees, metres.
 */
import { haversineM } from './trips';
import type { TrackPoint } from './trips';

export interface OutlierOptions {
  /** Implied speed above which a jump between two fixes is impossible; km/h. */
  maxSpeedKmh: number;
  /** Distance two fixes may be apart at no speed (GPS error of both); metres. */
  toleranceM: number;
  /** How many runs back a run may join (bounds the work on a very noisy track). */
  lookback: number;
}
export const DEFAULT_OUTLIER_OPTIONS: OutlierOptions = { maxSpeedKmh: 150, toleranceM: 30, lookback: 64 };

/** The cleaned track and the fixes dropped from it (both time-ordered). */
export interface CleanTrack<P extends TrackPoint = TrackPoint> { points: P[]; dropped: P[] }

/** Whether the truck can have gone from `a` to `b` (b later) under the options. */
export function consistentFixes(a: TrackPoint, b: TrackPoint, o: OutlierOptions = DEFAULT_OUTLIER_OPTIONS): boolean {
  const dt = Math.max(0, b.t - a.t) / 1000;
  return haversineM(a.lat, a.lng, b.lat, b.lng) <= (o.maxSpeedKmh / 3.6) * dt + o.toleranceM;
}

/** Drops the fixes of time-ordered `points` no consistent chain goes through (see the module's rule). */
export function dropOutliers<P extends TrackPoint>(points: readonly P[], o: OutlierOptions = DEFAULT_OUTLIER_OPTIONS): CleanTrack<P> {
  if (points.length < 2) return { points: [...points], dropped: [] };
  // Runs of consecutive consistent fixes: [from, to] inclusive.
  const runs: [number, number][] = [];
  let from = 0;
  for (let i = 1; i < points.length; i++) {
    if (!consistentFixes(points[i - 1]!, points[i]!, o)) { runs.push([from, i - 1]); from = i; }
  }
  runs.push([from, points.length - 1]);
  if (runs.length === 1) return { points: [...points], dropped: [] };
  // best[j]: the most fixes of a consistent chain of runs ending with run j; prev[j]: the run before it.
  const best: number[] = [];
  const prev: number[] = [];
  let top = 0;
  for (let j = 0; j < runs.length; j++) {
    const [a, b] = runs[j]!;
    best[j] = b - a + 1;
    prev[j] = -1;
    for (let i = j - 1; i >= 0 && i >= j - o.lookback; i--) {
      if (best[i]! + b - a + 1 > best[j]! && consistentFixes(points[runs[i]![1]]!, points[a]!, o)) {
        best[j] = best[i]! + b - a + 1;
        prev[j] = i;
      }
    }
    if (best[j]! > best[top]!) top = j;
  }
  const keep = new Set<number>();
  for (let j = top; j >= 0; j = prev[j]!) keep.add(j);
  const out: CleanTrack<P> = { points: [], dropped: [] };
  runs.forEach(([a, b], j) => {
    const into = keep.has(j) ? out.points : out.dropped;
    for (let k = a; k <= b; k++) into.push(points[k]!);
  });
  return out;
}
