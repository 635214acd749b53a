/**
 * The page statement of a list as a deferred join (issue 7 §6): an inner query picks the ids
 * of the page (filters, ORDER BY, LIMIT/OFFSET or a keyset cursor) reading only the ordering
 * keys — an index-only walk where an index on (…, key, id) exists — and only then are the
 * select list's correlated sub-selects computed, for the page's rows alone. A text search first
 * collects the matches (MATERIALIZED: the trigram indexes' bitmap) and sorts only those, instead
 * of walking the ordering index and discarding the rows that do not match.
 *
 * Keyset (cursor) paging: the cursor is base64url of JSON `{k: [key values as text…], id}` of
 * the last row of the previous page; the next page is the rows strictly after it in the total
 * order of orderKeys() (NULLs last ascending, first descending, as PostgreSQL sorts them).
 */
import type { ListQuery } from '@tko/contract';
import type { StoredResourceDef } from '../tables/types';
import { FieldValidationError } from './errors';
import { sumType } from './list-count';
import { ident, Params } from './params';
import { selectList } from './select-sql';
import { scopeOf } from './row-scope-sql';
import type { OrderKey } from './where-sql';
import { orderKeys, textSearchIn, whereSql } from './where-sql';

/** Message of a cursor that cannot be read (spec: DRF CursorPagination «Неверный курсор»). */
export const BAD_CURSOR = 'Неверный курсор.';

/** Position after a row in a keyset walk: its ordering key values (text, null kept) and id. */
export interface Cursor {
  k: (string | null)[];
  id: number;
}

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

/** Decodes a cursor for `keys`; throws FieldValidationError on `cursor` when malformed. */
export function decodeCursor(raw: string, keys: OrderKey[]): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    // Text without NUL (PostgreSQL refuses it) and a safe integer id (int8 at most); a value its column
    // cannot read is refused when the page runs (cursorError).
    const ok = Array.isArray(c.k) && c.k.length === keys.length - 1 && c.k.every((v) => v === null || (typeof v === 'string' && !v.includes('\u0000'))) && Number.isSafeInteger(c.id);
    if (ok) return c;
  } catch {
    // falls through to the field error
  }
  throw new FieldValidationError({ cursor: [BAD_CURSOR] });
}

/** PostgreSQL data errors a forged cursor value causes (bad number/date text, out of range). */
const CURSOR_DATA_ERRORS = new Set(['22P02', '22003', '22007', '22008', '22021']);

/**
 * The error to throw for a failed page query that read a cursor: a value of the cursor its column
 * cannot take is the client's → 400 on `cursor` (issue 8 §2); anything else unchanged.
 */
export function cursorError(e: unknown): unknown {
  return CURSOR_DATA_ERRORS.has((e as { code?: string } | null)?.code ?? '') ? new FieldValidationError({ cursor: [BAD_CURSOR] }) : e;
}

/**
 * The rows strictly after `c` in the order of `keys` (the last key is the id), as disjoint
 * branches each an index range (an equality prefix, then one key past its value or NULL): their
 * union is the rest of the list. The values are untyped parameters: PostgreSQL reads each as the
 * type of the expression it is compared with (they were written as `expr::text`). `notNull`: the
 * keys known NOT NULL; when every key is NOT NULL and all go one way, one row comparison.
 */
export function keysetBranches(keys: OrderKey[], c: Cursor, p: Params, notNull: (k: OrderKey) => boolean): string[] {
  const vals = [...c.k, String(c.id)];
  const oneWay = keys.every((k) => k.desc === keys[0]!.desc);
  if (oneWay && keys.every(notNull) && vals.every((v) => v !== null)) {
    return [`(${keys.map((k) => k.expr).join(', ')}) ${keys[0]!.desc ? '<' : '>'} (${vals.map((v) => p.add(v)).join(', ')})`];
  }
  const eq = (k: OrderKey, v: string | null) => (v === null ? `${k.expr} IS NULL` : `${k.expr} = ${p.add(v)}`);
  /** Ways for key `k` to come after `v` (PostgreSQL: NULLs last ascending, first descending). */
  const after = (k: OrderKey, v: string | null): string[] => {
    const nn = notNull(k);
    if (k.desc) return v === null ? (nn ? [] : [`${k.expr} IS NOT NULL`]) : [`${k.expr} < ${p.add(v)}`];
    if (v === null) return [];
    return nn ? [`${k.expr} > ${p.add(v)}`] : [`${k.expr} > ${p.add(v)}`, `${k.expr} IS NULL`];
  };
  const out: string[] = [];
  for (let i = 0; i < keys.length; i++) {
    for (const a of after(keys[i]!, vals[i]!)) out.push([...keys.slice(0, i).map((k, j) => eq(k, vals[j]!)), a].join(' AND '));
  }
  return out;
}

/** keysetBranches() as one predicate (OR of the branches; FALSE after the last row). */
export function keysetSql(keys: OrderKey[], c: Cursor, p: Params, notNull: (k: OrderKey) => boolean): string {
  const b = keysetBranches(keys, c, p, notNull);
  return b.length ? `(${b.map((o) => `(${o})`).join(' OR ')})` : 'FALSE';
}

