/**
 * One run of an import (docs/DECISIONS.md "Import"): row by row with an errors report, in ONE
 * database transaction, over the file streamed — read once, or twice when look-alike groups are to
 * be resolved (issue 9 §4: memory flat in file size):
 *
 *   1. scan (10–30 %, scan.ts): every row converted and given to the look-alike search; only
 *      what that search needs per row is kept — only when some look-alike group is to be resolved
 *      otherwise than «apart» (needsScan): with the default «keep apart» every row is its own
 *      object whatever the groups are (the duplicates step showed them), and the file is read once;
 *   2. write (30–98 % after a scan, else 10–98 %; 99 % once the last batch is written), after BEGIN: the file read
 *      chunk by chunk, each chunk converted (convert.ts), its rows made into objects
 *      (row-groups.ts: the user's resolution of each look-alike group) and written
 *      (write-groups.ts: validated with the registry's create or update schema, written through
 *      the WritePipeline — the API's own validation and SQL, change history included, announced
 *      after COMMIT — new objects in pipelined set-based batches, an update in its savepoint, so a
 *      refused object fails its rows and the run goes on); a written object's rows are dropped,
 *      only failed rows and rows with warnings are kept (the errors file);
 *   3. the unit ended by run-unit.ts (the one end of every run): all-or-nothing rollback, a cancel
 *      asked meanwhile, or COMMIT with the final status written by the caller's beforeCommit.
 *
 * Nothing is ever half-imported silently: each failed row is returned with its reasons; with
 * all_or_nothing a single failure rolls the whole run back. Cancel (polled between chunks and
 * objects) and any crash roll back too, so the database holds either the whole run or none of
 * it; a retried job starts again from scratch (no duplicates).
 */
import type { ConvertedRow } from './convert';
import { convertChunk } from './convert';
import { IMPORT_MSG } from '@tko/contract';
import type { ImportOptions } from '@tko/contract';
import { ImportCancelled, ImportInputError } from './errors';
import type { RowGroup } from './group';
import { GroupAssembler } from './row-groups';
import type { FailedRow, RunContext, RunOutcome } from './run-types';
import { matchKeyOf, MAX_WARNINGS, shownWarnings } from './run-types';
import { inRunUnit } from './run-unit';
import { scanSource } from './scan';
import { GroupWriter } from './write-groups';

export * from './run-types';
export { BATCH_TARGET_MS, BatchSize, CREATE_BATCH, MIN_CREATE_BATCH } from './write-groups';

/** Rows handled between two yields to the event loop (the batch in flight sends its next statement). */
const YIELD_ROWS = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Warnings of the report: the first MAX_WARNINGS − 1, then a count of the rest (as many as the file gives). */
class Warnings {
  private readonly list: string[] = [];
  private total = 0;
  add = (text: string): void => {
    if (this.list.length < MAX_WARNINGS) this.list.push(text);
    this.total++;
  };
  shown = (): string[] => shownWarnings(this.list, this.total);
}

/**
 * True when the run needs the look-alike groups (scan.ts): options.duplicates is not «separate»
 * (merge, skip, error, same point) or a group was resolved otherwise than «apart» (issue 9 §1:
 * one row is one record by default).
 */
export function needsScan(options: ImportOptions): boolean {
  return options.duplicates !== 'separate' || Object.values(options.groups).some((g) => g !== 'apart');
}

/** Runs the import; throws ImportCancelled (after rolling back) when cancelled. */
export async function runImport(ctx: RunContext): Promise<RunOutcome> {
  const started = Date.now();
  const { template, options } = ctx;
  await ctx.progress(10);
  const step = async (percent: number) => {
    if (await ctx.cancelled()) throw new ImportCancelled();
    await ctx.progress(Math.floor(percent));
  };
  // A source with work before its columns (a JSON file's keys) does it at 10–15 %.
  const start = ctx.source.prepare ? 15 : 10;
  await ctx.source.prepare?.((f) => step(10 + f * 5));
  const scan = needsScan(options) ? await scanSource(template, ctx.source, ctx.mapping, options, ctx.pool, (f) => step(start + f * (30 - start))) : null;
  // The writes: 30–98 % after a scan (by rows), else 10 (15)–98 % (by the share of the file read).
  const from = scan ? 30 : start;
  await step(from);

  const warnings = new Warnings();
  const warn = warnings.add;
  const assembler = new GroupAssembler(template, options, scan?.groups ?? [], warn);
  const flagged: FailedRow[] = [];
  /** A row is done: kept (its cells) only when it failed or has warnings. */
  const rowDone = (r: ConvertedRow) => {
    if (r.errors.length || r.warnings.length) flagged.push({ line: r.line, cells: r.cells, messages: [...new Set(r.errors)], warnings: [...new Set(r.warnings)] });
    r.body = null;
  };
  const groupDone = (g: RowGroup) => {
    for (const r of g.rows) rowDone(r);
    g.body = {};
    g.createOnly = {};
  };
  let objects = 0;

  // One unit of the write pipeline: the sites created or updated reach the live registry topics
  // like any other write, after the COMMIT; a rollback (cancel, all-or-nothing, crash) announces nothing.
  let writer: GroupWriter | null = null;
  // A cancel or a failure leaves the loop with a batch possibly in flight: it ends before the unit does.
  return inRunUnit(ctx, async (unit) => {
    // The run's statements are many and alike: JIT compiling each costs more than it saves
    // (≈ 30 ms a batch read, bench/import.ts).
    await unit.db.query('SET LOCAL jit = off');
    writer = new GroupWriter(ctx, unit, matchKeyOf(template, options), options, groupDone, warn);
    const { columns, chunks } = await ctx.source.open();
    let index = 0;
    for await (const chunk of chunks) {
      // References are looked up on another connection: the unit's may have a batch in flight.
      const rows = await convertChunk(template, columns, ctx.mapping, ctx.pool, chunk);
      const groups: RowGroup[][] = rows.map((row) => assembler.take(index++, row));
      await writer.lookUp(groups.flat());
      for (let r = 0; r < rows.length; r++) {
        if (!rows[r]!.body) rowDone(rows[r]!); // failed, or a repeat left out
        for (const g of groups[r]!) {
          objects++;
          await writer.write(g);
        }
        if (r % YIELD_ROWS === YIELD_ROWS - 1) await nextTurn();
      }
      await step(from + (scan ? index / scan.total : ctx.source.fraction()) * (98 - from));
    }
    if (index === 0) throw new ImportInputError(IMPORT_MSG.noRows, 'file');
    await writer.drain();
    // The last batch is written: what is left is the caller's beforeCommit (status, failed rows) and COMMIT.
    await ctx.progress(99);
    const c = writer.counts;
    flagged.sort((a, b) => a.line - b.line);
    const failedRows = flagged.filter((f) => f.messages.length > 0).length;
    const outcome: RunOutcome = {
      failed: flagged,
      records: [],
      report: {
        rows: index,
        objects,
        created: c.created,
        updated: c.updated,
        unchanged: c.unchanged,
        skipped: c.skipped,
        merged_rows: assembler.mergedRows,
        failed_rows: failedRows,
        rolled_back: false,
        warnings: warnings.shown(),
        seconds: Math.round((Date.now() - started) / 100) / 10,
        updates: c.updates,
        skipped_rows: assembler.skippedRows,
        warning_rows: flagged.length - failedRows,
        without_coordinates: c.withoutPoint,
      },
    };
    return outcome;
  }, async () => { await writer?.quiesce(); });
}
