/**
 * «Площадки на карте»: the sites in the map's view beside it (issue 15 §3), kept in step with the
 * map (refreshed after each move, zoom and layer change). Each entry is one control: for a signed-in
 * user a link to the object's page, else a button; focusing an entry (keyboard or mouse) opens the
 * feature's popup on the map, so the two stay synced.
 */
import { Typography } from 'antd';
import { memo } from 'react';
import { Link } from 'react-router';
import type { RenderedSite, SitesInView } from './sites-in-view';

export interface SiteListProps {
  view: SitesInView;
  /** The page of a site, or null (anonymous visitors, layers without a page). */
  hrefOf: (site: RenderedSite) => string | null;
  /** Shows the site on the map (its popup). */
  onFocusSite: (site: RenderedSite) => void;
}

export const SiteList = memo(function SiteList({ view, hrefOf, onFocusSite }: SiteListProps) {
  return (
    <section aria-labelledby="map-sites-title" style={{ overflowY: 'auto', padding: '8px 12px', background: '#fff', borderInlineStart: '1px solid #d9d9d9' }}>
      <h2 id="map-sites-title" style={{ fontSize: 16, margin: '4px 0 8px' }}>
        Площадки на карте
      </h2>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }} aria-live="polite" data-testid="map-sites-count">
        {view.total === 0 ? 'В видимой части карты нет объектов.' : view.total > view.sites.length ? `Показаны ${view.sites.length} из ${view.total}; приблизьте карту.` : `Объектов: ${view.total}`}
      </Typography.Paragraph>
      <ul aria-label="Площадки на карте" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {view.sites.map((site) => {
          const href = hrefOf(site);
          const key = `${site.layerId}:${site.id ?? site.lngLat.join(',')}`;
          const show = () => onFocusSite(site);
          return (
            <li key={key} style={{ padding: '4px 0', borderBottom: '1px solid #f0f0f0' }}>
              {href ? (
                <Link to={href} onFocus={show} onMouseEnter={show}>
                  {site.title}
                </Link>
              ) : (
                <button type="button" onClick={show} onFocus={show} style={{ background: 'none', border: 0, padding: 0, font: 'inherit', textAlign: 'start', cursor: 'pointer', color: 'inherit' }}>
                  {site.title}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
});
