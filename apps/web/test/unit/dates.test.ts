/** Typed dates and date-times (src/app/dates.ts): what a person writes → the wire formats of spec 02 §9. */
import { isCalendarDateTime } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { formatDateTime, parseDateText, parseDateTimeText } from '../../src/app/dates';

describe('typed dates', () => {
  it('reads DD.MM.YYYY and its short forms as YYYY-MM-DD', () => {
    expect(parseDateText('27.11.2026')).toBe('2026-11-27');
    expect(parseDateText(' 7.1.2026 ')).toBe('2026-01-07');
    expect(parseDateText('27112026')).toBe('2026-11-27');
    expect(parseDateText('29.02.2024')).toBe('2024-02-29');
  });

  it('refuses what is not a calendar day or not Russian order', () => {
    for (const t of ['', '31.02.2026', '29.02.2026', '2026-11-27', '11/27/2026', '27.13.2026', 'завтра']) expect(parseDateText(t), t).toBeNull();
  });
});

describe('typed date-times', () => {
  it('reads DD.MM.YYYY HH:mm as the local moment, sent with its offset', () => {
    const wire = parseDateTimeText('27.11.2026 10:15')!;
    expect(isCalendarDateTime(wire)).toBe(true);
    // The same moment built independently from local calendar parts.
    expect(new Date(wire).getTime()).toBe(new Date(2026, 10, 27, 10, 15).getTime());
    expect(formatDateTime(wire)).toBe('27.11.2026 10:15');
    expect(new Date(parseDateTimeText('27.11.2026  9:05')!).getTime()).toBe(new Date(2026, 10, 27, 9, 5).getTime());
  });

  it('takes a date alone as its midnight', () => {
    expect(new Date(parseDateTimeText('01.03.2026')!).getTime()).toBe(new Date(2026, 2, 1, 0, 0).getTime());
  });

  it('refuses impossible times and ISO text', () => {
    for (const t of ['27.11.2026 24:00', '27.11.2026 10:60', '2026-11-27T10:15:00Z', '27.11.2026 10']) expect(parseDateTimeText(t), t).toBeNull();
  });
});
