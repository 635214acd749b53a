/**
 * A unique index that a concurrent write reached first. The repositories check a duplicate
 * before writing (a readable 400), but two requests at once both pass that check and the
 * second INSERT/UPDATE fails with PostgreSQL's 23505 unique_violation: it is the same client
 * error and gets the same 400 on the same field (docs/ARCHITECTURE.md "Errors").
 */
import { FieldValidationError } from '@tko/db';

/** The index name (migrations) → the field and the message of the check done before the write. */
export type UniqueIndexes = Record<string, { field: string; message: string }>;

/**
 * `err` as the 400 of its unique index when it is a 23505 on one of `indexes`; unchanged
 * otherwise (a 23505 on an index not listed stays an error: it is not the client's).
 */
export function uniqueViolationAs(indexes: UniqueIndexes, err: unknown): unknown {
  const e = err as { code?: unknown; constraint?: unknown };
  if (e?.code !== '23505' || typeof e.constraint !== 'string') return err;
  const hit = indexes[e.constraint];
  return hit ? FieldValidationError.of(hit.field, hit.message) : err;
}
