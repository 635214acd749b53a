/**
 * @tko/planning/store — the planner's PostgreSQL side: load a schedule's day, save and read its
 * routes, move a stop (tables schedule_route, schedule_route_stop).
 */
export * from './assumptions';
export { loadDayInstance, checkPlannable, allowedFacilities, scheduleDay, travelMatrix, PlanInputError } from './load-instance';
export type { InstanceKeys, LoadedInstance, LoadOnly } from './load-instance';
export { saveDayPlan, writeRoute, secondsToTime, unplannedRows } from './save-routes';
export type { PlanMode } from './save-routes';
export { readDayRoutes } from './read-routes';
export type { DayRoutesRow } from './read-routes';
export { moveStop } from './move-stop';
export type { MoveStop } from './move-stop';
export { planScheduleDay, BALANCE_M } from './plan-day';
export type { PlanDayResult, PlanDayOptions } from './plan-day';
