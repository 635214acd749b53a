/**
 * The one write pipeline of every registry (issue 7 §1): create, update, delete and workflow
 * actions of any registry go through it — from the REST routes, the batch transaction
 * (`/api/transaction/`) and the system import alike.
 *
 *   validate (the contract's create / update / action schemas, cross-field rules, references)
 *   → one transaction (a unit of work: one or many writes) → the in-transaction effects → history
 *   (change_log, written by RegistryRepository in that transaction, the effects' changes included)
 *   → COMMIT → the live announcement of every change on its registry topic
 *   (DESTINATIONS.registry, with the row-scope keys so each subscriber gets only rows they may
 *   see) → the after-commit effects (notices).
 *
 * The registries' effects (deadlines, signatures, events, notices) are not hung on a pipeline by
 * its caller: every pipeline runs the one table of packages/db/src/effects (REGISTRY_EFFECTS) with
 * the services it was given (WritePipelineOptions.services).
 *
 * Nothing is announced for a unit that rolls back, nor for the part of a unit undone by a
 * savepoint. Announcing never fails the write (it has committed): a publisher error is
 * swallowed by the publisher (@tko/realtime) and an after-commit hook's error is reported to
 * `onHookError`.
 *
 * Errors: FieldValidationError (→ 400) for bad input, ConflictError (→ 409) for an action from
 * a wrong state or a delete refused by dependants; a missing row (or one outside the user's
 * row scope) gives null / false (→ 404).
 */
import type { ActionDef, RealtimeEnvelope, ResourceDef, RowScopeKeys, UserScope } from '@tko/contract';
import { ACTION_MSG, actionBodySchema, createSchema, DESTINATIONS, hasRowKeys, issuesToFieldErrors, resources, rowScopeKeys, updateSchema, withOwnOrganization } from '@tko/contract';
import type { Pool, PoolClient } from 'pg';
import { REGISTRY_EFFECTS } from '../effects/index';
import type { ActionHook, AfterCommitHook, AfterWriteHook, BeforeWriteHook, EffectServices, RegistryEffect } from '../effects/types';
import type { EnvelopePublisher } from '../notifications/notify';
import { Notifier } from '../notifications/notify';
import { ConflictError, FieldValidationError } from './errors';
import type { PreparedCreateMany, Row, WriteContext } from './repository';
import { RegistryRepository } from './repository';
import { storedResource } from '../tables/index';
import { ReferenceAccess } from './reference-access';
import { checkScopeChange } from './scope-change';
import { hashSecretFields } from '../secrets';
import { regionTimeZone } from '../tracking/settings';

/** One committed change, as announced. `step` names the workflow action of an update. */
export interface WriteEvent {
  resource: string;
  action: 'create' | 'update' | 'delete';
  step?: string;
  id: number;
  userId: number | null;
  /** Row-scope keys before and after (only for registries with a row scope). */
  keys?: RowScopeKeys[];
  /** The row as answered (null after a delete, and for the slim creates of an import: WriteUnit.createMany). */
  row: Row | null;
}

/** A batch of new rows of `def` prepared on a unit (WriteUnit.prepareCreateMany). */
export interface PreparedCreates {
  def: ResourceDef;
  batch: PreparedCreateMany;
}

/** Who writes, and within which row scope (null: unrestricted, e.g. the system). */
export interface Writer extends WriteContext {
  scope?: UserScope | null;
}

/** The envelope announcing one change on its registry topic. */
export function registryEnvelope(e: WriteEvent, at = new Date()): RealtimeEnvelope {
  return {
    destination: DESTINATIONS.registry(e.resource),
    body: { resource: e.resource, action: e.action, ...(e.step ? { step: e.step } : {}), id: e.id, user_id: e.userId, at: at.toISOString() },
    ...(e.keys ? { scope_keys: e.keys } : {}),
  };
}

/**
 * The events of one slim createMany batch (the import's), kept as an id array and shared
 * row-scope keys until COMMIT: a long import holds a few bytes per object, not an event each.
 */
class CreatedBatch {
  constructor(
    readonly resource: string,
    readonly userId: number | null,
    readonly ids: Int32Array,
    readonly keys: (RowScopeKeys[] | undefined)[],
  ) {}

  expand(): WriteEvent[] {
    return Array.from(this.ids, (id, i) => ({ resource: this.resource, action: 'create' as const, id, userId: this.userId, keys: this.keys[i], row: null }));
  }
}

