/**
 * What a person should never read on a screen (issue 26 «screen audit»): a raw ISO date
 * (`2026-11-27`, `…T12:27`), a dot-decimal number (`56.7`; coordinates «52.546842, 103.870102» are
 * the spec's own format and pass; on a screen naming «ОКВЭД» its dotted codes «38.11» pass too),
 * «undefined» / «null» / «NaN», and Latin-only words outside
 * {@link LATIN_ALLOWED}. E-mail addresses, links and a notification template's placeholders as they are
 * typed (`{{name}}`, the template language; the editor's help gives each one's Russian meaning) are left
 * out before the checks. The text read
 * ({@link shownText}) is the page's and the values of its visible fields (a prefilled date is a value).
 */
import type { Page } from 'playwright-core';

/** Latin words a Russian screen may show: product and map names, file formats, units of the spec. */
export const LATIN_ALLOWED = new Set([
  'MapLibre', 'OpenStreetMap', 'OSM', 'Excel', 'xlsx', 'XLSX', 'csv', 'CSV', 'PDF', 'pbf', 'GPS', 'ID', 'STOMP', 'JSON', 'GeoJSON',
  // the tracker's protocol and device identity (Wialon IPS, IMEI) as the vehicle card names them
  'Wialon', 'IPS', 'IMEI',
  // driving licence categories
  'CE', 'C', 'B', 'D', 'BE', 'DE',
]);

export type TextKind = 'iso-date' | 'dot-decimal' | 'undefined-null' | 'latin';
export interface TextFinding { screen: string; kind: TextKind; sample: string }

/** A raw date: ISO (`2026-11-27`, `…T12:27`) or the US form of an English date picker (`11/27/2026`). */
const ISO_RE = /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2})?|\b\d{1,2}\/\d{1,2}\/\d{4}\b/;
const DOT_DECIMAL_RE = /(?<![\d.,])\d+\.\d{1,4}(?![\d.])/;
/** An ОКВЭД 2 code (ОК 029-2014 writes its codes with dots: «38.11», «38.21.1»): not a number where the screen names ОКВЭД. */
const OKVED_CODE_RE = /(?<![\d.,])\d{2}(?:\.\d{1,2}){1,3}(?![\d.,])/g;
const UNDEF_RE = /\b(undefined|null|NaN)\b/;
const LATIN_RE = /(?<![\p{L}\d@._-])[A-Za-z]{2,}(?![\p{L}\d@_-])/gu;

/** What the page shows: its body's text and the values of its visible text fields (one a line). */
export async function shownText(page: Page): Promise<string> {
  const body = await page.locator('body').innerText();
  const values = await page.$$eval('input:not([type=hidden]):not([type=password]):not([type=checkbox]):not([type=radio]):not([type=file]), textarea', (els) =>
    els.filter((e) => (e as unknown as { offsetParent: unknown }).offsetParent !== null).map((e) => (e as unknown as { value: string }).value).filter(Boolean));
  return [body, ...values].join('\n');
}

/** Findings of a screen's shown text, each with ~70 characters around the first hit. */
export function textFindings(screen: string, text: string): TextFinding[] {
  const plain = text.replace(/\S+@\S+/g, ' ').replace(/https?:\/\/\S+/g, ' ').replace(/\{\{\s*[a-z_]+\s*\}\}/g, ' ');
  const t = /ОКВЭД/.test(plain) ? plain.replace(OKVED_CODE_RE, ' ') : plain;
  const out: TextFinding[] = [];
  const at = (re: RegExp) => { const m = re.exec(t); return m ? t.slice(Math.max(0, m.index - 30), m.index + 40).replace(/\s+/g, ' ') : null; };
  const iso = at(ISO_RE); if (iso) out.push({ screen, kind: 'iso-date', sample: iso });
  const dot = at(DOT_DECIMAL_RE); if (dot) out.push({ screen, kind: 'dot-decimal', sample: dot });
  const und = at(UNDEF_RE); if (und) out.push({ screen, kind: 'undefined-null', sample: und });
  const latin = [...new Set([...t.matchAll(LATIN_RE)].map((m) => m[0]))].filter((w) => !LATIN_ALLOWED.has(w));
  if (latin.length) out.push({ screen, kind: 'latin', sample: latin.slice(0, 8).join(' ') });
  return out;
}
