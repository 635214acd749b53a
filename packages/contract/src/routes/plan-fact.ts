/**
 * Plan against fact of a schedule on a work date (spec 02 §3 "Schedule", spec 03 «Route event»;
 * docs/TRACKING.md «Plan and fact»):
 *
 *   GET /api/fleet/schedules/{id}/plan-fact/{DD.MM.YYYY}/        the statuses of the date's due sites
 *   GET /api/fleet/schedules/{id}/plan-fact/{DD.MM.YYYY}/xlsx/   the same as an xlsx file
 *
 * Permission schedules:view; schedules are internal (row scope as the schedule card: 404 for a
 * user acting for organisations). A bad date is 400 on `date`.
 *
 * Each due site gets one status (PLAN_FACT_STATUSES): `served` (a planned vehicle stayed there
 * within the site's arrival/leave window), `served_unplanned` (within the window, by a vehicle not
 * planned for it), `late` (first served outside its window), `missed` (the window is over and
 * nothing served it), `pending` (the window is not over, nothing served it yet). A stay is a visit
 * of the tracking rules (radius, speed, dwell: docs/TRACKING.md). Times on the wire are ISO 8601 UTC;
 * windows are the region's local HH:MM:SS. A fact nobody recorded (no track of a vehicle) is null.
 *
 * Live: the worker recomputes a date as positions arrive and publishes {@link PlanFactMessageSchema}
 * on DESTINATIONS.planFact(scheduleId) (subscription needs schedules:view).
 */
import { z } from 'zod';
import { defineRoute } from '../common/route';
import { WORK_DATE_MESSAGE, workDateToIso } from './schedule-routes';

export const PLAN_FACT_STATUSES = ['served', 'served_unplanned', 'late', 'missed', 'pending'] as const;
export type PlanFactStatus = (typeof PLAN_FACT_STATUSES)[number];

/** The Russian name of each status (the table, the xlsx, docs/OPERATIONS.md). */
export const PLAN_FACT_STATUS_LABELS: Record<PlanFactStatus, string> = {
  served: 'Обслужена',
  served_unplanned: 'Обслужена внеплановой машиной',
  late: 'Обслужена вне окна',
  missed: 'Пропущена',
  pending: 'Ожидается',
};

const WorkDate = z.string().refine((s) => workDateToIso(s) !== null, WORK_DATE_MESSAGE);
const PlanFactParams = z.object({ id: z.string(), date: WorkDate });
const Ref = z.object({ id: z.number().int(), name: z.string() });

/** One stay of a vehicle at a site: ISO times, dwell s, closest approach m, the vehicle's trip of the day (1-based; null: between trips). */
export const PlanFactVisitSchema = z.object({
  vehicle: Ref,
  arrived_at: z.string(),
  left_at: z.string(),
  dwell_s: z.number().int(),
  distance_m: z.number().int(),
  trip: z.number().int().nullable(),
  /** The track segment that proves it: GET /api/navctl/vehicles/{vehicle.id}/trips/ over this period. */
  track: z.object({ vehicle_id: z.number().int(), from: z.string(), to: z.string() }),
});
export type PlanFactVisit = z.infer<typeof PlanFactVisitSchema>;

/** A dispatcher event of the site on that day (spec 03 «Dispatcher event»), with its photos' attachment ids. */
export const PlanFactEventSchema = z.object({
  id: z.number().int(), type: z.string(), source: z.string(), status: z.string(), event_date: z.string().nullable(), photos: z.array(z.number().int()),
});

export const PlanFactSiteSchema = z.object({
  /** A waste area, or null for a collection request. */
  waste_area: Ref.nullable(),
  collection_request: z.number().int().nullable(),
  coordinates: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The routes of the date that plan it (empty: no saved plan, the site is due by its periodicity). */
  route_ids: z.array(z.number().int()),
  /** The vehicles planned for it (the routes', else the site's trucks in the route plan; empty: any vehicle of the schedule). */
  planned_vehicles: z.array(Ref),
  /** The site's window (its card's arrival/leave, else the schedule's), local HH:MM:SS. */
  window: z.object({ open: z.string(), close: z.string() }),
  status: z.enum(PLAN_FACT_STATUSES),
  status_label: z.string(),
  /** The first service (a site served twice counts once); null when not served. */
  service: PlanFactVisitSchema.nullable(),
  /** The later stays at the site that day. */
  other_visits: z.array(PlanFactVisitSchema),
  /** Dispatcher events of the site that day (any source). */
  events: z.array(PlanFactEventSchema),
  /** Why the GPS cannot decide (e.g. no coordinates); null otherwise. */
  note: z.string().nullable(),
});
export type PlanFactSite = z.infer<typeof PlanFactSiteSchema>;

