/**
 * Reads CSV bytes into a {@link Table}: decodes them (iconv-lite) in the detected encoding
 * (detect.ts), guesses the delimiter among ';', ',' and tab on the first lines (guessDelimiter:
 * the one giving the most consistent number of fields), then parses with csv-parse
 * (RFC 4180 quoting, any line ending; a quote inside an unquoted cell — `ООО "Ромашка"`, common in
 * Russian registers — is kept as a character, as a spreadsheet reads it: relax_quotes). The first record is the header. Empty lines and rows
 * whose cells are all blank are skipped; a short row is padded with blank cells.
 * Errors: ImportInputError for broken quoting, with the line.
 */
import { CsvError } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import type { TextEncoding } from './detect';
import { ImportInputError } from './errors';
import type { Table } from './table';
import { tableFromRecords } from './table';

export const DELIMITERS = [';', ',', '\t'] as const;

/** Characters and lines of the sample the delimiter is guessed from (whole lines). */
const GUESS_CHARS = 64 * 1024;
const GUESS_LINES = 50;

export const ICONV_NAME: Record<TextEncoding, string> = { 'UTF-8': 'utf8', 'UTF-16LE': 'utf16le', 'UTF-16BE': 'utf16be', 'windows-1251': 'win1251' };

/** Decodes bytes in `encoding`; a BOM is dropped. */
export function decodeText(bytes: Buffer, encoding: TextEncoding): string {
  return iconv.decode(bytes, ICONV_NAME[encoding], { stripBOM: true });
}

/**
 * The delimiter of `text`: each candidate splits the first lines with csv-parse (quotes
 * respected); the one giving the header at least two fields and the same number of fields on
 * the most lines wins, then the one with more fields; ';' when none splits anything.
 */
export function guessDelimiter(text: string): string {
  const end = text.length > GUESS_CHARS ? text.lastIndexOf('\n', GUESS_CHARS) : text.length;
  const sample = text.slice(0, end > 0 ? end : GUESS_CHARS);
  let best = { delimiter: ';', score: 0 };
  for (const delimiter of DELIMITERS) {
    let records: string[][];
    try {
      records = parse(sample, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, to_line: GUESS_LINES }) as string[][];
    } catch {
      continue;
    }
    const width = records[0]?.length ?? 0;
    if (width < 2) continue;
    const consistent = records.filter((r) => r.length === width).length / records.length;
    const score = consistent * 1000 + width;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/**
 * The longest CSV record read, characters: csv-parse stops there instead of growing one record
 * without end (a quote never closed, a file of one line), so a file cannot take the process's
 * memory; a register's row is a few hundred characters.
 */
export const MAX_CSV_RECORD_CHARS = 1024 * 1024;

const CSV_ERRORS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'не закрыты кавычки',
  CSV_INVALID_CLOSING_QUOTE: 'после закрывающей кавычки стоят лишние символы',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'после закрывающей кавычки стоят лишние символы',
  INVALID_OPENING_QUOTE: 'кавычка внутри значения без кавычек',
  CSV_MAX_RECORD_SIZE: `строка длиннее ${MAX_CSV_RECORD_CHARS} символов (предел; проверьте кавычки)`,
};


/** csv-parse options of every reading: lenient as a spreadsheet (quotes inside unquoted cells kept), records bounded. */
export const PARSE_OPTIONS = { info: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true, max_record_size: MAX_CSV_RECORD_CHARS } as const;

/** True for an error csv-parse raised about the text (any code, e.g. INVALID_OPENING_QUOTE). */
export function isCsvError(e: unknown): e is CsvError {
  return e instanceof CsvError;
}

/** csv-parse's error as the user's: the line and what is wrong, in Russian. */
export function csvInputError(e: unknown): ImportInputError {
  const err = e as CsvError & { lines?: number };
  // A bare quote is read as a character (relax_quotes); the code is named should that ever change.
  const why = CSV_ERRORS[err.code] ?? 'неправильная разметка CSV';
  return new ImportInputError(`Не удалось прочитать CSV: строка ${err.lines ?? '?'}, ${why}.`, 'file');
}

/** Parses decoded CSV text with `delimiter` into a table. */
export function parseCsv(text: string, delimiter: string): Table {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { delimiter, ...PARSE_OPTIONS }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (e) {
    throw csvInputError(e);
  }
  return tableFromRecords(records.map((r) => ({ line: r.info.lines, cells: r.record })));
}

/** Decodes, guesses the delimiter and parses. */
export function readCsv(bytes: Buffer, encoding: TextEncoding): Table & { delimiter: string } {
  const text = decodeText(bytes, encoding);
  const delimiter = guessDelimiter(text);
  return { ...parseCsv(text, delimiter), delimiter };
}
