/**
 * Tracking settings (docs/CONFIGURATION.md «GPS tracking», docs/TRACKING.md): environment
 * variables with defaults, read once at start by every process that splits trips or finds visits
 * (the API's navctl and check-visits calls). A value that is not an integer in its range stops the
 * process at start with a message naming the variable. The product's other tracking parameters
 * (TRACKING_ONLINE_MINUTES, TRACKER_PORT) are environment variables too, so these are as well.
 */
import { DEFAULT_ONLINE_MINUTES, DEFAULT_REGION_TIME_ZONE } from '@tko/contract';
import { DEFAULT_TRIP_OPTIONS } from './trips';
import type { TripOptions } from './trips';
import { DEFAULT_VISIT_OPTIONS } from './visits';
import { DEFAULT_OUTLIER_OPTIONS } from './outliers';
import type { OutlierOptions } from './outliers';
import type { VisitOptions } from './visits';

export interface TrackingSettings {
  /** TRACKING_ONLINE_MINUTES: a vehicle with a position at most this old is online; minutes. */
  onlineMinutes: number;
  /** TRACKING_STOP_MINUTES: a standstill at least this long splits trips; minutes. */
  stopMinutes: number;
  /** TRACKING_SILENCE_MINUTES: a gap in the data at least this long splits trips and stays; minutes. */
  silenceMinutes: number;
  /** TRACKING_VISIT_RADIUS_M: the default service radius of a site; metres. */
  visitRadiusM: number;
  /** TRACKING_VISIT_MAX_SPEED_KMH: a truck slower than this may be serving; km/h. */
  visitMaxSpeedKmh: number;
  /** TRACKING_VISIT_DWELL_SECONDS: the shortest stay that is a visit; seconds. */
  visitDwellSeconds: number;
  /** TRACKING_VISIT_MERGE_SECONDS: stays at one site closer than this are one visit; seconds. */
  visitMergeSeconds: number;
  /** TRACKING_OUTLIER_SPEED_KMH: a jump between two fixes implying more than this is a fault, dropped (outliers.ts); km/h. */
  outlierSpeedKmh: number;
}

/** Reads the TRACKING_* variables (unset or empty: the default). */
export function trackingSettings(env: NodeJS.ProcessEnv = process.env): TrackingSettings {
  const int = (name: string, def: number, min: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return def;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer ${min}…${max}, got ${raw}`);
    return n;
  };
  return {
    onlineMinutes: int('TRACKING_ONLINE_MINUTES', DEFAULT_ONLINE_MINUTES, 1, 10_080),
    stopMinutes: int('TRACKING_STOP_MINUTES', DEFAULT_TRIP_OPTIONS.stopSeconds / 60, 1, 240),
    silenceMinutes: int('TRACKING_SILENCE_MINUTES', DEFAULT_TRIP_OPTIONS.silenceSeconds / 60, 1, 1440),
    visitRadiusM: int('TRACKING_VISIT_RADIUS_M', DEFAULT_VISIT_OPTIONS.radiusM, 5, 1000),
    visitMaxSpeedKmh: int('TRACKING_VISIT_MAX_SPEED_KMH', DEFAULT_VISIT_OPTIONS.maxSpeedKmh, 1, 60),
    visitDwellSeconds: int('TRACKING_VISIT_DWELL_SECONDS', DEFAULT_VISIT_OPTIONS.minDwellS, 0, 3600),
    visitMergeSeconds: int('TRACKING_VISIT_MERGE_SECONDS', DEFAULT_VISIT_OPTIONS.mergeGapS, 0, 3600),
    outlierSpeedKmh: int('TRACKING_OUTLIER_SPEED_KMH', DEFAULT_OUTLIER_OPTIONS.maxSpeedKmh, 60, 1000),
  };
}

/** The trip options of the settings, with a call's own standstill / silence (minutes) when given. */
export function tripOptionsOf(s: TrackingSettings, o: { stopMinutes?: number; silenceMinutes?: number } = {}): TripOptions {
  return {
    ...DEFAULT_TRIP_OPTIONS,
    stopSeconds: (o.stopMinutes ?? s.stopMinutes) * 60,
    silenceSeconds: (o.silenceMinutes ?? s.silenceMinutes) * 60,
  };
}

/** The visit options of the settings, with a call's own default radius (metres) when given. */
export function visitOptionsOf(s: TrackingSettings, o: { radiusM?: number; silenceMinutes?: number } = {}): VisitOptions {
  return {
    ...DEFAULT_VISIT_OPTIONS,
    radiusM: o.radiusM ?? s.visitRadiusM,
    maxSpeedKmh: s.visitMaxSpeedKmh,
    minDwellS: s.visitDwellSeconds,
    mergeGapS: s.visitMergeSeconds,
    silenceS: (o.silenceMinutes ?? s.silenceMinutes) * 60,
  };
}

/** The outlier options of the settings (outliers.ts). */
export function outlierOptionsOf(s: Pick<TrackingSettings, 'outlierSpeedKmh'>): OutlierOptions {
  return { ...DEFAULT_OUTLIER_OPTIONS, maxSpeedKmh: s.outlierSpeedKmh };
}

/** REGION_TIME_ZONE (IANA; default Asia/Irkutsk): the region's work day, as the API's config reads it. */
export function regionTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  return env.REGION_TIME_ZONE || DEFAULT_REGION_TIME_ZONE;
}
