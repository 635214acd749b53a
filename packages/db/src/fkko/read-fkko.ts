/**
 * Reads the ФККО catalogue file (`fkko_catalog_rpn_2026-03-25.tsv`, shared/data/SOURCES.md §1):
 * UTF-8, TAB-separated, no quoting, one header row `code	name	link`, one row per code written in
 * the groups `B BB BBB BB BB C`. Every code goes through the contract's strict check
 * (validation/fkko-code.ts): a row that fails it is not returned but reported with its line
 * number, the raw code and the reason, so nothing is loaded silently. The real file has 17 such
 * rows, where a digit was replaced by a non-breaking space (U+00A0).
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { parseFkkoCode } from '@tko/contract';

/** A valid row: the code as 11 digits, the name and the link as given (trimmed). */
export interface FkkoRow {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  code: string;
  name: string;
  link: string | null;
}

/** A refused row: where, what, why (Russian). */
export interface FkkoRejected {
  line: number;
  /** The code column exactly as in the file. */
  rawCode: string;
  reason: string;
}

export interface FkkoFile {
  /** Data rows of the file (header and blank lines not counted). */
  rows: number;
  valid: FkkoRow[];
  rejected: FkkoRejected[];
}

const HEADER = ['code', 'name', 'link'];

/**
 * Parses `filePath`. Throws when the header is not `code, name, link`; a bad row is never a
 * throw but a {@link FkkoRejected}: a malformed code, an empty name, a wrong number of columns
 * or a code already seen on an earlier line.
 */
export async function readFkkoFile(filePath: string): Promise<FkkoFile> {
  const text = await readFile(filePath, 'utf8');
  const records = parse(text, {
    delimiter: '\t',
    quote: false,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const [head, ...data] = records;
  if (!head || head.record.map((h) => h.trim()).join('\t') !== HEADER.join('\t')) {
    throw new Error(`${filePath}: ожидалась строка заголовка «${HEADER.join('<TAB>')}»`);
  }
  const valid: FkkoRow[] = [];
  const rejected: FkkoRejected[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of data) {
    const line = info.lines;
    const rawCode = record[0] ?? '';
    const reject = (reason: string) => rejected.push({ line, rawCode, reason });
    if (record.length !== HEADER.length) {
      reject(`Ожидалось ${HEADER.length} столбца (код, наименование, ссылка), а в строке ${record.length}.`);
      continue;
    }
    const parsed = parseFkkoCode(rawCode);
    if (!parsed.ok) {
      reject(parsed.reason);
      continue;
    }
    const name = (record[1] ?? '').trim();
    if (!name) {
      reject('Пустое наименование.');
      continue;
    }
    const code = parsed.value.code;
    const first = seen.get(code);
    if (first !== undefined) {
      reject(`Код ${code} уже был в строке ${first}.`);
      continue;
    }
    seen.set(code, line);
    valid.push({ line, code, name, link: (record[2] ?? '').trim() || null });
  }
  return { rows: data.length, valid, rejected };
}
