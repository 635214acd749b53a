/**
 * Routes of a schedule per work date (spec 02 §3 "Schedule", §7 "Schedules and requests"; issue 10
 * §1, §4): read a date's routes with their stops, plan a date as a queued job (BullMQ queue
 * `planning`, progress 0–100), follow the job, move a stop to another route (totals recomputed).
 * The work date travels as DD.MM.YYYY in the path; a bad one is 400 on `date`.
 * Permissions: schedules:view to read, schedules:change to plan and edit.
 */
import { z } from 'zod';
import { isCalendarDate } from '../common/dates';
import { defineRoute } from '../common/route';
import { JobStatusSchema } from '../jobs/index';

/** 'DD.MM.YYYY' → 'YYYY-MM-DD', or null when it is not a calendar date. */
export function workDateToIso(s: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isCalendarDate(iso) ? iso : null;
}

/** 'YYYY-MM-DD' → 'DD.MM.YYYY'. */
export const isoToWorkDate = (iso: string): string => iso.split('-').reverse().join('.');

export const WORK_DATE_MESSAGE = 'Неверная дата: укажите существующую дату в формате ДД.ММ.ГГГГ.';
const WorkDateSchema = z.string().refine((s) => workDateToIso(s) !== null, WORK_DATE_MESSAGE);

const DayParams = z.object({ id: z.string(), date: WorkDateSchema });

const Ref = z.object({ id: z.number().int(), name: z.string() }).nullable();
const StopType = z.enum(['GARAGE', 'WASTE_AREA', 'LUNCH_BREAK', 'WASTE_MANAGEMENT_FACILITY']);

/** A stop: times HH:MM:SS; volume_m3 taken here and load_m3 on leaving, m³ as strings. */
export const ScheduleRouteStopSchema = z.object({
  id: z.number().int(),
  order_in_route: z.number().int(),
  stop_type: StopType,
  waste_area: Ref,
  collection_request: z.number().int().nullable(),
  waste_management_facility: Ref,
  garage: Ref,
  coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  arrival_time: z.string(),
  departure_time: z.string(),
  volume_m3: z.string(),
  load_m3: z.string(),
  /** A break: 'lunch' or 'driving' (45 min after 4 h 30 min of driving, Приказ Минтранса № 424); else null. */
  break_kind: z.enum(['lunch', 'driving']).nullable(),
  /** At a site: the share of its waste taken at this stop ('1.000000', or less when it needs several trips). */
  share: z.string(),
  /** kg taken here and on board on leaving. */
  mass_kg: z.string(),
  load_kg: z.string(),
  /** At a site: the loading types that can serve it (null = any); `compatible`: the route's truck is one of them. */
  bodies: z.array(z.string()).nullable(),
  compatible: z.boolean(),
});
export type ScheduleRouteStop = z.infer<typeof ScheduleRouteStopSchema>;

/** One vehicle's day: distance_m (m), duration_s (s, garage to garage), unloads (trips to a facility). */
export const ScheduleRouteSchema = z.object({
  id: z.number().int(),
  number: z.number().int(),
  /** The first route of the date is the one shown by default (spec 02 §5). */
  isVisible: z.boolean(),
  vehicle: Ref,
  garage: Ref,
  distance_m: z.number().int(),
  duration_s: z.number().int(),
  unloads: z.number().int(),
  volume_m3: z.string(),
  capacity_m3: z.string().nullable(),
  /** false: a rule is broken (listed in `violations`; possible after a manual move). */
  feasible: z.boolean(),
  /** The rules the route breaks: code (ViolationCode of @tko/planning) and the Russian text. */
  violations: z.array(z.object({ code: z.string(), label: z.string() })),
  /** 0: the first crew; 1: the second crew of a two-crew truck. */
  crew: z.number().int(),
  /** The truck's loading type (LoadingType code), payload, kg, and the mass collected, kg. */
  loading: z.string().nullable(),
  payload_kg: z.number().int().nullable(),
  mass_kg: z.string(),
  /** true when the truck's body fits every site of the route. */
  compatible: z.boolean(),
  /** The crew's shift: leave and return (HH:MM:SS), its length and time at the wheel (s), its breaks. */
  shift: z.object({
    start: z.string(), end: z.string(), duration_s: z.number().int(), driving_s: z.number().int(),
    breaks: z.array(z.object({ start: z.string(), end: z.string(), kind: z.enum(['lunch', 'driving']) })),
  }),
  stops_count: z.number().int(),
  stops: z.array(ScheduleRouteStopSchema),
});
export type ScheduleRoute = z.infer<typeof ScheduleRouteSchema>;

