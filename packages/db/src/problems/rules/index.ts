/** Every problem rule, in code order (P001–P501): one file per group of objects. */
import { otherRules } from './other-rules';
import { planFactRules } from './plan-fact-rules';
import type { ProblemRule } from './rule';
import { wasteAreaRules } from './waste-area-rules';

export type { ProblemRule } from './rule';
export const PROBLEM_RULES: readonly ProblemRule[] = [...wasteAreaRules, ...otherRules, ...planFactRules];
