/**
 * What an uploaded file is, from its bytes (never from its name): an XLSX workbook (a zip the
 * `file-type` library recognises as one), or CSV text in UTF-8 (with or without a BOM),
 * UTF-16 with a BOM (Excel's «Текст Юникод»), or Windows-1251. A text that is not valid UTF-8
 * is given to `jschardet` (Mozilla's universal detector; its Cyrillic probers tell
 * Windows-1251 from KOI8-R, IBM866 and MacCyrillic); anything but Windows-1251 is refused with
 * the name it detected. Errors: {@link ImportInputError} with a Russian message.
 */
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { detectAll } from 'jschardet';
import { IMPORT_MSG } from '@tko/contract';
import { ImportInputError } from './errors';
import { looksLikeJson } from './read-json';

export type TextEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | 'windows-1251';

/**
 * Bytes given to jschardet (it stops collecting evidence long before) and checked for NUL; a
 * streamed inspection reads this head of the file (read-table.ts).
 */
export const SNIFF_BYTES = 1024 * 1024;
/**
 * Single-byte encodings a Russian CSV may come in. Left free, the detector prefers look-alikes of
 * Windows-1251 such as KZ1048 or PTCP154 on short files; restricted, it tells these apart.
 */
const CANDIDATES = ['windows-1251', 'KOI8-R', 'IBM866', 'ISO-8859-5', 'MacCyrillic', 'windows-1252', 'ISO-8859-1'] as const;
/** A Windows-1251 guess this close to the best one is taken (see detectEncoding). */
const CLOSE_SECOND = 0.9;

/** 'XLSX', 'JSON' (text starting with `[` or `{`) or 'CSV' for the file at `filePath` whose first bytes are `head`. */
export async function detectFileType(filePath: string, head: Buffer): Promise<'CSV' | 'XLSX' | 'JSON'> {
  if (head.length === 0) throw new ImportInputError(IMPORT_MSG.emptyFile, 'file');
  const type = await fileTypeFromFile(filePath);
  if (type?.ext === 'xlsx') return 'XLSX';
  if (!type && looksLikeJson(head)) return 'JSON';
  // Text has no magic number: file-type knows nothing about it. Anything it does recognise
  // (images, pdf, zip, old .xls …) is not a table we read.
  if (type) throw new ImportInputError(IMPORT_MSG.notTable, 'file');
  return 'CSV';
}

/** The same as {@link detectFileType} for bytes in memory. */
export async function detectBufferType(bytes: Buffer): Promise<'CSV' | 'XLSX'> {
  if (bytes.length === 0) throw new ImportInputError(IMPORT_MSG.emptyFile, 'file');
  const type = await fileTypeFromBuffer(bytes);
  if (type?.ext === 'xlsx') return 'XLSX';
  if (type) throw new ImportInputError(IMPORT_MSG.notTable, 'file');
  return 'CSV';
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** True when `bytes` decode as UTF-8 without a single invalid sequence. */
function isUtf8(bytes: Buffer): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * True when the bytes of `stream` decode as UTF-8 without a single invalid sequence (a sequence
 * cut at the end counts as invalid), read chunk by chunk: memory flat in file size. Stops
 * reading (and destroys the stream) at the first invalid byte.
 */
export async function isUtf8Stream(stream: Readable): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of stream) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch (e) {
    if (e instanceof TypeError) return false;
    throw e;
  } finally {
    stream.destroy();
  }
}

/** The encoding a byte-order mark at the start of `bytes` names, or null. */
function byBom(bytes: Buffer): TextEncoding | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'UTF-8';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'UTF-16LE';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE';
  return null;
}

/** Text with NUL bytes in its first SNIFF_BYTES `sample` (and no UTF-16 BOM) is not text. */
function refuseBinary(sample: Buffer): void {
  if (sample.includes(0)) throw new ImportInputError(IMPORT_MSG.notTable, 'file');
}

/** jschardet's best guess for text that is not UTF-8, accepted only when it is Windows-1251. */
function singleByte(sample: Buffer): TextEncoding {
  const guesses = detectAll(sample, { detectEncodings: [...CANDIDATES] });
  const best = guesses[0];
  // On a short text Windows-1251 and MacCyrillic score within a hair of each other (they share
  // the lower-case letters); a Mac Cyrillic CSV is practically unheard of, so a close second
  // Windows-1251 wins.
  const cp1251 = guesses.find((g) => /^windows-1251$/i.test(g.encoding ?? ''));
  if (best && cp1251 && cp1251.confidence >= best.confidence * CLOSE_SECOND) return 'windows-1251';
  throw new ImportInputError(IMPORT_MSG.encoding(best?.encoding ?? 'неизвестная'), 'file');
}

/**
 * The encoding of CSV text. A BOM decides; then valid UTF-8 (pure ASCII included); then
 * jschardet's best guess, accepted only when it is Windows-1251. Text with NUL bytes and no
 * UTF-16 BOM is not text. Throws ImportInputError otherwise.
 */
export function detectEncoding(bytes: Buffer): TextEncoding {
  const bom = byBom(bytes);
  if (bom) return bom;
  const sample = bytes.subarray(0, SNIFF_BYTES);
  refuseBinary(sample);
  if (isUtf8(bytes)) return 'UTF-8';
  return singleByte(sample);
}

/**
 * {@link detectEncoding} for a file read as a stream (issue 9 §4): `head` is its first
 * SNIFF_BYTES bytes (BOM, NUL check, jschardet), `open()` gives its bytes from the start, read
 * once through to check UTF-8 validity over the whole file. Same answers and errors.
 */
export async function detectStreamEncoding(head: Buffer, open: () => Readable): Promise<TextEncoding> {
  const bom = byBom(head);
  if (bom) return bom;
  const sample = head.subarray(0, SNIFF_BYTES);
  refuseBinary(sample);
  if (await isUtf8Stream(open())) return 'UTF-8';
  return singleByte(sample);
}
