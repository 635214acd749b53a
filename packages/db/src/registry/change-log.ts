/**
 * The change history of registry rows (issue 3 §8): one `change_log` row per create, update
 * and delete, written by the RegistryRepository on the connection of the change, inside its
 * transaction — the change and its record commit or roll back together.
 *
 * What is recorded: who (user id and name), when (now()), the registry (permission name), the
 * object id, the action and the changed fields before and after, in their wire shapes (as the
 * card reads them). Not recorded: computed fields (derived, e.g. the history itself), the id,
 * and the stamps every write sets (last_update_at, last_update_person, created_at). An update
 * that changes none of the recorded fields leaves no row (nothing happened to the object).
 */
import type { ResourceDef } from '@tko/contract';
import type { PoolClient } from 'pg';

export type ChangeAction = 'create' | 'update' | 'delete';

/** Fields never recorded: stamps of every write. */
const STAMPS = new Set(['id', 'last_update_at', 'last_update_person', 'created_at']);

/** A failure to write the history: the change is rolled back and the caller gets a 500. */
export class ChangeLogError extends Error {
  constructor(cause: unknown) {
    super(`change_log write failed: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'ChangeLogError';
  }
}

const recorded = new WeakMap<ResourceDef, string[]>();

/** Keys of `def` whose values are recorded (worked out once per definition: a long import diffs every row). */
export function recordedFields(def: ResourceDef): string[] {
  let keys = recorded.get(def);
  if (!keys) recorded.set(def, (keys = Object.entries(def.fields).filter(([k, fd]) => fd.kind !== 'computed' && !STAMPS.has(k)).map(([k]) => k)));
  return keys;
}

/**
 * A value in a canonical form for comparison: '' and empty lists/objects are null, object keys
 * holding nothing are dropped and the rest sorted — so a group saved with its blank parts spelled
 * out (`{city: 'X', street: null}`, what the web card sends) equals the group as stored before
 * (`{city: 'X'}`), and a blank text equals no text (issue 7 §8: no history row for an unchanged field).
 */
export function canonical(v: unknown): unknown {
  if (v === undefined || v === null || v === '') return null;
  if (Array.isArray(v)) return v.length ? v.map(canonical) : null;
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => [k, canonical(x)] as const)
      .filter(([, x]) => x !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return entries.length ? Object.fromEntries(entries) : null;
  }
  return v;
}

const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/**
 * The recorded fields that differ between two reads of a row (null = the row did not exist):
 * `before` / `after` hold only those fields; for a create, `before` is null and `after` has
 * the non-empty fields; for a delete, the reverse.
 */
export function diffRows(def: ResourceDef, before: Record<string, unknown> | null, after: Record<string, unknown> | null): { before: Record<string, unknown> | null; after: Record<string, unknown> | null; fields: string[] } {
  const empty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);
  const fields = recordedFields(def).filter((k) => {
    if (!before) return !empty(after?.[k]);
    if (!after) return !empty(before[k]);
    return !same(before[k], after[k]);
  });
  const pick = (row: Record<string, unknown> | null) => (row ? Object.fromEntries(fields.map((k) => [k, row[k] ?? null])) : null);
  return { before: pick(before), after: pick(after), fields };
}

export interface ChangeRecord {
  resource: string;
  objectId: number;
  action: ChangeAction;
  userId: number | null;
  userName: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The workflow action of an update (contract common/actions.ts), if it was one. */
  step?: string | null;
}

/**
 * Inserts one history row on `db` (the transaction of the change). Any failure becomes a
 * ChangeLogError, so the caller's transaction rolls back and the database error is not
 * mistaken for a refusal of the client's data.
 */
export async function writeChangeLog(db: PoolClient, r: ChangeRecord): Promise<void> {
  try {
    await db.query(
      `INSERT INTO change_log (user_id, user_name, resource, object_id, action, before, after, step)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)`,
      [r.userId, r.userName, r.resource, r.objectId, r.action, r.before && JSON.stringify(r.before), r.after && JSON.stringify(r.after), r.step ?? null],
    );
  } catch (e) {
    throw new ChangeLogError(e);
  }
}

/** Inserts many history rows in one statement (the import's batches); failures as writeChangeLog. */
export async function writeChangeLogMany(db: PoolClient, rs: ChangeRecord[]): Promise<void> {
  if (!rs.length) return;
  const json = (v: Record<string, unknown> | null) => (v ? JSON.stringify(v) : null);
  try {
    await db.query(
      `INSERT INTO change_log (user_id, user_name, resource, object_id, action, before, after, step)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::text[], $6::jsonb[], $7::jsonb[], $8::text[])`,
      [rs.map((r) => r.userId), rs.map((r) => r.userName), rs.map((r) => r.resource), rs.map((r) => r.objectId), rs.map((r) => r.action), rs.map((r) => json(r.before)), rs.map((r) => json(r.after)), rs.map((r) => r.step ?? null)],
    );
  } catch (e) {
    throw new ChangeLogError(e);
  }
}
