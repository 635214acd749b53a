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
  /** false: over capacity or back after the leave time (possible after a manual move). */
  feasible: z.boolean(),
  stops_count: z.number().int(),
  stops: z.array(ScheduleRouteStopSchema),
});
export type ScheduleRoute = z.infer<typeof ScheduleRouteSchema>;

export const DayRoutesSchema = z.object({
  schedule_id: z.number().int(),
  /** DD.MM.YYYY, as asked. */
  work_date: z.string(),
  /** Where travel times come from: road_graph, or great_circle × detour_factor at speed_kmh, or mixed. */
  travel: z.object({ source: z.enum(['road_graph', 'great_circle', 'mixed']), detour_factor: z.string().nullable(), speed_kmh: z.string().nullable() }).nullable(),
  totals: z.object({
    distance_m: z.number().int(), duration_s: z.number().int(), vehicles: z.number().int(), unloads: z.number().int(),
    sites: z.number().int(), infeasible_routes: z.number().int(),
  }),
  routes: z.array(ScheduleRouteSchema),
});
export type DayRoutes = z.infer<typeof DayRoutesSchema>;

export const scheduleDayRoutesRoute = defineRoute({
  method: 'GET', path: '/api/fleet/schedules/:id/routes/:date/', permission: 'schedules:view', tags: ['schedules'],
  summary: 'Маршруты графика на рабочую дату (ДД.ММ.ГГГГ)', params: DayParams, response: { 200: DayRoutesSchema },
});

export const PlanJobAnswerSchema = z.object({ job_id: z.string(), status_url: z.string() });

export const schedulePlanRoute = defineRoute({
  method: 'POST', path: '/api/fleet/schedules/:id/plan/:date/', permission: 'schedules:change', tags: ['schedules'],
  summary: 'Построить маршруты графика на дату (фоновая задача)',
  description: 'Сайты к вывозу в этот день по периодичности и заявки; каждая машина из своего гаража и обратно, выгрузка на ближайшем объекте при заполнении, 06:00–22:00 (время графика) с обедом. Ответ 202: задача и адрес её состояния.',
  params: DayParams, response: { 202: PlanJobAnswerSchema },
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
export const PlanDayJobSchema = z.object({ schedule_id: z.number().int(), work_date: z.string(), user_id: z.number().int() });
export type PlanDayJob = z.infer<typeof PlanDayJobSchema>;