const expandAll = (events: (WriteEvent | CreatedBatch)[]): WriteEvent[] => events.flatMap((e) => (e instanceof CreatedBatch ? e.expand() : [e]));

/** Announcements sent at once (Redis keeps the order of one connection's commands). */
const ANNOUNCE_BATCH = 500;

/** Validation of raw bodies against the contract (the routes' schemas validate their own). */
export function parseBody(schema: { safeParse(v: unknown): { success: true; data: unknown } | { success: false; error: { issues: unknown[] } } }, body: unknown): Row {
  const out = schema.safeParse(body);
  if (!out.success) throw new FieldValidationError(issuesToFieldErrors(out.error.issues as never));
  return out.data as Row;
}

/**
 * One transaction of the pipeline. Writes record their events; `commit()` commits and then
 * announces them; `rollback()` drops them.
 */
export class WriteUnit {
  private events: (WriteEvent | CreatedBatch)[] = [];
  private open = true;
  private savepoints = 0;

  constructor(
    readonly db: PoolClient,
    private readonly pipeline: WritePipeline,
  ) {}

  /** The repository that writes `def`; throws for a read-only registry (ResourceDef.readOnly: callers refuse it first). */
  private repo(def: ResourceDef): RegistryRepository {
    if (def.readOnly) throw new Error(`${def.name}: a read-only registry is never written`);
    return this.pipeline.repo(def);
  }

  private keysOf(def: ResourceDef, ...rows: (Row | null)[]): RowScopeKeys[] | undefined {
    if (!hasRowKeys(def.rowScope)) return undefined;
    return rows.filter((r): r is Row => r !== null).map((r) => rowScopeKeys(def.rowScope!, r));
  }

  /** Refuses references the writer may not read (attachments, scoped rows: reference-access.ts). */
  private checkReferences(def: ResourceDef, rows: { values: Row; rowId: number | null }[], writer: Writer): Promise<void> {
    return this.pipeline.references.check(this.db, this.repo(def).def, rows, writer);
  }

  /** Refuses a change of a locked workflow state outside an action (400 on the state field). */
  private checkLockedState(def: ResourceDef, values: Row, current: Row | null): void {
    const wf = def.workflow;
    if (!wf?.locked || values[wf.field] === undefined) return;
    const now = current ? current[wf.field] : def.fields[wf.field]?.default;
    if (values[wf.field] !== now) throw FieldValidationError.of(wf.field, ACTION_MSG.lockedState(Object.values(wf.actions).map((a) => a.label)));
  }

  /** Refuses a write to a row in a frozen workflow state (WorkflowDef.frozen) with 409. */
  private checkFrozen(def: ResourceDef, current: Row | null): void {
    const fr = def.workflow?.frozen;
    if (fr && current && fr.states.includes(String(current[def.workflow!.field]))) throw new ConflictError(fr.message);
  }

  /** Runs the registry's before-write hooks on the values, then hashes its write-only secrets (secrets.ts). */
  private async beforeWrite(def: ResourceDef, values: Row, before: Row | null, writer: Writer): Promise<Row> {
    let v = values;
    for (const hook of this.pipeline.beforeWriteHooksOf(def.name)) v = await hook({ db: this.db, unit: this, def, services: this.pipeline.services, values: v, before, writer });
    return hashSecretFields(def, v);
  }

  /** The registry's after-write effects of a create / an update, as RegistryRepository runs them (before the history). */
  private afterWrite(def: ResourceDef, on: 'create' | 'update', values: (id: number) => Row, before: Row | null, writer: Writer): ((db: PoolClient, id: number) => Promise<void>) | undefined {
    const hooks = this.pipeline.afterWriteHooksOf(def.name, on);
    if (!hooks.length) return undefined;
    return async (_db, id) => {
      for (const hook of hooks) await hook({ db: this.db, unit: this, def, services: this.pipeline.services, id, values: values(id), before, writer });
    };
  }

  /** Creates a row from create-schema output (defaults applied). */
  async create(def: ResourceDef, input: Row, writer: Writer): Promise<Row> {
    const values = await this.beforeWrite(def, withOwnOrganization(def.rowScope, def.fields, input, writer.scope), null, writer);
    this.checkLockedState(def, values, null);
    await this.checkReferences(def, [{ values, rowId: null }], writer);
    const row = await this.repo(def).create(values, writer, this.db, { afterWrite: this.afterWrite(def, 'create', () => values, null, writer) });
    checkScopeChange(def, null, row, writer.scope);
    this.events.push({ resource: def.name, action: 'create', id: Number(row.id), userId: writer.userId ?? null, keys: this.keysOf(def, row), row });
    return row;
  }

