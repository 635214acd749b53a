/**
 * The problems' own calls (contract routes/problems.ts; spec 03 §7 "Problems"): the four
 * dictionaries, a problem's logs (its change history) and events, the detector run now, and the
 * map layer's GeoJSON. The registry's list / card / PATCH / actions / xlsx are the generic CRUD
 * routes (crud module); this module also hangs the actions' effects on the pipeline.
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { ChangeLogEntry, UserScope } from '@tko/contract';
import {
  DEFAULT_PAGE_SIZE, detectProblemsRoute, MSG, PROBLEM_DICTS, PROBLEM_TYPES, ProblemType, problemEventsRoute, problemLogsRoute, problemObjectTypesRoute,
  problemPrioritiesRoute, problemResource, problemStatusesRoute, problemsGeojsonRoute, problemTypesRoute, systemLogResource,
} from '@tko/contract';
import { detectorEvents, runProblemDetector } from '@tko/db';
import type { WritePipeline } from '@tko/db';
import { pageAnswer } from '../../crud/page-answer';
import { pageLinks, parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { apiModule } from '../module';
import { ProblemsRepository } from './problems.repository';

export interface ProblemsDeps {
  pool: Pool;
  guards: AuthGuards;
  pipeline: WritePipeline;
}

export function registerProblemRoutes(app: FastifyInstance, deps: ProblemsDeps): void {
  const repo = new ProblemsRepository(deps.pool);
  // The system log's registry repository (contract resources/system-log.ts): the problem's entries.
  const logs = deps.pipeline.repo(systemLogResource);

  const types = PROBLEM_TYPES.map((t) => ({
    value: t.code, label: ProblemType.label(t.code), kind: t.kind, object_type: t.object_type, priority: t.priority, rule: t.rule, source: t.source,
    data_available: t.data_available, note: t.note ?? null,
  }));
  registerRoute(app, problemTypesRoute, () => types, deps);
  registerRoute(app, problemObjectTypesRoute, () => PROBLEM_DICTS.objectTypes, deps);
  registerRoute(app, problemStatusesRoute, () => PROBLEM_DICTS.statuses, deps);
  registerRoute(app, problemPrioritiesRoute, () => PROBLEM_DICTS.priorities, deps);

  // The card's rule (the problems' row scope: their ОКТМО) for the problem's sub-lists.
  const existing = async (raw: string, scope: UserScope | null | undefined) => {
    const id = parseId(raw);
    if (id === null || !(await repo.exists(id)) || !(await deps.pipeline.repo(problemResource).visible(id, scope))) throw notFound();
    return id;
  };

  registerRoute(app, problemLogsRoute, async ({ request, params, query, user }) => {
    const id = await existing(params.id, user.scope);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
    const out = await logs.list({ resource: [problemResource.name], object: [id], page, page_size: pageSize });
    if (page > 1 && !out.rows.length) throw new HttpError(404, MSG.page, 'invalid_page');
    return { count: out.count, count_is_estimate: out.countIsEstimate, ...pageLinks(request, page, pageSize, out.count), results: out.rows as unknown as ChangeLogEntry[] };
  }, deps);

  registerRoute(app, problemEventsRoute, async ({ request, params, query, user }) => {
    const id = await existing(params.id, user.scope);
    return pageAnswer(request, query, (p) => repo.events(id, p));
  }, deps);

  registerRoute(app, detectProblemsRoute, async ({ body }) => {
    const r = await runProblemDetector(deps.pool, { trigger: 'MANUAL', codes: body?.codes });
    // Announced like every registry change (the detector writes in its own statements).
    await deps.pipeline.announce(detectorEvents(r));
    return { run_id: r.run_id, trigger: r.trigger, started_at: r.started_at, finished_at: r.finished_at, opened: r.opened, closed: r.closed, open_total: r.open_total, rules: r.rules };
  }, deps);

  registerRoute(app, problemsGeojsonRoute, async ({ reply, user }) => reply.header('Content-Type', 'application/geo+json').send(await repo.geojson(user.scope)), deps);
}

export const problemsModule = apiModule('problems', (app, d) => registerProblemRoutes(app, { pool: d.pool, guards: d.guards, pipeline: d.pipeline }));
