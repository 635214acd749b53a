/**
 * The answer deadline of an appeal (spec 03 §7 «Appeals»; terms per category in contract
 * appeals/appeal-terms.ts): plus `days` calendar days, or plus `days` working days (ТК РФ ст. 112,
 * working-days.ts) counted from the day after the receipt's local date in the region's time zone;
 * the time of day kept. ISO 8601 instants (UTC) in and out; errors: none (an invalid instant gives
 * «Invalid Date» to the caller, whose contract validates it first).
 */
import type { AppealTerm } from '@tko/contract';
import { addDays, isWorkingDay } from './working-days';

const DAY_MS = 86_400_000;

/** The local calendar date (YYYY-MM-DD) of `at` in `timeZone`. */
function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The deadline of an appeal received at `receivedAt` under `term`, in the region's `timeZone` (e.g. Asia/Irkutsk). */
export function appealDeadline(receivedAt: string, term: Pick<AppealTerm, 'days' | 'working_days'>, timeZone: string): string {
  const received = new Date(receivedAt);
  if (!term.working_days) return new Date(received.getTime() + term.days * DAY_MS).toISOString();
  let day = localDate(received, timeZone);
  let calendarDays = 0;
  for (let left = term.days; left > 0;) {
    day = addDays(day, 1);
    calendarDays += 1;
    if (isWorkingDay(day)) left -= 1;
  }
  return new Date(received.getTime() + calendarDays * DAY_MS).toISOString();
}
