/**
 * Calls of the operations area that are not registry CRUD (issue 11 §1, §5):
 *
 * - POST /api/flows/predicted/generate/ — recount the predicted flows of the years asked, as a
 *   queued job (QUEUE_FLOWS, FLOWS_GENERATE_JOB; the worker's apps/worker/src/flows-generate.ts):
 *   answers 202 `{job_id, status_url}`; the job's progress goes to /topic/jobs.{id} and
 *   GET /api/jobs/{id}/. Method: packages/db/src/flows/generate-predicted.ts and docs/DECISIONS.md
 *   «Operations: flows, dispatcher, documents».
 * - GET /api/map/flows/geojson/ — flows as lines from the start (source area) to the end (the
 *   facility), for the map layer; `kind` present (default) or predicted, `year` for predicted.
 * - GET /api/documents/{id}/get-zip — every attachment of a document category in one zip, streamed
 *   (no trailing slash: the spec writes it so).
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';
import { MSG } from '../common/messages';
import { DateSchema } from '../common/dates';

export const QUEUE_FLOWS = 'flows';
export const FLOWS_GENERATE_JOB = 'flows-generate';

/** Default radius of a flow's area around its start point, metres (a source within it belongs to that flow). */
export const FLOW_AREA_RADIUS_M = 5000;

const year = z.number({ error: MSG.integer }).int(MSG.integer).min(2000, MSG.min(2000)).max(9999, MSG.max(9999));

/** Body of generate/: the years to recount; the base year of the present flows (default: the current year). */
export const FlowsGenerateBodySchema = z.strictObject({
  years: z.array(year, { error: 'Укажите список лет.' }).min(1, 'Укажите хотя бы один год.').max(50, 'Не более 50 лет за один пересчёт.'),
  base_year: year.optional(),
  area_radius_m: z.number({ error: MSG.integer }).int(MSG.integer).min(1, MSG.min(1)).max(100000, MSG.max(100000)).optional(),
});
export type FlowsGenerateBody = z.infer<typeof FlowsGenerateBodySchema>;

/** The job's payload: the body with the defaults applied and who asked. */
export const FlowsGenerateJobSchema = z.object({
  years: z.array(z.number().int()),
  base_year: z.number().int(),
  area_radius_m: z.number().int(),
  user_id: z.number().int(),
});
export type FlowsGenerateJob = z.infer<typeof FlowsGenerateJobSchema>;

/** What one generation did, per year: flows written, of them from sources, total t/year. */
export const FlowsGenerateResultSchema = z.object({
  years: z.array(z.object({ year: z.number().int(), flows: z.number().int(), from_sources: z.number().int(), total_volume: z.string() })),
});
export type FlowsGenerateResult = z.infer<typeof FlowsGenerateResultSchema>;

export const JobAcceptedSchema = z.object({ job_id: z.string(), status_url: z.string() });

export const flowsGenerateRoute = defineRoute({
  method: 'POST', path: '/api/flows/predicted/generate/', permission: 'flows-predicted:add', tags: ['flows'],
  summary: 'Прогнозные потоки: пересчитать',
  description: 'Фоновая задача: прогнозные потоки указанных лет пересчитываются из текущих потоков (× коэффициент прогноза в степени числа лет) и нормативного накопления источников образования отходов. Ранее рассчитанные автоматически потоки этих лет заменяются, введённые вручную остаются.',
  body: FlowsGenerateBodySchema, response: { 202: JobAcceptedSchema },
});

export const FLOWS_GEOJSON_PATH = '/api/map/flows/geojson/';
export const FlowsGeojsonQuerySchema = z.strictObject({
  kind: z.enum(['present', 'predicted'], { error: 'Вид потоков: present или predicted.' }).optional(),
  year: z.coerce.number({ error: MSG.integer }).int(MSG.integer).min(2000, MSG.min(2000)).max(9999, MSG.max(9999)).optional(),
});
/** Lines start → end; properties: id, kind, year, wmf (name), volume (t/year, number), start_location, end_location. */
export const flowsGeojsonRoute = defineRoute({
  method: 'GET', path: FLOWS_GEOJSON_PATH, permission: { anyOf: ['flows-present', 'flows-predicted'], action: 'view' }, tags: ['map', 'flows'],
  summary: 'Потоки отходов линиями в GeoJSON (EPSG:4326)',
  query: FlowsGeojsonQuerySchema, produces: 'application/geo+json',
});

export const documentZipRoute = defineRoute({
  method: 'GET', path: '/api/documents/:id/get-zip', permission: 'documents:view', tags: ['documents'],
  summary: 'Документы: все файлы категории одним zip-архивом',
  params: z.object({ id: z.string() }), produces: 'application/zip',
});

/** Body of from-plan/: the work date whose planned routes become route events. */
export const RouteEventsFromPlanBodySchema = z.strictObject({
  work_date: DateSchema,
});
export const RouteEventsFromPlanResultSchema = z.object({ created: z.number().int(), skipped: z.number().int() });

/**
 * Route events of a work date from the planned routes of the schedules (issue 10 §4's schedule_route):
 * one route event per planned route (creation mode PLANNED, its vehicle, distance, duration, volume), its
 * waste-area stops in order (state PLANNED). A route already produced for that date (same name) is skipped.
 */
export const routeEventsFromPlanRoute = defineRoute({
  method: 'POST', path: '/api/dispatcher/route-event/from-plan/', permission: 'dispatcher-route-event:add', tags: ['dispatcher'],
  summary: 'Рейсы: создать из плана рейсов рабочей даты',
  body: RouteEventsFromPlanBodySchema, response: { 200: RouteEventsFromPlanResultSchema },
});

/** Body of check-visits/: the distance to a stop that counts as a visit, metres (default TRACKING_VISIT_RADIUS_M). */
export const RouteEventCheckVisitsBodySchema = z.strictObject({
  visit_radius: z.number({ error: MSG.integer }).int(MSG.integer).min(1, MSG.min(1)).max(1000, MSG.max(1000)).optional(),
}).optional();
export const RouteEventCheckVisitsResultSchema = z.object({
  vehicle: z.object({ id: z.number().int(), license_plate: z.string() }),
  period: z.object({ lower: z.string(), upper: z.string() }),
  visit_radius: z.number().int(),
  positions: z.number().int(),
  done: z.number().int(),
  missed: z.number().int(),
  unchanged: z.number().int(),
  stops: z.array(z.object({
    position: z.number().int(), waste_area_id: z.number().int().nullable(), name: z.string().nullable(),
    status: z.string(), visited_at: z.string().nullable(),
  })),
});
export type RouteEventCheckVisitsResult = z.infer<typeof RouteEventCheckVisitsResultSchema>;

/**
 * A route event's stops checked against the GPS track (issue 11 §2 with issue 10 §3's visits): the
 * vehicle's positions of the work date (the region's day, REGION_TIME_ZONE) are matched to each stop's
 * point (its waste area's, else the stop's own); a stop with a visit becomes DONE at the arrival time;
 * a stop without one becomes MISSED once the work date is over (until then it stays as it is); a stop
 * without a point is left as it is. 409 when the route event has no vehicle.
 */
export const routeEventCheckVisitsRoute = defineRoute({
  method: 'POST', path: '/api/dispatcher/route-event/:id/check-visits/', permission: 'dispatcher-route-event:change', tags: ['dispatcher'],
  summary: 'Рейс: отметить остановки выполненными или пропущенными по GPS-треку машины',
  params: z.object({ id: z.string() }),
  body: RouteEventCheckVisitsBodySchema, response: { 200: RouteEventCheckVisitsResultSchema },
});
