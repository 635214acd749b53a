/**
 * Generic database access of one registry, driven by its ResourceDef from @tko/contract
 * joined with its table mapping (../tables, by the resource name):
 * list (filters, ordering, page, list-level sums), read, create, update, delete and a
 * cursor stream for exports. SQL goes through the pg pool (PostGIS needs raw SQL); every
 * write runs in one transaction — its own, or the caller's when a client `db` is passed (the
 * batch transaction, imports) — and records its change history (change_log, see
 * change-log.ts) in that same transaction. Convention: every registry table has `id` and
 * `updated_at`.
 *
 * Errors: FieldValidationError (→ 400) for unknown referenced ids, bad child ids and broken
 * cross-field rules (def.check). Returns null for a missing row (→ 404).
 */
import type { ListQuery, ResourceDef, UserScope } from '@tko/contract';
import { rowScopeSql, scopeOf } from './row-scope-sql';
import { DEFAULT_PAGE_SIZE, listFields } from '@tko/contract';
import type { Pool, PoolClient } from 'pg';
import { FieldValidationError, translatePgError } from './errors';
import { ident, Params } from './params';
import { selectList, toWire } from './select-sql';
import type { OrderKey } from './where-sql';
import { orderKeys, orderSql, whereSql } from './where-sql';
import { countRows, estimateRows, exactCountThreshold, writeHappened } from './list-count';
import { EXPORT_JOIN_ROWS, exportSelect } from './export-sql';
import { cursorError, decodeCursor, encodeCursor, pageStatement, takeCursor } from './page-sql';
import { checkRefs, columnEntries, valueSql, writeChildren, writeJoin } from './write-sql';
import { writeFiles } from './files-sql';
import { assertDeletable } from './delete-references';
import type { ChangeAction } from './change-log';
import { diffRows, writeChangeLog, writeChangeLogMany } from './change-log';
import { writeCreateHistory } from './history-sql';
import type { PreparedInsert } from './write-many-sql';
import { checkRefsMany, collectRefs, insertLinksMany, prepareInsertMany, runInsertMany, takeIds } from './write-many-sql';
import { storedResource } from '../tables/index';
import type { StoredResourceDef } from '../tables/types';

export type Row = Record<string, unknown>;

/**
 * A batch of new rows made ready for createMany without the database's help (rules checked,
 * statements and reference sets built): the import builds batch n + 1 while batch n is written.
 */
export interface PreparedCreateMany {
  values: Row[];
  insert: PreparedInsert;
  refs: Map<string, Set<number>>;
  /** Rows with attachment lists: [position, {field: ids}]. */
  files: [number, Row][];
}

export interface ListResult {
  /** Rows matching the filters: exact, or PostgreSQL's estimate above the threshold (list-count.ts). */
  count: number;
  countIsEstimate: boolean;
  /** Keyset paging (`cursor` given): the cursor of the next page, null at the end. */
  nextCursor: string | null;
  /** List-level sums named in def.aggregates, e.g. count_containers. */
  aggregates: Record<string, number>;
  rows: Row[];
}

export interface WriteContext {
  /** Shown as last_update_person where the registry has that field; kept in the history. */
  userName: string;
  /** The signed-in user, recorded in the history (null: a system write, e.g. a command). */
  userId?: number | null;
  /** The workflow action making this update (recorded as the history row's `step`). */
  step?: string;
}

/**
 * Options of one write. `afterWrite` runs on the write's transaction after the row (its links,
 * files and children) is written and before its history is recorded and it is read back: the
 * pipeline's in-transaction effects (workflow actions, registry effects) run there, so every field
 * they change is in the same change_log row and in the row answered.
 */
export interface WriteOptions {
  afterWrite?: (db: PoolClient, id: number) => Promise<void>;
}

/** Context of writes made by the system itself (no signed-in user). */
export const SYSTEM_WRITE: WriteContext = { userName: 'Система', userId: null };

