/**
 * Deletes that keep documents whole (issue 21 §3): the one rule every delete of a registry row
 * obeys — RegistryRepository.delete runs it, so the REST delete, `/api/transaction/` and any
 * batch delete through the write pipeline share it.
 *
 * A row another registry's record refers to is not deleted: the delete is refused with 409 and a
 * Russian detail naming the referring registries and how many of their records refer to it
 * («… на неё ссылаются: Транспортные средства — 28, Маршруты — 3 …»). The references are found
 * from the database's foreign keys to the row's table (pg_constraint, read once per pool), each
 * resolved to the registry it belongs to through the table mappings:
 * - a registry's own column (a `ref` field, or a key like contract.lineage_id) → that registry;
 * - a child table of a registry's `children` field → the parent registry (distinct parents);
 * - a join table of a `refs` / `files` field → the owning registry (distinct owners).
 * Not references: the deleted row's own children and links (they go with it), and tables that are
 * no registry (events, notifications, user bindings: their foreign key's own ON DELETE applies).
 * A reference whose description allows it (`ref: {resource, onDelete: 'clear'}` on the referring
 * field, contract common/fields.ts) is not counted: the database clears it (SET NULL) or removes
 * the child row (CASCADE), as its foreign key says.
 */
import { resources } from '@tko/contract';
import type { Pool, PoolClient } from 'pg';
import { storedResources } from '../tables/index';
import type { StoredResourceDef } from '../tables/types';
import { ConflictError } from './errors';
import type { ForeignKey } from './foreign-keys';
import { readForeignKeys } from './foreign-keys';
import { ident } from './params';

/** A registry whose records refer to a row through one foreign key, and how to count them. */
interface Referrer {
  registry: StoredResourceDef;
  /** The counting query's FROM/WHERE over the foreign key's table, `$1` = the deleted id. */
  count: (fk: ForeignKey) => string;
  /** The description allows clearing the reference. */
  clear: boolean;
}

/** One line of a refusal: the referring registry and its records' number. */
export interface DeleteReference {
  resource: string;
  label: string;
  count: number;
}

const keysByPool = new WeakMap<Pool, Promise<ForeignKey[]>>();

/** The single-column foreign keys of the public schema (cached per pool: the schema is fixed while a process runs). */
function foreignKeys(pool: Pool): Promise<ForeignKey[]> {
  let keys = keysByPool.get(pool);
  if (!keys) {
    keys = readForeignKeys(pool);
    keys.catch(() => keysByPool.delete(pool));
    keysByPool.set(pool, keys);
  }
  return keys;
}

interface Referrers {
  /** `${child table}.${column}` of a `children` or `refs` field → the registries referring through it. */
  byColumn: Map<string, Referrer[]>;
  /** A registry table → the registries counting its rows (the one over the whole of a shared table, else each scoped one). */
  byTable: Map<string, StoredResourceDef[]>;
}

let referrersCache: Referrers | undefined;

/** The registry's rows of its table: its scope (waste_area.kind) and its row restriction (TableMapping.rows). */
const scopeSql = (reg: StoredResourceDef, alias: string) =>
  (reg.scope ? ` AND ${alias}.${ident(reg.scope.column)} = '${reg.scope.value.replace(/'/g, "''")}'` : '') + (reg.rows ? ` AND ${reg.rows(alias)}` : '');

/** Where the registries' records refer to other rows (from every table mapping; built once). */
function referrers(): Referrers {
  if (referrersCache) return referrersCache;
  const stored = storedResources(resources);
  const shared = new Map<string, StoredResourceDef[]>();
  for (const reg of stored) shared.set(reg.table, [...(shared.get(reg.table) ?? []), reg]);
  const byTable = new Map<string, StoredResourceDef[]>();
  for (const [table, regs] of shared) {
    const whole = regs.find((r) => !r.scope && !r.rows);
    byTable.set(table, whole ? [whole] : regs);
  }
  const byColumn = new Map<string, Referrer[]>();
  const add = (key: string, r: Referrer) => byColumn.set(key, [...(byColumn.get(key) ?? []), r]);
  for (const regs of byTable.values()) {
    for (const reg of regs) {
      for (const fd of Object.values(reg.fields)) {
        if (fd.children) {
          const c = fd.children;
          for (const cf of Object.values(c.fields)) {
            // Any child column with a foreign key refers (a `ref`, or an id kept as an integer: contract_waste_area.waste_area_id).
            if (!cf.column) continue;
            add(`${c.table}.${cf.column}`, {
              registry: reg, clear: cf.ref?.onDelete === 'clear',
              count: (fk) => `SELECT count(DISTINCT c.${ident(c.parentKey)}) AS n FROM ${ident(fk.child)} c JOIN ${ident(reg.table)} p ON p.id = c.${ident(c.parentKey)} WHERE c.${ident(fk.column)} = $1${scopeSql(reg, 'p')}`,
            });
          }
        }
        if (fd.join && fd.kind === 'refs') {
          const jt = fd.join;
          add(`${jt.table}.${jt.targetKey}`, {
            registry: reg, clear: fd.ref?.onDelete === 'clear',
            count: (fk) => `SELECT count(DISTINCT c.${ident(jt.ownKey)}) AS n FROM ${ident(fk.child)} c JOIN ${ident(reg.table)} p ON p.id = c.${ident(jt.ownKey)} WHERE c.${ident(fk.column)} = $1${scopeSql(reg, 'p')}`,
          });
        }
      }
    }
  }
  return (referrersCache = { byColumn, byTable });
}

