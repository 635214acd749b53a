/**
 * How an `int_list` field is edited (src/crud/fields/int-list.ts): a short range (days of the
 * week, of the month) lists its values; a wide one (a contract site's container ids, 1–2³¹−1)
 * is typed, because listing it throws «RangeError: Invalid array length» (issue 11 §3).
 */
import { describe, expect, it } from 'vitest';
import { contractWasteAreaFields } from '@tko/contract';
import { intListFromTags, listsIntValues, MAX_LISTED_INT_VALUES } from '../../src/crud/fields/int-list';

describe('int_list editing', () => {
  it('lists short ranges only; the contract site\'s container ids are typed', () => {
    expect(listsIntValues(1, 7)).toBe(true);
    expect(listsIntValues(1, 31)).toBe(true);
    expect(listsIntValues(1, MAX_LISTED_INT_VALUES)).toBe(true);
    expect(listsIntValues(1, MAX_LISTED_INT_VALUES + 1)).toBe(false);
    const [min, max] = contractWasteAreaFields.containers.range!;
    expect(listsIntValues(min, max)).toBe(false);
  });

  it('reads typed tags as whole numbers in range, once each, ascending', () => {
    expect(intListFromTags(['12', ' 3 ', 7, '12', '0', '-4', '2.5', 'x', '', '2147483648', '2147483647'], 1, 2147483647)).toEqual([3, 7, 12, 2147483647]);
    expect(intListFromTags([], 1, 10)).toEqual([]);
  });
});
