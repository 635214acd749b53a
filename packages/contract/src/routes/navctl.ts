/**
 * GPS tracking calls (spec 02 §3 "Vehicle tracking", §7 "Tracking"; issue 10 §3):
 *
 * - GET /api/navctl/vehicles/ — the vehicles with their last position, the `online` flag
 *   (a position within the last TRACKING_ONLINE_MINUTES, default 10) and the `last_online`
 *   bucket; the page carries `online_count` / `offline_count` over the whole filtered list;
 * - GET /api/navctl/vehicles/{id}/trips/?from&to — the vehicle's trips in the period: split where
 *   it stood still ≥ `stop_minutes` (default 10) or sent nothing for ≥ `silence_minutes` (default
 *   10), each with `period {lower, upper}`, its track as a GeoJSON LineString ([lng, lat]),
 *   distance (m), duration (s) and its site visits; `visits` lists every visit of the period, also
 *   those between two trips (a stay within the site's radius — its own `service_radius_m`, else
 *   `visit_radius`, default 30 m — slower than `visit_max_speed` km/h for ≥ `visit_dwell_s`;
 *   docs/TRACKING.md); the period is at most 31 days;
 * - POST /api/navctl/positions/ — the REST ingest for integrators (up to 5 000 positions per
 *   call; the Wialon IPS receiver is the other way in, apps/tracker).
 * Live: every stored batch is published on NAVCTL_POSITIONS_TOPIC (STOMP, {@link LivePositionsSchema}).
 * Permissions: `navctl:view` for the reads, `navctl:add` for the ingest.
 */
import { z } from 'zod';
import { DateTimeSchema, DateOrDateTimeSchema } from '../common/dates';
import { MSG } from '../common/messages';
import { PageQuerySchema, pageSchema } from '../common/pagination';
import { PointSchema } from '../common/geo';
import { defineRoute } from '../common/route';
import { LastOnline } from '../enums/other';

export const NAVCTL_PATH = '/api/navctl/';
/** STOMP topic of live positions (any signed-in user with navctl:view may subscribe). */
export const NAVCTL_POSITIONS_TOPIC = '/topic/navctl.positions';
/** A vehicle is online when its last position is at most this old (minutes; env TRACKING_ONLINE_MINUTES). */
export const DEFAULT_ONLINE_MINUTES = 10;

/**
 * The last-online bucket of a vehicle (spec 02 §3 «Last online»): NO_DATA without a position,
 * RECENTLY ≤ 10 min, HOUR ≤ 1 h, FEW_HOUR ≤ 6 h, DAY ≤ 24 h, FAR_AGO beyond.
 */
export function navLastOnlineBucket(at: Date | string | null, now: number = Date.now()): z.infer<typeof LastOnline.schema> {
  if (at === null) return 'NO_DATA';
  const min = (now - new Date(at).getTime()) / 60_000;
  if (min <= 10) return 'RECENTLY';
  if (min <= 60) return 'HOUR';
  if (min <= 360) return 'FEW_HOUR';
  if (min <= 1440) return 'DAY';
  return 'FAR_AGO';
}

const RefSchema = z.object({ id: z.number().int(), name: z.string() });

export const NavVehicleSchema = z.object({
  id: z.number().int(),
  license_plate: z.string(),
  garage: RefSchema.nullable(),
  status: z.string(),
  external_identifier: z.string().nullable(),
  last_online_at: z.string().nullable(),
  last_position: PointSchema.nullable(),
  online: z.boolean(),
  last_online: LastOnline.schema,
});
export type NavVehicle = z.infer<typeof NavVehicleSchema>;

const boolParam = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'Должно быть true или false.' }),
);

export const NavVehiclesQuerySchema = PageQuerySchema.extend({
  /** Only online (true) or offline (false) vehicles. */
  online: boolParam.optional(),
  /** Part of the plate or tracker identifier, case-insensitive. */
  search: z.string().max(100).optional(),
}).strict();

export const NavVehiclesPageSchema = pageSchema(NavVehicleSchema, {
  online_count: z.number().int(),
  offline_count: z.number().int(),
});

