/**
 * Appeal deadlines on the product's one working-day calendar (calendar/appeal-deadline.ts,
 * working-days.ts: ТК РФ ст. 112 ч. 1 holidays, a holiday on a weekend moved to the next working day
 * by ч. 2), counted by hand on the region's calendar (Asia/Irkutsk = UTC+8). Pure: no database.
 */
import { describe, expect, it } from 'vitest';
import { appealDeadline, isWorkingDay } from '../src/calendar/index';

const TZ = 'Asia/Irkutsk';
const working3 = { days: 3, working_days: true };

describe('appeal deadlines', () => {
  it('working days: weekends, ст. 112 holidays and their weekend substitutes are skipped', () => {
    expect(isWorkingDay('2026-03-08')).toBe(false); // Sunday, 8 March
    expect(isWorkingDay('2026-03-09')).toBe(false); // …its substitute (ст. 112 ч. 2)
    expect(isWorkingDay('2026-06-12')).toBe(false); // Friday, Russia Day
    expect(isWorkingDay('2026-06-11')).toBe(true);
  });

  it('deadlines counted by hand', () => {
    // Monday 2 March 2026 17:15 local → Tue, Wed, Thu → Thursday 5 March, same time.
    expect(appealDeadline('2026-03-02T09:15:00.000Z', working3, TZ)).toBe('2026-03-05T09:15:00.000Z');
    // Friday 5 June 2026 10:00 local → Mon 8, Tue 9, Wed 10 → Wednesday 10 June.
    expect(appealDeadline('2026-06-05T02:00:00.000Z', working3, TZ)).toBe('2026-06-10T02:00:00.000Z');
    // Wednesday 10 June → Thu 11, (Fri 12 holiday, weekend), Mon 15, Tue 16.
    expect(appealDeadline('2026-06-10T02:00:00.000Z', working3, TZ)).toBe('2026-06-16T02:00:00.000Z');
    // 30 December 2025 (Tue) → Wed 31 Dec, then 1–8 January off (and the weekend) → Fri 9, Mon 12 January.
    expect(appealDeadline('2025-12-30T03:00:00.000Z', working3, TZ)).toBe('2026-01-12T03:00:00.000Z');
    // Friday 20:00 UTC is Saturday 7 March 04:00 in Irkutsk: (Sun 8, Mon 9 its substitute) Tue 10, Wed 11,
    // Thu 12 04:00 local = Wed 11 March 20:00 UTC.
    expect(appealDeadline('2026-03-06T20:00:00.000Z', working3, TZ)).toBe('2026-03-11T20:00:00.000Z');
    // Calendar days: 30 × 24 h.
    expect(appealDeadline('2026-01-10T08:00:00.000Z', { days: 30, working_days: false }, TZ)).toBe('2026-02-09T08:00:00.000Z');
  });
});
