/**
 * The one unit of work of an import run and its end, shared by the generic run (run-import.ts) and
 * the templates' own runs (templates/contract-complex-run.ts, templates/angarsk-plan-run.ts): the
 * whole file is written in ONE unit of the write pipeline, and it ends in one of three ways —
 *
 * - all-or-nothing (options.all_or_nothing) with a failed row: ROLLBACK; the report says
 *   `rolled_back`, created / updated 0, no import_record rows (nothing announced);
 * - cancelled meanwhile (ctx.cancelled()): ROLLBACK, ImportCancelled thrown (nothing written);
 * - else ctx.beforeCommit (the final status, the failed rows, outcome.records) on the unit's
 *   connection, then COMMIT (the pipeline announces the changes after it).
 *
 * Any error thrown by the run rolls the unit back too.
 */
import type { WriteUnit } from '@tko/db';
import { ImportCancelled } from './errors';
import type { RunContext, RunOutcome } from './run-types';

/**
 * Opens the run's unit, runs `write` in it and ends it as above; `settle` runs first when the unit
 * ends either way (a batch still in flight on the unit's connection: run-import.ts).
 */
export async function inRunUnit(ctx: RunContext, write: (unit: WriteUnit) => Promise<RunOutcome>, settle?: () => Promise<void>): Promise<RunOutcome> {
  const unit = await ctx.pipeline.begin();
  try {
    const outcome = await write(unit);
    if (ctx.options.all_or_nothing && outcome.report.failed_rows > 0) {
      await unit.rollback();
      outcome.report.rolled_back = true;
      outcome.report.created = outcome.report.updated = 0;
      outcome.records = [];
      return outcome;
    }
    if (await ctx.cancelled()) throw new ImportCancelled();
    await ctx.beforeCommit(unit.db, outcome);
    await unit.commit();
    return outcome;
  } finally {
    await settle?.();
    await unit.rollback().catch(() => undefined); // no-op once committed or rolled back
  }
}
