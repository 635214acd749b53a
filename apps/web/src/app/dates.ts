/**
 * Date formats of the interface (spec 01 §9): DD.MM.YYYY, with time DD.MM.YYYY HH:mm; Russian dayjs.
 * What a person types is read by {@link parseDateText} / {@link parseDateTimeText} (the pickers take
 * the same formats), and goes to the API in its wire formats (spec 02 §9): dates `YYYY-MM-DD`,
 * date-times ISO 8601 with the browser's own UTC offset (`2026-11-27T10:15:00+08:00`), which the
 * contract's `DateTimeSchema` takes — so 10:15 typed in Irkutsk is 10:15 in Irkutsk on the server.
 */
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/ru';

dayjs.extend(customParseFormat);
dayjs.locale('ru');

export const DATE_FORMAT = 'DD.MM.YYYY';
export const DATETIME_FORMAT = 'DD.MM.YYYY HH:mm';
export const TIME_FORMAT = 'HH:mm';
/** Wire formats (spec 02 §9). */
export const WIRE_DATE = 'YYYY-MM-DD';
export const WIRE_TIME = 'HH:mm:ss';
/** A date-time on the wire: ISO 8601 with the local offset. */
export const WIRE_DATETIME = 'YYYY-MM-DDTHH:mm:ssZ';

/** What a date input reads, the shown format first (the pickers' `format`): 27.11.2026, 7.1.2026, 27112026. */
export const DATE_INPUT_FORMATS = [DATE_FORMAT, 'D.M.YYYY', 'DDMMYYYY'];
/** What a date-time input reads, the shown format first; a date alone means its midnight. */
export const DATETIME_INPUT_FORMATS = [DATETIME_FORMAT, 'DD.MM.YYYY H:mm', 'D.M.YYYY H:mm', 'DD.MM.YYYY HH:mm:ss', ...DATE_INPUT_FORMATS];

/** Strictly parsed typed text (surrounding and repeated spaces ignored); null when no format fits. */
function parseText(text: string, formats: string[]): Dayjs | null {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return null;
  for (const f of formats) {
    const d = dayjs(t, f, true);
    if (d.isValid()) return d;
  }
  return null;
}

/** Typed `27.11.2026` (or `7.1.2026`, `27112026`) → `2026-11-27`; null when it is not a date. */
export function parseDateText(text: string): string | null {
  return parseText(text, DATE_INPUT_FORMATS)?.format(WIRE_DATE) ?? null;
}

/** Typed `27.11.2026 10:15` (or a date alone: midnight) → local ISO `2026-11-27T10:15:00+08:00`; null when it is not one. */
export function parseDateTimeText(text: string): string | null {
  const d = parseText(text, DATETIME_INPUT_FORMATS);
  return d ? toWireDateTime(d) : null;
}

/** A picked moment as the wire date-time (local offset, whole seconds). */
export function toWireDateTime(d: Dayjs): string {
  return d.format(WIRE_DATETIME);
}

/** A wire date-time (any offset) as a local dayjs for a picker; null when empty or invalid. */
export function fromWireDateTime(value: string | null | undefined): Dayjs | null {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** `2024-03-05` → `05.03.2024`; '' for empty input, the input itself when it is not a date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value.slice(0, 10), WIRE_DATE, true);
  return d.isValid() ? d.format(DATE_FORMAT) : value;
}

/** ISO date-time → `05.03.2024 14:07` in local time. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATETIME_FORMAT) : value;
}

/** `06:00:00` → `06:00`. */
export function formatTime(value: string | null | undefined): string {
  return value ? value.slice(0, 5) : '';
}
