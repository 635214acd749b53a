/**
 * Dragging a schedule route's stop to another route (schedules/stop-drag.ts): what the drag
 * carries and which move a drop makes — only sites, only onto another shown route.
 */
import { describe, expect, it } from 'vitest';
import { decodeStopDrag, dropMove, encodeStopDrag, isDraggableStop } from '../../src/schedules/stop-drag';

const routes = [
  { id: 1, stops: [{ id: 10, stop_type: 'GARAGE' }, { id: 11, stop_type: 'WASTE_AREA' }, { id: 12, stop_type: 'WASTE_MANAGEMENT_FACILITY' }] },
  { id: 2, stops: [{ id: 20, stop_type: 'WASTE_AREA' }, { id: 21, stop_type: 'LUNCH_BREAK' }] },
] as never as Parameters<typeof dropMove>[2];

describe('stop drag', () => {
  it('round-trips the drag and refuses foreign drags', () => {
    expect(decodeStopDrag(encodeStopDrag({ stop_id: 11, route_id: 1 }))).toEqual({ stop_id: 11, route_id: 1 });
    expect(decodeStopDrag('')).toBeNull();
    expect(decodeStopDrag('not json')).toBeNull();
    expect(decodeStopDrag('{"stop_id":"11","route_id":1}')).toBeNull();
    expect(decodeStopDrag('{"stop_id":1.5,"route_id":1}')).toBeNull();
  });

  it('lets only sites be dragged, and only when there is another route', () => {
    expect(isDraggableStop('WASTE_AREA', 2)).toBe(true);
    expect(isDraggableStop('WASTE_AREA', 1)).toBe(false);
    expect(isDraggableStop('GARAGE', 3)).toBe(false);
  });

  it('moves a site onto another route', () => {
    expect(dropMove({ stop_id: 11, route_id: 1 }, 2, routes)).toEqual({ stop_id: 11, route_id: 2 });
    expect(dropMove({ stop_id: 20, route_id: 2 }, 1, routes)).toEqual({ stop_id: 20, route_id: 1 });
  });

  it('moves nothing on the same route, an unknown route, a stale or non-site stop', () => {
    expect(dropMove({ stop_id: 11, route_id: 1 }, 1, routes)).toBeNull();
    expect(dropMove({ stop_id: 11, route_id: 1 }, 9, routes)).toBeNull();
    expect(dropMove({ stop_id: 99, route_id: 1 }, 2, routes)).toBeNull();
    expect(dropMove({ stop_id: 11, route_id: 2 }, 1, routes)).toBeNull();
    expect(dropMove({ stop_id: 10, route_id: 1 }, 2, routes)).toBeNull();
    expect(dropMove({ stop_id: 21, route_id: 2 }, 1, routes)).toBeNull();
    expect(dropMove(null, 2, routes)).toBeNull();
  });
});
