/**
 * Enumerations of the operations area (issue 11 §2): dispatcher events (spec 03 §3 «Dispatcher
 * event»: type, source, priority, status — the codes as the spec spells them) and route events
 * (status, creation mode, stop status — the spec names the fields, not their values; the values
 * here are the product's, docs/DECISIONS.md «Operations: flows, dispatcher, documents»).
 */
import { defineEnum } from './define-enum';

/**
 * Dispatcher events' type, source, priority and status are the spec's enumerations of
 * enums/other.ts (DispatcherEventType, EventSource, EventPriority, EventStatus), re-named here.
 */
export {
  DispatcherEventType,
  EventSource as DispatcherEventSource,
  EventPriority as DispatcherEventPriority,
  EventStatus as DispatcherEventStatus,
} from './other';

/** How a route event was made: by hand, by the import, from a planned route of the work date, or kept by plan and fact from the plan and the GPS (AUTO). */
export const RouteEventCreationMode = defineEnum('route_event_creation_mode', {
  MANUAL: 'Вручную',
  IMPORT: 'Импорт',
  PLANNED: 'Из плана рейсов',
  AUTO: 'Автоматически (план и факт)',
});

/** State of a route event (a route driven on a work date). */
export const RouteEventStatus = defineEnum('route_event_status', {
  PLANNED: 'Запланирован',
  IN_PROGRESS: 'Выполняется',
  COMPLETED: 'Завершён',
  CANCELLED: 'Отменён',
});

/** State of one stop of a route event. */
export const RouteStopStatus = defineEnum('route_stop_status', {
  PLANNED: 'Запланирована',
  DONE: 'Выполнена',
  MISSED: 'Пропущена',
});