const intParam = (min: number, max: number) => z.preprocess(
  (v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v),
  z.number({ error: MSG.integer }).int(MSG.integer).min(min, MSG.min(min)).max(max, MSG.max(max)),
);

export const NavTripsQuerySchema = z.object({
  /** Period start (date = its 00:00 UTC, or date-time); default: 24 hours before `to`. */
  from: DateOrDateTimeSchema.optional(),
  /** Period end (a date means the end of that day); default: now. */
  to: DateOrDateTimeSchema.optional(),
  /** A standstill at least this long splits trips, minutes (1–240, default TRACKING_STOP_MINUTES = 10). */
  stop_minutes: intParam(1, 240).optional(),
  /** A gap in the data at least this long splits trips and stays, minutes (1–1440, default TRACKING_SILENCE_MINUTES = 10). */
  silence_minutes: intParam(1, 1440).optional(),
  /** Service radius of the sites without their own `service_radius_m`, metres (5–1000, default TRACKING_VISIT_RADIUS_M = 30). */
  visit_radius: intParam(5, 1000).optional(),
}).strict();

export const NavPeriodSchema = z.object({ lower: z.string(), upper: z.string() });

/** A visit (service) of a site: a stay within its radius below the speed limit for at least the dwell (docs/TRACKING.md). */
export const NavTripVisitSchema = z.object({
  waste_area: z.object({ id: z.number().int(), name: z.string(), kind: z.string() }),
  vehicle: z.object({ id: z.number().int(), license_plate: z.string() }),
  /** Arrival: the stay's first slow position within the radius (ISO 8601 UTC). */
  arrived_at: z.string(),
  /** Departure: its last one. */
  left_at: z.string(),
  /** Dwell, seconds: left_at − arrived_at. */
  dwell_s: z.number().int(),
  /** The same as dwell_s (the name of the first version of the call). */
  duration_s: z.number().int(),
  /** Closest approach of the stay's positions to the site, metres. */
  distance_m: z.number().int(),
  /** The site's service radius that applied, metres (its own or the call's default). */
  radius_m: z.number().int(),
  /** Number of the trip whose period holds the arrival; null when the stay lies between trips (or outside any). */
  trip: z.number().int().nullable(),
});
export type NavTripVisit = z.infer<typeof NavTripVisitSchema>;

export const NavLineStringSchema = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(z.tuple([z.number(), z.number()])),
});

export const NavTripSchema = z.object({
  /** 1-based number of the trip in the period. */
  number: z.number().int(),
  period: NavPeriodSchema,
  /** Metres along the track. */
  distance_m: z.number().int(),
  /** Seconds from the first to the last position. */
  duration_s: z.number().int(),
  /** km/h, null when the tracker sent no speed. */
  max_speed: z.number().nullable(),
  start: PointSchema,
  end: PointSchema,
  points_count: z.number().int(),
  /** Positions within the trip's period dropped as outliers (an impossible speed from their neighbours; docs/TRACKING.md). */
  outliers_count: z.number().int(),
  track: NavLineStringSchema,
  visits: z.array(NavTripVisitSchema),
});
export type NavTrip = z.infer<typeof NavTripSchema>;

export const NavTripsAnswerSchema = z.object({
  vehicle: z.object({ id: z.number().int(), license_plate: z.string() }),
  period: NavPeriodSchema,
  stop_minutes: z.number().int(),
  silence_minutes: z.number().int(),
  /** Default service radius, metres. */
  visit_radius: z.number().int(),
  /** Speed limit of a stay, km/h. */
  visit_max_speed: z.number(),
  /** Minimum dwell of a visit, seconds. */
  visit_dwell_s: z.number().int(),
  /** Stays at one site closer than this are one visit, seconds. */
  visit_merge_s: z.number().int(),
  /** A jump between two positions implying more than this is an outlier, dropped; km/h. */
  outlier_speed: z.number(),
  /** Positions of the period dropped as outliers (in trips or not). */
  outliers_count: z.number().int(),
  count: z.number().int(),
  distance_m: z.number().int(),
  results: z.array(NavTripSchema),
  /** Every visit of the period by arrival, inside trips or between them. */
  visits: z.array(NavTripVisitSchema),
});
export type NavTripsAnswer = z.infer<typeof NavTripsAnswerSchema>;

