/** The public map's «Сообщить о проблеме» link and the public appeal form read the same site back. */
import { describe, expect, it } from 'vitest';
import { appealSiteOf, publicAppealFormHref } from '../../src/appeals/public-appeal-site';

const paramsOf = (href: string) => new URL(href, 'http://tko.test').searchParams;

describe('the site of a public appeal in the form\'s address', () => {
  it('round-trips the id and the address, with the characters an address has', () => {
    const href = publicAppealFormHref(42, 'Ангарск, 12 мкр., д. 4 & 5/1');
    expect(href.startsWith('/public/appeal/new/?waste_area=42&location=')).toBe(true);
    expect(appealSiteOf(paramsOf(href))).toEqual({ id: 42, location: 'Ангарск, 12 мкр., д. 4 & 5/1' });
  });

  it('leaves out an empty address, and reads no site from a missing or bad id', () => {
    expect(publicAppealFormHref(7, '')).toBe('/public/appeal/new/?waste_area=7');
    expect(appealSiteOf(paramsOf('/public/appeal/new/?waste_area=7'))).toEqual({ id: 7, location: '' });
    for (const q of ['', '?waste_area=', '?waste_area=0', '?waste_area=-3', '?waste_area=1.5', '?waste_area=abc', '?waste_area=12345678901']) {
      expect(appealSiteOf(paramsOf(`/public/appeal/new/${q}`)), q).toBeNull();
    }
  });
});
