/**
 * Dragging a stop of the schedule's routes tab to another route (issue 10 §5, round 2; HTML5
 * drag-and-drop — the «Перенести в…» select stays as the keyboard path). Pure, unit-tested:
 * what the drag carries (DataTransfer type {@link STOP_DRAG_TYPE}, JSON `{stop_id, route_id}`)
 * and which move a drop on a route makes — the body of POST …/routes/{date}/move/, or null when
 * the drop moves nothing (the same route, a route not shown, a stop that is not a site: garages,
 * unloads and lunch breaks are placed by the planner and cannot be moved).
 */
import type { ScheduleRoute } from '@tko/contract';

/** The DataTransfer type of a dragged stop (a drop zone accepts only drags carrying it). */
export const STOP_DRAG_TYPE = 'application/x-tko-route-stop';

export interface StopDrag {
  stop_id: number;
  /** The route the stop is on now. */
  route_id: number;
}

/** Whether a stop can be dragged (the same rule as the «Перенести в…» select: sites only, two routes at least). */
export function isDraggableStop(stopType: string, routesCount: number): boolean {
  return stopType === 'WASTE_AREA' && routesCount >= 2;
}

export function encodeStopDrag(d: StopDrag): string {
  return JSON.stringify({ stop_id: d.stop_id, route_id: d.route_id });
}

/** The drag read back from its DataTransfer text; null for anything else (a foreign drag). */
export function decodeStopDrag(text: string | null | undefined): StopDrag | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    return Number.isInteger(v.stop_id) && Number.isInteger(v.route_id) ? { stop_id: v.stop_id as number, route_id: v.route_id as number } : null;
  } catch {
    return null;
  }
}

/** The move a drop of `drag` on route `targetRouteId` makes, or null when it moves nothing. */
export function dropMove(drag: StopDrag | null, targetRouteId: number, routes: readonly Pick<ScheduleRoute, 'id' | 'stops'>[]): { stop_id: number; route_id: number } | null {
  if (!drag || drag.route_id === targetRouteId) return null;
  if (!routes.some((r) => r.id === targetRouteId)) return null;
  const from = routes.find((r) => r.id === drag.route_id);
  const stop = from?.stops.find((s) => s.id === drag.stop_id);
  if (!stop || stop.stop_type !== 'WASTE_AREA') return null;
  return { stop_id: drag.stop_id, route_id: targetRouteId };
}
