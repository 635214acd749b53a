/**
 * Route periodicity (spec 02 §9). The request status, initiator and stop types of routes and
 * schedules are in ./other.ts (RouteRequestStatus, RequestInitiator, RouteStopType).
 */
import { defineEnum } from './define-enum';

/** Route periodicity (spec 02 §9: the route screen's options; BY_REQUEST only for routes). */
export const RoutePeriodicity = defineEnum('route_periodicity', {
  DAILY: 'Ежедневно',
  EVERY_OTHER_DAY: 'Через день',
  PER_THREE_DAYS: 'Раз в три дня',
  ON_WEEKDAYS: 'Дни недели',
  ON_DATES: 'Даты',
  BY_REQUEST: 'По заявке',
});
