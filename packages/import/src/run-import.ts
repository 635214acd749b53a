/**
 * One run of an import (docs/DECISIONS.md "Import"): row by row with an errors report, in ONE
 * database transaction.
 *
 *   parse cells (10–20 %) → resolve references → row transform (21–25 %) → look-alike rows and
 *   groups (25–30 %), each phase in chunks with progress between them →
 *   BEGIN → for each object (30–98 %; 99 % once the last batch is written): validate with the registry's create or update schema and
 *   write through the WritePipeline (the API's own validation and SQL, change history
 *   included, announced after COMMIT) inside a SAVEPOINT, so a refused object fails its rows and the run goes on →
 *   COMMIT (with the final status written by the caller's beforeCommit).
 *
 * Nothing is ever half-imported silently: each failed row is returned with its reasons; with
 * all_or_nothing a single failure rolls the whole run back. Cancel (polled between objects)
 * and any crash roll back too, so the database holds either the whole run or none of it; a
 * retried job starts again from scratch (no duplicates).
 */
import type { FieldDef, ImportOptions, ImportReport, ImportUpdate, RefValue, ResourceDef } from '@tko/contract';
import { createSchema, updateSchema } from '@tko/contract';
import type { WriteContext, WritePipeline, WriteUnit } from '@tko/db';
import { ConflictError, FieldValidationError } from '@tko/db';
import type { Pool, PoolClient } from 'pg';
import type { z } from 'zod';
import { changedValues, fieldLabel } from './compare';
import type { ConvertedRow } from './convert';
import { buildBodies, parseRows, resolveRefs } from './convert';
import { ImportCancelled } from './errors';
import type { DuplicateGroup } from './duplicates';
import { DuplicateFinder } from './duplicates';
import type { RowGroup } from './group';
import { groupRows, showValue } from './group';
import type { ColumnMapping } from './matching';
import type { Table } from './table';
import { nearKey, RECORD_ID } from './templates/keys';
import type { Body, ImportKey, ImportTemplate } from './templates/types';

/** A row of the errors file: failed (messages) or imported with warnings (messages empty). */
export interface FailedRow {
  line: number;
  cells: string[];
  messages: string[];
  warnings: string[];
}

/** One record the run created or updated (the import_record table: filter by import, rollback). */
export interface ImportedRecord {
  registry: string;
  recordId: number;
  action: 'create' | 'update';
  /** update: the changed fields' values before, in the update-body shape. */
  oldValues: Body | null;
  line: number;
}

export interface RunOutcome {
  report: ImportReport;
  failed: FailedRow[];
  records: ImportedRecord[];
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

/** Rows handled between two progress reports in the phases before writing. */
export const CHUNK_ROWS = 2000;

/** At most this many warnings are kept in the report. */
export const MAX_WARNINGS = 200;
/** At most this many updates are listed in the report (all are in import_record). */
export const MAX_UPDATES_LISTED = 1000;

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
  withoutPoint = 0;
  records: ImportedRecord[] = [];
  updates: ImportUpdate[] = [];
}

/** The key the user chose (options.match_key), or match on coordinates within options.match_distance; null: every row creates. */
export function matchKeyOf(template: ImportTemplate, options: ImportOptions): ImportKey | null {
  if (options.match_key !== 'none') return template.keys?.[options.match_key] ?? null;
  if (options.match_distance !== null && template.pointField) return nearKey(template.def, template.pointField, options.match_distance);
  return template.key ?? null;
}

/** A record's field value as an update body gives it: ref → id, refs → ids, children without ids. */
export function inputValue(fd: FieldDef, v: unknown): unknown {
  if (v === undefined) return null;
  switch (fd.kind) {
    case 'ref': return (v as RefValue | null)?.id ?? null;
    case 'refs': return ((v as RefValue[] | null) ?? []).map((r) => r.id);
    case 'children':
      return ((v as Body[] | null) ?? []).map((c) => Object.fromEntries(Object.keys(fd.children!.fields).filter((k) => c[k] !== undefined).map((k) => [k, inputValue(fd.children!.fields[k]!, c[k])])));
    default: return v;
  }
}

/** The definition with its point field optional: a row without coordinates is created flagged. */
function withoutRequiredPoint(def: ResourceDef, field: string): ResourceDef {
  return { ...def, fields: { ...def.fields, [field]: { ...def.fields[field]!, required: false } } };
}

