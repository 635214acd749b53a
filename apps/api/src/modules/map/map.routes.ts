/**
 * Map calls: vector tiles (authenticated and public), GET /api/geojson/ and
 * GET /api/public/map/list/ (spec 02 §7: CONTAINER_WASTE_AREA … lists with url and
 * coordinates). Authenticated map data carry only the kinds the user may view (403 if none).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { geojsonRoute, MAP_LIST_KEYS, MVT_CONTENT_TYPE, publicMapListRoute, publicTileRoute, tileRoute, WASTE_AREA_TABS } from '@tko/contract';
import type { AuthGuards } from '../../plugins/auth';
import { forbidden, notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import type { MapRepository } from './map.repository';

const MVT = MVT_CONTENT_TYPE;
const ALL_KINDS = WASTE_AREA_TABS.map((t) => t.kind as string);

export function registerMapRoutes(app: FastifyInstance, deps: { map: MapRepository; guards: AuthGuards }): void {
  const { map, guards } = deps;

  const viewableKinds = (request: FastifyRequest): string[] => {
    const user = guards.user(request);
    const kinds = WASTE_AREA_TABS.filter((t) => user.permissions[t.type]?.view).map((t) => t.kind as string);
    if (!kinds.length) throw forbidden();
    return kinds;
  };

  const inGrid = (z: number, x: number, y: number) => x < 2 ** z && y < 2 ** z;

  // Tiles and GeoJSON are bytes with their own type: the descriptions carry permission and OpenAPI.
  registerRoute(app, tileRoute, async ({ params, request, reply }) => {
    const { z, x, y } = params;
    if (!inGrid(z, x, y)) throw notFound();
    const tile = await map.tile(z, x, y, viewableKinds(request), request.authUser?.scope);
    return reply.header('Content-Type', MVT).header('Cache-Control', 'private, no-cache').send(tile);
  }, deps);

  registerRoute(app, publicTileRoute, async ({ params, reply }) => {
    const { z, x, y } = params;
    if (!inGrid(z, x, y)) throw notFound();
    const tile = await map.tile(z, x, y, ALL_KINDS);
    return reply.header('Content-Type', MVT).header('Cache-Control', 'public, max-age=60').send(tile);
  }, deps);

  registerRoute(app, geojsonRoute, async ({ request, reply }) => reply.header('Content-Type', 'application/geo+json').send(await map.geojson(viewableKinds(request), request.authUser?.scope)), deps);

  registerRoute(app, publicMapListRoute, async () => {
    const out: Record<string, { id: number; url: string; coordinates: { lat: number; lng: number } }[]> = {};
    for (const key of Object.values(MAP_LIST_KEYS)) out[key] = [];
    const typeOf = Object.fromEntries(WASTE_AREA_TABS.map((t) => [t.kind, t.type]));
    for (const p of await map.points()) {
      const key = MAP_LIST_KEYS[p.kind as keyof typeof MAP_LIST_KEYS];
      out[key]!.push({ id: p.id, url: `/terr-schema/containers/${typeOf[p.kind]}/view/${p.id}/`, coordinates: { lat: p.lat, lng: p.lng } });
    }
    return out;
  }, deps);
}
