/**
 * Russian working days (Трудовой кодекс РФ ст. 111–112): Saturdays, Sundays and the non-working
 * public holidays of ст. 112 ч. 1 (1–8 January, 23 February, 8 March, 1 and 9 May, 12 June,
 * 4 November), a holiday falling on a weekend moving to the next working day (ст. 112 ч. 2), as the
 * maintained `date-holidays` package (country RU, type «public») knows them. The yearly transfers
 * of days off by a Government decree (постановление о переносе выходных дней) are not in that
 * package and are not counted (docs/DECISIONS.md «Contracts: … life cycle»).
 *
 * Dates are calendar dates YYYY-MM-DD (no time zone); errors: none (a malformed date is the
 * caller's, validated by the contract's date fields).
 */
import Holidays from 'date-holidays';

const ru = new Holidays('RU');
const DAY_MS = 86_400_000;
const years = new Map<number, Set<string>>();
/** The non-working holidays of ст. 112 ч. 1 outside 1–8 January (MM-DD), whose weekend falls move (ч. 2). */
const FIXED = ['02-23', '03-08', '05-01', '05-09', '06-12', '11-04'];

const weekend = (date: string): boolean => {
  const wd = new Date(`${date}T00:00:00Z`).getUTCDay();
  return wd === 0 || wd === 6;
};

/**
 * The days off of `year` besides weekends: the package's public holidays (each day of a span) and,
 * by ст. 112 ч. 2, for each holiday outside 1–8 January that falls on a weekend, the next working day
 * (the package lists some of these substitutes, not all: 11.05.2026 for 9 May is missing).
 */
function daysOff(year: number): Set<string> {
  const known = years.get(year);
  if (known) return known;
  const off = new Set<string>();
  for (const h of ru.getHolidays(year)) {
    if (h.type !== 'public') continue;
    // start/end are instants in Moscow time; the local calendar days between them are the days off.
    for (let t = h.start.getTime(); t < h.end.getTime(); t += DAY_MS) {
      off.add(new Date(t + 3 * 3_600_000).toISOString().slice(0, 10));
    }
  }
  // Substitutes counted from the holidays of ст. 112 ч. 1 themselves (not from the package's own
  // substitutes, which would shift twice: 8 March 2026, a Sunday, gives 9 March once).
  const fixed = (d: string) => FIXED.includes(d.slice(5));
  const substitutes = new Set<string>();
  for (const d of [...off].filter(fixed).sort()) {
    if (!weekend(d)) continue;
    let next = addDays(d, 1);
    while (weekend(next) || fixed(next) || substitutes.has(next)) next = addDays(next, 1);
    substitutes.add(next);
  }
  for (const d of substitutes) off.add(d);
  years.set(year, off);
  return off;
}

/** True when `date` (YYYY-MM-DD) is a working day in Russia. */
export function isWorkingDay(date: string): boolean {
  return !weekend(date) && !daysOff(Number(date.slice(0, 4))).has(date);
}

/** `date` + `days` calendar days, YYYY-MM-DD. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The `n`-th working day after `date` (the day itself not counted: «в течение 15 рабочих дней со
 * дня поступления» ends on the 15th working day after it). E.g. 2026-12-25 (Fri) + 15 → 2027-01-25
 * (1–8 January are holidays).
 */
export function addWorkingDays(date: string, n: number, working: (d: string) => boolean = isWorkingDay): string {
  let d = date;
  for (let left = n; left > 0;) {
    d = addDays(d, 1);
    if (working(d)) left--;
  }
  return d;
}
