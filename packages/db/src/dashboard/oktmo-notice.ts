/**
 * What the dashboard says when the loaded ОКТМО units do not cover the sites (docs/ANALYTICS.md
 * «Места накопления по границам муниципальных образований (ОКТМО)»): instead of an empty choropleth, how many
 * sites have no municipal formation, which regions' units are loaded, the region of the system settings, and
 * how to fix it — in Russian. A site's formation is found by its settlement's name among the loaded section-2
 * units, else by the loaded OSM boundary covering it (oktmo/site-unit.ts); the notice says whether boundaries
 * are loaded and matched, so a site outside every matched boundary is flagged here (the same section: placed
 * or flagged).
 */
import { formatNumber } from '@tko/contract';

export interface OktmoCoverage {
  /** Sites counted by the widget. */
  sites: number;
  /** Of them, sites whose settlement matched no loaded unit (the widget's row with code ''). */
  unmatched: number;
  /** The loaded units' regions (their `region`, else the code's first two digits), sorted; empty: none loaded. */
  regions: string[];
  /** The region of the system settings (null: not set). */
  settingsRegion: string | null;
  /** The loaded OSM boundaries (admin_level 6/8) and those matched to a formation (absent: none loaded). */
  boundaries?: { loaded: number; matched: number };
}

/** How to fix it, said to every user: the page of the administrator who loads the file (contract routes/region-oktmo.ts). */
const HOW = 'Администратор загружает ОКТМО на странице Администрирование → Регион (файл ОКТМО Росстата своего региона);'
  + ' в адресах мест накопления должен быть указан населённый пункт, или загружена выгрузка OpenStreetMap региона с границами муниципальных образований.';

/** What the loaded boundaries did (empty: none loaded). */
function boundaryText(b: OktmoCoverage['boundaries']): string {
  if (!b || b.loaded === 0) return ' Границы муниципальных образований не загружены: места без населённого пункта не размещены по координатам.';
  if (b.matched === 0) return ` Границы муниципальных образований загружены (${formatNumber(b.loaded)}), но ни одна не сопоставлена с ОКТМО.`;
  return ` Места без населённого пункта размещены по границам муниципальных образований (сопоставлено ${formatNumber(b.matched)} из ${formatNumber(b.loaded)}); остальные — вне сопоставленных границ или без координат.`;
}

/** The notice, or null when every site has its formation (or there are no sites). */
export function oktmoNotice(c: OktmoCoverage): string | null {
  if (c.sites === 0 || c.unmatched === 0) return null;
  const region = c.settingsRegion ? ` Регион в настройках системы: ${c.settingsRegion}.` : ' Регион в настройках системы не указан.';
  const whole = c.unmatched === c.sites ? 'Карта пуста: ' : '';
  if (!c.regions.length) {
    return `${whole}ОКТМО не загружен — ${formatNumber(c.unmatched)} из ${formatNumber(c.sites)} мест накопления не отнесены к муниципальным образованиям.${region} ${HOW}`;
  }
  return `${whole}ОКТМО не определено для ${formatNumber(c.unmatched)} из ${formatNumber(c.sites)} мест накопления: их населённые пункты не найдены среди загруженных муниципальных образований (регионы: ${c.regions.join(', ')}).${boundaryText(c.boundaries)}${region} ${HOW}`;
}
