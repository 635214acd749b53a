/** Waste flows (issue 11 §1): the predicted-flow generation and its plan. */
export { generatePredictedFlows } from './generate-predicted';
export type { GenerateOptions, GenerateResult } from './generate-predicted';
export { planYear, tonnes, TKO_FKKO, TKO_FKKO_NAME, NORMATIVE_TOP_UP_NAME } from './plan-predicted';
export type { PlannedFlow, PresentFlowIn, SourceIn, PlanWaste, PlanPoint } from './plan-predicted';
