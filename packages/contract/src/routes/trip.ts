/**
 * The routing service, OSRM-compatible (spec 02 §7 "Routes"; http://project-osrm.org/docs/v5.24.0/api/#trip-service):
 * `GET /trip/v1/driving/{lng,lat;lng,lat;…}?roundtrip=false&source=first&destination=last&geometries=geojson`.
 * The web app uses the answer only when `code` is "Ok". Units: distance in metres, duration in
 * seconds, coordinates [lng, lat]. Refusals are HTTP 400 `{code, message, detail}`, `code` one of
 * OSRM's: InvalidQuery (coordinates unreadable), InvalidOptions (an option's value), NoSegment (no
 * road within the snap radius of a point — never a straight line instead), NoTrips (the points are
 * not connected by the graph), NotImplemented (roundtrip=false needs source=first, destination=last),
 * TooBig (more than 100 points). Served from pgRouting over the region's road graph, or passed
 * through to OSRM_URL when set.
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';

const LngLatSchema = z.tuple([z.number(), z.number()]);

export const TripGeometrySchema = z.union([
  z.string(),
  z.object({ type: z.literal('LineString'), coordinates: z.array(LngLatSchema) }),
]);

export const TripLegSchema = z.object({
  steps: z.array(z.unknown()),
  summary: z.string(),
  weight: z.number(),
  duration: z.number(),
  distance: z.number(),
});

export const TripAnswerSchema = z.object({
  code: z.literal('Ok'),
  /** Where the times come from: 'road_graph' (the product's engine); absent in a passed-through OSRM answer. */
  source: z.enum(['road_graph', 'great_circle']).optional(),
  trips: z.array(z.object({
    geometry: TripGeometrySchema.optional(),
    legs: z.array(TripLegSchema),
    weight_name: z.string(),
    weight: z.number(),
    duration: z.number(),
    distance: z.number(),
  })),
  waypoints: z.array(z.object({
    hint: z.string().optional(),
    distance: z.number(),
    name: z.string(),
    location: LngLatSchema,
    waypoint_index: z.number().int(),
    trips_index: z.number().int(),
  })),
});
export type TripAnswerWire = z.infer<typeof TripAnswerSchema>;

/**
 * The OSRM options, read as text and checked by the service itself so that a bad value is
 * answered with OSRM's `InvalidOptions` code (not a field map).
 */
export const TripQuerySchema = z.object({
  roundtrip: z.string().max(10).optional(),
  source: z.string().max(10).optional(),
  destination: z.string().max(10).optional(),
  geometries: z.string().max(20).optional(),
  overview: z.string().max(20).optional(),
  steps: z.string().max(10).optional(),
  annotations: z.string().max(100).optional(),
});

export const tripRoute = defineRoute({
  method: 'GET', path: '/trip/v1/driving/:coordinates', permission: { resource: 'routes', action: 'view' },
  tags: ['routes'], summary: 'Построение маршрута по дорогам (совместимо с OSRM trip)',
  description: 'Точки «lng,lat;lng,lat;…» (2–100). Ответ OSRM: code "Ok", trips (geometry, legs, distance м, duration с), '
    + 'waypoints (waypoint_index — место точки в поездке, trips_index). Ошибки 400 {code, message}: InvalidQuery, InvalidOptions, '
    + 'NoSegment (нет дороги ближе радиуса привязки), NoTrips, NotImplemented, TooBig.',
  params: z.object({ coordinates: z.string().max(8000) }),
  query: TripQuerySchema,
  response: { 200: TripAnswerSchema },
});