export interface ReadOptions {
  /** Public variant: leave out private (personal) fields. */
  publicOnly?: boolean;
  /** The signed-in user's row scope (row-scope-sql.ts): a row outside it reads as missing. */
  scope?: UserScope | null;
  /** Lock the row for the rest of the caller's transaction (SELECT … FOR UPDATE). */
  lock?: boolean;
}

/** The fields holding a row's scope keys (rowScopeKeys reads them), none without a row scope. */
function rowScopeFields(def: ResourceDef): string[] {
  const rs = def.rowScope;
  return rs ? [...(rs.organization ?? []), ...(rs.oktmo ? [rs.oktmo] : [])] : [];
}

/** Runs `fn` in one transaction on one pooled connection; rolls back on any error. */
export async function withTransaction<T>(pool: Pool, fn: (db: PoolClient) => Promise<T>): Promise<T> {
  const db = await pool.connect();
  try {
    await db.query('BEGIN');
    const out = await fn(db);
    await db.query('COMMIT');
    return out;
  } catch (e) {
    await db.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    db.release();
  }
}

export class RegistryRepository {
  /**
   * The registry with its storage (packages/db/src/tables, by `def.name`): what the SQL
   * builders read. A StoredResourceDef is also a ResourceDef, so callers may keep using it as one.
   */
  readonly def: StoredResourceDef;

  /**
   * @param def the contract description; its table mapping is looked up by name (throws when
   * the registry has none or it does not fit, packages/db/src/tables/merge.ts).
   */
  constructor(
    private readonly pool: Pool,
    def: ResourceDef,
    opts: { exactCountThreshold?: number } = {},
  ) {
    this.def = storedResource(def);
    this.exactCountThreshold = opts.exactCountThreshold ?? exactCountThreshold();
  }

  /** Exact count below this many estimated rows (list-count.ts; env LIST_EXACT_COUNT_THRESHOLD). */
  readonly exactCountThreshold: number;

  /** The stored description (the same object as `def`). */
  get stored(): StoredResourceDef {
    return this.def;
  }

  private detailFields(opts: ReadOptions): string[] {
    return Object.entries(this.def.fields).filter(([, fd]) => !(opts.publicOnly && fd.private)).map(([k]) => k);
  }

  /**
   * One page of rows. The count and list sums run as a second query in parallel, so the page
   * itself can walk an index in `ordering` order.
   */
  async list(q: ListQuery, opts: ReadOptions = {}): Promise<ListResult> {
    const pageSize = q.page_size ?? DEFAULT_PAGE_SIZE;
    const cursorRaw = typeof q.cursor === 'string' ? q.cursor : undefined;
    const page = cursorRaw === undefined ? (q.page ?? 1) : 1;
    const keys = orderKeys(this.def, q.ordering);
    const cursor = cursorRaw ? decodeCursor(cursorRaw, keys) : undefined;
    const notNull = cursor ? await this.notNullKeys() : undefined;
    const st = pageStatement(this.def, q, { fields: listFields(this.def, opts), pageSize, offset: (page - 1) * pageSize, cursor, notNull });
    const pc = new Params();
    const whereCount = whereSql(this.def, q, pc);
    const countNow = () => countRows(this.pool, this.def, whereCount, pc.values, this.exactCountThreshold);
    // A text search counts its matches in the page statement itself (page-sql.ts).
    // A forged cursor value its column cannot read is a 400 on `cursor`, not a database error.
    const pageRows = this.pool.query(st.text, st.values).catch((e: unknown) => {
      throw cursor ? cursorError(e) : e;
    });
    const [res, early] = await Promise.all([pageRows, st.counts ? null : countNow()]);
    const { rows, last, totals } = takeCursor(res.rows, st.keys);
    const counted = early ?? (totals
      ? { count: totals.__total!, estimate: false, aggregates: Object.fromEntries(Object.keys(this.def.aggregates ?? {}).map((n) => [n, totals[`__sum_${n}`]!])) }
      : await countNow());
    let { count, estimate } = counted;
    if (estimate && cursor === undefined) {
      // The page itself bounds the estimate: a short page ends the list (exact), a full one has rows after it.
      const seen = (page - 1) * pageSize + rows.length;
      if (rows.length < pageSize && (rows.length > 0 || page === 1)) [count, estimate] = [seen, false];
      else if (rows.length === pageSize) count = Math.max(count, seen + 1);
    }
    const nextCursor = cursorRaw !== undefined && rows.length === pageSize && last ? encodeCursor(last) : null;
    return { count, countIsEstimate: estimate, aggregates: counted.aggregates, rows: rows.map(toWire), nextCursor };
  }

