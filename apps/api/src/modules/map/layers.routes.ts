/**
 * Map layers other than the waste-area tiles (issue 7 §7, contract routes/map-layers.ts):
 * GeoJSON of unauthorised dumps (`waste-dumps:view`), of waste-management facilities
 * (`waste-management-facility:view`) and of garages (`garages:view`; `estimated` = a point still
 * to check), and the public extent of the map data. Only rows with
 * coordinates; EPSG:4326, 6 decimals.
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { facilitiesGeojsonRoute, garagesGeojsonRoute, mapExtentRoute, wasteDumpsGeojsonRoute } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { registerRoute } from '../../routing/register-route';

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

export function registerMapLayerRoutes(app: FastifyInstance, deps: { pool: Pool; guards: AuthGuards }): void {
  const { pool } = deps;
  const geojson = async (sql: string) => (await pool.query<{ fc: unknown }>(sql)).rows[0]!.fc;

  // GeoJSON: bytes with their own type (the descriptions carry permission and OpenAPI).
  registerRoute(app, wasteDumpsGeojsonRoute, async ({ reply }) => reply.header('Content-Type', 'application/geo+json').send(await geojson(DUMPS_SQL)), deps);
  registerRoute(app, facilitiesGeojsonRoute, async ({ reply }) => reply.header('Content-Type', 'application/geo+json').send(await geojson(FACILITIES_SQL)), deps);
  registerRoute(app, garagesGeojsonRoute, async ({ reply }) => reply.header('Content-Type', 'application/geo+json').send(await geojson(GARAGES_SQL)), deps);

  registerRoute(app, mapExtentRoute, async () => {
    const row = (await pool.query<{ w: number | null; s: number; e: number; n: number }>(EXTENT_SQL)).rows[0];
    return { bbox: row && row.w !== null ? [row.w, row.s, row.e, row.n] as [number, number, number, number] : null };
  }, deps);
}
