/**
 * The plan/fact of the chosen schedule and day, kept live (issue 23 §4): GET
 * /api/fleet/schedules/{id}/plan-fact/{DD.MM.YYYY}/ read again whenever the worker publishes a
 * recomputation of that day on /topic/plan-fact.{id} (contract routes/plan-fact.ts, ws/index.ts);
 * the day's planned routes (GET …/routes/{date}/) for the planned paths; and the chosen route's
 * vehicle track of the day (GET /api/navctl/vehicles/{id}/trips/) for the actual one.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  DESTINATIONS, navTripsRoute, scheduleDayRoutesRoute, schedulePlanFactRoute, type PlanFactMessage,
} from '@tko/contract';
import { callRoute } from '../api/client';
import { useLiveSubscription } from '../live/use-live';
import { concernsDay, workDateOf } from './plan-fact-live';

/**
 * The day's plan/fact, routes and the chosen route's planned path and actual track. `scheduleId`
 * null: nothing is read. `isoDay`: YYYY-MM-DD. `routeId`: the route whose paths the map draws.
 */
export function usePlanFact(scheduleId: number | null, isoDay: string, routeId: number | null, enabled: boolean) {
  const qc = useQueryClient();
  const date = workDateOf(isoDay);
  const on = enabled && scheduleId !== null && date !== null;
  const key = ['plan-fact', scheduleId, date] as const;
  const day = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callRoute(schedulePlanFactRoute, { params: { id: String(scheduleId), date: date! } }, { signal }),
    enabled: on,
  });
  const routes = useQuery({
    queryKey: ['plan-fact-routes', scheduleId, date],
    queryFn: ({ signal }) => callRoute(scheduleDayRoutesRoute, { params: { id: String(scheduleId), date: date! } }, { signal }),
    enabled: on,
  });
  const route = routes.data?.routes.find((r) => r.id === routeId) ?? null;
  const vehicleId = route?.vehicle?.id ?? null;
  const track = useQuery({
    queryKey: ['navctl', 'trips', vehicleId, isoDay],
    queryFn: ({ signal }) => callRoute(navTripsRoute, { params: { id: String(vehicleId) }, query: { from: isoDay, to: isoDay } }, { signal }),
    enabled: on && vehicleId !== null,
  });
  useLiveSubscription(on ? DESTINATIONS.planFact(scheduleId) : null, (body) => {
    const msg = body as PlanFactMessage;
    if (!concernsDay(msg, { schedule_id: scheduleId!, date: date! })) return;
    void qc.invalidateQueries({ queryKey: key });
    if (vehicleId !== null) void qc.invalidateQueries({ queryKey: ['navctl', 'trips', vehicleId, isoDay] });
  });
  const planned = useMemo(() => (route ? route.stops.flatMap((s) => (s.coordinates ? [[s.coordinates.lng, s.coordinates.lat] as [number, number]] : [])) : null), [route]);
  const actual = useMemo(() => (track.data ? track.data.results.map((t) => t.track.coordinates) : null), [track.data]);
  return { day, routes, route, planned, actual };
}
