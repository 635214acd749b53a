/** The one number formatter (contract formatNumber) and where the web uses it: lists, summaries, charts. */
import { formatDecimalString, formatNumber } from '@tko/contract';
import { describe, expect, it } from 'vitest';
import { withRussianNumbers } from '../../src/dashboard/chart-numbers';
import { summaryText } from '../../src/crud/list-summary';
import { formatDecimal } from '../../src/crud/format';

const NNBSP = '\u202f';

describe('formatNumber', () => {
  it('writes a decimal comma and groups thousands by a narrow no-break space', () => {
    expect(formatNumber(1760)).toBe(`1${NNBSP}760`);
    expect(formatNumber(56.7)).toBe('56,7');
    expect(formatNumber(1.5)).toBe('1,5');
    expect(formatNumber(1234567.891)).toBe(`1${NNBSP}234${NNBSP}567,891`);
    expect(formatNumber(-41.5)).toBe('-41,5');
    expect(formatNumber(0.1 + 0.2)).toBe('0,3');
    expect(formatNumber(12.3456, { maxFraction: 1 })).toBe('12,3');
    expect(formatNumber(12, { minFraction: 1, maxFraction: 1 })).toBe('12,0');
  });

  it('formats decimal strings exactly and keeps their significant digits', () => {
    expect(formatNumber('56.700')).toBe('56,7');
    expect(formatDecimalString('4260.000')).toBe(`4${NNBSP}260`);
    expect(formatDecimalString('0.0001')).toBe('0,0001');
    expect(formatDecimalString('123456789012.123456')).toBe(`123${NNBSP}456${NNBSP}789${NNBSP}012,123456`);
    expect(formatDecimal('1.100')).toBe('1,1');
    expect(formatDecimal('не число')).toBe('не число');
  });

  it('gives nothing for no value', () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Infinity]) expect(formatNumber(v as number)).toBe('');
  });
});

describe('web uses it', () => {
  it('in the list summary', () => {
    expect(summaryText(1500, { total_created: 1.5 }, { total_created: 'образовано, т' })).toBe(`Найдено: 1${NNBSP}500, образовано, т: 1,5`);
  });

  it('on chart value axes and in tooltips, leaving category axes and own formatters alone', () => {
    const o = withRussianNumbers({ tooltip: { trigger: 'axis' }, xAxis: { type: 'category', data: ['a'] }, yAxis: [{ type: 'value' }, { type: 'value', axisLabel: { formatter: '{value} т' } }] }) as unknown as { xAxis: { axisLabel?: unknown }; yAxis: { axisLabel: { formatter: ((v: number) => string) | string } }[]; tooltip: { valueFormatter: (v: unknown) => string } };
    expect(o.xAxis.axisLabel).toBeUndefined();
    expect((o.yAxis[0]!.axisLabel.formatter as (v: number) => string)(1800)).toBe(`1${NNBSP}800`);
    expect(o.yAxis[1]!.axisLabel.formatter).toBe('{value} т');
    expect(o.tooltip.valueFormatter(56.7)).toBe('56,7');
  });
});
