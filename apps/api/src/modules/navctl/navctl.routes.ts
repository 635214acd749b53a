/**
 * GPS tracking calls (contract routes/navctl.ts; spec 02 §7 "Tracking", issue 10 §3): the
 * vehicle list with the online flag and counts, a vehicle's trips over a period, and the REST
 * ingest for integrators (the Wialon IPS receiver is its own process, apps/tracker; both go through
 * the domain's one PositionIngest, so both choose a vehicle by the same rule). Storage and
 * the trip and visit rules: packages/db src/tracking (docs/TRACKING.md). Settings: TRACKING_* env
 * variables, read by packages/db tracking/settings.ts (docs/CONFIGURATION.md «GPS tracking»).
 */
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import {
  DEFAULT_PAGE_SIZE, MSG, navPositionsIngestRoute, navTripsRoute, navVehiclesRoute, vehicleResource,
} from '@tko/contract';
import { FieldValidationError, outlierOptionsOf, TrackingRepository, timeRefusalMessage, trackingSettings, tripOptionsOf, visitOptionsOf } from '@tko/db';
import type { PositionIngest, PositionRow, TrackingSettings } from '@tko/db';
import { pageLinks, parseId } from '../../crud/paging';
import type { AuthGuards } from '../../plugins/auth';
import { HttpError, notFound } from '../../plugins/http-errors';
import { registerRoute } from '../../routing/register-route';
import { requireInternalVisible } from '../../routing/visible-row';
import { apiModule } from '../module';

const DAY_MS = 86_400_000;
const MAX_PERIOD_DAYS = 31;

/** A date (YYYY-MM-DD, its 00:00 UTC; `end` = the next day's) or a date-time → Date. */
function periodBound(value: string, end: boolean): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(Date.parse(`${value}T00:00:00Z`) + (end ? DAY_MS : 0));
  return new Date(value);
}

export interface NavctlDeps {
  pool: Pool;
  guards: AuthGuards;
  /** The domain's position ingest (vehicle choice, storing, live publishing). */
  positions: PositionIngest;
  settings?: TrackingSettings;
}

export function registerNavctlRoutes(app: FastifyInstance, deps: NavctlDeps): void {
  const settings = deps.settings ?? trackingSettings();
  const repo = new TrackingRepository(deps.pool, settings.onlineMinutes, outlierOptionsOf(settings));
  const ingest = deps.positions;

  // Vehicles are internal (the operator's fleet, contract row scope): 404 for users acting for organisations.
  registerRoute(app, navVehiclesRoute, async ({ request, query, user }) => {
    requireInternalVisible(vehicleResource, user.scope);
    const page = query.page ?? 1;
    const pageSize = query.page_size ?? DEFAULT_PAGE_SIZE;
    const out = await repo.vehicles({ page, pageSize, online: query.online, search: query.search?.trim() || undefined });
    if (page > 1 && !out.rows.length) throw new HttpError(404, MSG.page, 'invalid_page');
    return { count: out.count, ...pageLinks(request, page, pageSize, out.count), online_count: out.online, offline_count: out.offline, results: out.rows };
  }, deps);

  registerRoute(app, navTripsRoute, async ({ params, query, user }) => {
    requireInternalVisible(vehicleResource, user.scope);
    const id = parseId(params.id);
    const vehicle = id === null ? null : await repo.vehicle(id);
    if (!vehicle) throw notFound();
    const to = query.to ? periodBound(query.to, true) : new Date();
    const from = query.from ? periodBound(query.from, false) : new Date(to.getTime() - DAY_MS);
    if (from.getTime() >= to.getTime()) throw FieldValidationError.of('to', 'Конец периода должен быть позже начала.');
    if (to.getTime() - from.getTime() > MAX_PERIOD_DAYS * DAY_MS) throw FieldValidationError.of('to', `Период не может быть длиннее ${MAX_PERIOD_DAYS} дней.`);
    return repo.trips({
      vehicleId: vehicle.id, from, to,
      trips: tripOptionsOf(settings, { stopMinutes: query.stop_minutes, silenceMinutes: query.silence_minutes }),
      visits: visitOptionsOf(settings, { radiusM: query.visit_radius, silenceMinutes: query.silence_minutes }),
    }, vehicle);
  }, deps);

  registerRoute(app, navPositionsIngestRoute, async ({ body }) => {
    // Which vehicle: the domain's one position ingest, the Wialon receiver's rule too.
    const ids = await ingest.existingVehicles(body.positions.flatMap((p) => (p.vehicle_id !== undefined ? [p.vehicle_id] : [])));
    const idents = await ingest.vehiclesByIdentifier(body.positions.flatMap((p) => (p.vehicle_id === undefined ? [p.external_identifier!] : [])));
    const errors: Record<string, string[]> = {};
    const rows: PositionRow[] = [];
    const rowIndex: number[] = [];
    body.positions.forEach((p, i) => {
      const vehicleId = p.vehicle_id !== undefined ? (ids.has(p.vehicle_id) ? p.vehicle_id : null) : (idents.get(p.external_identifier!) ?? null);
      if (vehicleId === null) {
        const field = p.vehicle_id !== undefined ? 'vehicle_id' : 'external_identifier';
        errors[`positions.${i}.${field}`] = ['Машина не найдена.'];
        return;
      }
      rows.push({ vehicle_id: vehicleId, time: new Date(p.time), lat: p.lat, lng: p.lng, speed: p.speed ?? null, course: p.course ?? null, altitude: p.altitude ?? null, sats: p.sats ?? null });
      rowIndex.push(i);
    });
    // The receiver's rule too (PositionIngest.admit): the time window, an existing day partition.
    const admitted = await ingest.admit(rows);
    for (const r of admitted.refused) errors[`positions.${rowIndex[r.index]}.time`] = [timeRefusalMessage(r.reason, ingest.window)];
    if (Object.keys(errors).length) throw new FieldValidationError(errors);
    const stored = await ingest.write(admitted.rows);
    return { received: body.positions.length, stored: stored.size };
  }, deps);
}

export const navctlModule = apiModule('navctl', (app, d) => registerNavctlRoutes(app, { pool: d.pool, guards: d.guards, positions: d.domain.positions }));