export interface PageStatement {
  text: string;
  values: unknown[];
  keys: OrderKey[];
  /** The rows carry `__total` and `__sum_<aggregate>` (a text search without cursor). */
  counts: boolean;
}

export interface PageOptions {
  fields: string[];
  pageSize: number;
  /** 0-based row offset (page paging); ignored with a cursor. */
  offset: number;
  cursor?: Cursor;
  /** Keys known NOT NULL (columns with a NOT NULL constraint, the id): cheaper keyset predicates. */
  notNull?: (k: OrderKey) => boolean;
}

/**
 * The deferred-join page statement. Answers the select list of `fields` plus `__c0…` (the
 * ordering keys as text, for the next cursor) and `__id`, in the list order; a text search
 * without cursor also `__total` and `__sum_<aggregate>` over all its matches.
 */
export function pageStatement(def: StoredResourceDef, q: ListQuery, o: PageOptions): PageStatement {
  const p = new Params();
  const keys = orderKeys(def, q.ordering);
  const table = ident(def.table);
  const where = whereSql(def, q, p);
  const keyCols = keys.map((k, i) => `${k.expr} AS __k${i}`).join(', ');
  const order = (alias: string) => keys.map((k, i) => `${alias}.__k${i} ${k.desc ? 'DESC' : 'ASC'}`).join(', ');
  const orderT = keys.map((k) => `${k.expr} ${k.desc ? 'DESC' : 'ASC'}`).join(', ');
  const branches = o.cursor ? keysetBranches(keys, o.cursor, p, o.notNull ?? (() => false)) : ['TRUE'];
  const limit = `LIMIT ${p.add(o.pageSize)}${o.cursor ? '' : ` OFFSET ${p.add(o.offset)}`}`;
  let inner: string;
  let withM = '';
  const totals: string[] = [];
  if (textSearchIn(def, q)) {
    // The matches once; without a cursor their count and sums come from the same set (no second scan).
    const after = branches.length ? branches.map((b) => `(${b})`).join(' OR ') : 'FALSE';
    const sums = o.cursor ? [] : Object.entries(def.aggregates ?? {}).map(([, a], i) => `t.${ident(def.fields[a.sum]!.column!)} AS __s${i}`);
    withM = `WITH m AS MATERIALIZED (SELECT ${[keyCols, ...sums].join(', ')} FROM ${table} t WHERE ${where} AND (${after}))\n`;
    inner = `SELECT * FROM m ORDER BY ${order('m')} ${limit}`;
    if (!o.cursor) {
      totals.push('(SELECT count(*) FROM m)::int AS __total');
      Object.entries(def.aggregates ?? {}).forEach(([name, a], i) => totals.push(`(SELECT coalesce(sum(__s${i}), 0) FROM m)::${sumType(def, a.sum)} AS ${ident(`__sum_${name}`)}`));
    }
  } else if (branches.length === 1) {
    inner = `SELECT ${keyCols} FROM ${table} t WHERE ${where} AND ${branches[0]} ORDER BY ${orderT} ${limit}`;
  } else {
    // Keyset over nullable or mixed-direction keys: each branch walks its own index range.
    const parts = branches.map((b) => `(SELECT ${keyCols} FROM ${table} t WHERE ${where} AND ${b} ORDER BY ${orderT} ${limit})`);
    inner = parts.length ? `SELECT * FROM (${parts.join(' UNION ALL ')}) u ORDER BY ${order('u')} ${limit}` : `SELECT ${keyCols} FROM ${table} t WHERE FALSE`;
  }
  const cursorCols = keys.slice(0, -1).map((_, i) => `k.__k${i}::text AS __c${i}`);
  const text = `${withM}SELECT ${[selectList(def, o.fields, 't', { scope: scopeOf(q), p }), ...cursorCols, `k.__k${keys.length - 1} AS __id`, ...totals].join(',\n  ')}\nFROM (${inner}) k JOIN ${table} t ON t.id = k.__k${keys.length - 1}\nORDER BY ${order('k')}`;
  return { text, values: p.values, keys, counts: totals.length > 0 };
}

/** Splits the page rows into wire rows and the cursor after the last one. */
export function takeCursor(rows: Record<string, unknown>[], keys: OrderKey[]): { rows: Record<string, unknown>[]; last: Cursor | null; totals: Record<string, number> | null } {
  let last: Cursor | null = null;
  let totals: Record<string, number> | null = null;
  for (const row of rows) {
    if ('__total' in row) {
      totals = {};
      for (const [k, v] of Object.entries(row)) {
        if (k === '__total' || k.startsWith('__sum_')) {
          totals[k] = Number(v);
          delete row[k];
        }
      }
    }
    const k: (string | null)[] = [];
    for (let i = 0; i < keys.length - 1; i++) {
      k.push((row[`__c${i}`] as string | null) ?? null);
      delete row[`__c${i}`];
    }
    last = { k, id: Number(row.__id) };
    delete row.__id;
  }
  return { rows, last, totals };
}
