/**
 * Routes (`route` with ordered stops in `route_stop`, stops_count kept as their number),
 * schedules (`schedule` with `schedule_vehicle` and `schedule_point`, vehicles_count and
 * points_count kept as their numbers) and collection requests (`collection_request`); migration
 * 20261125020000_routes_schedules_requests. A request's `logs` is its change history.
 */
import type { TableMapping } from './types';

export const fleetRouteTables: Record<string, TableMapping> = {
  routes: {
    table: 'route',
    // The path line (kept from path_polyline by a trigger) as GeoJSON with 6 decimals.
    computed: { path: (t) => `ST_AsGeoJSON(${t}.path, 6)::json` },
    children: { stops: { table: 'route_stop', parentKey: 'route_id', rollupOf: { stops_count: { count: true } } } },
  },
  schedules: {
    table: 'schedule',
    children: {
      vehicles: { table: 'schedule_vehicle', parentKey: 'schedule_id', rollupOf: { vehicles_count: { count: true } } },
      points: { table: 'schedule_point', parentKey: 'schedule_id', rollupOf: { points_count: { count: true } } },
    },
  },
  requests: { table: 'collection_request' },
};
