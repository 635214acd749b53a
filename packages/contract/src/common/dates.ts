/**
 * Calendar-checked dates and date-times (issue 8 §2): every date or date-time a client sends —
 * field values, list filters, log periods — goes through these, so a value PostgreSQL would
 * refuse (`2026-02-31`, month 13, year 0, hour 25, an offset beyond ±15:59) is a 400 on its
 * field, never a database error. `Date.parse` is not enough: it rolls `2026-02-31` over to March.
 *
 * Accepted shapes: a date `YYYY-MM-DD` (the Gregorian calendar, leap years);
 * a date-time `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or `±HH:MM` / `±HHMM`
 * (hours ≤ 23, minutes and seconds ≤ 59, offsets up to 15:59 as PostgreSQL's timestamptz takes).
 * Years {@link MIN_YEAR}–9999: nothing the product records (sites, contracts, vehicles, reports)
 * predates 1900, so an earlier year is a typo (`1026` for `2026`); a field that needs older dates
 * says so with {@link dateFrom}.
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

/** The earliest year a date of the contract takes unless its field says otherwise. */
export const MIN_YEAR = 1900;

/** True for an existing calendar day written `YYYY-MM-DD` (years `minYear`–9999). */
export function isCalendarDate(s: string, minYear = MIN_YEAR): boolean {
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= Math.max(1, minYear) && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** True for an ISO date-time with a zone (`Z` or an offset) whose every component exists (years `minYear`–9999). */
export function isCalendarDateTime(s: string, minYear = MIN_YEAR): boolean {
  const m = DATETIME_RE.exec(s);
  if (!m || !isCalendarDate(m[1]!, minYear)) return false;
  if (Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return false;
  return m[5] === undefined || (Number(m[6]) <= 15 && Number(m[7]) <= 59);
}

/**
 * A string schema: `valid(s)` is checked with years from 1, then the year against `minYear`, so
 * a wrong shape or day gets `message` and an early year a message naming the limit — one each.
 */
function calendarString(message: string, valid: (s: string) => boolean, minYear: number) {
  return z.string({ error: message }).superRefine((s, ctx) => {
    if (!valid(s)) ctx.addIssue({ code: 'custom', message });
    else if (Number(s.slice(0, 4)) < minYear) ctx.addIssue({ code: 'custom', message: `Дата не может быть раньше ${minYear} года.` });
  });
}

/** A calendar date `YYYY-MM-DD` from `minYear` on (a field that needs dates before 1900). */
export const dateFrom = (minYear: number) => calendarString(MSG.date, (s) => isCalendarDate(s, 1), minYear);

/** A calendar date `YYYY-MM-DD` (string on the wire) from 1900 on — the one date schema of the contract. */
export const DateSchema = dateFrom(MIN_YEAR);

/** An ISO date-time with a zone, calendar-checked, from 1900 on. */
export const DateTimeSchema = calendarString(MSG.datetime, (s) => isCalendarDateTime(s, 1), MIN_YEAR);

/** A period bound of a filter: a date (the whole day) or a date-time, from 1900 on. */
export const DateOrDateTimeSchema = calendarString(MSG.dateOrDateTime, (s) => isCalendarDate(s, 1) || isCalendarDateTime(s, 1), MIN_YEAR);
