/** Plan against fact of a schedule's work date (docs/TRACKING.md «Plan and fact»): load, classify, compute and store. */
export { computePlanFact, readOrCompute, readStoredText } from './compute';
export type { PlanFactOptions, PlanFactResult } from './compute';
export { classifyDay, FACILITY_RADIUS_M } from './classify';
export type { Classified, ClassifyInput, SiteOutcome } from './classify';
export { loadFactDay } from './load';
export type { FactDay, FactRoute, FactSite } from './load';
export { followUpMisses, MISSED_EVENT } from './follow-up';
export type { FollowUp } from './follow-up';
export { routeEventValues, syncRouteEvents } from './route-events';
export type { RouteEventsResult } from './route-events';
