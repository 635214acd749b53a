/**
 * Calendar-checked dates and date-times (issue 8 §2): every date or date-time a client sends —
 * field values, list filters, log periods — goes through these, so a value PostgreSQL would
 * refuse (`2026-02-31`, month 13, year 0, hour 25, an offset beyond ±15:59) is a 400 on its
 * field, never a database error. `Date.parse` is not enough: it rolls `2026-02-31` over to March.
 *
 * Accepted shapes: a date `YYYY-MM-DD` (years 0001–9999, the Gregorian calendar, leap years);
 * a date-time `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or `±HH:MM` / `±HHMM`
 * (hours ≤ 23, minutes and seconds ≤ 59, offsets up to 15:59 as PostgreSQL's timestamptz takes).
 */
import { z } from 'zod';
import { MSG } from './messages';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|([+-])(\d{2}):?(\d{2}))$/;

/** Days of `month` (1–12) in `year`, Gregorian leap years. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** True for an existing calendar day written `YYYY-MM-DD` (years 1–9999). */
export function isCalendarDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** True for an ISO date-time with a zone (`Z` or an offset) whose every component exists. */
export function isCalendarDateTime(s: string): boolean {
  const m = DATETIME_RE.exec(s);
  if (!m || !isCalendarDate(m[1]!)) return false;
  if (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return false;
  return m[5] === undefined || (Number(m[6]) <= 15 && Number(m[7]) <= 59);
}

/** A calendar date `YYYY-MM-DD` (string on the wire) — the one date schema of the contract. */
export const DateSchema = z.string({ error: MSG.date }).refine(isCalendarDate, MSG.date);

/** An ISO date-time with a zone, calendar-checked. */
export const DateTimeSchema = z.string({ error: MSG.datetime }).refine(isCalendarDateTime, MSG.datetime);

/** A period bound of a filter: a date (the whole day) or a date-time. */
export const DateOrDateTimeSchema = z.string({ error: MSG.dateOrDateTime }).refine((s) => isCalendarDate(s) || isCalendarDateTime(s), MSG.dateOrDateTime);
