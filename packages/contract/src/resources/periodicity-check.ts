/** Cross-field rule of collection schedules (spec 01 §3 "Periodicity"). */
import { MSG } from '../common/messages';

/**
 * ON_WEEKDAYS, ON_DATES and ON_MONTHDAYS each need their list filled; close_at only for a
 * CLOSED site is our rule (docs/DECISIONS.md). Returns field → Russian message.
 */
export function checkPeriodicity(v: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const empty = (x: unknown) => !Array.isArray(x) || x.length === 0;
  if (v.periodicity === 'ON_WEEKDAYS' && empty(v.periodicity_on_weekdays)) errors.periodicity_on_weekdays = 'Выберите дни недели вывоза.';
  if (v.periodicity === 'ON_DATES' && empty(v.periodicity_on_dates)) errors.periodicity_on_dates = 'Укажите даты вывоза.';
  if (v.periodicity === 'ON_MONTHDAYS' && empty(v.periodicity_on_monthdays)) errors.periodicity_on_monthdays = 'Укажите числа месяца вывоза.';
  if (v.arrival_time && v.leave_time && String(v.arrival_time) >= String(v.leave_time)) errors.leave_time = 'Время окончания должно быть позже времени начала.';
  if (v.status === 'CLOSED' && !v.close_at) errors.close_at = MSG.required;
  return errors;
}
