/**
 * Routing over the road graph of `pnpm region:load --only roads` (pgRouting; issue 10 §2): the
 * OSRM-compatible trip (trip.ts), the time/distance matrix for the planner (cost-matrix.ts),
 * snapping (graph.ts), the tour order (order.ts) and the OSRM error codes (errors.ts).
 */
export { TripError } from './errors';
export type { TripErrorCode } from './errors';
export { DEFAULT_SNAP_METERS, hasRoadGraph, snapPoints } from './graph';
export type { LngLat, Queryable, Snapped } from './graph';
export { costMatrix } from './cost-matrix';
export type { CostMatrix, CostMatrixOptions } from './cost-matrix';
export { orderTour } from './order';
export { trip, MAX_TRIP_POINTS } from './trip';
export type { OsrmTripAnswer, OsrmTripOptions, TripGeometry } from './trip';
