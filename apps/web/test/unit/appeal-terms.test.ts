/**
 * Appeal answer terms per category (contract appeals/appeal-terms.ts): defaults by their sources,
 * stored terms override by category. The deadlines counted in working days are tested with the
 * calendar (packages/db/test/appeal-deadline.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { APPEAL_TERM_DEFAULTS, AppealCategory, appealTermOf, appealTerms } from '@tko/contract';

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
});
