/**
 * How an `int_list` field (spec 01 §3 «list of integers»: days of the week 1–7, days of the month
 * 1–31, a contract site's container ids 1–2 147 483 647) is edited. A short range is a
 * multi-select listing every value; a wide one cannot be listed (an options array of 2³¹
 * items throws «RangeError: Invalid array length» and took the whole contract card down with it,
 * issue 11 §3), so its numbers are typed as tags and read here.
 */

/** The most values a range may have to be listed as options (a year's days). */
export const MAX_LISTED_INT_VALUES = 366;

/** True when every value of [min, max] is offered as an option. */
export function listsIntValues(min: number, max: number): boolean {
  return max - min + 1 <= MAX_LISTED_INT_VALUES;
}

/**
 * The integers typed as tags: whole numbers within [min, max] (spaces ignored), once each,
 * ascending; anything else is dropped (the tag does not stay).
 */
export function intListFromTags(tags: readonly (string | number)[], min: number, max: number): number[] {
  const out = new Set<number>();
  for (const t of tags) {
    const s = String(t).replace(/\s/g, '');
    if (!/^\d+$/.test(s)) continue;
    const n = Number(s);
    if (Number.isSafeInteger(n) && n >= min && n <= max) out.add(n);
  }
  return [...out].sort((a, b) => a - b);
}
