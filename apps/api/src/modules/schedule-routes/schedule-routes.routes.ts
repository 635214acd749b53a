/**
 * Routes of a schedule per work date (contract routes/schedule-routes.ts; issue 10 §1, §4):
 * GET {id}/routes/{DD.MM.YYYY}/, POST {id}/plan/{DD.MM.YYYY}/ (202, a job on the planning queue),
 * GET {id}/plan/{DD.MM.YYYY}/{job}/ (state and progress; a plan that left sites out is
 * `completed_with_warnings` with its remarks), POST {id}/routes/{DD.MM.YYYY}/move/; and
 * POST {id}/sites/bulk/ (sites-bulk.routes.ts).
 * Storage and the solver: @tko/planning (store/). 404 for an unknown schedule; 400 on `date`
 * for a bad work date (zod, before the handler); 400 on `vehicles` / `waste_management_facility`
 * when the schedule cannot be planned (no vehicle with a located garage, no facility); 503 when the queue is needed and Redis is down.
 * These tables are not a registry: the planner and the move write them directly (one
 * transaction each) and nothing is announced on a registry topic.
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { DayRoutes, JobStatus, UserScope } from '@tko/contract';
import {
  isoToWorkDate, scheduleDayRoutesRoute, scheduleMoveStopRoute, schedulePlanRoute, schedulePlanStatusRoute, workDateToIso,
} from '@tko/contract';
import { FieldValidationError, JobPayloadError } from '@tko/db';
import { checkPlannable, moveStop, PlanInputError, readDayRoutes } from '@tko/planning/store';
import type { AuthGuards } from '../../plugins/auth';
import { notFound, unavailable } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import { openPlanningQueue, planningQueueOn, type PlanningQueue } from './planning-queue';
import { registerPlanFact } from './plan-fact.routes';
import { visibleScheduleId } from './schedule-scope';
import { registerScheduleSitesBulk } from './sites-bulk.routes';

const QUEUE_DOWN = 'Построение маршрутов временно недоступно (нет связи с Redis). Попробуйте позже.';

/** The wire answer: the store's rows with the date back in DD.MM.YYYY and the first route visible. */
async function dayRoutes(pool: Pool, id: number, iso: string): Promise<DayRoutes> {
  const day = await readDayRoutes(pool, id, iso);
  return {
    ...day,
    work_date: isoToWorkDate(iso),
    travel: day.travel as DayRoutes['travel'],
    routes: day.routes.map((r, k) => ({ ...r, isVisible: k === 0, stops: r.stops.map((s) => ({ ...s, stop_type: s.stop_type as DayRoutes['routes'][number]['stops'][number]['stop_type'] })) })),
    plans: day.plans.map((p) => ({ ...p, created_at: new Date(p.created_at).toISOString() })),
  };
}

export function registerScheduleRoutes(app: FastifyInstance, deps: { pool: Pool; guards: AuthGuards; queue: PlanningQueue | null }): void {
  const schedule = (raw: string, scope: UserScope | null | undefined) => visibleScheduleId(deps.pool, raw, scope);

  registerRoute(app, scheduleDayRoutesRoute, async ({ params, user }) => {
    const id = await schedule(params.id, user.scope);
    return dayRoutes(deps.pool, id, workDateToIso(params.date)!);
  }, deps);

  registerRoute(app, schedulePlanRoute, async ({ params, body, user, reply }) => {
    const id = await schedule(params.id, user.scope);
    try {
      await checkPlannable(deps.pool, id);
    } catch (e) {
      if (e instanceof PlanInputError) throw FieldValidationError.of(e.field, e.message);
      throw e;
    }
    if (!deps.queue?.ready()) throw unavailable(QUEUE_DOWN);
    let jobId: string;
    try {
      jobId = await deps.queue.add({ schedule_id: id, work_date: workDateToIso(params.date)!, user_id: user.id, ...(body ?? {}) });
    } catch (e) {
      if (e instanceof JobPayloadError) throw e; // the server built a wrong payload: not Redis's fault
      throw unavailable(QUEUE_DOWN);
    }
    reply.status(202);
    return { job_id: jobId, status_url: `/api/fleet/schedules/${id}/plan/${params.date}/${jobId}/` };
  }, deps);

  registerRoute(app, schedulePlanStatusRoute, async ({ params, user }): Promise<JobStatus> => {
    const id = await schedule(params.id, user.scope);
    if (!deps.queue?.ready()) throw unavailable(QUEUE_DOWN);
    const job = await deps.queue.get(params.job).catch(() => { throw unavailable(QUEUE_DOWN); });
    if (!job || job.data.schedule_id !== id || job.data.user_id !== user.id) throw notFound();
    const state = await job.getState();
    const warnings = state === 'completed' ? ((job.returnvalue as { warnings?: string[] } | null)?.warnings ?? []) : [];
    return {
      id: job.id!,
      name: job.name,
      state: warnings.length > 0 ? 'completed_with_warnings' : (['waiting', 'active', 'completed', 'failed', 'delayed'].includes(state) ? state : 'unknown') as JobStatus['state'],
      ...(warnings.length > 0 ? { warnings } : {}),
      progress: typeof job.progress === 'number' ? job.progress : 0,
      file_url: null,
      file_name: null,
      error: state === 'failed' ? (job.failedReason && /[А-Яа-яЁё]/.test(job.failedReason) ? job.failedReason : 'Маршруты не построены. Повторите попытку.') : null,
    };
  }, deps);

  registerRoute(app, scheduleMoveStopRoute, async ({ params, body, user }) => {
    const id = await schedule(params.id, user.scope);
    const iso = workDateToIso(params.date)!;
    try {
      await moveStop(deps.pool, id, iso, { stopId: body.stop_id, routeId: body.route_id, position: body.position ?? null });
    } catch (e) {
      if (e instanceof PlanInputError) throw FieldValidationError.of(e.field, e.message);
      throw e;
    }
    return dayRoutes(deps.pool, id, iso);
  }, deps);
}

export const scheduleRoutesModule = apiModule('schedule-routes', (app, d) => {
  // The app's job client (its planning queue is the one the STOMP job lookup reads): produce through it.
  const queue = d.queues ? planningQueueOn(d.queues) : openPlanningQueue(d.config.redisUrl, d.config.queuePrefix);
  app.addHook('onClose', async () => { await queue?.close(); });
  registerScheduleRoutes(app, { pool: d.pool, guards: d.guards, queue });
  registerScheduleSitesBulk(app, d);
  registerPlanFact(app, d);
});
