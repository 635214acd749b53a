/**
 * One run of an import (docs/DECISIONS.md "Import"): row by row with an errors report, in ONE
 * database transaction.
 *
 *   parse cells (10–25 %) → resolve references → row transform → group by key (25–30 %) →
 *   BEGIN → for each object (30–99 %): validate with the registry's create or update schema and
 *   write through the WritePipeline (the API's own validation and SQL, change history
 *   included, announced after COMMIT) inside a SAVEPOINT, so a refused object fails its rows and the run goes on →
 *   COMMIT (with the final status written by the caller's beforeCommit).
 *
 * Nothing is ever half-imported silently: each failed row is returned with its reasons; with
 * all_or_nothing a single failure rolls the whole run back. Cancel (polled between objects)
 * and any crash roll back too, so the database holds either the whole run or none of it; a
 * retried job starts again from scratch (no duplicates).
 */
import type { ImportOptions, ImportReport } from '@tko/contract';
import { createSchema, updateSchema } from '@tko/contract';
import type { WriteContext, WritePipeline, WriteUnit } from '@tko/db';
import { ConflictError, FieldValidationError } from '@tko/db';
import type { Pool, PoolClient } from 'pg';
import type { z } from 'zod';
import { changedValues, fieldLabel } from './compare';
import type { ConvertedRow } from './convert';
import { buildBodies, parseRows, resolveRefs } from './convert';
import { ImportCancelled } from './errors';
import type { RowGroup } from './group';
import { groupRows } from './group';
import type { ColumnMapping } from './matching';
import type { Table } from './table';
import type { Body, ImportTemplate } from './templates/types';

export interface FailedRow {
  line: number;
  cells: string[];
  messages: string[];
}

export interface RunOutcome {
  report: ImportReport;
  failed: FailedRow[];
}

export interface RunContext {
  pool: Pool;
  /** The write pipeline: one unit for the run, each object in a savepoint, announced after COMMIT. */
  pipeline: WritePipeline;
  template: ImportTemplate;
  table: Table;
  mapping: ColumnMapping;
  options: ImportOptions;
  file: { id: number; name: string };
  /** Who writes (history, last_update_person). */
  writer: WriteContext;
  /** Reports progress 0–100 (the caller throttles). */
  progress(percent: number): Promise<void>;
  /** True once the user asked to cancel (the caller may cache between calls). */
  cancelled(): Promise<boolean>;
  /** Runs in the transaction just before COMMIT (the final status, the failed rows). */
  beforeCommit(db: PoolClient, outcome: RunOutcome): Promise<void>;
}

/** At most this many warnings are kept in the report. */
export const MAX_WARNINGS = 200;

function zodMessages(template: ImportTemplate, issues: z.core.$ZodIssue[]): string[] {
  return [...new Set(issues.map((i) => `${fieldLabel(template.def, i.path as (string | number)[])}: ${i.message}`))];
}

function fieldErrorMessages(template: ImportTemplate, fields: Record<string, string[]>): string[] {
  return Object.entries(fields).flatMap(([path, msgs]) => msgs.map((m) => `${fieldLabel(template.def, path.split('.'))}: ${m}`));
}

class Counter {
  created = 0;
  updated = 0;
  unchanged = 0;
  skipped = 0;
}

