/**
 * Map calls: vector tiles (authenticated and public), GET /api/geojson/ and
 * GET /api/public/map/list/ (spec 02 §7: CONTAINER_WASTE_AREA … lists with url and
 * coordinates). Authenticated map data carry only the kinds the user may view (403 if none).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAP_LIST_KEYS, MapListSchema, PUBLIC_TILE_PATH, TILE_PATH, TileParamsSchema, WASTE_AREA_TABS } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/http-errors';
import type { MapRepository } from './map.repository';

const MVT = 'application/vnd.mapbox-vector-tile';
const ALL_KINDS = WASTE_AREA_TABS.map((t) => t.kind as string);
const RESOURCES = WASTE_AREA_TABS.map((t) => t.type as string);

export function registerMapRoutes(app: FastifyInstance, deps: { map: MapRepository; guards: AuthGuards }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { map, guards } = deps;

  const viewableKinds = (request: FastifyRequest): string[] => {
    const user = guards.user(request);
    const kinds = WASTE_AREA_TABS.filter((t) => user.permissions[t.type]?.view).map((t) => t.kind as string);
    if (!kinds.length) throw forbidden();
    return kinds;
  };

  const inGrid = (z: number, x: number, y: number) => x < 2 ** z && y < 2 ** z;

  r.get(TILE_PATH, {
    preHandler: guards.requireAny(RESOURCES, 'view'),
    schema: { tags: ['map'], summary: 'Векторная плитка мест накопления (MVT)', params: TileParamsSchema },
  }, async (request, reply) => {
    const { z, x, y } = request.params;
    if (!inGrid(z, x, y)) throw notFound();
    const tile = await map.tile(z, x, y, viewableKinds(request));
    return reply.header('Content-Type', MVT).header('Cache-Control', 'private, no-cache').send(tile);
  });

  r.get(PUBLIC_TILE_PATH, {
    schema: { tags: ['map', 'public'], summary: 'Открытая векторная плитка мест накопления', params: TileParamsSchema },
  }, async (request, reply) => {
    const { z, x, y } = request.params;
    if (!inGrid(z, x, y)) throw notFound();
    const tile = await map.tile(z, x, y, ALL_KINDS);
    return reply.header('Content-Type', MVT).header('Cache-Control', 'public, max-age=60').send(tile);
  });

  r.get('/api/geojson/', {
    preHandler: guards.requireAny(RESOURCES, 'view'),
    schema: { tags: ['map'], summary: 'Места накопления в GeoJSON (EPSG:4326)' },
  }, async (request, reply) => reply.header('Content-Type', 'application/geo+json').send(await map.geojson(viewableKinds(request))));

  r.get('/api/public/map/list/', {
    schema: { tags: ['map', 'public'], summary: 'Открытый список мест накопления по видам', response: { 200: MapListSchema } },
  }, async () => {
    const out: Record<string, { id: number; url: string; coordinates: { lat: number; lng: number } }[]> = {};
    for (const key of Object.values(MAP_LIST_KEYS)) out[key] = [];
    const typeOf = Object.fromEntries(WASTE_AREA_TABS.map((t) => [t.kind, t.type]));
    for (const p of await map.points()) {
      const key = MAP_LIST_KEYS[p.kind as keyof typeof MAP_LIST_KEYS];
      out[key]!.push({ id: p.id, url: `/terr-schema/containers/${typeOf[p.kind]}/view/${p.id}/`, coordinates: { lat: p.lat, lng: p.lng } });
    }
    return out;
  });
}
