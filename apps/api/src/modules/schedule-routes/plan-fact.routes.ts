/**
 * Plan and fact of a schedule's work date (contract routes/plan-fact.ts; docs/TRACKING.md «Plan and
 * fact»): GET {id}/plan-fact/{DD.MM.YYYY}/ answers the stored computation when it is fresh — its
 * JSON text sent as PostgreSQL prints it, one query, no parse and no re-serialisation (a whole
 * Angarsk day is ≈ 170 KB; bench/RESULTS.md «Plan/fact call») — else computes it now
 * (@tko/planning plan-fact computePlanFact, answered through the response schema); …/xlsx/ is the
 * same as a workbook: one row per due site, then one per route. 404 for an unknown or hidden
 * schedule, 400 on `date`.
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { PlanFactDay } from '@tko/contract';
import { schedulePlanFactRoute, schedulePlanFactXlsxRoute, workDateToIso } from '@tko/contract';
import { outlierOptionsOf, trackingSettings, tripOptionsOf, visitOptionsOf } from '@tko/db';
import { computePlanFact, readOrCompute, readStoredText } from '@tko/planning/plan-fact';
import type { TableColumn } from '@tko/xlsx';
import { writeTableXlsx } from '@tko/xlsx';
import { sendFile } from '../../http/file-reply';
import { notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import type { ModuleDeps } from '../module';
import { scheduleIdOf, visibleScheduleId } from './schedule-scope';

const COLUMNS: TableColumn[] = [
  { key: 'route', label: 'Маршрут' }, { key: 'site', label: 'Площадка / машина' }, { key: 'window', label: 'Окно' },
  { key: 'status', label: 'Статус' }, { key: 'vehicle', label: 'Обслужила машина' }, { key: 'arrived', label: 'Прибытие' },
  { key: 'dwell', label: 'Стоянка', unit: 'с' }, { key: 'distance', label: 'Расстояние до площадки', unit: 'м' },
  { key: 'planned_km', label: 'Пробег по плану', unit: 'км' }, { key: 'fact_km', label: 'Пробег по факту', unit: 'км' },
  { key: 'planned_sites', label: 'Площадок по плану' }, { key: 'served_sites', label: 'Обслужено площадок' },
  { key: 'planned_unloads', label: 'Выгрузок по плану' }, { key: 'fact_unloads', label: 'Выгрузок по факту' },
];

/** The rows of the workbook: sites (local times of the region), then routes (km with 3 decimals). */
export function planFactRows(day: PlanFactDay, timeZone: string): Record<string, string | number | null>[] {
  const time = (iso: string) => new Date(iso).toLocaleTimeString('ru-RU', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const number = new Map(day.routes.map((r) => [r.route_id, r.number]));
  const km = (m: number | null) => (m === null ? null : Math.round(m) / 1000);
  return [
    ...day.sites.map((s) => ({
      route: s.route_ids.map((id) => number.get(id)).join(', ') || null,
      site: s.waste_area?.name ?? `Заявка № ${s.collection_request}`,
      window: `${s.window.open.slice(0, 5)}–${s.window.close.slice(0, 5)}`,
      status: s.status_label,
      vehicle: s.service?.vehicle.name ?? null,
      arrived: s.service ? time(s.service.arrived_at) : null,
      dwell: s.service?.dwell_s ?? null,
      distance: s.service?.distance_m ?? null,
    })),
    ...day.routes.map((r) => ({
      route: r.number, site: r.vehicle?.name ?? null, status: null,
      planned_km: km(r.planned.distance_m), fact_km: km(r.fact.distance_m),
      planned_sites: r.planned.sites, served_sites: r.fact.sites_served, planned_unloads: r.planned.unloads, fact_unloads: r.fact.unloads,
    })),
  ];
}

export function registerPlanFact(app: FastifyInstance, d: ModuleDeps): void {
  const settings = trackingSettings();
  const timeZone = d.config.regionTimeZone;
  const options = () => ({
    timeZone, visits: visitOptionsOf(settings), trips: tripOptionsOf(settings), outliers: outlierOptionsOf(settings), now: d.domain.clock().getTime(),
  });
  const day = async (raw: string, date: string, scope: Parameters<typeof visibleScheduleId>[2]) => {
    const id = await visibleScheduleId(d.pool, raw, scope);
    const answer = await readOrCompute(d.pool, id, workDateToIso(date)!, options());
    if (!answer) throw notFound();
    return answer;
  };

  registerRoute(app, schedulePlanFactRoute, async ({ params, user, reply }) => {
    const id = scheduleIdOf(params.id, user.scope);
    const workDate = workDateToIso(params.date)!;
    const o = options();
    // A stored row exists only for an existing schedule (foreign key, cascade): no lookup of it first.
    const stored = await readStoredText(d.pool, id, workDate, o);
    if (stored !== null) return reply.type('application/json; charset=utf-8').send(Buffer.from(stored, 'utf8'));
    const computed = await computePlanFact(d.pool, id, workDate, o);
    if (!computed) throw notFound();
    return computed.answer;
  }, d);

  registerRoute(app, schedulePlanFactXlsxRoute, async ({ params, user, reply }) => {
    const answer = await day(params.id, params.date, user.scope);
    const out = new PassThrough();
    writeTableXlsx(`План-факт ${params.date}`, COLUMNS, planFactRows(answer, timeZone), out).catch((err: unknown) => out.destroy(err as Error));
    return sendFile(reply, { name: `plan-fact_${answer.schedule_id}_${params.date}.xlsx`, body: out });
  }, d);
}
