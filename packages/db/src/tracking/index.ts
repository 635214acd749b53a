/** GPS tracking storage and reads (issue 10 §3, issue 23 §2): positions, partitions, trips, visits, settings; the position window (issue 22). */
export { PositionStore, PartitionKeeper } from './positions';
export type { PositionRow } from './positions';
export {
  DEFAULT_POSITION_WINDOW, PARTITION_DAYS_AHEAD, partitionDays, positionWindowFromEnv, timeRefusal, timeRefusalMessage, utcDay,
} from './position-window';
export type { PositionWindow, TimeRefusal } from './position-window';
export { splitTrips, haversineM, pathLengthM, DEFAULT_TRIP_OPTIONS } from './trips';
export type { TrackPoint, TripOptions, Trip } from './trips';
export { findVisits, derivedSpeeds, DEFAULT_VISIT_OPTIONS } from './visits';
export type { Visit, VisitOptions, VisitSite } from './visits';
export { dropOutliers, consistentFixes, DEFAULT_OUTLIER_OPTIONS } from './outliers';
export type { CleanTrack, OutlierOptions } from './outliers';
export { outlierOptionsOf, regionTimeZone, trackingSettings, tripOptionsOf, visitOptionsOf } from './settings';
export type { TrackingSettings } from './settings';
export { TrackingRepository } from './tracking-reads';
export type { NavVehiclesFilter, TripsRequest } from './tracking-reads';
export { checkStopVisits } from './stop-visits';
export type { StopToCheck, StopVerdict } from './stop-visits';
export { PositionIngest, positionKey } from './position-ingest';
export type { Admission, DeviceCredentials, PositionRefusal } from './position-ingest';
