/**
 * Writing the objects of a run (run-import.ts) through one WriteUnit of the write pipeline:
 * an update (through the key the user chose) at once in its own savepoint, the new objects in
 * set-based batches (WriteUnit.createMany; a refused batch is retried row by row so only the
 * refused objects fail, with their reasons). The batches are pipelined (issue 9 §4): a batch is
 * sent and the run goes on validating the next objects while PostgreSQL writes it; anything
 * else on the unit's connection waits for it first (`settle`), so savepoints never interleave.
 * import_record rows are written after each batch, so the run holds none of them.
 */
import type { ImportOptions, ImportUpdate, ResourceDef } from '@tko/contract';
import { IMPORT_MSG, createSchema, rowScopeKeys, rowVisible, updateSchema } from '@tko/contract';
import type { PreparedCreates, WriteUnit } from '@tko/db';
import { ConflictError, FieldValidationError } from '@tko/db';
import type { z } from 'zod';
import { changedValues, fieldLabel } from './compare';
import type { RowGroup } from './group';
import { showValue } from './group';
import type { ImportedRecord, RunContext } from './run-types';
import { inputValue, MAX_UPDATES_LISTED } from './run-types';
import { RECORD_ID } from './templates/keys';
import type { Body, ImportKey, ImportTemplate } from './templates/types';

/** New objects written in one set-based statement group (WriteUnit.createMany), at the most. */
export const CREATE_BATCH = 4000;
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

type Schema = ReturnType<typeof createSchema>;
const schemas = new WeakMap<ResourceDef, { create?: Schema; createNoPoint?: Schema; update?: Schema }>();

/** The definition with its point field optional: a row without coordinates is created flagged. */
function withoutRequiredPoint(def: ResourceDef, field: string): ResourceDef {
  return { ...def, fields: { ...def.fields, [field]: { ...def.fields[field]!, required: false } } };
}

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

export function zodMessages(template: ImportTemplate, issues: z.core.$ZodIssue[]): string[] {
  return [...new Set(issues.map((i) => `${fieldLabel(template.def, i.path as (string | number)[])}: ${i.message}`))];
}

export function fieldErrorMessages(template: ImportTemplate, fields: Record<string, string[]>): string[] {
  return Object.entries(fields).flatMap(([path, msgs]) => msgs.map((m) => `${fieldLabel(template.def, path.split('.'))}: ${m}`));
}

/** A validated new object waiting for its batch. */
interface PendingCreate {
  group: RowGroup;
  values: Body;
  noPoint: boolean;
  line: number;
}

/** What the run counts and keeps while writing. */
export class WriteCounts {
  created = 0;
  updated = 0;
  unchanged = 0;
  skipped = 0;
  withoutPoint = 0;
  /** Records not yet written to import_record. */
  records: ImportedRecord[] = [];
  updates: ImportUpdate[] = [];
}

export class GroupWriter {
  readonly counts = new WriteCounts();
  /** Keys → existing ids (found, or created by this run); `checked`: keys already looked up. */
  private readonly existing = new Map<string, number[]>();
  private readonly checked = new Set<string>();
  private pending: PendingCreate[] = [];
  /** Keys of the pending and of the in-flight new objects: a later object with one waits for them. */
  private waiting = new Set<string>();
  private flying = new Set<string>();
  private inflight: Promise<void> | null = null;
  private failure: { error: unknown } | null = null;
  private readonly batch = new BatchSize();

  constructor(
    private readonly ctx: RunContext,
    private readonly unit: WriteUnit,
    private readonly key: ImportKey | null,
    private readonly options: ImportOptions,
    /** A group is done (written, unchanged, skipped or failed): its rows may be released. */
    private readonly done: (group: RowGroup) => void,
    private readonly warn: (text: string) => void,
  ) {}

  /** Waits for the batch in flight; rethrows what it failed with (other than a refusal, handled per object). */
  async settle(): Promise<void> {
    if (this.inflight) {
      const p = this.inflight;
      this.inflight = null;
      await p;
      this.flying = new Set();
    }
    if (this.failure) throw this.failure.error;
  }

  /**
   * Waits for the batch in flight, whatever it ends with: before a rollback, so that none of its
   * statements runs after the ROLLBACK (outside the transaction, committing on its own).
   */
  async quiesce(): Promise<void> {
    await this.inflight?.catch(() => undefined);
    this.inflight = null;
  }

