/**
 * Appeal answer terms per category (contract appeals/appeal-terms.ts; issue 25 §2): defaults by
 * their sources, stored terms override by category, working days skip weekends and the holidays
 * of ТК РФ ст. 112 on the region's calendar (hand-counted dates, Asia/Irkutsk = UTC+8).
 */
import { describe, expect, it } from 'vitest';
import { APPEAL_TERM_DEFAULTS, AppealCategory, appealDeadline, appealTermOf, appealTerms, isWorkingDay } from '@tko/contract';

const TZ = 'Asia/Irkutsk';
const working3 = { days: 3, working_days: true };

describe('appeal terms', () => {
  it('every category has a default: collection complaints 3 working days, dumps and others 30 days', () => {
    expect(APPEAL_TERM_DEFAULTS.map((t) => t.category).sort()).toEqual([...AppealCategory.values].sort());
    expect(appealTermOf(null, 'NOT_COLLECTED')).toEqual({ category: 'NOT_COLLECTED', days: 3, working_days: true });
    expect(appealTermOf([], 'OTHER')).toEqual({ category: 'OTHER', days: 30, working_days: false });
    expect(appealTermOf([], 'NOPE').category).toBe('OTHER');
  });

  it('a stored term replaces its category’s default only', () => {
    const stored = [{ category: 'NOT_COLLECTED' as const, days: 1, working_days: true }];
    expect(appealTermOf(stored, 'NOT_COLLECTED').days).toBe(1);
    expect(appealTerms(stored)).toHaveLength(AppealCategory.values.length);
    expect(appealTermOf(stored, 'CONTAINERS').days).toBe(3);
  });

  it('working days: weekends and ТК РФ ст. 112 holidays are skipped', () => {
    expect(isWorkingDay(new Date('2026-03-09T00:00:00Z'))).toBe(true); // Monday
    expect(isWorkingDay(new Date('2026-03-08T00:00:00Z'))).toBe(false); // Sunday, 8 March
    expect(isWorkingDay(new Date('2026-06-12T00:00:00Z'))).toBe(false); // Friday, Russia Day
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
    // Friday 20:00 UTC is Saturday 7 March 04:00 in Irkutsk: (Sun 8) Mon 9, Tue 10, Wed 11 04:00 local = Tue 10 20:00 UTC.
    expect(appealDeadline('2026-03-06T20:00:00.000Z', working3, TZ)).toBe('2026-03-10T20:00:00.000Z');
    // Calendar days: 30 × 24 h.
    expect(appealDeadline('2026-01-10T08:00:00.000Z', { days: 30, working_days: false }, TZ)).toBe('2026-02-09T08:00:00.000Z');
  });
});