export const UNPLANNED_REASONS = ['NO_COMPATIBLE_VEHICLE', 'WINDOW_UNREACHABLE', 'FLEET_TOO_SMALL', 'NO_COORDINATES'] as const;

/** A site not planned: its reason (code and Russian label) and what decided it. */
export const UnplannedSiteSchema = z.object({
  id: z.number().int(),
  waste_area: Ref,
  collection_request: z.number().int().nullable(),
  reason: z.enum(UNPLANNED_REASONS),
  reason_label: z.string(),
  detail: z.string(),
});
export type UnplannedSite = z.infer<typeof UnplannedSiteSchema>;

export const PLAN_MODES = ['optimise', 'keep_assignment'] as const;

/** One finished plan of the date: m, s, counts. */
export const PlanRunSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  mode: z.enum(PLAN_MODES),
  distance_m: z.number().int(),
  vehicles: z.number().int(),
  shifts: z.number().int(),
  unloads: z.number().int(),
  sites: z.number().int(),
  unplanned: z.number().int(),
  shifts_s: z.number().int(),
  longest_shift_s: z.number().int(),
  driving_s: z.number().int(),
  travel_source: z.string(),
});
export type PlanRun = z.infer<typeof PlanRunSchema>;

export const DayRoutesSchema = z.object({
  schedule_id: z.number().int(),
  /** DD.MM.YYYY, as asked. */
  work_date: z.string(),
  /** Where travel times come from: road_graph, or great_circle × detour_factor at speed_kmh, or mixed. */
  travel: z.object({ source: z.enum(['road_graph', 'great_circle', 'mixed']), detour_factor: z.string().nullable(), speed_kmh: z.string().nullable() }).nullable(),
  totals: z.object({
    distance_m: z.number().int(), duration_s: z.number().int(), vehicles: z.number().int(), unloads: z.number().int(),
    sites: z.number().int(), infeasible_routes: z.number().int(),
    /** Crew-shifts (routes), the longest shift and the time at the wheel of all, s; sites not planned. */
    shifts: z.number().int(), longest_shift_s: z.number().int(), driving_s: z.number().int(), unplanned: z.number().int(),
  }),
  routes: z.array(ScheduleRouteSchema),
  /** Sites of the date the last plan did not place, each with its reason. */
  unplanned: z.array(UnplannedSiteSchema),
  /** The date's plans, newest first (at most 10): their mode and totals, to compare two. */
  plans: z.array(PlanRunSchema),
});
export type DayRoutes = z.infer<typeof DayRoutesSchema>;

export const scheduleDayRoutesRoute = defineRoute({
  method: 'GET', path: '/api/fleet/schedules/:id/routes/:date/', permission: 'schedules:view', tags: ['schedules'],
  summary: 'Маршруты графика на рабочую дату (ДД.ММ.ГГГГ)', params: DayParams, response: { 200: DayRoutesSchema },
});

export const PlanJobAnswerSchema = z.object({ job_id: z.string(), status_url: z.string() });

/** Seconds of route search a plan may use: the default and the most a request may ask (10 min). */
export const PLAN_SEARCH_SECONDS_DEFAULT = 30;
export const PLAN_SEARCH_SECONDS_MAX = 600;

