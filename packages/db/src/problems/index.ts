/** The problem detector and its rules (issue 12 §1). */
export { runProblemDetector, detectorEvents, DETECTOR_USER_NAME, DETECTOR_STEP, RULES_HASH } from './detector';
export type { DetectorMode, DetectorResult, DetectorTrigger, RuleOutcome } from './detector';
export { PROBLEM_RULES } from './rules/index';
export type { ProblemRule } from './rules/index';