  /** The inputs after the registry's before-write hooks, each checked against the locked states. */
  private async hooked(def: ResourceDef, inputs: Row[], writer: Writer): Promise<Row[]> {
    const values: Row[] = [];
    for (const input of inputs) {
      const v = await this.beforeWrite(def, withOwnOrganization(def.rowScope, def.fields, input, writer.scope), null, writer);
      this.checkLockedState(def, v, null);
      values.push(v);
    }
    return values;
  }

  /**
   * The Node side of createMany (hooks, rules, the statements: RegistryRepository
   * .prepareCreateMany), done while an earlier batch is still being written on this unit; pass
   * it as `createMany(…, { prepared })`. Errors: FieldValidationError / ConflictError, as createMany.
   */
  async prepareCreateMany(def: ResourceDef, inputs: Row[], writer: Writer): Promise<PreparedCreates> {
    const values = await this.hooked(def, inputs, writer);
    return { def, batch: await this.repo(def).prepareCreateMany(values, writer, this.db) };
  }

  /**
   * Creates many rows of one registry at once (RegistryRepository.createMany: a fixed number of
   * statements per batch, the import's path, issue 9 §4), with the same hooks, checks and events
   * as `create`. A refusal names no row: run it in `savepoint` and retry row by row with `create`.
   * `slim`: the rows carry only their id and row-scope keys (RegistryRepository.createMany), for
   * a caller that needs their ids only (the import); their events carry no row and share equal
   * row-scope keys, so a long import holds a few bytes per object until COMMIT announces it.
   * `prepared`: the batch as prepareCreateMany made it (its inputs are then not read again).
   */
  async createMany(def: ResourceDef, inputs: Row[], writer: Writer, opts: { slim?: boolean; prepared?: PreparedCreates } = {}): Promise<Row[]> {
    if (opts.prepared && opts.prepared.def !== def) throw new Error('createMany: prepared for another registry');
    const values = opts.prepared ? opts.prepared.batch.values : await this.hooked(def, inputs, writer);
    await this.checkReferences(def, values.map((v) => ({ values: v, rowId: null })), writer);
    // After-write effects run per row, in input order (createMany numbers the rows in that order).
    let n = 0;
    const afterWrite = this.afterWrite(def, 'create', () => values[n++] ?? {}, null, writer);
    const rows = await this.repo(def).createMany(values, writer, this.db, { slim: opts.slim, prepared: opts.prepared?.batch, afterWrite });
    for (const row of rows) checkScopeChange(def, null, row, writer.scope);
    if (opts.slim) {
      this.events.push(new CreatedBatch(def.name, writer.userId ?? null, Int32Array.from(rows, (r) => Number(r.id)), rows.map((r) => this.shared(this.keysOf(def, r)))));
      return rows;
    }
    for (const row of rows) this.events.push({ resource: def.name, action: 'create', id: Number(row.id), userId: writer.userId ?? null, keys: this.keysOf(def, row), row });
    return rows;
  }

  /** Equal row-scope keys as one object (the slim events of a long import). */
  private readonly sharedKeys = new Map<string, RowScopeKeys[] | undefined>();
  private shared(keys: RowScopeKeys[] | undefined): RowScopeKeys[] | undefined {
    if (!keys) return keys;
    const k = JSON.stringify(keys);
    const known = this.sharedKeys.get(k);
    if (known) return known;
    this.sharedKeys.set(k, keys);
    return keys;
  }