  /** Looks up the keys of these groups not yet looked up (one query for all of them). */
  async lookUp(groups: RowGroup[]): Promise<void> {
    if (!this.key) return;
    const fresh = [...new Set(groups.map((g) => (g.key = this.key!.of(g.body))).filter((k): k is string => k !== null && !this.checked.has(k)))];
    if (!fresh.length) return;
    await this.settle();
    for (const k of fresh) this.checked.add(k);
    for (const [k, ids] of await this.key.find(this.unit.db, fresh)) if (!this.existing.has(k)) this.existing.set(k, ids);
  }

  /** Validates and writes (or queues) one object. */
  async write(group: RowGroup): Promise<void> {
    if (this.key && group.key === null) group.key = this.key.of(group.body);
    if (group.key !== null && !this.checked.has(group.key)) await this.lookUp([group]);
    if (group.key !== null && (this.waiting.has(group.key) || this.flying.has(group.key))) await this.drain();
    const { template } = this.ctx;
    const ids = group.key !== null ? this.existing.get(group.key) : undefined;
    const id = ids?.[0];
    const line = group.rows[0]!.line;
    if (group.key !== null && id === undefined && this.key?.field === RECORD_ID) return this.failed(group, [`Нет записи ${this.key.show(group.key)}: строка с номером записи только обновляет.`]);
    if (id !== undefined && this.options.existing === 'skip') {
      this.counts.skipped++;
      return this.done(group);
    }
    if (ids && ids.length > 1) this.warn(`Строка ${line}, ${this.key!.label} ${this.key!.show(group.key!)}: в реестре несколько объектов с этим ключом (№ ${ids.join(', ')}); обновлён № ${id}.`);
    const pointField = template.pointField;
    const noPoint = pointField !== undefined && group.body[pointField] === undefined;
    if (id === undefined) {
      const check = createSchemaOf(template.def, pointField, noPoint).safeParse({ ...template.createDefaults?.(this.ctx.file), ...group.body, ...group.createOnly });
      if (!check.success) return this.failed(group, zodMessages(template, check.error.issues));
      this.pending.push({ group, values: check.data as Body, noPoint, line });
      if (group.key !== null) this.waiting.add(group.key);
      if (this.pending.length >= this.batch.size) await this.send();
      return;
    }
    await this.settle();
    await this.update(group, id, noPoint, line);
  }

  /**
   * Sends the pending batch once the one in flight is written, after building its statements
   * while that one is still being written (WriteUnit.prepareCreateMany); the run goes on meanwhile.
   */
  private async send(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const keys = this.waiting;
    this.waiting = new Set();
    let prepared: PreparedCreates | null = null;
    if (batch.length > 1) {
      try {
        prepared = await this.unit.prepareCreateMany(this.ctx.template.def, batch.map((p) => p.values), this.ctx.writer);
      } catch (e) {
        // Refused as a batch (a rule, a child without a required field): written one by one below.
        if (!(e instanceof FieldValidationError || e instanceof ConflictError)) throw e;
      }
    }
    await this.settle();
    if (!batch.length) return;
    this.flying = keys;
    const t0 = performance.now();
    // Handled at once (no unhandled rejection), rethrown by the next settle.
    this.inflight = this.writeCreates(batch, prepared).then(
      () => this.batch.took(batch.length, performance.now() - t0),
      (error: unknown) => {
        this.failure = { error };
      },
    );
  }

  /** Writes everything pending and waits for it. */
  async drain(): Promise<void> {
    await this.send();
    await this.settle();
    await this.writeRecords();
  }

  /** Writes the import_record rows of what was written so far (the rollback reads them). */
  private async writeRecords(): Promise<void> {
    const records = this.counts.records;
    if (!records.length) return;
    this.counts.records = [];
    await this.unit.db.query(
      `INSERT INTO import_record (import_file_id, registry, record_id, action, old_values, line)
       SELECT $1, x.registry, x.record_id, x.action, x.old_values, x.line
         FROM unnest($2::text[], $3::int[], $4::text[], $5::jsonb[], $6::int[]) AS x(registry, record_id, action, old_values, line)`,
      [this.ctx.file.id, records.map((r) => r.registry), records.map((r) => r.recordId), records.map((r) => r.action), records.map((r) => (r.oldValues ? JSON.stringify(r.oldValues) : null)), records.map((r) => r.line)],
    );
  }