/**
 * Options of a plan: `mode` keep_assignment keeps each truck's current sites and only re-sequences
 * them; `balance_shifts` evens out the shifts' lengths; `vehicle_cost_km` is the fixed cost of each
 * truck used, km of driving; `search_seconds` the time limit of the route search (hybrid genetic
 * search, default 30 s, 0: the quick construction only, at most 600 s; it ends earlier once it
 * stops finding better plans); `seed` makes the search repeatable (default 1). No body (null): the
 * defaults.
 */
export const PlanBodySchema = z.strictObject({
  mode: z.enum(PLAN_MODES, { error: 'Режим: optimise или keep_assignment.' }).optional(),
  balance_shifts: z.boolean({ error: 'Укажите да или нет.' }).optional(),
  vehicle_cost_km: z.number({ error: 'Укажите число километров.' }).min(0, 'Не меньше 0 км.').max(1000, 'Не больше 1000 км.').optional(),
  search_seconds: z.number({ error: 'Укажите число секунд.' }).int('Укажите целое число секунд.').min(0, 'Не меньше 0 с.')
    .max(PLAN_SEARCH_SECONDS_MAX, `Не больше ${PLAN_SEARCH_SECONDS_MAX} с (10 минут).`).optional(),
  seed: z.number({ error: 'Укажите целое число.' }).int('Укажите целое число.').min(1, 'Не меньше 1.').max(2147483647, 'Не больше 2147483647.').optional(),
}).nullish();
export type PlanBody = z.infer<typeof PlanBodySchema>;

export const schedulePlanRoute = defineRoute({
  method: 'POST', path: '/api/fleet/schedules/:id/plan/:date/', permission: 'schedules:change', tags: ['schedules'],
  summary: 'Построить маршруты графика на дату (фоновая задача)',
  description: 'Площадки к вывозу в этот день по периодичности и заявки; смены экипажей не длиннее 12 ч с перерывами по Приказу Минтранса № 424, кузов под контейнеры площадки, объём и масса, окна площадок и часы работы объектов. Площадки, которые не удалось поставить, возвращаются с причиной. Ответ 202: задача и адрес её состояния.',
  params: DayParams, body: PlanBodySchema, response: { 202: PlanJobAnswerSchema },
});

export const schedulePlanStatusRoute = defineRoute({
  method: 'GET', path: '/api/fleet/schedules/:id/plan/:date/:job/', permission: 'schedules:view', tags: ['schedules'],
  summary: 'Состояние построения маршрутов', params: DayParams.extend({ job: z.string().regex(/^[\w-]{1,80}$/) }), response: { 200: JobStatusSchema },
});

export const MoveStopBodySchema = z.strictObject({
  stop_id: z.number().int().min(1).max(2147483647),
  route_id: z.number().int().min(1).max(2147483647),
  /** 1-based place among the target route's site stops; absent or null: the cheapest place. */
  position: z.number().int().min(1).max(100000).nullable().optional(),
});
export type MoveStopBody = z.infer<typeof MoveStopBodySchema>;

export const scheduleMoveStopRoute = defineRoute({
  method: 'POST', path: '/api/fleet/schedules/:id/routes/:date/move/', permission: 'schedules:change', tags: ['schedules'],
  summary: 'Перенести остановку в другой маршрут дня (итоги пересчитываются)', params: DayParams, body: MoveStopBodySchema,
  response: { 200: DayRoutesSchema },
});

/** BullMQ queue and job of the day planning (apps/worker planning-worker.ts). */
export const QUEUE_PLANNING = 'planning';
export const PLAN_DAY_JOB = 'plan-day';
export const PlanDayJobSchema = z.object({
  schedule_id: z.number().int(), work_date: z.string(), user_id: z.number().int(),
  mode: z.enum(PLAN_MODES).optional(), balance_shifts: z.boolean().optional(), vehicle_cost_km: z.number().optional(),
  search_seconds: z.number().int().min(0).max(PLAN_SEARCH_SECONDS_MAX).optional(), seed: z.number().int().optional(),
});
export type PlanDayJob = z.infer<typeof PlanDayJobSchema>;
