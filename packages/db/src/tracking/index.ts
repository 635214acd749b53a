/** GPS tracking storage and reads (issue 10 §3): positions, partitions, trips, visits. */
export { PositionStore, PartitionKeeper, plausibleTime, utcDay, POSITION_MIN_TIME, POSITION_MAX_AHEAD_MS } from './positions';
export type { PositionRow } from './positions';
export { splitTrips, findVisits, haversineM, pathLengthM, DEFAULT_TRIP_OPTIONS } from './trips';
export type { TrackPoint, TripOptions, Trip, Visit, VisitSite } from './trips';
export { TrackingRepository } from './tracking-reads';
export type { NavVehiclesFilter, TripsRequest } from './tracking-reads';
export { checkStopVisits } from './stop-visits';
export type { StopToCheck, StopVerdict } from './stop-visits';
export { PositionIngest, positionKey } from './position-ingest';