  private notNullCache?: Promise<Set<string>>;

  /** Ordering keys that cannot be NULL (the id, NOT NULL columns): cheaper keyset predicates. */
  private async notNullKeys(): Promise<(k: OrderKey) => boolean> {
    this.notNullCache ??= this.pool
      .query<{ attname: string }>(`SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND attnotnull`, [this.def.table])
      .then((r) => new Set(r.rows.map((x) => x.attname)));
    const cols = await this.notNullCache;
    return (k) => k.field === 'id' || (k.expr.startsWith('t."') && cols.has(k.expr.slice(3, -1)));
  }

  /** One row with every field (children and links included), or null. */
  async get(id: number, opts: ReadOptions = {}, db: Pool | PoolClient = this.pool): Promise<Row | null> {
    const p = new Params();
    let scope = this.def.scope ? ` AND t.${ident(this.def.scope.column)} = ${p.add(this.def.scope.value)}` : '';
    if (this.def.rows) scope += ` AND (${this.def.rows('t')})`;
    const rowScope = rowScopeSql(this.def, opts.scope, p);
    if (rowScope) scope += ` AND ${rowScope}`;
    const { rows } = await db.query(`SELECT ${selectList(this.def, this.detailFields(opts), 't', { scope: opts.scope, p })} FROM ${ident(this.def.table)} t WHERE t.id = ${p.add(id)}${scope}${opts.lock ? ' FOR UPDATE OF t' : ''}`, p.values);
    return rows[0] ? toWire(rows[0]) : null;
  }

  /**
   * True when row `id` exists (of this registry's kind) and is in `scope` — the card's rule,
   * without reading the card: the sub-lists of a row (its containers, a contract's waste areas…)
   * answer 404 exactly when its card does.
   */
  async visible(id: number, scope: UserScope | null | undefined, db: Pool | PoolClient = this.pool): Promise<boolean> {
    const p = new Params();
    let where = `t.id = ${p.add(id)}`;
    if (this.def.scope) where += ` AND t.${ident(this.def.scope.column)} = ${p.add(this.def.scope.value)}`;
    const rowScope = rowScopeSql(this.def, scope, p);
    if (rowScope) where += ` AND ${rowScope}`;
    const { rowCount } = await db.query(`SELECT 1 FROM ${ident(this.def.table)} t WHERE ${where}`, p.values);
    return (rowCount ?? 0) > 0;
  }

  private checkRules(values: Row): void {
    const broken = this.def.check?.(values) ?? {};
    if (Object.keys(broken).length) throw new FieldValidationError(Object.fromEntries(Object.entries(broken).map(([k, m]) => [k, [m]])));
  }

  /** [column, SQL value] pairs stamped on every write: updated_at and, where present, who and when. */
  private audit(ctx: WriteContext, p: Params): [string, string][] {
    const out: [string, string][] = [['"updated_at"', 'now()']];
    const at = this.def.fields.last_update_at?.column;
    const who = this.def.fields.last_update_person?.column;
    if (at) out.push([ident(at), 'now()']);
    if (who) out.push([ident(who), p.add(ctx.userName)]);
    return out;
  }

