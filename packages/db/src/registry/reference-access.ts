/**
 * Read access of every reference a write sets (contract common/row-scope.ts; docs/ARCHITECTURE.md
 * "Row scope"): a writer may only link what they may read, so no write path reads around the
 * row scope or the attachments' access rule.
 *
 * - Attachments (`files` fields): an attachment belongs to the record that first took it, and to
 *   its uploader until then. A write may list an attachment already held by the row written, or
 *   (in any of its attachment lists), or one held by no row that the writer uploaded; any other id — someone else's file, a file of
 *   another record — is refused like a missing one: 400 on the field «Вложения с
 *   идентификатором N нет.» (its existence is not revealed). System writes (no user) are not
 *   checked.
 * - Foreign keys (`ref` / `refs` fields, the refs of child rows, and a child row's id kept as a plain
 *   integer with a foreign key — a contract's site `waste_area` and `waste_source` — whose registry is
 *   the one over the referenced table, tableRegistry): for a restricted writer
 *   (bound, or a declarant), every id newly set that points into a registry whose row scope
 *   hides rows from them must be a row they can read, else 400 on the field (dotted for child
 *   rows) «Недопустимый первичный ключ «N» — объект не существует.», as for a missing row.
 *   Ids the row already held stay (the writer did not choose them).
 *
 * Errors: FieldValidationError (→ 400), all fields of the write at once.
 */
import type { ResourceDef, UserScope } from '@tko/contract';
import { resourceByName, resources, scopeRestricts } from '@tko/contract';
import type { PoolClient } from 'pg';
import { storedResource, storedResources } from '../tables/index';
import type { StoredFieldDef, StoredResourceDef } from '../tables/types';
import { FieldValidationError, missingKeyMessage } from './errors';
import { readForeignKeys } from './foreign-keys';
import { ident, Params } from './params';
import { rowScopeSql } from './row-scope-sql';

type Row = Record<string, unknown>;

/** Who writes: the user (null: the system) and their row scope. */
export interface ReferenceWriter {
  userId?: number | null;
  scope?: UserScope | null;
}

/** One row of a write: its values and its id (null: a new row). */
export interface ReferencedRow {
  values: Row;
  rowId: number | null;
}

const NO_ATTACHMENT = (id: number) => `Вложения с идентификатором ${id} нет.`;
const NOT_FOUND = missingKeyMessage;

/**
 * Reference targets that are not registries of their own, mapped to the registry whose row
 * scope they share (tables/ref-targets.ts: the same table and scope fields).
 */
const TARGET_ALIASES: Record<string, string> = {
  'waste-area': 'container',
  'responsible-for-liquidation': 'juridical-person',
};

/** The registry whose row scope governs reference target `resource`, or undefined (a plain dictionary). */
export function referenceTargetDef(resource: string): StoredResourceDef | undefined {
  const def: ResourceDef | undefined = resourceByName(TARGET_ALIASES[resource] ?? resource);
  return def ? storedResource(def) : undefined;
}

/** The registry whose row scope governs the rows of `table` (an alias target first, else the first with a row scope), or undefined. */
export function tableRegistry(table: string): StoredResourceDef | undefined {
  const alias = Object.values(TARGET_ALIASES).find((to) => referenceTargetDef(to)?.table === table);
  return alias ? referenceTargetDef(alias) : storedResources(resources).find((r) => r.table === table && r.rowScope);
}

/** The ids of a ref / refs value (a number, a list of numbers), others ignored. */
const idsOf = (v: unknown): number[] => (Array.isArray(v) ? v : [v]).filter((x): x is number => typeof x === 'number');

export class ReferenceAccess {