  private failed(group: RowGroup, messages: string[]): void {
    for (const r of group.rows) {
      r.errors.push(...messages);
      r.body = null;
    }
    this.done(group);
  }

  /** Turns a refusal of the database into the rows' reasons; rethrows anything else. */
  private refused(group: RowGroup, e: unknown): void {
    if (e instanceof FieldValidationError) return this.failed(group, fieldErrorMessages(this.ctx.template, e.fields));
    if (e instanceof ConflictError) return this.failed(group, [e.detail]);
    throw e;
  }

  private created(p: PendingCreate, recordId: number): void {
    if (p.group.key !== null) this.existing.set(p.group.key, [recordId]);
    this.counts.records.push({ registry: this.ctx.template.def.name, recordId, action: 'create', oldValues: null, line: p.line });
    this.counts.created++;
    if (p.noPoint) this.counts.withoutPoint++;
    this.done(p.group);
  }

  /**
   * Writes a batch of new objects: all at once inside one savepoint; when the batch is refused,
   * that savepoint is undone and each object is written alone in its own savepoint, so only the
   * refused ones fail, with their own reasons. Then their import_record rows.
   */
  private async writeCreates(batch: PendingCreate[], prepared: PreparedCreates | null): Promise<void> {
    const { unit, ctx } = this;
    const def = ctx.template.def;
    let written = false;
    if (prepared) {
      try {
        const rows = await unit.savepoint(() => unit.createMany(def, prepared.batch.values, ctx.writer, { slim: true, prepared }));
        rows.forEach((row, i) => this.created(batch[i]!, Number(row.id)));
        written = true;
      } catch (e) {
        if (!(e instanceof FieldValidationError || e instanceof ConflictError)) throw e;
      }
    }
    if (!written) {
      for (const p of batch) {
        try {
          const row = await unit.savepoint(() => unit.create(def, p.values, ctx.writer));
          this.created(p, Number(row.id));
        } catch (e) {
          this.refused(p.group, e);
        }
      }
    }
    await this.writeRecords();
  }

  /** Updates record `id` with the group's changed fields, in a savepoint; lists the change in the report. */
  private async update(group: RowGroup, id: number, noPoint: boolean, line: number): Promise<void> {
    const { template } = this.ctx;
    const body = { ...group.body };
    // An update without a point keeps the record's point and its flag.
    if (noPoint && template.pointCheckField) delete body[template.pointCheckField];
    const check = updateSchemaOf(template.def).safeParse(body);
    if (!check.success) return this.failed(group, zodMessages(template, check.error.issues));
    const current = await this.ctx.pipeline.repo(template.def).get(id, {}, this.unit.db);
    if (!current) return this.failed(group, ['Объект удалён во время импорта.']);
    // The writer's row scope (contract common/row-scope.ts): a record they may not see is not theirs to change.
    if (template.def.rowScope && !rowVisible(this.ctx.writer.scope, rowScopeKeys(template.def.rowScope, current))) {
      return this.failed(group, [IMPORT_MSG.outOfScope(id)]);
    }
    const values = changedValues(template.def, current, check.data as Body);
    if (Object.keys(values).length === 0) {
      this.counts.unchanged++;
      return this.done(group);
    }
    const old = Object.fromEntries(Object.keys(values).map((k) => [k, inputValue(template.def.fields[k]!, current[k])]));
    const changes = Object.keys(values).map((k) => ({ field: k, label: template.def.fields[k]!.label, old: showValue(current[k]), new: showValue((check.data as Body)[k]) }));
    try {
      // A refused object undoes only its own writes (and announcements): the run goes on.
      const updated = await this.unit.savepoint(() => this.unit.update(template.def, id, values, this.ctx.writer));
      if (!updated) return this.failed(group, [IMPORT_MSG.outOfScope(id)]);
    } catch (e) {
      return this.refused(group, e);
    }
    this.counts.records.push({ registry: template.def.name, recordId: id, action: 'update', oldValues: old, line });
    this.counts.updated++;
    if (this.counts.updates.length < MAX_UPDATES_LISTED) this.counts.updates.push({ id, url: `${template.def.webPath}update/${id}/`, line, changes });
    this.done(group);
  }
}
