/**
 * The one way a number reads on screen and in generated text (spec 01 §9, ГОСТ 8.417 / ГОСТ Р
 * 7.0.97 conventions for Russian text): decimal comma, thousands grouped by a narrow no-break space
 * (U+202F) — `Intl.NumberFormat('ru-RU')` with its non-breaking space narrowed (`1 760`, `12 345,5`).
 *
 * Input: a number, or a decimal string as the API sends decimals (`'4260.000'`); a string is
 * formatted exactly (no binary rounding), keeping its significant fraction digits up to
 * `maxFraction`. Anything else (null, '', text that is not a number) gives ''.
 */

/** Options: fraction digits shown (defaults: 0 … 3). */
export interface NumberFormatOptions {
  minFraction?: number;
  maxFraction?: number;
}

const NARROW_NBSP = '\u202f';
const cache = new Map<string, Intl.NumberFormat>();

function formatter(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: min, maximumFractionDigits: max });
    cache.set(key, f);
  }
  return f;
}

const DECIMAL_RE = /^-?\d+(\.\d+)?$/;

/** `1760.5` → `1 760,5`, `'12345.500'` → `12 345,5`, `-1.5` → `-1,5` (spaces: U+202F); '' for no value. */
export function formatNumber(value: number | string | null | undefined, o: NumberFormatOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && !DECIMAL_RE.test(value.trim())) return '';
  if (typeof value === 'number' && !Number.isFinite(value)) return '';
  const max = Math.max(o.maxFraction ?? 3, o.minFraction ?? 0);
  // A decimal string goes to Intl as a string: formatted exactly (Intl.NumberFormat v3).
  const text = formatter(o.minFraction ?? 0, max).format((typeof value === 'string' ? value.trim() : value) as unknown as number);
  return text.replace(/\u00a0/g, NARROW_NBSP);
}

/** A decimal string with all its significant fraction digits: `'1.100'` → `1,1`, `'4260.000'` → `4260`. */
export function formatDecimalString(value: string): string {
  const frac = value.trim().split('.')[1] ?? '';
  return formatNumber(value, { maxFraction: Math.min(frac.replace(/0+$/, '').length, 20) });
}
