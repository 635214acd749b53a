/**
 * Reads Rosstat's ОКТМО open-data file (layout "structure-20150128", described in
 * shared/data/SOURCES.md §2): UTF-8, `;`-separated, fields quoted, no header row, 13 columns —
 * TER, KOD1, KOD2, KOD3, KC (control number), RAZDEL (section 1 | 2), NAME1, Centrum,
 * NomDescr, NomAkt, Status, DateUtv, DateVved (dates dd.mm.yyyy).
 *
 * Every line becomes a row; a line that does not fit the layout is kept with its `problem`
 * (never dropped silently) so the loader can report it.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';

export interface OktmoRow {
  /** 1-based line number in the file. */
  line: number;
  ter: string;
  kod1: string;
  kod2: string;
  kod3: string;
  /** The published control number (column KC). */
  kc: string;
  /** '1' municipal formations, '2' localities. */
  section: string;
  name: string;
  centre: string;
  note: string;
  /** Change type: '0' original, '2' amended, '3' added. */
  status: string;
  /** Approval and effective dates as YYYY-MM-DD, or null when absent. */
  approvedAt: string | null;
  effectiveAt: string | null;
  /** Why the line cannot be used, or null. */
  problem: string | null;
}

const DATE_RE = /^(\d{2})\.(\d{2})\.(\d{4})$/;

/** dd.mm.yyyy → YYYY-MM-DD; null when empty; undefined when malformed. */
function isoDate(s: string): string | null | undefined {
  if (!s) return null;
  const m = DATE_RE.exec(s);
  if (!m) return undefined;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? undefined : iso;
}

/** Parses the file text; see the module doc. Throws only when the text is not CSV at all. */
export function parseOktmo(text: string): OktmoRow[] {
  const records = parse(text, { delimiter: ';', quote: '"', relax_column_count: true, skip_empty_lines: true, trim: true, bom: true }) as string[][];
  return records.map((r, i) => toRow(r, i + 1));
}

/** Reads and parses `filePath` (UTF-8). */
export async function readOktmo(filePath: string): Promise<OktmoRow[]> {
  return parseOktmo(await readFile(filePath, 'utf8'));
}

function toRow(r: string[], line: number): OktmoRow {
  const [ter = '', kod1 = '', kod2 = '', kod3 = '', kc = '', section = '', name = '', centre = '', note = '', , status = '', utv = '', vved = ''] = r;
  const approvedAt = isoDate(utv);
  const effectiveAt = isoDate(vved);
  let problem: string | null = null;
  if (r.length !== 13) problem = `ожидалось 13 столбцов, в строке ${r.length}`;
  else if (!/^\d{2}$/.test(ter) || !/^\d{3}$/.test(kod1) || !/^\d{3}$/.test(kod2) || !/^\d{3}$/.test(kod3)) problem = `код не из цифр: «${ter} ${kod1} ${kod2} ${kod3}»`;
  else if (!/^\d$/.test(kc)) problem = `контрольное число не цифра: «${kc}»`;
  else if (section !== '1' && section !== '2') problem = `неизвестный раздел «${section}»`;
  else if (section === '1' && kod3 !== '000') problem = 'в разделе 1 код населённого пункта должен быть 000';
  else if (!name) problem = 'пустое наименование';
  else if (!['0', '2', '3'].includes(status)) problem = `неизвестный тип изменения «${status}»`;
  else if (approvedAt === undefined || effectiveAt === undefined) problem = `неверная дата «${utv}» / «${vved}»`;
  return {
    line, ter, kod1, kod2, kod3, kc, section, name, centre, note, status,
    approvedAt: approvedAt ?? null, effectiveAt: effectiveAt ?? null, problem,
  };
}
