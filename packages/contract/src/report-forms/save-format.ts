/**
 * Date and date-time values of report fields (spec 03 §5: «dates are converted using the
 * field's save-format when given»). Accepted input: ISO (YYYY-MM-DD, YYYY-MM-DDTHH:mm[:ss]) or
 * Russian (DD.MM.YYYY, DD.MM.YYYY HH:mm[:ss]); calendar-checked (common/dates.ts). Output: the
 * save-format's tokens YYYY MM DD HH mm ss replaced; without a save-format ISO (dates
 * YYYY-MM-DD, date-times YYYY-MM-DDTHH:mm:ss).
 */
import { daysInMonth } from '../common/dates';

export interface DateParts { y: number; mo: number; d: number; h: number; mi: number; s: number }

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const RU = /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Parts of a date or date-time text, or null when it is not one (or not a calendar date). */
export function parseDateText(text: string, withTime: boolean): DateParts | null {
  const t = text.trim();
  const iso = ISO.exec(t);
  const ru = iso ? null : RU.exec(t);
  const m = iso ?? ru;
  if (!m) return null;
  const parts: DateParts = iso
    ? { y: +iso[1]!, mo: +iso[2]!, d: +iso[3]!, h: +(iso[4] ?? 0), mi: +(iso[5] ?? 0), s: +(iso[6] ?? 0) }
    : { y: +m[3]!, mo: +m[2]!, d: +m[1]!, h: +(m[4] ?? 0), mi: +(m[5] ?? 0), s: +(m[6] ?? 0) };
  if (!withTime && m[4] !== undefined) return null;
  if (parts.y < 1 || parts.mo < 1 || parts.mo > 12 || parts.d < 1 || parts.d > daysInMonth(parts.y, parts.mo)) return null;
  if (parts.h > 23 || parts.mi > 59 || parts.s > 59) return null;
  return parts;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `parts` written in `format` (tokens YYYY MM DD HH mm ss), ISO by default. */
export function formatDateParts(parts: DateParts, format: string | null | undefined, withTime: boolean): string {
  const f = format || (withTime ? 'YYYY-MM-DDTHH:mm:ss' : 'YYYY-MM-DD');
  return f.replace(/YYYY|MM|DD|HH|mm|ss/g, (tok) =>
    tok === 'YYYY' ? pad(parts.y, 4) : tok === 'MM' ? pad(parts.mo) : tok === 'DD' ? pad(parts.d) : tok === 'HH' ? pad(parts.h) : tok === 'mm' ? pad(parts.mi) : pad(parts.s));
}
