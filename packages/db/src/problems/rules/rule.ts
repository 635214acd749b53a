/**
 * A problem rule as data (issue 12 §1): the code (contract PROBLEM_TYPES gives its label, object
 * type and default priority) and the SQL that lists the objects breaking it now, or null when
 * the product does not hold the data the rule needs yet (the rule is written in
 * docs/DECISIONS.md «Analytics: problems» and listed as «данных пока нет», never silently run).
 *
 * The SQL answers one row per violating object with the columns
 *   object_id int, location text, point geometry(Point,4326), oktmo text, details text, responsible text
 * (oktmo: the object's municipal formation; responsible: who is to act — the object's organisation,
 * the contract's customer or the municipality, rules/site-routing.ts)
 * (details: what was found, in Russian, e.g. «Контейнеров для смешанного накопления: 10»).
 */
import type { ProblemObjectTypeValue } from '@tko/contract';
import { problemTypeInfo } from '@tko/contract';

export interface ProblemRule {
  code: string;
  objectType: ProblemObjectTypeValue;
  /** Violations now, or null: no data yet. */
  sql: string | null;
  /**
   * An incremental run may check this rule on the changed objects only (scope.ts). False for a
   * rule that changes with the clock within a day (P501: a full day after a window), run whole every time.
   */
  incremental: boolean;
}

/** A rule of `code`: the object type comes from the contract's problem types. */
export function rule(code: string, sql: string | null, opts: { incremental?: boolean } = {}): ProblemRule {
  const info = problemTypeInfo(code);
  if (!info) throw new Error(`unknown problem code ${code}`);
  if ((sql === null) === info.data_available) throw new Error(`${code}: data_available and the SQL disagree`);
  return { code, objectType: info.object_type, sql, incremental: opts.incremental ?? true };
}
