/**
 * Map layers other than the waste-area tiles (issue 7 §7, contract routes/map-layers.ts):
 * GeoJSON of unauthorised dumps (`waste-dumps:view`), of waste-management facilities
 * (`waste-management-facility:view`) and of garages (`garages:view`; `estimated` = a point still
 * to check), the routes' paths and stops (`routes:view`), and the public extent of the map data. Only rows with
 * coordinates; EPSG:4326, 6 decimals.
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { facilitiesGeojsonRoute, garagesGeojsonRoute, mapExtentRoute, routeResource, routesGeojsonRoute, wasteDumpsGeojsonRoute } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';
import { requireInternalVisible } from '../../routing/visible-row';

/** A FeatureCollection of `table`'s points with `props` (SQL expressions over alias t) as properties. */
function featureSql(table: string, props: Record<string, string>): string {
  const pairs = Object.entries(props).map(([k, v]) => `'${k}', ${v}`).join(', ');
  return `SELECT json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
      'type', 'Feature', 'id', t.id, 'geometry', ST_AsGeoJSON(t.coordinates, 6)::json,
      'properties', json_build_object(${pairs})) ORDER BY t.id), '[]'::json)) AS fc
    FROM ${table} t WHERE t.coordinates IS NOT NULL`;
}

const DUMPS_SQL = featureSql('waste_dump', { id: 't.id', status: 't.status', identifier: 't.identifier', location: 't.location' });
const FACILITIES_SQL = featureSql('waste_management_facility', {
  id: 't.id', name: 't.name', status: 't.status', stage: 't.stage', location: 't.location', estimated: 't.coordinates_needs_checking',
});
const GARAGES_SQL = featureSql('garage', { id: 't.id', name: 't.name', status: "'GARAGE'", location: 't.location', estimated: 't.coordinates_needs_checking' });
const EXTENT_SQL = `SELECT ST_XMin(e) AS w, ST_YMin(e) AS s, ST_XMax(e) AS e, ST_YMax(e) AS n FROM (
  SELECT ST_Extent(g) AS e FROM (
    SELECT coordinates AS g FROM waste_area WHERE coordinates IS NOT NULL
    UNION ALL SELECT coordinates FROM waste_management_facility WHERE coordinates IS NOT NULL) x) y`;

/**
 * The routes' paths and stops (contract routesGeojsonRoute): $1 = route ids. A stop's point is its
 * object's (waste area, facility or garage, by stop_type); stops without one are counted per route.
 */
const ROUTES_SQL = `WITH r AS (SELECT id, name, path FROM route WHERE id = ANY($1::int[])),
  s AS (
    SELECT rs.route_id, rs.id, rs.order_in_route, rs.stop_type,
           CASE rs.stop_type WHEN 'WASTE_AREA' THEN wa.coordinates WHEN 'WASTE_MANAGEMENT_FACILITY' THEN f.coordinates ELSE g.coordinates END AS p,
           CASE rs.stop_type WHEN 'WASTE_AREA' THEN coalesce(wa.location, wa.identifier) WHEN 'WASTE_MANAGEMENT_FACILITY' THEN f.name ELSE g.name END AS title
      FROM route_stop rs
      LEFT JOIN waste_area wa ON wa.id = rs.waste_area_id
      LEFT JOIN waste_management_facility f ON f.id = rs.waste_management_facility_id
      LEFT JOIN garage g ON g.id = rs.garage_id
     WHERE rs.route_id IN (SELECT id FROM r)),
  missing AS (SELECT route_id, count(*) FILTER (WHERE p IS NULL) AS n FROM s GROUP BY route_id)
SELECT json_build_object('type', 'FeatureCollection', 'features', coalesce((SELECT json_agg(f ORDER BY k) FROM (
    SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(r.path, 6)::json, 'properties', json_build_object(
      'kind', 'path', 'route_id', r.id, 'name', r.name, 'stops_without_coordinates', coalesce(m.n, 0))) AS f, array[r.id, 0, 0] AS k
      FROM r LEFT JOIN missing m ON m.route_id = r.id WHERE r.path IS NOT NULL
    UNION ALL
    SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(s.p, 6)::json, 'properties', json_build_object(
      'kind', 'stop', 'route_id', r.id, 'name', r.name, 'order', s.order_in_route, 'stop_type', s.stop_type, 'title', s.title,
      'stops_without_coordinates', coalesce(m.n, 0))), array[r.id, 1, coalesce(s.order_in_route, 2147483647), s.id]
      FROM s JOIN r ON r.id = s.route_id LEFT JOIN missing m ON m.route_id = r.id WHERE s.p IS NOT NULL) x), '[]'::json)) AS fc`;

export function registerMapLayerRoutes(app: FastifyInstance, deps: { pool: Pool; guards: AuthGuards }): void {
  const { pool } = deps;
  const geojson = async (sql: string) => (await pool.query<{ fc: unknown }>(sql)).rows[0]!.fc;

  // GeoJSON: bytes with their own type (the descriptions carry permission and OpenAPI).
  registerRoute(app, wasteDumpsGeojsonRoute, async ({ reply }) => reply.header('Content-Type', 'application/geo+json').send(await geojson(DUMPS_SQL)), deps);
  registerRoute(app, facilitiesGeojsonRoute, async ({ reply }) => reply.header('Content-Type', 'application/geo+json').send(await geojson(FACILITIES_SQL)), deps);
  registerRoute(app, garagesGeojsonRoute, async ({ reply }) => reply.header('Content-Type', 'application/geo+json').send(await geojson(GARAGES_SQL)), deps);

  registerRoute(app, routesGeojsonRoute, async ({ query, reply, user }) => {
    requireInternalVisible(routeResource, user.scope);
    const ids = query.ids.split(',').map(Number);
    const fc = (await pool.query<{ fc: unknown }>(ROUTES_SQL, [ids])).rows[0]!.fc;
    return reply.header('Content-Type', 'application/geo+json').send(fc);
  }, deps);

  registerRoute(app, mapExtentRoute, async () => {
    const row = (await pool.query<{ w: number | null; s: number; e: number; n: number }>(EXTENT_SQL)).rows[0];
    return { bbox: row && row.w !== null ? [row.w, row.s, row.e, row.n] as [number, number, number, number] : null };
  }, deps);
}