/** Runs the import; throws ImportCancelled (after rolling back) when cancelled. */
export async function runImport(ctx: RunContext): Promise<RunOutcome> {
  const started = Date.now();
  const { template, options } = ctx;
  const total = ctx.table.rows.length;
  await ctx.progress(10);

  const parsed = await parseRows(template, ctx.table, ctx.mapping, async (done) => {
    if (await ctx.cancelled()) throw new ImportCancelled();
    await ctx.progress(10 + Math.floor((done / total) * 15));
  });
  await resolveRefs(ctx.pool, parsed.rows, parsed.values, parsed.bound);
  buildBodies(template, parsed.rows, parsed.values);
  const grouped = groupRows(template, parsed.rows, options.duplicates);
  const warnings = [...grouped.warnings];
  await ctx.progress(30);
  if (await ctx.cancelled()) throw new ImportCancelled();

  const counts = new Counter();
  // One unit of the write pipeline: the sites created or updated reach the live registry topics
  // like any other write, after the COMMIT; a rollback (cancel, all-or-nothing, crash) announces nothing.
  const unit = await ctx.pipeline.begin();
  try {
    const db = unit.db;
    const keys = grouped.groups.map((g) => g.key).filter((k): k is string => k !== null);
    const existing = template.key ? await template.key.find(db, keys) : new Map<string, number[]>();
    for (let i = 0; i < grouped.groups.length; i++) {
      if (await ctx.cancelled()) throw new ImportCancelled();
      await writeGroup(ctx, unit, grouped.groups[i]!, existing, counts, warnings);
      await ctx.progress(30 + Math.floor(((i + 1) / grouped.groups.length) * 69));
    }
    const outcome = summarize(ctx, parsed.rows, grouped.groups.length, grouped.mergedRows, counts, warnings, started);
    if (options.all_or_nothing && outcome.failed.length > 0) {
      await unit.rollback();
      outcome.report.rolled_back = true;
      outcome.report.created = outcome.report.updated = 0;
      return outcome;
    }
    await ctx.beforeCommit(db, outcome);
    await unit.commit();
    return outcome;
  } finally {
    await unit.rollback().catch(() => undefined); // no-op once committed or rolled back
  }
}

function fail(group: RowGroup, messages: string[]): void {
  for (const r of group.rows) {
    r.errors.push(...messages);
    r.body = null;
  }
}

/** Validates and writes one object (one group of rows) inside a savepoint. */
async function writeGroup(ctx: RunContext, unit: WriteUnit, group: RowGroup, existing: Map<string, number[]>, counts: Counter, warnings: string[]): Promise<void> {
  const { template } = ctx;
  const db = unit.db;
  const repo = ctx.pipeline.repo(template.def);
  const ids = group.key ? existing.get(group.key) : undefined;
  const id = ids?.[0];
  if (id !== undefined && ctx.options.existing === 'skip') {
    counts.skipped++;
    return;
  }
  if (ids && ids.length > 1) warnings.push(`${template.key!.show(group.key!)}: в реестре несколько объектов с этим ключом (№ ${ids.join(', ')}); обновлён № ${id}.`);
  let values: Body;
  if (id !== undefined) {
    const check = updateSchema(template.def, true).safeParse(group.body);
    if (!check.success) return fail(group, zodMessages(template, check.error.issues));
    const current = await repo.get(id, {}, db);
    if (!current) return fail(group, ['Объект удалён во время импорта.']);
    values = changedValues(template.def, current, check.data as Body);
    if (Object.keys(values).length === 0) {
      counts.unchanged++;
      return;
    }
  } else {
    const check = createSchema(template.def).safeParse({ ...template.createDefaults?.(ctx.file), ...group.body, ...group.createOnly });
    if (!check.success) return fail(group, zodMessages(template, check.error.issues));
    values = check.data as Body;
  }
  try {
    // A refused object undoes only its own writes (and announcements): the run goes on.
    await unit.savepoint(async () => {
      if (id !== undefined) await unit.update(template.def, id, values, ctx.writer);
      else {
        const row = await unit.create(template.def, values, ctx.writer);
        if (group.key) existing.set(group.key, [row.id as number]);
      }
    });
    if (id !== undefined) counts.updated++;
    else counts.created++;
  } catch (e) {
    if (e instanceof FieldValidationError) return fail(group, fieldErrorMessages(template, e.fields));
    if (e instanceof ConflictError) return fail(group, [e.detail]);
    throw e;
  }
}

function summarize(ctx: RunContext, rows: ConvertedRow[], objects: number, mergedRows: number, counts: Counter, warnings: string[], started: number): RunOutcome {
  const failed = rows.filter((r) => r.errors.length > 0).map((r) => ({ line: r.line, cells: r.cells, messages: [...new Set(r.errors)] }));
  const shown = warnings.length > MAX_WARNINGS ? [...warnings.slice(0, MAX_WARNINGS - 1), `… и ещё ${warnings.length - MAX_WARNINGS + 1} предупреждений.`] : warnings;
  return {
    failed,
    report: {
      rows: ctx.table.rows.length,
      objects,
      created: counts.created,
      updated: counts.updated,
      unchanged: counts.unchanged,
      skipped: counts.skipped,
      merged_rows: mergedRows,
      failed_rows: failed.length,
      rolled_back: false,
      warnings: shown,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    },
  };
}