/** One position sent by an integrator: `vehicle_id` or the tracker's `external_identifier`. */
export const NavPositionInputSchema = z.strictObject({
  vehicle_id: z.number({ error: MSG.integer }).int(MSG.integer).min(1).max(2_147_483_647).optional(),
  external_identifier: z.string().min(1).max(100).optional(),
  time: DateTimeSchema,
  lat: z.number({ error: MSG.number }).min(-90, MSG.latitude).max(90, MSG.latitude),
  lng: z.number({ error: MSG.number }).min(-180, MSG.longitude).max(180, MSG.longitude),
  /** km/h */
  speed: z.number({ error: MSG.number }).min(0, MSG.min(0)).max(500, MSG.max(500)).nullable().optional(),
  /** degrees 0–359 */
  course: z.number({ error: MSG.integer }).int(MSG.integer).min(0, MSG.min(0)).max(359, MSG.max(359)).nullable().optional(),
  /** metres */
  altitude: z.number({ error: MSG.integer }).int(MSG.integer).min(-1000, MSG.min(-1000)).max(20000, MSG.max(20000)).nullable().optional(),
  sats: z.number({ error: MSG.integer }).int(MSG.integer).min(0, MSG.min(0)).max(255, MSG.max(255)).nullable().optional(),
}).refine((p) => p.vehicle_id !== undefined || p.external_identifier !== undefined, {
  message: 'Укажите vehicle_id или external_identifier.', path: ['vehicle_id'],
});

export const NavPositionsBatchSchema = z.strictObject({
  positions: z.array(NavPositionInputSchema, { error: 'Ожидался список позиций.' }).min(1, 'Список позиций пуст.').max(5000, 'Не более 5000 позиций за один запрос.'),
});
export const NavPositionsBatchAnswerSchema = z.object({
  /** Positions in the request. */
  received: z.number().int(),
  /** Newly stored (a position already stored for the vehicle and time is skipped). */
  stored: z.number().int(),
});

/** One live position; `time` ISO 8601 UTC. */
export const LivePositionSchema = z.object({
  vehicle_id: z.number().int(),
  time: z.string(),
  lat: z.number(),
  lng: z.number(),
  speed: z.number().nullable(),
  course: z.number().nullable(),
});
export type LivePosition = z.infer<typeof LivePositionSchema>;
/** Body of a message on NAVCTL_POSITIONS_TOPIC: one stored batch. */
export const LivePositionsSchema = z.object({ positions: z.array(LivePositionSchema) });
export type LivePositions = z.infer<typeof LivePositionsSchema>;

export const navVehiclesRoute = defineRoute({
  method: 'GET', path: `${NAVCTL_PATH}vehicles/`, permission: 'navctl:view', tags: ['navctl'],
  summary: 'Мониторинг: транспорт с признаком «на связи» и счётчиками',
  query: NavVehiclesQuerySchema, response: { 200: NavVehiclesPageSchema },
});

export const navTripsRoute = defineRoute({
  method: 'GET', path: `${NAVCTL_PATH}vehicles/:id/trips/`, permission: 'navctl:view', tags: ['navctl'],
  summary: 'Мониторинг: рейсы машины за период (трек GeoJSON, пробег, длительность, посещения площадок)',
  params: z.object({ id: z.string() }), query: NavTripsQuerySchema, response: { 200: NavTripsAnswerSchema },
});

export const navPositionsIngestRoute = defineRoute({
  method: 'POST', path: `${NAVCTL_PATH}positions/`, permission: 'navctl:add', tags: ['navctl'],
  summary: 'Мониторинг: приём позиций от интеграторов (до 5000 за запрос)',
  description: 'Каждая позиция — vehicle_id или external_identifier машины, время UTC, широта и долгота. '
    + 'Неизвестная машина или время вне 2000-01-01 … сейчас + 1 сутки — 400 на поле позиции (positions.N.field).',
  body: NavPositionsBatchSchema, response: { 200: NavPositionsBatchAnswerSchema },
});