  /** Writes links, attachment lists and children named in `values` for row `id`. */
  private async writeRelated(db: PoolClient, id: number, values: Row): Promise<void> {
    for (const [k, v] of Object.entries(values)) {
      const fd = this.def.fields[k];
      if (fd?.kind === 'refs') await writeJoin(db, fd, id, v as number[]);
      if (fd?.kind === 'files') await writeFiles(db, k, fd, id, v as number[]);
      if (fd?.kind === 'children') await writeChildren(db, this.def.table, k, fd, id, v as Row[]);
    }
  }

  /**
   * Runs `fn` on the caller's transaction `outer`, or in a new one; database refusals caused
   * by the data become field errors either way.
   */
  private inTransaction<T>(outer: PoolClient | undefined, fn: (db: PoolClient) => Promise<T>): Promise<T> {
    // Cached counts of the table go stale with any write (list-count.ts), committed or not yet.
    writeHappened(this.pool, this.def.table);
    return this.guarded(() => (outer ? fn(outer) : withTransaction(this.pool, fn))).finally(() => writeHappened(this.pool, this.def.table));
  }

  private historyFieldsCache?: string[];

  /** Computed fields that read the history (e.g. params_history): re-read after it is written. */
  private get historyFields(): string[] {
    return (this.historyFieldsCache ??= Object.entries(this.def.fields)
      .filter(([, fd]) => fd.kind === 'computed' && fd.sql?.('t').includes('change_log'))
      .map(([k]) => k));
  }

  /**
   * Records the change of row `id` (`before` / `after` as read; null = absent) in the same
   * transaction, and refreshes the history fields of the row answered.
   */
  private async record(db: PoolClient, action: ChangeAction, id: number, before: Row | null, after: Row | null, ctx: WriteContext): Promise<Row | null> {
    const diff = diffRows(this.def, before, after);
    if (action === 'update' && !diff.fields.length) return after;
    await writeChangeLog(db, { resource: this.def.name, objectId: id, action, userId: ctx.userId ?? null, userName: ctx.userName, before: diff.before, after: diff.after, step: action === 'update' ? ctx.step : null });
    if (!after || !this.historyFields.length) return after;
    const { rows } = await db.query(`SELECT ${selectList(this.def, this.historyFields)} FROM ${ident(this.def.table)} t WHERE t.id = $1`, [id]);
    return { ...after, ...(rows[0] as Row | undefined) };
  }

