/**
 * The history of a batch of new rows written in SQL (issue 9 §4, the import's slim createMany):
 * one statement reads each new row by its primary key, builds its `create` history `after` in
 * PostgreSQL — the same object diffRows(def, null, row).after (change-log.ts) gives for the row
 * as `read` answers it — inserts the change_log rows, and answers each row's id and row-scope
 * keys. Nothing of the rows travels through Node: on 100 000 rows the read-back and the JSON
 * round trip cost more than the INSERTs (bench/import.ts).
 *
 * `after`: the recordedFields in their wire shapes (select-sql.ts fieldExpr, json form: ISO
 * datetimes with 'Z', decimals as text, refs as {id, name}, children as arrays with their ids…),
 * without the empty ones — SQL NULL, JSON null or `[]`, diffRows' `empty`. Each value is turned
 * into JSON text once (a LATERAL … OFFSET 0 keeps it from being computed again), the non-empty
 * `"key":value` pairs are joined by concat_ws (which skips NULLs) and the object is parsed into
 * jsonb once: cheaper than jsonb_build_object (at most 50 pairs a call) minus the empty keys.
 * A point is {lat, lng} as float8, so its text is the one Node writes (55.12345, not 55.123450);
 * on the bench's container sites the stored `after` is byte-for-byte the Node path's. Numbers
 * built in SQL inside children (a child's point) are equal as jsonb, their text may keep
 * trailing zeros.
 *
 * Cost (bench/import.ts rows, 1 000-row batches, jit off): ~55 ms a batch against ~105 ms for
 * the read-back, diffRows and writeChangeLogMany it replaces.
 *
 * Errors: any failure becomes a ChangeLogError (as writeChangeLogMany): the caller's
 * transaction rolls back and it is not mistaken for a refusal of the client's data.
 */
import type { PoolClient } from 'pg';
import type { StoredFieldDef, StoredResourceDef } from '../tables/types';
import { ChangeLogError, recordedFields } from './change-log';
import { ident } from './params';
import { fieldExpr, toWire } from './select-sql';

type Row = Record<string, unknown>;

/** Most arguments of one concat_ws call (PostgreSQL's FUNC_MAX_ARGS is 100, the separator included). */
const ARGS_PER_CALL = 90;

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The JSON text of field `k` of the row aliased `t`, as diffRows sees it after `read`. */
function jsonText(k: string, fd: StoredFieldDef): string {
  if (fd.kind === 'point') {
    const col = `t.${ident(fd.column!)}`;
    return `CASE WHEN ${col} IS NULL THEN NULL ELSE json_build_object('lat', round(ST_Y(${col})::numeric, 6)::float8, 'lng', round(ST_X(${col})::numeric, 6)::float8)::text END`;
  }
  return `to_json(${fieldExpr(k, fd, 't', true)})::text`;
}

/** `concat_ws(',', …parts)` in calls of at most ARGS_PER_CALL arguments; NULL parts are skipped. */
function joinParts(parts: string[]): string {
  if (parts.length <= ARGS_PER_CALL) return `concat_ws(',', ${parts.join(', ')})`;
  const groups: string[] = [];
  // A group with no part left is '' (not NULL): nullif keeps it from adding a comma.
  for (let i = 0; i < parts.length; i += ARGS_PER_CALL) groups.push(`nullif(${joinParts(parts.slice(i, i + ARGS_PER_CALL))}, '')`);
  return joinParts(groups);
}

export interface CreateHistory {
  /** The statement: $1 the ids (int[], input order), $2 user id, $3 user name, $4 the resource. */
  text: string;
  /** Row-scope keys answered with each id: [field key, answer column]. */
  scope: [string, string][];
}

/**
 * The statement writing the `create` history of rows `$1` of registry `def` and answering
 * `{ id, ...scope keys }` per row, in the order of `$1`. `scopeFields`: the row-scope keys
 * (answered as the card reads them). `empty`: fields known to be NULL in every row (written as
 * NULL into a column without a default: write-many-sql.ts insertMany), left out of `after`
 * without being read — a registry's many empty optional fields cost most of the statement.
 */
export function createHistorySql(def: StoredResourceDef, scopeFields: string[], empty: Set<string> = new Set()): CreateHistory {
  // A secret column NULL in every row still reads «not set» (false), as `read` answers it.
  const keys = recordedFields(def).filter((k) => !empty.has(k) || def.fields[k]!.kind === 'secret');
  const cols = keys.map((k, i) => `${jsonText(k, def.fields[k]!)} AS v${i}`);
  // A row-scope key not recorded (none today) is read as `read` reads it.
  const scope: [string, string][] = scopeFields.map((k, i) => {
    const at = keys.indexOf(k);
    if (at >= 0) return [k, `v${at}::json`];
    const fd = def.fields[k]!;
    const none = fd.kind === 'refs' || fd.kind === 'files' || fd.kind === 'children' ? `'[]'::json` : 'NULL::json';
    cols.push(`${empty.has(k) ? none : fieldExpr(k, fd, 't')} AS s${i}`);
    return [k, `s${i}`];
  });
  // The object as text, "key":value for the non-empty fields only (concat_ws skips NULLs), parsed once.
  const parts = keys.map((k, i) => `CASE WHEN x.v${i} IS NULL OR x.v${i} IN ('null', '[]') THEN NULL ELSE ${lit(`${JSON.stringify(k)}:`)} || x.v${i} END`);
  const after = `('{' || ${keys.length ? joinParts(parts) : "''"} || '}')::jsonb`;
  const picked = scope.map(([k, c]) => `, x.${c} AS ${ident(k)}`).join('');
  // One primary-key look-up per id (LATERAL … OFFSET 0, as createMany's read): the statistics do
  // not know the rows the transaction just wrote. OFFSET 0 also keeps each value computed once.
  const text = `WITH src AS (
  SELECT u.n, u.id, ${after} AS after${picked}
  FROM unnest($1::int[]) WITH ORDINALITY AS u(id, n)
  CROSS JOIN LATERAL (SELECT ${cols.length ? cols.join(',\n    ') : '1 AS none'} FROM ${ident(def.table)} t WHERE t.id = u.id OFFSET 0) x
), h AS (
  INSERT INTO change_log (user_id, user_name, resource, object_id, action, before, after, step)
  SELECT $2::int, $3::text, $4::text, src.id, 'create', NULL, src.after, NULL FROM src ORDER BY src.n
)
SELECT src.id${scope.map(([k]) => `, src.${ident(k)}`).join('')} FROM src ORDER BY src.n`;
  return { text, scope };
}

/**
 * Writes the `create` history of the new rows `ids` of `def` on `db` (their transaction) in one
 * statement and answers each as `{ id, ...row-scope keys }`, in the order of `ids`.
 * @throws ChangeLogError on any failure of the statement.
 */
export async function writeCreateHistory(
  db: PoolClient,
  def: StoredResourceDef,
  ids: number[],
  scopeFields: string[],
  who: { userId: number | null; userName: string },
  empty?: Set<string>,
): Promise<Row[]> {
  if (!ids.length) return [];
  const { text } = createHistorySql(def, scopeFields, empty);
  try {
    const { rows } = await db.query<Row>(text, [ids, who.userId, who.userName, def.name]);
    return rows.map((r) => toWire({ ...r, id: Number(r.id) }));
  } catch (e) {
    throw new ChangeLogError(e);
  }
}