  /**
   * Takes in rows that set-based SQL wrote on this unit's connection outside the repository (the
   * route plan's upserts, angarsk/import.ts writePlan): writes their history
   * (RegistryRepository.recordWritten: `before` null = created, else the row read before) and
   * announces them after COMMIT like any other write.
   */
  async adopt(def: ResourceDef, written: { id: number; before: Row | null }[], writer: Writer): Promise<Row[]> {
    const rows = await this.repo(def).recordWritten(this.db, written, writer);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const w of written) {
      const row = byId.get(w.id);
      if (row) this.events.push({ resource: def.name, action: w.before ? 'update' : 'create', id: w.id, userId: writer.userId ?? null, keys: this.keysOf(def, w.before, row), row });
    }
    return rows;
  }

  /** Updates the fields given (update-schema output); null when the row is missing or outside the writer's scope. */
  async update(def: ResourceDef, id: number, input: Row, writer: Writer): Promise<Row | null> {
    // The row as it was: needed for the scope (its keys before), a locked or frozen state and the before-write hooks only.
    const needBefore = Boolean(hasRowKeys(def.rowScope) || def.workflow?.locked || def.workflow?.frozen || this.pipeline.beforeWriteHooksOf(def.name).length || this.pipeline.afterWriteHooksOf(def.name, 'update').length);
    const before = needBefore ? await this.repo(def).get(id, { scope: writer.scope, lock: true }, this.db) : null;
    if (needBefore && !before) return null;
    if (!writer.step) this.checkFrozen(def, before);
    const values = writer.step ? input : await this.beforeWrite(def, input, before, writer);
    this.checkLockedState(def, values, before);
    await this.checkReferences(def, [{ values, rowId: id }], writer);
    const afterWrite = writer.step ? undefined : this.afterWrite(def, 'update', () => values, before, writer);
    const row = await this.repo(def).update(id, values, writer, this.db, { afterWrite });
    if (!row) return null;
    checkScopeChange(def, before, row, writer.scope);
    this.events.push({ resource: def.name, action: 'update', ...(writer.step ? { step: writer.step } : {}), id, userId: writer.userId ?? null, keys: this.keysOf(def, before, row), row });
    return row;
  }

  /** Deletes a row; false when missing or outside the writer's scope. */
  async delete(def: ResourceDef, id: number, writer: Writer): Promise<boolean> {
    const needBefore = Boolean(hasRowKeys(def.rowScope) || def.workflow?.frozen);
    const before = needBefore ? await this.repo(def).get(id, { scope: writer.scope, lock: true }, this.db) : null;
    if (needBefore && !before) return false;
    this.checkFrozen(def, before);
    if (!(await this.repo(def).delete(id, writer, this.db))) return false;
    this.events.push({ resource: def.name, action: 'delete', id, userId: writer.userId ?? null, keys: this.keysOf(def, before), row: null });
    return true;
  }

  /**
   * Runs workflow action `key` on row `id` with `values` (action-body-schema output): checks the
   * state (ConflictError → 409 from a wrong one), sets the state to the action's `to` together
   * with the values, runs the action's hooks in the transaction, then records the history (with the
   * action's name; the hooks' changes included). Null when the row is missing or outside the
   * writer's scope.
   */
  async act(def: ResourceDef, key: string, id: number, values: Row, writer: Writer): Promise<Row | null> {
    const wf = def.workflow;
    const action: ActionDef | undefined = wf?.actions[key];
    if (!wf || !action) throw new Error(`${def.name}: no action ${key}`);
    const before = await this.repo(def).get(id, { scope: writer.scope, lock: true }, this.db);
    if (!before) return null;
    const state = String(before[wf.field] ?? '');
    if (!action.from.includes(state)) {
      const label = def.fields[wf.field]?.enum?.label(state) ?? state;
      throw new ConflictError(ACTION_MSG.wrongState(action.label, label));
    }
    const stepWriter: Writer = { ...writer, step: key };
    const hooks = this.pipeline.hooksOf(def.name, key);
    // The hooks run before the history is written (RegistryRepository WriteOptions.afterWrite).
    const afterWrite = hooks.length ? async () => {
      for (const hook of hooks) await hook({ db: this.db, unit: this, def, services: this.pipeline.services, id, before, input: values, ctx: stepWriter });
    } : undefined;
    await this.checkReferences(def, [{ values, rowId: id }], writer);
    const after = await this.repo(def).update(id, { ...values, [wf.field]: action.to }, stepWriter, this.db, { afterWrite });
    if (!after) return null;
    checkScopeChange(def, before, after, writer.scope);
    this.events.push({ resource: def.name, action: 'update', step: key, id, userId: writer.userId ?? null, keys: this.keysOf(def, before, after), row: after });
    return after;
  }

  /**
   * Runs `fn` inside a SAVEPOINT: when it throws, its writes and their events are undone and
   * the error is rethrown; the rest of the unit goes on (the import writes each object so).
   */
  async savepoint<T>(fn: () => Promise<T>): Promise<T> {
    const name = `wp_${++this.savepoints}`;
    const mark = this.events.length;
    await this.db.query(`SAVEPOINT ${name}`);
    try {
      const out = await fn();
      await this.db.query(`RELEASE SAVEPOINT ${name}`);
      return out;
    } catch (e) {
      await this.db.query(`ROLLBACK TO SAVEPOINT ${name}`);
      this.events.length = mark;
      throw e;
    }
  }

  /** The changes written so far in this unit. */
  get changes(): readonly WriteEvent[] {
    return expandAll(this.events);
  }

  /**
   * Commits, releases the connection, then announces the changes and runs the after-commit hooks
   * (a slim batch's events made and announced one batch at a time).
   */
  async commit(): Promise<void> {
    if (!this.open) throw new Error('write unit already closed');
    try {
      await this.db.query('COMMIT');
    } finally {
      this.open = false;
      this.db.release();
    }
    const events = this.events;
    this.events = [];
    let plain: WriteEvent[] = [];
    for (const e of events) {
      if (!(e instanceof CreatedBatch)) {
        plain.push(e);
        continue;
      }
      await this.pipeline.announce(plain);
      plain = [];
      await this.pipeline.announce(e.expand());
    }
    await this.pipeline.announce(plain);
  }

  /** Rolls back and releases the connection; nothing is announced. */
  async rollback(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    this.events = [];
    try {
      await this.db.query('ROLLBACK');
    } finally {
      this.db.release();
    }
  }
}

