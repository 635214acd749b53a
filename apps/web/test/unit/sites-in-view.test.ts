/** The map's list of sites in view (issue 15 §3): distinct, sorted by title, capped, keyed. */
import { describe, expect, it } from 'vitest';
import { sitesInView, type RenderedSite } from '../../src/map/sites-in-view';

const site = (layerId: string, id: number | null, title: string, lngLat: [number, number] = [104, 52]): RenderedSite => ({ layerId, id, title, lngLat, props: {} });

describe('sitesInView', () => {
  it('one entry per layer and id (a feature drawn in two tiles counts once), sorted by title in Russian order', () => {
    const v = sitesInView([site('a', 2, 'Ёлочная, 1'), site('a', 1, 'Абрикосовая, 3'), site('a', 2, 'Ёлочная, 1'), site('b', 2, 'Берёзовая, 5')]);
    expect(v.sites.map((s) => s.title)).toEqual(['Абрикосовая, 3', 'Берёзовая, 5', 'Ёлочная, 1']);
    expect(v.total).toBe(3);
  });

  it('features without an id are told apart by position; the list is capped and says how many there are', () => {
    const many = Array.from({ length: 60 }, (_, i) => site('a', null, `Улица ${String(i).padStart(2, '0')}`, [104 + i / 100, 52]));
    const v = sitesInView(many, 50);
    expect(v.sites).toHaveLength(50);
    expect(v.total).toBe(60);
    expect(v.sites[0]!.title).toBe('Улица 00');
  });

  it('equal lists have equal keys, a changed list another', () => {
    const a = sitesInView([site('a', 1, 'А'), site('a', 2, 'Б')]);
    const b = sitesInView([site('a', 2, 'Б'), site('a', 1, 'А')]);
    const c = sitesInView([site('a', 1, 'А')]);
    expect(a.key).toBe(b.key);
    expect(a.key).not.toBe(c.key);
  });
});
