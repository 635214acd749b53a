/**
 * Which sites are due on a date (issue 10 §4; periodicity values of spec 01 §3 "Periodicity").
 *
 * - DAILY: every day; EVERY_OTHER_DAY / PER_THREE_DAYS: every 2nd / 3rd day counted from `anchor`
 *   (the site's start date; 1970-01-01 when unknown);
 * - ON_WEEKDAYS: ISO weekdays 1 = Monday … 7 = Sunday; ON_DATES: the listed dates (YYYY-MM-DD);
 * - ON_MONTHDAYS: the listed days of the month (the Angarsk plan, "1;8;15"). A day beyond the
 *   month's length (31 in a 30-day month) is served on the month's last day, so a site listed for
 *   the 29th–31st is not skipped in February.
 * - null / unknown periodicity: never due (the site is collected on request only).
 */

export interface SiteSchedule {
  periodicity: string | null;
  weekdays?: number[];
  dates?: string[];
  monthdays?: number[];
  /** YYYY-MM-DD the EVERY_OTHER_DAY / PER_THREE_DAYS count starts from. */
  anchor?: string | null;
}

/** A calendar date without time: year, month 1–12, day 1–31. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;

function epochDay(d: CalendarDate): number {
  return Math.floor(Date.UTC(d.year, d.month - 1, d.day) / DAY_MS);
}

/** Parses YYYY-MM-DD (no checks beyond the shape; the API validates dates before calling). */
export function parseIsoDate(s: string): CalendarDate {
  const [y, m, d] = s.split('-').map(Number);
  return { year: y!, month: m!, day: d! };
}

export function formatIsoDate(d: CalendarDate): string {
  return `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/** Days in the month of `d` (leap years of the Gregorian calendar). */
export function daysInMonth(d: Pick<CalendarDate, 'year' | 'month'>): number {
  return new Date(Date.UTC(d.year, d.month, 0)).getUTCDate();
}

/** true when a site with this schedule is collected on `date`. */
export function isDue(schedule: SiteSchedule, date: CalendarDate): boolean {
  switch (schedule.periodicity) {
    case 'DAILY':
      return true;
    case 'EVERY_OTHER_DAY':
    case 'PER_THREE_DAYS': {
      const step = schedule.periodicity === 'EVERY_OTHER_DAY' ? 2 : 3;
      const from = schedule.anchor ? epochDay(parseIsoDate(schedule.anchor)) : 0;
      const diff = epochDay(date) - from;
      return diff >= 0 && diff % step === 0;
    }
    case 'ON_WEEKDAYS': {
      const weekday = ((new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7) + 1;
      return (schedule.weekdays ?? []).includes(weekday);
    }
    case 'ON_DATES':
      return (schedule.dates ?? []).includes(formatIsoDate(date));
    case 'ON_MONTHDAYS': {
      const last = daysInMonth(date);
      return (schedule.monthdays ?? []).some((d) => d === date.day || (d > last && date.day === last));
    }
    default:
      return false;
  }
}
