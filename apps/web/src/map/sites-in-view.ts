/**
 * The sites drawn in the map's view as a list (issue 15 §3: the map's sites reachable from the
 * keyboard, WCAG 2.1.1): one entry per feature id and layer, in the order of their titles, at most
 * `limit` (the rest counted). Pure: the map page feeds it `queryRenderedFeatures()` after each `idle`.
 */

/** One rendered feature as the list needs it. */
export interface RenderedSite {
  layerId: string;
  id: number | null;
  title: string;
  /** [lng, lat] of the point. */
  lngLat: [number, number];
  props: Record<string, unknown>;
}

export interface SitesInView {
  sites: RenderedSite[];
  /** Sites in view in all (≥ sites.length). */
  total: number;
  /** Equal lists have equal keys (no re-render when the view moved but the sites did not change). */
  key: string;
}

/** One collator for every sort: `localeCompare(…, 'ru')` builds one per call (~7× slower on 1 700 sites). */
const RU = new Intl.Collator('ru');

/** Distinct sites (layer + id; features without an id by position) sorted by title, first `limit`. */
export function sitesInView(features: RenderedSite[], limit = 50): SitesInView {
  const seen = new Map<string, RenderedSite>();
  for (const f of features) {
    const k = `${f.layerId}:${f.id ?? f.lngLat.join(',')}`;
    if (!seen.has(k)) seen.set(k, f);
  }
  const all = [...seen.values()].sort((a, b) => RU.compare(a.title, b.title) || (a.id ?? 0) - (b.id ?? 0));
  const sites = all.slice(0, limit);
  return { sites, total: all.length, key: `${all.length}|${sites.map((s) => `${s.layerId}:${s.id ?? s.lngLat.join(',')}`).join(';')}` };
}
