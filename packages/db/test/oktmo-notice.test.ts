/**
 * The dashboard's ОКТМО notice (dashboard/oktmo-notice.ts, issue 27 §2): said when loaded units do
 * not cover the sites — the Angarsk case (1 692 sites in Irkutsk oblast, units of regions 01 and 03
 * loaded) — with the counts, the regions loaded, the settings' region and how to fix it; silent when
 * every site has its formation. Pure: no database.
 */
import { describe, expect, it } from 'vitest';
import { oktmoNotice } from '../src/dashboard/oktmo-notice';

describe('oktmoNotice', () => {
  it('names an empty map, the counts, the loaded regions and the settings region', () => {
    const text = oktmoNotice({ sites: 1692, unmatched: 1692, regions: ['01', '03'], settingsRegion: 'Иркутская область' })!;
    expect(text).toMatch(/^Карта пуста: ОКТМО не определено для 1\u202f692 из 1\u202f692 мест накопления/);
    expect(text).toContain('(регионы: 01, 03). Границы муниципальных образований не загружены: места без населённого пункта не размещены по координатам.'
      + ' Регион в настройках системы: Иркутская область.');
    expect(text).toContain('Администратор загружает ОКТМО на странице Администрирование → Регион (файл ОКТМО Росстата своего региона)');
    // Said to every user: no developer command, no file of the repository.
    expect(text).not.toMatch(/pnpm|docs\/|import-oktmo/);
  });

  it('says when no ОКТМО is loaded at all, and counts a partial gap without «Карта пуста»', () => {
    expect(oktmoNotice({ sites: 7, unmatched: 7, regions: [], settingsRegion: null }))
      .toMatch(/^Карта пуста: ОКТМО не загружен — 7 из 7 мест накопления не отнесены к муниципальным образованиям\. Регион в настройках системы не указан\./);
    expect(oktmoNotice({ sites: 7, unmatched: 2, regions: ['01'], settingsRegion: null })).toMatch(/^ОКТМО не определено для 2 из 7 мест/);
  });

  it('says what the loaded boundaries did: none matched, or how many of them placed sites', () => {
    expect(oktmoNotice({ sites: 7, unmatched: 2, regions: ['25'], settingsRegion: null, boundaries: { loaded: 3, matched: 0 } }))
      .toContain('(регионы: 25). Границы муниципальных образований загружены (3), но ни одна не сопоставлена с ОКТМО.');
    expect(oktmoNotice({ sites: 7, unmatched: 2, regions: ['25'], settingsRegion: null, boundaries: { loaded: 4, matched: 3 } }))
      .toContain('Места без населённого пункта размещены по границам муниципальных образований (сопоставлено 3 из 4); остальные — вне сопоставленных границ или без координат.');
  });

  it('is silent when every site has its formation or there are no sites', () => {
    expect(oktmoNotice({ sites: 7, unmatched: 0, regions: ['01'], settingsRegion: null })).toBeNull();
    expect(oktmoNotice({ sites: 0, unmatched: 0, regions: [], settingsRegion: null })).toBeNull();
  });
});
