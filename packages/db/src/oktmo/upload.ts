/**
 * ОКТМО loaded from the screen (Администрирование → Регион, contract routes/region-oktmo.ts;
 * docs/DATA.md «ОКТМО», «Loading from the screen»): the bytes of a Rosstat ОКТМО file of any region
 * (the layout of read.ts) are decoded (UTF-8, else Windows-1251 — Rosstat publishes both), parsed,
 * cut to the region of the system settings when the file holds several regions, and loaded by
 * importOktmoRows (import.ts — the one loader, also the command's). Runs inside the request: a
 * region's file loads in well under 2 s (docs/DATA.md).
 *
 * Which regions are loaded (decision, docs/DECISIONS.md): a file of one region is loaded whole; a
 * file of several regions loads the one the settings' region names (its two-digit ОКТМО code, or
 * its name as the file's region heading writes it, in any case ending: «Иркутская область» ~
 * «… Иркутской области»); when the settings name none of them (not set, or a region not in the
 * file) every region is loaded and the answer says why.
 */
import type { Pool } from 'pg';
import { importOktmoRows, type OktmoImportCounts } from './import';
import { parseOktmo, type OktmoRow } from './read';

/** A region of the file: its ОКТМО code (TER) and the name of its heading row (genitive), or null. */
export interface OktmoFileRegion {
  region: string;
  name: string | null;
}

export interface OktmoUploadResult extends OktmoImportCounts {
  /** Every region of the file, by code. */
  fileRegions: OktmoFileRegion[];
  /** The regions loaded. */
  loadedRegions: string[];
  /** Why these regions (Russian). */
  choice: string;
}

/** The file is not an ОКТМО file: no row could be loaded (the reason in Russian). */
export class OktmoFileError extends Error {}

/** Bytes → text: UTF-8 when valid, else Windows-1251. */
export function decodeOktmo(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

const HEADING_PREFIX = /^Муниципальные образования\s+/i;

/** The file's regions: the TER codes of its well-formed rows, named by their «Муниципальные образования …» heading. */
export function oktmoFileRegions(rows: OktmoRow[]): OktmoFileRegion[] {
  const by = new Map<string, string | null>();
  for (const r of rows) {
    if (r.problem) continue;
    if (!by.has(r.ter)) by.set(r.ter, null);
    if (r.section === '1' && r.kod1 === '000' && r.kod2 === '000' && HEADING_PREFIX.test(r.name)) by.set(r.ter, r.name.replace(HEADING_PREFIX, ''));
  }
  return [...by].map(([region, name]) => ({ region, name })).sort((a, b) => a.region.localeCompare(b.region));
}

const words = (s: string) => s.toLowerCase().replace(/ё/g, 'е').split(/[^a-zа-я0-9]+/).filter((w) => w.length > 0);

/**
 * True when the settings' region names this file region: its leading two-digit code equals the
 * region's code, or every word of it, less its case ending (the last 3 letters, at least 3 kept),
 * begins a word of the region's heading name. «Алтайский край» ~ «Алтайского края».
 */
export function regionMatches(settings: string, r: OktmoFileRegion): boolean {
  const code = /^\s*(\d{2})(?!\d)/.exec(settings);
  if (code) return code[1] === r.region;
  if (!r.name) return false;
  const stems = words(settings).map((w) => w.slice(0, Math.max(3, w.length - 3)));
  const have = words(r.name);
  return stems.length > 0 && stems.every((s) => have.some((h) => h.startsWith(s)));
}

/** Which of `regions` to load for the settings' region; see the module doc. */
export function chooseOktmoRegions(regions: OktmoFileRegion[], settings: string | null): { regions: string[]; choice: string } {
  const all = regions.map((r) => r.region);
  const label = (r: OktmoFileRegion) => (r.name ? `${r.region} (${r.name})` : r.region);
  if (regions.length <= 1) return { regions: all, choice: 'В файле один регион: загружен весь файл.' };
  const s = settings?.trim() || null;
  if (!s) return { regions: all, choice: 'В файле несколько регионов, регион в настройках системы не указан: загружены все регионы файла.' };
  const hit = regions.filter((r) => regionMatches(s, r));
  if (hit.length === 1) return { regions: [hit[0]!.region], choice: `В файле несколько регионов: загружен регион настроек системы «${s}» — ${label(hit[0]!)}.` };
  return { regions: all, choice: `В файле несколько регионов, регион настроек системы «${s}» среди них не найден: загружены все регионы файла.` };
}

/**
 * Loads an uploaded ОКТМО file through `pool`; see the module doc. Throws OktmoFileError (nothing
 * written) when no row of the file is a well-formed ОКТМО row or no unit is left to load.
 */
export async function loadOktmoUpload(pool: Pool, bytes: Uint8Array): Promise<OktmoUploadResult> {
  let rows: OktmoRow[];
  try {
    rows = parseOktmo(decodeOktmo(bytes));
  } catch {
    throw new OktmoFileError('Файл не похож на файл ОКТМО Росстата: его не удалось прочитать как CSV с разделителем «;».');
  }
  const fileRegions = oktmoFileRegions(rows);
  if (!fileRegions.length) {
    const first = rows[0]?.problem;
    throw new OktmoFileError(`Файл не похож на файл ОКТМО Росстата (13 столбцов через «;», коды из цифр)${first ? `: строка 1 — ${first}` : ': файл пуст'}.`);
  }
  const settings = await systemSettingsRegion(pool);
  const { regions, choice } = chooseOktmoRegions(fileRegions, settings);
  const keep = new Set(regions);
  // Rows of other regions are left out; malformed rows stay, to be reported.
  const counts = await importOktmoRows(pool, rows.filter((r) => r.problem || keep.has(r.ter)));
  if (counts.units.total === 0) throw new OktmoFileError('В файле нет ни одной единицы ОКТМО: только строки-заголовки или строки с ошибками.');
  // `rows` counts the whole file's lines, not only the loaded region's.
  return { ...counts, rows: rows.length, fileRegions, loadedRegions: regions, choice };
}

/** The region of the system settings, trimmed (null: not set). */
export async function systemSettingsRegion(pool: Pool): Promise<string | null> {
  const { rows } = await pool.query<{ region: string | null }>(`SELECT nullif(btrim(region), '') AS region FROM system_settings WHERE id = 1`);
  return rows[0]?.region ?? null;
}

/** The loaded units by region (the code's first two digits) and section, for the page. */
export async function oktmoLoadedByRegion(pool: Pool): Promise<{ region: string; formations: number; localities: number }[]> {
  const { rows } = await pool.query<{ region: string; formations: number; localities: number }>(
    `SELECT left(code, 2) AS region,
            count(*) FILTER (WHERE length(code) = 8)::int AS formations,
            count(*) FILTER (WHERE length(code) = 11)::int AS localities
       FROM administrative_unit WHERE code IS NOT NULL GROUP BY 1 ORDER BY 1`);
  return rows;
}