  /** Checks the references of `rows` of registry `def` written by `writer`; throws FieldValidationError. */
  async check(db: PoolClient, def: StoredResourceDef, rows: ReferencedRow[], writer: ReferenceWriter): Promise<void> {
    const errors: Record<string, string[]> = {};
    const add = (key: string, msg: string) => {
      const list = (errors[key] ??= []);
      if (!list.includes(msg)) list.push(msg);
    };
    for (const [key, fd] of Object.entries(def.fields)) {
      const given = rows.filter((r) => r.values[key] !== undefined && r.values[key] !== null);
      if (!given.length) continue;
      if (fd.kind === 'files' && fd.join && writer.userId != null) await this.checkFiles(db, def, key, given, writer.userId, add);
      else if (fd.ref && (fd.kind === 'ref' || fd.kind === 'refs')) await this.checkRefs(db, def, key, fd, given, writer.scope, add);
      else if (fd.kind === 'children' && fd.children) await this.checkChildRefs(db, key, fd, given, writer.scope, add);
    }
    if (Object.keys(errors).length) throw new FieldValidationError(errors);
  }

  /** Single-column foreign keys, `table.column` → the referenced table (read once from the catalogue). */
  private keys?: Promise<Map<string, string>>;

  private foreignKeys(db: PoolClient): Promise<Map<string, string>> {
    this.keys ??= readForeignKeys(db)
      .then((keys) => new Map(keys.map((k) => [`${k.child}.${k.column}`, k.parent])))
      .catch((e: unknown) => {
        this.keys = undefined;
        throw e;
      });
    return this.keys;
  }

  /** Tables that hold attachments: every foreign key to `attachment`. */
  private async holderTables(db: PoolClient): Promise<{ table: string; column: string }[]> {
    return [...(await this.foreignKeys(db))].filter(([, parent]) => parent === 'attachment').map(([key]) => {
      const [table, column] = key.split('.') as [string, string];
      return { table, column };
    }).sort((a, b) => a.table.localeCompare(b.table) || a.column.localeCompare(b.column));
  }

  /** Attachments: held by this row, or held by none and uploaded by the writer. */
  private async checkFiles(db: PoolClient, def: StoredResourceDef, key: string, rows: ReferencedRow[], userId: number, add: (k: string, m: string) => void): Promise<void> {
    const holders = await this.holderTables(db);
    const ownLists = Object.values(def.fields).filter((f) => f.kind === 'files' && f.join).map((f) => f.join!);
    for (const r of rows) {
      const ids = idsOf(r.values[key]);
      if (!ids.length) continue;
      const held = holders.map((h) => `EXISTS (SELECT 1 FROM ${ident(h.table)} h WHERE h.${ident(h.column)} = a.id)`).join(' OR ') || 'false';
      // Held by the row written, in any of its attachment lists (a photo may move to another list of the row).
      const own = ownLists.map((o) => `EXISTS (SELECT 1 FROM ${ident(o.table)} o WHERE o.${ident(o.targetKey)} = a.id AND o.${ident(o.ownKey)} = $2::int)`).join(' OR ');
      const { rows: found } = await db.query<{ id: number }>(
        `SELECT a.id FROM attachment a WHERE a.id = ANY($1::int[]) AND (${own} OR (a.created_by = $3::int AND NOT (${held})))`,
        [ids, r.rowId, userId],
      );
      const ok = new Set(found.map((x) => x.id));
      for (const id of ids) if (!ok.has(id)) add(key, NO_ATTACHMENT(id));
    }
  }

  /** Ids of `ids` the writer cannot read in the scoped registry `target` (none when it hides nothing from them). */
  private async unreadable(db: PoolClient, target: StoredResourceDef | undefined, ids: number[], scope: UserScope | null | undefined): Promise<Set<number>> {
    if (!ids.length || !target || !scopeRestricts(target.rowScope, scope)) return new Set();
    const p = new Params();
    const list = p.add(ids);
    const pred = rowScopeSql(target, scope, p) ?? 'true';
    const { rows } = await db.query<{ id: number }>(`SELECT t.id FROM ${ident(target.table)} t WHERE t.id = ANY(${list}::int[]) AND ${pred}`, p.values);
    const ok = new Set(rows.map((r) => r.id));
    return new Set(ids.filter((id) => !ok.has(id)));
  }

