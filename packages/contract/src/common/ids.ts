/**
 * Row ids on the wire (issue 8 §2): every id is a PostgreSQL `integer` key, so a client's id is
 * bounded to 1 … 2 147 483 647 wherever it is read — references and reference lists in bodies
 * (fields.ts), list filters in a query string or a search body (filters.ts). A bigger number
 * cannot name a row: it is refused as DRF refuses an unknown key, on its field, never passed to
 * SQL (where it would be an "out of range for type integer" error).
 */
import { z } from 'zod';
import { MSG } from './messages';

/** The largest id (PostgreSQL integer). */
export const MAX_ID = 2147483647;

/** True for a positive integer id within PostgreSQL's integer. */
export function isId(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= 1 && x <= MAX_ID;
}

/** An id as a JSON number: 1 … MAX_ID; a bigger one «Недопустимый первичный ключ … — объект не существует.». */
export const IdSchema = z
  .number({ error: MSG.pk })
  .int(MSG.pk)
  .positive(MSG.pk)
  .superRefine((n, ctx) => {
    if (n > MAX_ID) ctx.addIssue({ code: 'custom', message: MSG.pkNotFound(n) });
  });