/** The referrers through foreign key `fk`: a child or join table's registry, or the registries of the referring table itself. */
function referrersOf(fk: ForeignKey): Referrer[] {
  const { byColumn, byTable } = referrers();
  const through = byColumn.get(`${fk.child}.${fk.column}`);
  if (through) return through;
  return (byTable.get(fk.child) ?? []).map((reg) => ({
    registry: reg,
    // The registry's `ref` field on that column may allow clearing; a column no field describes (contract.lineage_id) may not.
    clear: Object.values(reg.fields).some((fd) => fd.kind === 'ref' && fd.column === fk.column && fd.ref?.onDelete === 'clear'),
    count: (k: ForeignKey) => `SELECT count(*) AS n FROM ${ident(k.child)} t WHERE t.${ident(k.column)} = $1${k.child === k.parent ? ' AND t.id <> $1' : ''}${scopeSql(reg, 't')}`,
  }));
}

/** The tables and columns that are `def`'s own parts (children, links, attachment lists): they go with the row. */
function ownParts(def: StoredResourceDef): Set<string> {
  const own = new Set<string>();
  for (const fd of Object.values(def.fields)) {
    if (fd.children) own.add(`${fd.children.table}.${fd.children.parentKey}`);
    if (fd.join) own.add(`${fd.join.table}.${fd.join.ownKey}`);
  }
  return own;
}

/** One statement counting every reference to a row of a registry (`$1` = its id), and the registry of each line. */
interface CountPlan {
  sql: string | null;
  registries: StoredResourceDef[];
}

const plans = new WeakMap<Pool, Map<string, Promise<CountPlan>>>();

/** The counting statement of `def`'s rows (built once per pool and registry: a rollback deletes thousands). */
function countPlan(pool: Pool, def: StoredResourceDef): Promise<CountPlan> {
  let byName = plans.get(pool);
  if (!byName) plans.set(pool, (byName = new Map()));
  let plan = byName.get(def.name);
  if (!plan) {
    plan = foreignKeys(pool).then((keys) => {
      const own = ownParts(def);
      const lines: string[] = [];
      const registries: StoredResourceDef[] = [];
      for (const fk of keys) {
        if (fk.parent !== def.table || own.has(`${fk.child}.${fk.column}`)) continue;
        for (const r of referrersOf(fk)) {
          if (r.clear) continue;
          lines.push(`SELECT ${registries.length} AS i, (${r.count(fk)})::int AS n`);
          registries.push(r.registry);
        }
      }
      return { sql: lines.length ? lines.join(' UNION ALL ') : null, registries };
    });
    plan.catch(() => byName.delete(def.name));
    byName.set(def.name, plan);
  }
  return plan;
}

/** The registries whose records refer to row `id` of `def` and may not lose the reference, with their numbers (most first). */
export async function deleteReferences(pool: Pool, db: PoolClient, def: StoredResourceDef, id: number): Promise<DeleteReference[]> {
  const plan = await countPlan(pool, def);
  if (!plan.sql) return [];
  const { rows } = await db.query<{ i: number; n: number }>(plan.sql, [id]);
  const counts = new Map<string, DeleteReference>();
  for (const { i, n } of rows) {
    if (!n) continue;
    const reg = plan.registries[i]!;
    const known = counts.get(reg.name);
    if (known) known.count += n;
    else counts.set(reg.name, { resource: reg.name, label: reg.label, count: n });
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'ru'));
}

/** The Russian detail of a refused delete. */
export function deleteRefusal(refs: DeleteReference[]): string {
  const list = refs.map((r) => `${r.label} — ${r.count}`).join(', ');
  return `Нельзя удалить запись: на неё ссылаются ${list}. Сначала удалите эти записи или уберите из них ссылку.`;
}

/**
 * Refuses (ConflictError → 409) the delete of row `id` of `def` while records of other registries
 * refer to it (module docstring). Run on the delete's transaction, after the row is locked.
 */
export async function assertDeletable(pool: Pool, db: PoolClient, def: StoredResourceDef, id: number): Promise<void> {
  const refs = await deleteReferences(pool, db, def, id);
  if (refs.length) throw new ConflictError(deleteRefusal(refs));
}