export interface WritePipelineOptions {
  /** Where announcements go (@tko/realtime publisher); none: not announced. */
  publisher?: EnvelopePublisher | null;
  /** Registries known to the pipeline; default: every registry of the contract. */
  defs?: readonly ResourceDef[];
  /** Called with an after-commit effect's error (the write has committed: never thrown); default: services.log. */
  onHookError?: (e: unknown) => void;
  /**
   * What the effects use. Defaults: the clock `new Date()`, the appeal term 30 days (59-ФЗ ст. 12
   * ч. 1), relative links, a Notifier on this pool and publisher, no e-mail, console logging.
   */
  services?: Partial<Omit<EffectServices, 'pool'>>;
  /** The effects run; default: every registry's (REGISTRY_EFFECTS). Tests may pass fewer. */
  effects?: readonly RegistryEffect[];
  /** The process's repositories (domain/registries.ts); none: the pipeline builds one per registry. */
  repos?: { repo(def: ResourceDef): RegistryRepository };
}

const NO_PUBLISHER: EnvelopePublisher = { publish: async () => undefined };
const CONSOLE_LOG = { warn: (o: object, m: string) => console.warn(m, o), error: (o: object, m: string) => console.error(m, o) };

export class WritePipeline {
  private readonly repos = new Map<string, RegistryRepository>();
  private readonly defs = new Map<string, ResourceDef>();
  private readonly actionHooks = new Map<string, ActionHook[]>();
  private readonly afterCommitHooks: AfterCommitHook[] = [];
  private readonly beforeWriteHooks = new Map<string, BeforeWriteHook[]>();
  private readonly afterWriteHooks = new Map<string, AfterWriteHook[]>();
  /** The services the effects use (WritePipelineOptions.services with their defaults). */
  readonly services: EffectServices;
  /** Read access of the references every write sets (reference-access.ts). */
  readonly references = new ReferenceAccess();

  constructor(
    readonly pool: Pool,
    private readonly opts: WritePipelineOptions = {},
  ) {
    for (const d of opts.defs ?? resources) this.defs.set(d.name, d);
    const s = opts.services ?? {};
    this.services = {
      pool,
      clock: s.clock ?? (() => new Date()),
      regionTimeZone: s.regionTimeZone ?? regionTimeZone(),
      publicUrl: s.publicUrl ?? '',
      notifier: s.notifier ?? new Notifier(pool, opts.publisher ?? NO_PUBLISHER),
      mailer: s.mailer ?? null,
      log: s.log ?? CONSOLE_LOG,
    };
    for (const e of opts.effects ?? REGISTRY_EFFECTS) this.install(e);
  }

  private install(e: RegistryEffect): void {
    const add = <T>(m: Map<string, T[]>, k: string, h: T) => m.set(k, [...(m.get(k) ?? []), h]);
    if (e.kind === 'beforeWrite') add(this.beforeWriteHooks, e.resource, e.hook);
    else if (e.kind === 'afterWrite') add(this.afterWriteHooks, `${e.resource}:${e.on}`, e.hook);
    else if (e.kind === 'action') add(this.actionHooks, `${e.resource}:${e.action}`, e.hook);
    else this.afterCommitHooks.push(e.hook);
  }