  /** ref / refs: ids newly set must be readable. */
  private async checkRefs(db: PoolClient, def: StoredResourceDef, key: string, fd: StoredFieldDef, rows: ReferencedRow[], scope: UserScope | null | undefined, add: (k: string, m: string) => void): Promise<void> {
    const target = referenceTargetDef(fd.ref!.resource);
    if (!target || !scopeRestricts(target.rowScope, scope)) return;
    const current = await this.currentRefs(db, def, fd, rows.map((r) => r.rowId).filter((id): id is number => id !== null));
    const fresh = new Set<number>();
    for (const r of rows) for (const id of idsOf(r.values[key])) if (!(r.rowId !== null && current.get(r.rowId)?.has(id))) fresh.add(id);
    const bad = await this.unreadable(db, target, [...fresh], scope);
    for (const r of rows) for (const id of idsOf(r.values[key])) if (bad.has(id) && !(r.rowId !== null && current.get(r.rowId)?.has(id))) add(key, NOT_FOUND(id));
  }

  /** The ids field `fd` of rows `rowIds` holds now (column or join table). */
  private async currentRefs(db: PoolClient, def: StoredResourceDef, fd: StoredFieldDef, rowIds: number[]): Promise<Map<number, Set<number>>> {
    const out = new Map<number, Set<number>>();
    if (!rowIds.length) return out;
    const sql = fd.kind === 'refs' && fd.join
      ? `SELECT ${ident(fd.join.ownKey)} AS row_id, ${ident(fd.join.targetKey)} AS ref_id FROM ${ident(fd.join.table)} WHERE ${ident(fd.join.ownKey)} = ANY($1::int[])`
      : fd.column ? `SELECT id AS row_id, ${ident(fd.column)} AS ref_id FROM ${ident(def.table)} WHERE id = ANY($1::int[]) AND ${ident(fd.column)} IS NOT NULL` : null;
    if (!sql) return out;
    const { rows } = await db.query<{ row_id: number; ref_id: number }>(sql, [rowIds]);
    for (const r of rows) {
      let s = out.get(r.row_id);
      if (!s) out.set(r.row_id, (s = new Set()));
      s.add(r.ref_id);
    }
    return out;
  }

  /** Refs inside child rows (a route's stops, a schedule's points): new values must be readable. */
  private async checkChildRefs(db: PoolClient, key: string, fd: StoredFieldDef, rows: ReferencedRow[], scope: UserScope | null | undefined, add: (k: string, m: string) => void): Promise<void> {
    const c = fd.children!;
    const keys = await this.foreignKeys(db);
    for (const [ck, cf] of Object.entries(c.fields)) {
      if (!cf.column) continue;
      // A `ref`, or an id kept as an integer whose column has a foreign key to a registry's table.
      const parent = cf.kind === 'integer' ? keys.get(`${c.table}.${cf.column}`) : undefined;
      const target = cf.kind === 'ref' && cf.ref ? referenceTargetDef(cf.ref.resource) : parent ? tableRegistry(parent) : undefined;
      if (!target || !scopeRestricts(target.rowScope, scope)) continue;
      for (const r of rows) {
        const items = Array.isArray(r.values[key]) ? (r.values[key] as Row[]) : [];
        const held = new Set<number>();
        if (r.rowId !== null) {
          const { rows: cur } = await db.query<{ v: number }>(`SELECT ${ident(cf.column)} AS v FROM ${ident(c.table)} WHERE ${ident(c.parentKey)} = $1 AND ${ident(cf.column)} IS NOT NULL`, [r.rowId]);
          for (const x of cur) held.add(x.v);
        }
        const fresh = items.map((it) => (it && typeof it === 'object' && it.fetch_action !== 'delete' ? it[ck] : undefined)).filter((v): v is number => typeof v === 'number' && !held.has(v));
        const bad = await this.unreadable(db, target, [...new Set(fresh)], scope);
        items.forEach((it, i) => {
          const v = it && typeof it === 'object' && it.fetch_action !== 'delete' ? it[ck] : undefined;
          if (typeof v === 'number' && bad.has(v)) add(`${key}.${i}.${ck}`, NOT_FOUND(v));
        });
      }
    }
  }
}
