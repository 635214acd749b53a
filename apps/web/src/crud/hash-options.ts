/**
 * List state in the URL hash (spec 01 §2): `#page=1&ordering=location&status=ACTIVE,CLOSED`.
 * Values are strings; lists are comma-joined and commas stay readable in the URL.
 */

export type HashOptions = Record<string, string>;

/** Keys written first, in this order; the filters follow in their own order. */
const LEADING_KEYS = ['page', 'page_size', 'ordering'];

function decode(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** Parses `#a=1&b=x,y` (with or without the `#`). Empty values are dropped. */
export function parseHash(hash: string): HashOptions {
  const out: HashOptions = {};
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    if (key && value !== '') out[key] = value;
  }
  return out;
}

function encode(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ',');
}

/** Serialises options to `page=1&ordering=location&status=ACTIVE` (no `#`); empty values left out. */
export function serialiseHash(opts: HashOptions): string {
  const keys = Object.keys(opts).filter((k) => opts[k] !== undefined && opts[k] !== '');
  const lead = LEADING_KEYS.filter((k) => keys.includes(k));
  const rest = keys.filter((k) => !LEADING_KEYS.includes(k));
  return [...lead, ...rest].map((k) => `${encode(k)}=${encode(opts[k]!)}`).join('&');
}

/** Options with every missing default filled in. */
export function withDefaults(opts: HashOptions, defaults: HashOptions): HashOptions {
  return { ...defaults, ...opts };
}

/** True when some default key is absent, so the hash should be rewritten. */
export function lacksDefaults(opts: HashOptions, defaults: HashOptions): boolean {
  return Object.keys(defaults).some((k) => !(k in opts));
}

/**
 * Sets (or with `undefined`/''/[] removes) one filter; any filter change returns to page 1.
 * Lists are comma-joined.
 */
export function setOption(opts: HashOptions, key: string, value: string | string[] | boolean | undefined | null): HashOptions {
  const next: HashOptions = { ...opts };
  const text = Array.isArray(value) ? value.join(',') : value === undefined || value === null ? '' : String(value);
  if (text === '') delete next[key];
  else next[key] = text;
  if (key !== 'page' && key !== 'page_size' && key !== 'ordering') next.page = '1';
  if (key === 'page_size' || key === 'ordering') next.page = '1';
  return next;
}

/** A comma-joined value as a list (empty items dropped). */
export function splitList(value: string | undefined): string[] {
  return value ? value.split(',').map((s) => s.trim()).filter(Boolean) : [];
}

/** A positive integer option, or the fallback. */
export function intOption(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}
