/**
 * Routing over the region's road graph (`pnpm region:load --only roads`): the graph held in
 * memory with a truck profile (road-graph.ts, profile.ts, scc.ts), points snapped onto its edges
 * (snap.ts, engine.ts), fastest paths over arcs with turn rules (search.ts), the many-to-many
 * time/distance matrix for the planner (cost-matrix.ts), the OSRM-compatible trip (trip.ts), the
 * tour order (order.ts) and the OSRM error codes (errors.ts).
 */
export { TripError } from './errors';
export type { TripErrorCode } from './errors';
export { DEFAULT_SNAP_METERS, hasRoadGraph } from './graph';
export type { LngLat, Queryable, Snapped, TravelSource } from './graph';
export { openGraph, snapAll, snapPoints } from './engine';
export { DEFAULT_OTHER_SPEED, DEFAULT_TRUCK_SPEEDS, edgeSeconds, ProfileError, truckProfile } from './profile';
export type { SpeedTable, TruckProfile } from './profile';
export type { RoadGraph } from './road-graph';
export { costMatrix, HIERARCHY_MIN_STARTS, matrixOnGraph } from './cost-matrix';
export { buildGraph } from './road-graph';
export type { RestrictionRow, WayRow } from './road-graph';
export { snapToEdge } from './snap';
export type { EdgePosition } from './snap';
export { hierarchyOf } from './hierarchy';
export type { CostMatrix, CostMatrixOptions } from './cost-matrix';
export { orderTour } from './order';
export { trip, MAX_TRIP_POINTS } from './trip';
export type { OsrmTripAnswer, OsrmTripOptions, TripGeometry } from './trip';
