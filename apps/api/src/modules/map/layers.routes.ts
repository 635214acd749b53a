/**
 * Map layers other than the waste-area tiles (issue 7 §7, contract routes/map-layers.ts):
 * GeoJSON of unauthorised dumps (`waste-dumps:view`) and of waste-management facilities
 * (`waste-management-facility:view`), and the public extent of the map data. Only rows with
 * coordinates; EPSG:4326, 6 decimals.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Pool } from 'pg';
import { FACILITIES_GEOJSON_PATH, MAP_EXTENT_PATH, MapExtentSchema, WASTE_DUMPS_GEOJSON_PATH } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';

/** A FeatureCollection of `table`'s points with `props` (SQL expressions over alias t) as properties. */
function featureSql(table: string, props: Record<string, string>): string {
  const pairs = Object.entries(props).map(([k, v]) => `'${k}', ${v}`).join(', ');
  return `SELECT json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(json_build_object(
      'type', 'Feature', 'id', t.id, 'geometry', ST_AsGeoJSON(t.coordinates, 6)::json,
      'properties', json_build_object(${pairs})) ORDER BY t.id), '[]'::json)) AS fc
    FROM ${table} t WHERE t.coordinates IS NOT NULL`;
}

const DUMPS_SQL = featureSql('waste_dump', { id: 't.id', status: 't.status', identifier: 't.identifier', location: 't.location' });
const FACILITIES_SQL = featureSql('waste_management_facility', { id: 't.id', name: 't.name', status: 't.status', stage: 't.stage', location: 't.location' });
const EXTENT_SQL = `SELECT ST_XMin(e) AS w, ST_YMin(e) AS s, ST_XMax(e) AS e, ST_YMax(e) AS n FROM (
  SELECT ST_Extent(g) AS e FROM (
    SELECT coordinates AS g FROM waste_area WHERE coordinates IS NOT NULL
    UNION ALL SELECT coordinates FROM waste_management_facility WHERE coordinates IS NOT NULL) x) y`;

export function registerMapLayerRoutes(app: FastifyInstance, deps: { pool: Pool; guards: AuthGuards }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { pool, guards } = deps;
  const geojson = async (sql: string) => (await pool.query<{ fc: unknown }>(sql)).rows[0]!.fc;

  r.get(WASTE_DUMPS_GEOJSON_PATH, {
    preHandler: guards.requirePermission('waste-dumps', 'view'),
    schema: { tags: ['map'], summary: 'Несанкционированные свалки в GeoJSON (EPSG:4326)' },
  }, async (_request, reply) => reply.header('Content-Type', 'application/geo+json').send(await geojson(DUMPS_SQL)));

  r.get(FACILITIES_GEOJSON_PATH, {
    preHandler: guards.requirePermission('waste-management-facility', 'view'),
    schema: { tags: ['map'], summary: 'Объекты обращения с отходами в GeoJSON (EPSG:4326)' },
  }, async (_request, reply) => reply.header('Content-Type', 'application/geo+json').send(await geojson(FACILITIES_SQL)));

  r.get(MAP_EXTENT_PATH, {
    schema: { tags: ['map', 'public'], summary: 'Границы данных карты', response: { 200: MapExtentSchema } },
  }, async () => {
    const row = (await pool.query<{ w: number | null; s: number; e: number; n: number }>(EXTENT_SQL)).rows[0];
    return { bbox: row && row.w !== null ? [row.w, row.s, row.e, row.n] as [number, number, number, number] : null };
  });
}