/** One planned route (crew-shift) against its vehicle's track: m, s; fact null when the vehicle sent nothing that day. */
export const PlanFactRouteSchema = z.object({
  route_id: z.number().int(),
  number: z.number().int(),
  crew: z.number().int(),
  vehicle: Ref.nullable(),
  planned: z.object({
    distance_m: z.number().int(), duration_s: z.number().int(), sites: z.number().int(), unloads: z.number().int(),
    /** Leave and return, local HH:MM:SS. */
    start: z.string(), end: z.string(),
  }),
  fact: z.object({
    /** Sum of the trips' lengths and durations attributed to this route (docs/TRACKING.md). */
    distance_m: z.number().int().nullable(), duration_s: z.number().int().nullable(),
    /** Its planned sites served by any vehicle (served, served_unplanned, late). */
    sites_served: z.number().int(),
    /** Stays of its vehicle at a facility (unloading trips). */
    unloads: z.number().int().nullable(),
    start: z.string().nullable(), end: z.string().nullable(),
  }),
  statuses: z.record(z.enum(PLAN_FACT_STATUSES), z.number().int()),
});
export type PlanFactRoute = z.infer<typeof PlanFactRouteSchema>;

export const PlanFactTotalsSchema = z.object({
  due: z.number().int(), served: z.number().int(), served_unplanned: z.number().int(), late: z.number().int(),
  missed: z.number().int(), pending: z.number().int(),
});
export type PlanFactTotals = z.infer<typeof PlanFactTotalsSchema>;

export const PlanFactDaySchema = z.object({
  schedule_id: z.number().int(),
  /** DD.MM.YYYY, as asked. */
  date: z.string(),
  computed_at: z.string(),
  /** Where the due sites come from: the date's saved plan, or the schedule's periodicities (no plan saved). */
  source: z.enum(['plan', 'due']),
  totals: PlanFactTotalsSchema,
  routes: z.array(PlanFactRouteSchema),
  sites: z.array(PlanFactSiteSchema),
});
export type PlanFactDay = z.infer<typeof PlanFactDaySchema>;

export const schedulePlanFactRoute = defineRoute({
  method: 'GET', path: '/api/fleet/schedules/:id/plan-fact/:date/', permission: 'schedules:view', tags: ['schedules'],
  summary: 'План и факт графика на дату (ДД.ММ.ГГГГ): статус каждой площадки по треку GPS',
  description: 'Площадки дня (из сохранённого плана, иначе по периодичности): обслужена, обслужена внеплановой машиной, вне окна, пропущена, ожидается; по маршрутам — плановый и фактический пробег, время, площадки и выгрузки.',
  params: PlanFactParams, response: { 200: PlanFactDaySchema },
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const schedulePlanFactXlsxRoute = defineRoute({
  method: 'GET', path: '/api/fleet/schedules/:id/plan-fact/:date/xlsx/', permission: 'schedules:view', tags: ['schedules'],
  summary: 'План и факт графика на дату: выгрузка в xlsx', params: PlanFactParams, produces: XLSX,
});

/** Body of a message on DESTINATIONS.planFact(scheduleId): a recomputed date, counts per status, the sites whose status changed. */
export const PlanFactMessageSchema = z.object({
  schedule_id: z.number().int(),
  /** DD.MM.YYYY. */
  date: z.string(),
  computed_at: z.string(),
  totals: PlanFactTotalsSchema,
  /** Waste-area ids (collection requests as negative ids) whose status changed since the last computation. */
  changed: z.array(z.number().int()),
});
export type PlanFactMessage = z.infer<typeof PlanFactMessageSchema>;

/** BullMQ queue and job of the recompute (apps/worker): one (schedule, date), deduplicated while waiting. */
export const QUEUE_PLAN_FACT = 'plan-fact';
export const PLAN_FACT_JOB = 'plan-fact-recompute';
export const PlanFactJobSchema = z.object({
  schedule_id: z.number().int().positive(),
  /** YYYY-MM-DD, the region's work date. */
  work_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export type PlanFactJob = z.infer<typeof PlanFactJobSchema>;

/** The region's time zone when REGION_TIME_ZONE is not set (Angarsk: Asia/Irkutsk, UTC+8): the work day's bounds and windows. */
export const DEFAULT_REGION_TIME_ZONE = 'Asia/Irkutsk';

/** A recompute waits this long after the first position that asked for it; positions meanwhile join it (ms). */
export const PLAN_FACT_DEBOUNCE_MS = 2000;

/** One service of a site on a work date (plan_fact_site): its status then, the vehicle, ISO times, dwell s, closest approach m, the track to open. */
export const SiteServiceSchema = z.object({
  schedule_id: z.number().int(),
  /** DD.MM.YYYY. */
  date: z.string(),
  status: z.enum(PLAN_FACT_STATUSES),
  status_label: z.string(),
  vehicle: Ref,
  arrived_at: z.string(),
  left_at: z.string(),
  dwell_s: z.number().int(),
  distance_m: z.number().int(),
  track: z.object({ vehicle_id: z.number().int(), from: z.string(), to: z.string() }),
});
export type SiteService = z.infer<typeof SiteServiceSchema>;

export const AppealSiteServicesSchema = z.object({
  /** The appeal's waste area; null: the appeal names none (then `results` is empty). */
  waste_area: Ref.nullable(),
  /** Its last services by plan and fact, newest first (at most 10). */
  results: z.array(SiteServiceSchema),
});
export type AppealSiteServices = z.infer<typeof AppealSiteServicesSchema>;

export const appealSiteServicesRoute = defineRoute({
  method: 'GET', path: '/api/appeals/:id/site-services/', permission: 'appeals:view', tags: ['appeals'],
  summary: 'Обращение: последние вывозы с площадки по GPS (план и факт)',
  params: z.object({ id: z.string() }), response: { 200: AppealSiteServicesSchema },
});
