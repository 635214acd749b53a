/**
 * Text clean-up rules of the Angarsk route plan (docs/DATA.md): addresses, the city, licence
 * plates and the site key.
 */

/**
 * A licence plate in one spelling ('Е529НУ138', 'E 529 HY 138' → 'Е 529 НУ 138'): the
 * contract's rule (validation/plate.ts), shared with the vehicle registry's writes.
 */
export { normalizePlate } from '@tko/contract';

/**
 * The address as the registry shows it: the file replaced the commas of the original by runs
 * of two or more spaces ('Ангарск  47 квл  60'), so those runs become ', ' again
 * ('Ангарск, 47 квл, 60'). Leading and trailing blanks are dropped.
 */
export function addressToLocation(raw: string): string {
  return raw.split(/\s{2,}/).map((part) => part.trim()).filter(Boolean).join(', ');
}

const ANGARSK_RE = /^(г\.?\s*)?Ангарск(\s+г\.?)?(?=$|[\s,])/u;

/** 'Ангарск' when the address starts with the city ('Ангарск', 'г. Ангарск', 'Ангарск г.'), else null. */
export function cityOf(location: string): string | null {
  return ANGARSK_RE.test(location) ? 'Ангарск' : null;
}

/** The import key of a site: 'lat,lng' with 6 decimals (about 0.1 m, spec 01 §5). */
export function siteKey(lat: number, lng: number): string {
  return `${lat.toFixed(6)},${lng.toFixed(6)}`;
}
