/** Date formats of the interface (spec 01 §9): DD.MM.YYYY, with time DD.MM.YYYY HH:mm; Russian dayjs. */
import dayjs from 'dayjs';
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

/** `2024-03-05` → `05.03.2024`; '' for empty or invalid input. */
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
