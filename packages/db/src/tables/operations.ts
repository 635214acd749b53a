/**
 * Operations registries of issue 11 §1, §2, §5 (migration 20261125050000_flows_dispatcher_documents):
 * present and predicted waste flows (wastes in present_flow_waste / predicted_flow_waste, the
 * parent's total_volume = their sum), dispatcher events (photos and video in ordered attachment
 * join tables), route events (stops in route_event_stop, problems through route_event_problem,
 * the events placed between the stops computed with the 0.1 order offset of spec 03 §9) and
 * document categories (attachments in document_category_attachment).
 */
import type { ChildrenMapping, ComputedSql, TableMapping } from './types';

function wastes(table: string): ChildrenMapping {
  return { table, parentKey: 'flow_id', rollupOf: { total_volume: { sum: 'volume' } } };
}

/**
 * The route event's dispatcher events in time order, each with `order` = the position of the last
 * stop visited at or before its event_date + 0.1 (0.1 before the first visit; an event without a
 * date goes last, after the last stop) — spec 03 §9 «Event grouping between stops offsets order by 0.1».
 */
const timelineSql: ComputedSql = (t) => `SELECT coalesce(json_agg(json_build_object(
      'order', (coalesce(
        CASE WHEN e.event_date IS NULL THEN (SELECT max(s.position) FROM route_event_stop s WHERE s.route_event_id = ${t}.id)
             ELSE (SELECT max(s.position) FROM route_event_stop s WHERE s.route_event_id = ${t}.id AND s.visited_at <= e.event_date) END,
        0) + 0.1)::float8,
      'id', e.id, 'type', e.type, 'status', e.status, 'priority', e.priority,
      'event_date', to_char(e.event_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), 'location', e.location)
      ORDER BY e.event_date NULLS LAST, e.id), '[]'::json)
    FROM dispatcher_event e WHERE e.route_event_id = ${t}.id`;

export const operationsTables: Record<string, TableMapping> = {
  'flows-present': { table: 'present_flow', children: { wastes: wastes('present_flow_waste') } },
  'flows-predicted': { table: 'predicted_flow', children: { wastes: wastes('predicted_flow_waste') } },
  'dispatcher-event': {
    table: 'dispatcher_event',
    joins: {
      photos: { table: 'dispatcher_event_photo', ownKey: 'dispatcher_event_id', targetKey: 'attachment_id' },
      video: { table: 'dispatcher_event_video', ownKey: 'dispatcher_event_id', targetKey: 'attachment_id' },
    },
  },
  'dispatcher-route-event': {
    table: 'route_event',
    children: { stops: { table: 'route_event_stop', parentKey: 'route_event_id' } },
    joins: { problems: { table: 'route_event_problem', ownKey: 'route_event_id', targetKey: 'problem_id' } },
    computed: { dispatcher_events: timelineSql },
  },
  documents: {
    table: 'document_category',
    joins: { attachments: { table: 'document_category_attachment', ownKey: 'document_category_id', targetKey: 'attachment_id' } },
  },
};
