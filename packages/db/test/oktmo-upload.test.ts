/**
 * Which regions of an uploaded ОКТМО file are loaded (oktmo/upload.ts; docs/DECISIONS.md): the
 * file's regions named by their headings, the settings' region matched by code or by name in any
 * case ending, and the bytes decoded as UTF-8 or Windows-1251. Pure: no database.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { chooseOktmoRegions, decodeOktmo, oktmoFileRegions, parseOktmo, regionMatches } from '../src/index';

const ALTAI = { region: '01', name: 'Алтайского края' };
const KUBAN = { region: '03', name: 'Краснодарского края' };

describe('the regions of an uploaded ОКТМО file', () => {
  it('names each region by its «Муниципальные образования …» heading; a region without one has no name', () => {
    const rows = parseOktmo([
      '"03";"601";"000";"000";"7";"1";"Абинский муниципальный район";"г Абинск";;"000";"0";14.06.2013;01.01.2014',
      '"01";"000";"000";"000";"2";"1";"Муниципальные образования Алтайского края";;;"000";"0";14.06.2013;01.01.2014',
      '"zz";"broken"',
    ].join('\n'));
    expect(oktmoFileRegions(rows)).toEqual([ALTAI, { region: '03', name: null }]);
  });

  it('matches the settings\' region by its code or by name in any case ending', () => {
    expect(regionMatches('Алтайский край', ALTAI)).toBe(true);
    expect(regionMatches('алтайский КРАЙ', ALTAI)).toBe(true);
    expect(regionMatches('Краснодарский край', ALTAI)).toBe(false);
    expect(regionMatches('Иркутская область', { region: '25', name: 'Иркутской области' })).toBe(true);
    expect(regionMatches('Республика Саха (Якутия)', { region: '98', name: 'Республики Саха (Якутия)' })).toBe(true);
    expect(regionMatches('03', KUBAN)).toBe(true);
    expect(regionMatches('03 Краснодарский край', ALTAI)).toBe(false);
    expect(regionMatches('Алтайский край', { region: '01', name: null })).toBe(false);
  });

  it('loads one region of several by the settings, else all, and a one-region file whole', () => {
    expect(chooseOktmoRegions([ALTAI, KUBAN], 'Краснодарский край').regions).toEqual(['03']);
    expect(chooseOktmoRegions([ALTAI, KUBAN], 'Иркутская область')).toEqual({
      regions: ['01', '03'], choice: 'В файле несколько регионов, регион настроек системы «Иркутская область» среди них не найден: загружены все регионы файла.',
    });
    expect(chooseOktmoRegions([ALTAI, KUBAN], '  ').regions).toEqual(['01', '03']);
    expect(chooseOktmoRegions([KUBAN], 'Алтайский край')).toEqual({ regions: ['03'], choice: 'В файле один регион: загружен весь файл.' });
  });

  it('decodes UTF-8, else Windows-1251', () => {
    const text = 'Муниципальные образования Алтайского края';
    expect(decodeOktmo(Buffer.from(text))).toBe(text);
    expect(decodeOktmo(iconv.encode(text, 'win1251'))).toBe(text);
  });
});