  /** Runs a write, turning database refusals caused by the data into field errors. */
  private async guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw translatePgError(this.def.fields, e);
    }
  }

  /**
   * Creates a row from create-schema output (defaults applied); returns it as read. With `tx`
   * it runs on that open transaction (the caller commits or rolls back).
   */
  async create(values: Row, ctx: WriteContext, tx?: PoolClient, opts: WriteOptions = {}): Promise<Row> {
    this.checkRules(values);
    return this.inTransaction(tx, async (db) => {
      await checkRefs(db, this.def, values);
      const p = new Params();
      const cols: string[] = [];
      const vals: string[] = [];
      if (this.def.scope) {
        cols.push(ident(this.def.scope.column));
        vals.push(p.add(this.def.scope.value));
      }
      for (const [fd, v] of columnEntries(this.def, values)) {
        cols.push(ident(fd.column!));
        vals.push(valueSql(fd, v, p));
      }
      for (const [c, v] of this.audit(ctx, p)) {
        cols.push(c);
        vals.push(v);
      }
      const { rows } = await db.query<{ id: number }>(`INSERT INTO ${ident(this.def.table)} (${cols.join(', ')}) VALUES (${vals.join(', ')}) RETURNING id`, p.values);
      const id = rows[0]!.id;
      await this.writeRelated(db, id, values);
      await opts.afterWrite?.(db, id);
      return (await this.record(db, 'create', id, null, (await this.get(id, {}, db))!, ctx))!;
    });
  }

  /**
   * The Node side of createMany for `valuesList` (rules checked, the INSERT statements and the
   * referenced ids built), done before the batch is sent: createMany(…, { prepared }) then only
   * runs SQL. `db`: for the column types, read once per table and process.
   * Errors: FieldValidationError (a rule, a child without a required field).
   */
  async prepareCreateMany(valuesList: Row[], ctx: WriteContext, db: Pool | PoolClient = this.pool): Promise<PreparedCreateMany> {
    for (const v of valuesList) this.checkRules(v);
    const insert = await prepareInsertMany(db, this.def, valuesList, (p) => this.audit(ctx, p));
    const fileKeys = Object.keys(this.def.fields).filter((k) => this.def.fields[k]!.kind === 'files');
    const files: [number, Row][] = [];
    if (fileKeys.length) {
      valuesList.forEach((v, i) => {
        const f = Object.fromEntries(fileKeys.filter((k) => Array.isArray(v[k]) && (v[k] as unknown[]).length > 0).map((k) => [k, v[k]]));
        if (Object.keys(f).length) files.push([i, f]);
      });
    }
    return { values: valuesList, insert, refs: collectRefs(this.def, valuesList), files };
  }

  /**
   * Creates many rows at once (the import's batches, issue 9 §4): the same values, rules,
   * reference checks, children, roll-ups and history as `create`, in a fixed number of
   * statements per batch (write-many-sql.ts) instead of several per row. Returns the rows as
   * read, in input order. A refusal names no row: the caller runs the batch in a savepoint and,
   * when it throws, retries row by row with `create` to find the failing one. Links and
   * attachment lists (rare in imports) are written row by row.
   *
   * `slim`: the import's path (bench/import.ts): the rows are not read back — their history is
   * built and written by one SQL statement (history-sql.ts, the same `after` as diffRows gives)
   * and they are answered as their id and row-scope keys only; no computed fields, no history
   * fields (the per-row computed sub-selects cost more than the INSERT itself).
   */
  async createMany(valuesList: Row[], ctx: WriteContext, tx?: PoolClient, opts: { slim?: boolean; prepared?: PreparedCreateMany } & WriteOptions = {}): Promise<Row[]> {
    if (!valuesList.length) return [];
    const prepared = opts.prepared ?? (await this.prepareCreateMany(valuesList, ctx, tx));
    return this.inTransaction(tx, async (db) => {
      await checkRefsMany(db, this.def, prepared.refs);
      const ids = await takeIds(db, this.def.table, valuesList.length);
      await runInsertMany(db, prepared.insert, ids);
      const empty = prepared.insert.empty;
      // A new row has no links yet: only non-empty lists are written (links in one INSERT per field).
      await insertLinksMany(db, this.def, ids, valuesList);
      for (const [i, files] of prepared.files) await this.writeRelated(db, ids[i]!, files);
      if (opts.afterWrite) for (const id of ids) await opts.afterWrite(db, id);
      // The import's path: the history built and written in SQL, the rows not read back (history-sql.ts).
      if (opts.slim) return writeCreateHistory(db, this.def, ids, rowScopeFields(this.def), { userId: ctx.userId ?? null, userName: ctx.userName }, empty);
      // One primary-key look-up per id (LATERAL … OFFSET 0): the table's statistics do not know
      // the rows this transaction just wrote, and a plain `id = ANY` read of a long import's
      // batches chose a sequential scan of the whole growing table each time.
      const read = async (fields: string[]) => {
        const { rows } = await db.query<Row>(`SELECT x.* FROM unnest($1::int[]) AS u(id) CROSS JOIN LATERAL (SELECT t.id AS "__id", ${selectList(this.def, fields)} FROM ${ident(this.def.table)} t WHERE t.id = u.id OFFSET 0) x`, [ids]);
        return new Map(rows.map(({ __id, ...r }) => [Number(__id), toWire(r)]));
      };
      // History fields (computed from change_log) are read once, after the history is written.
      const byId = await read(this.detailFields({}).filter((k) => !this.historyFields.includes(k)));
      const rows = ids.map((id) => byId.get(id)!);
      await writeChangeLogMany(db, rows.map((row, i) => ({ resource: this.def.name, objectId: ids[i]!, action: 'create' as const, userId: ctx.userId ?? null, userName: ctx.userName, before: null, after: diffRows(this.def, null, row).after })));
      if (!this.historyFields.length) return rows;
      const hist = await read(this.historyFields);
      return rows.map((row, i) => ({ ...row, ...hist.get(ids[i]!) }));
    });
  }

  /** Rows `ids` as the card reads them (history fields left out), by id; missing ids are absent. */
  async getMany(ids: number[], db: Pool | PoolClient = this.pool): Promise<Map<number, Row>> {
    if (!ids.length) return new Map();
    const fields = this.detailFields({}).filter((k) => !this.historyFields.includes(k));
    const { rows } = await db.query<Row>(`SELECT t.id AS "__id", ${selectList(this.def, fields)} FROM ${ident(this.def.table)} t WHERE t.id = ANY($1::int[])`, [ids]);
    return new Map(rows.map(({ __id, ...r }) => [Number(__id), toWire(r)]));
  }

  /**
   * Rows written by set-based SQL outside this repository, on transaction `db` (the route plan's
   * upserts shared with its command import, angarsk/import.ts writePlan): their history, as if
   * written here — a create when `before` is null, an update against `before` (the getMany row
   * read before the write; no history row when no recorded field changed). Answers the rows now.
   */
  async recordWritten(db: PoolClient, written: { id: number; before: Row | null }[], ctx: WriteContext): Promise<Row[]> {
    const after = await this.getMany(written.map((w) => w.id), db);
    const log = written.flatMap(({ id, before }) => {
      const diff = diffRows(this.def, before, after.get(id) ?? null);
      if (before && !diff.fields.length) return [];
      return [{ resource: this.def.name, objectId: id, action: before ? ('update' as const) : ('create' as const), userId: ctx.userId ?? null, userName: ctx.userName, before: diff.before, after: diff.after }];
    });
    await writeChangeLogMany(db, log);
    return written.map((w) => after.get(w.id)).filter((r): r is Row => Boolean(r));
  }

  /**
   * Updates the fields present in `values` (update-schema output); others keep their value.
   * Cross-field rules see the merged row. Returns null when the row does not exist. With `tx`
   * it runs on that open transaction.
   */
  async update(id: number, values: Row, ctx: WriteContext, tx?: PoolClient, opts: WriteOptions = {}): Promise<Row | null> {
    return this.inTransaction(tx, async (db) => {
      const p0 = new Params();
      const scope = this.def.scope ? ` AND ${ident(this.def.scope.column)} = ${p0.add(this.def.scope.value)}` : '';
      const lock = await db.query(`SELECT id FROM ${ident(this.def.table)} WHERE id = ${p0.add(id)}${scope} FOR UPDATE`, p0.values);
      if (!lock.rowCount) return null;
      const current = (await this.get(id, {}, db))!;
      this.checkRules({ ...current, ...values });
      await checkRefs(db, this.def, values);
      const p = new Params();
      const sets = columnEntries(this.def, values).map(([fd, v]) => `${ident(fd.column!)} = ${valueSql(fd, v, p)}`);
      sets.push(...this.audit(ctx, p).map(([c, v]) => `${c} = ${v}`));
      await db.query(`UPDATE ${ident(this.def.table)} SET ${sets.join(', ')} WHERE id = ${p.add(id)}`, p.values);
      await this.writeRelated(db, id, values);
      await opts.afterWrite?.(db, id);
      return this.record(db, 'update', id, current, (await this.get(id, {}, db))!, ctx);
    });
  }

  /**
   * Deletes a row (children and links go with it, ON DELETE CASCADE); false when missing.
   * ConflictError (→ 409) while records of other registries refer to it (delete-references.ts).
   * The history keeps the row as it was. With `tx` it runs on that open transaction.
   */
  async delete(id: number, ctx: WriteContext = SYSTEM_WRITE, tx?: PoolClient): Promise<boolean> {
    return this.inTransaction(tx, async (db) => {
      const p = new Params();
      const scope = this.def.scope ? ` AND ${ident(this.def.scope.column)} = ${p.add(this.def.scope.value)}` : '';
      const lock = await db.query(`SELECT id FROM ${ident(this.def.table)} WHERE id = ${p.add(id)}${scope} FOR UPDATE`, p.values);
      if (!lock.rowCount) return false;
      // Records of other registries referring to the row keep it (409), unless their description allows clearing.
      await assertDeletable(this.pool, db, this.def, id);
      const before = await this.get(id, {}, db);
      await db.query(`DELETE FROM ${ident(this.def.table)} WHERE id = $1`, [id]);
      await this.record(db, 'delete', id, before, null, ctx);
      return true;
    });
  }

  /** Number of rows a list query matches (used to choose a synchronous or queued export). */
  async count(q: ListQuery): Promise<number> {
    const p = new Params();
    const { rows } = await this.pool.query(`SELECT count(*)::int AS n FROM ${ident(this.def.table)} t WHERE ${whereSql(this.def, q, p)}`, p.values);
    return (rows[0] as { n: number }).n;
  }

  /**
   * Every row matching a list query, in `ordering` order, in batches of `batchSize`, through a
   * server-side cursor in one read-only transaction (constant memory for exports), without JIT,
   * with joins instead of per-row sub-selects when big (export-sql.ts), the next batch fetched
   * while the caller writes the current one.
   */
  async *stream(q: ListQuery, opts: ReadOptions & { batchSize?: number; joins?: boolean } = {}): AsyncGenerator<Row[]> {
    const p = new Params();
    const where = whereSql(this.def, q, p);
    const fields = this.detailFields(opts);
    const order = orderSql(this.def, q.ordering);
    // Big exports read with joins (export-sql.ts); small ones keep the per-row sub-selects.
    const big = opts.joins ?? (await estimateRows(this.pool, this.def.table, where, p.values)) >= EXPORT_JOIN_ROWS;
    const rs = { scope: scopeOf(q), p };
    const sql = big ? exportSelect(this.def, fields, where, order, rs) : `SELECT ${selectList(this.def, fields, 't', rs)} FROM ${ident(this.def.table)} t WHERE ${where} ORDER BY ${order}`;
    const db = await this.pool.connect();
    const fetch = () => db.query(`FETCH ${opts.batchSize ?? 2000} FROM export_cursor`).then((r) => r.rows as Row[]);
    let next: Promise<Row[]> | null = null;
    try {
      await db.query('BEGIN READ ONLY');
      // No JIT (its compile cost 0.85 s of the 100 000-row export, bench/RESULTS.md), no parallel
      // workers (each would build every hash again), memory to hash the side tables and sort the
      // rows once, and a plan for the whole result rather than its first rows (a cursor's default).
      await db.query(`SET LOCAL jit = off; SET LOCAL max_parallel_workers_per_gather = 0; SET LOCAL work_mem = '256MB'; SET LOCAL cursor_tuple_fraction = 1`);
      await db.query(`DECLARE export_cursor NO SCROLL CURSOR FOR ${sql}`, p.values);
      // Pipeline: the next batch is fetched while the consumer writes the current one.
      next = fetch();
      for (;;) {
        const rows = await next;
        next = null;
        if (!rows.length) break;
        next = fetch();
        yield rows.map(toWire);
      }
      await db.query('COMMIT');
    } catch (e) {
      await next?.catch(() => undefined);
      await db.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      // A consumer that stopped early (return) leaves a fetch in flight and the transaction open.
      if (next) {
        await next.catch(() => undefined);
        await db.query('ROLLBACK').catch(() => undefined);
      }
      db.release();
    }
  }
}