  /** The registry named `name` (permission resource name), or undefined. */
  def(name: string): ResourceDef | undefined {
    return this.defs.get(name);
  }

  /** The repository of a registry (one per registry, reused). */
  repo(def: ResourceDef): RegistryRepository {
    if (this.opts.repos) return this.opts.repos.repo(def);
    let r = this.repos.get(def.name);
    if (!r || r.def !== storedResource(def)) this.repos.set(def.name, (r = new RegistryRepository(this.pool, def)));
    return r;
  }

  /** @internal The before-write effects of one registry. */
  beforeWriteHooksOf(resource: string): BeforeWriteHook[] {
    return this.beforeWriteHooks.get(resource) ?? [];
  }

  /** @internal The after-write effects of one registry's creates or updates. */
  afterWriteHooksOf(resource: string, on: 'create' | 'update'): AfterWriteHook[] {
    return this.afterWriteHooks.get(`${resource}:${on}`) ?? [];
  }

  /** @internal The effects of one action. */
  hooksOf(resource: string, action: string): ActionHook[] {
    return this.actionHooks.get(`${resource}:${action}`) ?? [];
  }

  /** @internal Announces committed changes, then runs the after-commit hooks. */
  async announce(events: WriteEvent[]): Promise<void> {
    if (!events.length) return;
    const publisher = this.opts.publisher;
    if (publisher) {
      // In order, but without a round trip each: a big import announces thousands of rows.
      const at = new Date();
      for (let i = 0; i < events.length; i += ANNOUNCE_BATCH) {
        await Promise.all(events.slice(i, i + ANNOUNCE_BATCH).map((e) => publisher.publish(registryEnvelope(e, at)).catch(() => undefined)));
      }
    }
    for (const hook of this.afterCommitHooks) {
      await hook(events, this.services).catch((e: unknown) => (this.opts.onHookError ? this.opts.onHookError(e) : this.services.log.error({ err: e }, 'after-commit effect failed')));
    }
  }

  /** Opens a unit of work (BEGIN on a pooled connection); the caller commits or rolls back. */
  async begin(): Promise<WriteUnit> {
    const db = await this.pool.connect();
    try {
      await db.query('BEGIN');
    } catch (e) {
      db.release();
      throw e;
    }
    return new WriteUnit(db, this);
  }

  /** Runs `fn` in one unit: commits (and announces) when it returns, rolls back when it throws. */
  async run<T>(fn: (unit: WriteUnit) => Promise<T>): Promise<T> {
    const unit = await this.begin();
    let out: T;
    try {
      out = await fn(unit);
    } catch (e) {
      await unit.rollback().catch(() => undefined);
      throw e;
    }
    await unit.commit();
    return out;
  }

  /** Creates one row in its own unit. */
  create(def: ResourceDef, values: Row, writer: Writer): Promise<Row> {
    return this.run((u) => u.create(def, values, writer));
  }

  /** Updates one row in its own unit; null when missing or out of scope. */
  update(def: ResourceDef, id: number, values: Row, writer: Writer): Promise<Row | null> {
    return this.run((u) => u.update(def, id, values, writer));
  }

  /** Deletes one row in its own unit; false when missing or out of scope. */
  delete(def: ResourceDef, id: number, writer: Writer): Promise<boolean> {
    return this.run((u) => u.delete(def, id, writer));
  }

  /** Runs one workflow action in its own unit; null when missing or out of scope. */
  act(def: ResourceDef, key: string, id: number, values: Row, writer: Writer): Promise<Row | null> {
    return this.run((u) => u.act(def, key, id, values, writer));
  }

  /** Validates a raw create body (defaults applied). Throws FieldValidationError. */
  parseCreate(def: ResourceDef, body: unknown): Row {
    return parseBody(createSchema(def), body);
  }

  /** Validates a raw update body (PATCH when `partial`). Throws FieldValidationError. */
  parseUpdate(def: ResourceDef, body: unknown, partial: boolean): Row {
    return parseBody(updateSchema(def, partial), body);
  }

  /** Validates a raw action body. Throws FieldValidationError. */
  parseAction(def: ResourceDef, key: string, body: unknown): Row {
    const a = def.workflow?.actions[key];
    if (!a) throw new Error(`${def.name}: no action ${key}`);
    return parseBody(actionBodySchema(def.fields, a), body);
  }
}