type Schema = ReturnType<typeof createSchema>;
const schemas = new WeakMap<ResourceDef, { create?: Schema; createNoPoint?: Schema; update?: Schema }>();

/**
 * The registry's create / update schemas, built once per definition: building a zod object
 * schema (and its compiled fast path) costs far more than parsing one row with it.
 */
function schemasOf(def: ResourceDef) {
  let s = schemas.get(def);
  if (!s) schemas.set(def, (s = {}));
  return s;
}
const createSchemaOf = (def: ResourceDef, pointField: string | undefined, noPoint: boolean): Schema => {
  const s = schemasOf(def);
  if (noPoint) return (s.createNoPoint ??= createSchema(withoutRequiredPoint(def, pointField!)));
  return (s.create ??= createSchema(def));
};
const updateSchemaOf = (def: ResourceDef): Schema => (schemasOf(def).update ??= updateSchema(def, true) as unknown as Schema);

/** Runs the import; throws ImportCancelled (after rolling back) when cancelled. */
export async function runImport(ctx: RunContext): Promise<RunOutcome> {
  const started = Date.now();
  const { template, options } = ctx;
  const total = ctx.table.rows.length;
  await ctx.progress(10);

  // Every phase walks the rows in chunks and reports between them (at least once a second on a
  // long file, issue 9 §4): parse 10–20 %, references and row transform 20–25 %, look-alike rows 25–30 %.
  const step = async (percent: number) => {
    if (await ctx.cancelled()) throw new ImportCancelled();
    await ctx.progress(Math.floor(percent));
  };
  const parsed = await parseRows(template, ctx.table, ctx.mapping, (done) => step(10 + (done / total) * 10));
  await resolveRefs(ctx.pool, parsed.rows, parsed.values, parsed.bound);
  await step(21);
  for (let from = 0; from < total; from += CHUNK_ROWS) {
    const to = Math.min(total, from + CHUNK_ROWS);
    buildBodies(template, parsed.rows, parsed.values, from, to);
    await step(21 + (to / total) * 4);
  }
  let found: DuplicateGroup[] | undefined;
  if (options.duplicates !== 'same_point' || !template.pointField) {
    const finder = new DuplicateFinder(template, parsed.rows);
    for (let i = 0; i < total; i++) {
      finder.add(i);
      if (i % CHUNK_ROWS === CHUNK_ROWS - 1) await step(25 + (i / total) * 4);
    }
    found = finder.groups();
  }
  const grouped = groupRows(template, parsed.rows, options, found);
  parsed.values.fill(null); // the cells' values live on in the bodies: memory for the write phase
  const warnings = [...grouped.warnings];
  const key = matchKeyOf(template, options);
  for (const g of grouped.groups) g.key = key?.of(g.body) ?? null;
  await ctx.progress(30);
  if (await ctx.cancelled()) throw new ImportCancelled();

  const counts = new Counter();
  // One unit of the write pipeline: the sites created or updated reach the live registry topics
  // like any other write, after the COMMIT; a rollback (cancel, all-or-nothing, crash) announces nothing.
  const unit = await ctx.pipeline.begin();
  try {
    const db = unit.db;
    // The run's statements are many and alike: JIT compiling each costs more than it saves
    // (≈ 30 ms a batch read, bench/import.ts).
    await db.query('SET LOCAL jit = off');
    const keys = grouped.groups.map((g) => g.key).filter((k): k is string => k !== null);
    const existing = key ? await key.find(db, [...new Set(keys)]) : new Map<string, number[]>();
    // New objects are written CREATE_BATCH at a time (set-based, issue 9 §4); a group whose key a
    // pending one shares waits for that batch, so it updates the record the batch creates.
    const pending: PendingCreate[] = [];
    const pendingKeys = new Set<string>();
    const batch = new BatchSize();
    const flush = async () => {
      const t0 = performance.now();
      await writeCreates(ctx, unit, pending, existing, counts);
      batch.took(pending.length, performance.now() - t0);
      for (const p of pending) release(p.group);
      pending.length = 0;
      pendingKeys.clear();
    };
    for (let i = 0; i < grouped.groups.length; i++) {
      if (await ctx.cancelled()) throw new ImportCancelled();
      const g = grouped.groups[i]!;
      if (g.key && pendingKeys.has(g.key)) await flush();
      await writeGroup(ctx, unit, key, g, existing, counts, warnings, pending);
      if (pending.at(-1)?.group === g) {
        if (g.key) pendingKeys.add(g.key);
      } else release(g);
      if (pending.length >= batch.size) await flush();
      await ctx.progress(30 + Math.floor(((i + 1) / grouped.groups.length) * 68));
    }
    await flush();
    // The last batch is written: what is left is the caller's beforeCommit (import_record rows, status) and COMMIT.
    await ctx.progress(99);
    counts.records.sort((a, b) => a.line - b.line);
    const outcome = summarize(ctx, parsed.rows, grouped.groups.length, grouped.mergedRows, grouped.skippedRows, counts, warnings, started);
    if (options.all_or_nothing && outcome.report.failed_rows > 0) {
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

/** Drops a written (or failed) group's values: a long file's bodies are not all held to the end. */
function release(group: RowGroup): void {
  group.body = {};
  group.createOnly = {};
  for (const r of group.rows) r.body = null;
}

function fail(group: RowGroup, messages: string[]): void {
  for (const r of group.rows) {
    r.errors.push(...messages);
    r.body = null;
  }
}

/** New objects written in one set-based statement group (WriteUnit.createMany), at the most. */
export const CREATE_BATCH = 1000;
/** The fewest new objects of a batch while the database is slow. */
export const MIN_CREATE_BATCH = 100;
/** A batch should take about this long (ms), so that progress moves at least once a second (issue 9 §4). */
export const BATCH_TARGET_MS = 400;

/**
 * The size of the next batch of new objects: halved after a batch that took more than twice
 * {@link BATCH_TARGET_MS} (a loaded machine, a table with many indexes), doubled after one that took
 * under half of it; between {@link MIN_CREATE_BATCH} and {@link CREATE_BATCH}.
 */
export class BatchSize {
  size = CREATE_BATCH;

  /** Records that a batch of `objects` new objects took `ms` milliseconds. */
  took(objects: number, ms: number): void {
    if (objects < this.size) return; // a short last batch or one cut by a shared key says nothing
    if (ms > 2 * BATCH_TARGET_MS) this.size = Math.max(MIN_CREATE_BATCH, Math.floor(this.size / 2));
    else if (ms < BATCH_TARGET_MS / 2) this.size = Math.min(CREATE_BATCH, this.size * 2);
  }
}

/** A validated new object waiting for its batch. */
interface PendingCreate {
  group: RowGroup;
  values: Body;
  noPoint: boolean;
  line: number;
}

/** Counts one created record. */
function created(counts: Counter, template: ImportTemplate, p: PendingCreate, recordId: number): void {
  counts.records.push({ registry: template.def.name, recordId, action: 'create', oldValues: null, line: p.line });
  counts.created++;
  if (p.noPoint) counts.withoutPoint++;
}

/** Turns a refusal of the database into the rows' reasons; rethrows anything else. */
function refused(template: ImportTemplate, group: RowGroup, e: unknown): void {
  if (e instanceof FieldValidationError) return fail(group, fieldErrorMessages(template, e.fields));
  if (e instanceof ConflictError) return fail(group, [e.detail]);
  throw e;
}

/**
 * Writes the pending new objects: all at once inside one savepoint; when the batch is refused,
 * that savepoint is undone and each object is written alone in its own savepoint, so only the
 * refused ones fail, with their own reasons.
 */
async function writeCreates(ctx: RunContext, unit: WriteUnit, pending: PendingCreate[], existing: Map<string, number[]>, counts: Counter): Promise<void> {
  if (!pending.length) return;
  const { template } = ctx;
  const remember = (p: PendingCreate, id: number) => {
    if (p.group.key) existing.set(p.group.key, [id]);
    created(counts, template, p, id);
  };
  if (pending.length > 1) {
    try {
      const rows = await unit.savepoint(() => unit.createMany(template.def, pending.map((p) => p.values), ctx.writer, { slim: true }));
      rows.forEach((row, i) => remember(pending[i]!, Number(row.id)));
      return;
    } catch (e) {
      if (!(e instanceof FieldValidationError || e instanceof ConflictError)) throw e;
    }
  }
  for (const p of pending) {
    try {
      const row = await unit.savepoint(() => unit.create(template.def, p.values, ctx.writer));
      remember(p, Number(row.id));
    } catch (e) {
      refused(template, p.group, e);
    }
  }
}

/**
 * Validates one object (one group of rows) and writes it inside a savepoint — or, when
 * `pending` is given and the object is new, queues it for writeCreates.
 */
async function writeGroup(ctx: RunContext, unit: WriteUnit, key: ImportKey | null, group: RowGroup, existing: Map<string, number[]>, counts: Counter, warnings: string[], pending?: PendingCreate[]): Promise<void> {
  const { template } = ctx;
  const db = unit.db;
  const repo = ctx.pipeline.repo(template.def);
  const ids = group.key ? existing.get(group.key) : undefined;
  const id = ids?.[0];
  const line = group.rows[0]!.line;
  if (group.key && id === undefined && key?.field === RECORD_ID) return fail(group, [`Нет записи ${key.show(group.key)}: строка с номером записи только обновляет.`]);
  if (id !== undefined && ctx.options.existing === 'skip') {
    counts.skipped++;
    return;
  }
  if (ids && ids.length > 1) warnings.push(`Строка ${line}, ${key!.label} ${key!.show(group.key!)}: в реестре несколько объектов с этим ключом (№ ${ids.join(', ')}); обновлён № ${id}.`);
  const pointField = template.pointField;
  const noPoint = pointField !== undefined && group.body[pointField] === undefined;
  let values: Body;
  let old: Body | null;
  let changes: ImportUpdate['changes'];
  if (id !== undefined) {
    const body = { ...group.body };
    // An update without a point keeps the record's point and its flag.
    if (noPoint && template.pointCheckField) delete body[template.pointCheckField];
    const check = updateSchemaOf(template.def).safeParse(body);
    if (!check.success) return fail(group, zodMessages(template, check.error.issues));
    const current = await repo.get(id, {}, db);
    if (!current) return fail(group, ['Объект удалён во время импорта.']);
    values = changedValues(template.def, current, check.data as Body);
    if (Object.keys(values).length === 0) {
      counts.unchanged++;
      return;
    }
    old = Object.fromEntries(Object.keys(values).map((k) => [k, inputValue(template.def.fields[k]!, current[k])]));
    changes = Object.keys(values).map((k) => ({
      field: k,
      label: template.def.fields[k]!.label,
      old: showValue(current[k]),
      new: showValue((check.data as Body)[k]),
    }));
  } else {
    const check = createSchemaOf(template.def, pointField, noPoint).safeParse({ ...template.createDefaults?.(ctx.file), ...group.body, ...group.createOnly });
    if (!check.success) return fail(group, zodMessages(template, check.error.issues));
    values = check.data as Body;
    const item = { group, values, noPoint, line };
    if (pending) {
      pending.push(item);
      return;
    }
    return writeCreates(ctx, unit, [item], existing, counts);
  }
  try {
    // A refused object undoes only its own writes (and announcements): the run goes on.
    const recordId = await unit.savepoint(async () => {
      await unit.update(template.def, id, values, ctx.writer);
      return id;
    });
    counts.records.push({ registry: template.def.name, recordId, action: 'update', oldValues: old, line });
    counts.updated++;
    if (counts.updates.length < MAX_UPDATES_LISTED) counts.updates.push({ id, url: `${template.def.webPath}update/${id}/`, line, changes });
  } catch (e) {
    refused(template, group, e);
  }
}

function summarize(ctx: RunContext, rows: ConvertedRow[], objects: number, mergedRows: number, skippedRows: number, counts: Counter, warnings: string[], started: number): RunOutcome {
  const failed = rows
    .filter((r) => r.errors.length > 0 || r.warnings.length > 0)
    .map((r) => ({ line: r.line, cells: r.cells, messages: [...new Set(r.errors)], warnings: [...new Set(r.warnings)] }));
  const failedRows = failed.filter((f) => f.messages.length > 0).length;
  const shown = warnings.length > MAX_WARNINGS ? [...warnings.slice(0, MAX_WARNINGS - 1), `… и ещё ${warnings.length - MAX_WARNINGS + 1} предупреждений.`] : warnings;
  return {
    failed,
    records: counts.records,
    report: {
      rows: ctx.table.rows.length,
      objects,
      created: counts.created,
      updated: counts.updated,
      unchanged: counts.unchanged,
      skipped: counts.skipped,
      merged_rows: mergedRows,
      failed_rows: failedRows,
      rolled_back: false,
      warnings: shown,
      seconds: Math.round((Date.now() - started) / 100) / 10,
      updates: counts.updates,
      skipped_rows: skippedRows,
      warning_rows: failed.filter((f) => f.messages.length === 0 && f.warnings.length > 0).length,
      without_coordinates: counts.withoutPoint,
    },
  };
}
