/**
 * Text clean-up rules of the Angarsk route plan (docs/DATA.md): addresses, the city, licence
 * plates and the site key.
 */

/** Latin letters that look like the 12 Cyrillic letters allowed on Russian plates (ГОСТ Р 50577). */
const LATIN_TO_CYRILLIC: Record<string, string> = {
  A: 'А', B: 'В', E: 'Е', K: 'К', M: 'М', H: 'Н', O: 'О', P: 'Р', C: 'С', T: 'Т', Y: 'У', X: 'Х',
};
const PLATE_RE = /^([АВЕКМНОРСТУХ])(\d{3})([АВЕКМНОРСТУХ]{2})(\d{2,3})?$/u;

/**
 * A licence plate in one spelling: 'Е529НУ138' and 'Е 529  НУ 138' both give 'Е 529 НУ 138'
 * (letter, number, series, region). Plates of another shape keep their characters with single
 * spaces.
 */
export function normalizePlate(raw: string): string {
  const compact = raw.toUpperCase().replace(/\s+/g, '').replace(/[A-Z]/g, (c) => LATIN_TO_CYRILLIC[c] ?? c);
  const m = PLATE_RE.exec(compact);
  if (!m) return raw.trim().replace(/\s+/g, ' ');
  return [m[1], m[2], m[3], m[4]].filter(Boolean).join(' ');
}

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
